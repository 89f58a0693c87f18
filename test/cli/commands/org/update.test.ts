// billing org get|update: argv -> usage error or the exact request.
import { describe, expect, it } from 'vitest';
import {
  buildUpdate,
  runUpdate,
  type UpdateOptions,
} from '../../../../src/cli/commands/org/update.js';
import { TWO_ORGS } from '../fixtures.js';
import { ID, useRecorder } from '../harness.js';
import { execute, json, ORG, page, parse, TOKEN } from '../verb.js';

const rec = useRecorder();

describe('org', () => {
  it.each([
    [['get', 'acme'], 'billing: organization id: "acme" is not a UUID\n'],
    [['update', ID], 'billing: nothing to change: give --name or --data\n'],
    [['update', 'acme', '--name', 'x'], 'billing: organization id: "acme" is not a UUID\n'],
    [['update', ID, '--data', '"name"'], 'billing: --data: must be a JSON object\n'],
    [
      ['update', ID, '--name', 'x', '--fields', 'name,'],
      'billing: invalid --fields: (empty)\nUse comma-separated dot paths, e.g. --fields id,status,customer.email\n',
    ],
  ])('%j -> usage error', async (args, stderr) => {
    await rec.usage(['org', ...args], stderr);
  });

  it('get without an id or a default: the token’s organizations are asked, then exit 2', async () => {
    rec.answers['GET /v1/organizations/'] = { body: page(TWO_ORGS) };
    const r = await rec.run(['org', 'get']);
    expect(r).toEqual({
      code: 2,
      stdout: '',
      stderr:
        'billing: no organization id: pass one, or set a default with `billing config set organization_id <id>`\n',
    });
  });

  it('get without an id: the one organization the token acts for', async () => {
    rec.answers['GET /v1/organizations/'] = { body: page(TWO_ORGS.slice(0, 1)) };
    const r = await rec.run(['org', 'get']);
    expect(rec.sent.map((s) => `${s.method} ${s.path}`)).toEqual([
      'GET /v1/organizations/',
      `GET /v1/organizations/${TWO_ORGS[0]!.id}`,
    ]);
    expect(r.code).toBe(2); // the recorder answers the second 400
  });

  it('get without an id uses BILLING_ORG', async () => {
    const sent = await rec.request(['org', 'get'], { BILLING_ORG: ID.toUpperCase() });
    expect(sent).toMatchObject({ method: 'GET', path: `/v1/organizations/${ID}`, query: [] });
  });

  it('update: --name over the name in --data, other --data fields passed through', async () => {
    const sent = await rec.request([
      'org',
      'update',
      ID,
      '--data',
      '{"name": "Data", "profile_settings": {"description": "Tools"}}',
      '--name',
      'Flag',
    ]);
    expect(sent).toMatchObject({ method: 'PATCH', path: `/v1/organizations/${ID}` });
    expect(sent.body).toEqual({ name: 'Flag', profile_settings: { description: 'Tools' } });
  });
});

describe('org update: argv -> options', () => {
  it.each([
    [[ORG.toUpperCase(), '--name', 'Acme'], { id: ORG, body: { name: 'Acme' }, output: {} }],
    [
      [
        ORG,
        '--data',
        '{"name": "Data", "profile_settings": {"description": "Tools"}}',
        '--name',
        'Flag',
        '--json',
      ],
      {
        id: ORG,
        body: { name: 'Flag', profile_settings: { description: 'Tools' } },
        output: { json: true },
      },
    ],
    [
      [ORG, '--data', '{"billing_email": null}', '--fields', 'id,email'],
      { id: ORG, body: { billing_email: null }, output: { fields: 'id,email' } },
    ],
  ])('%j', async (argv, options) => {
    expect(await parse(buildUpdate, 'update', argv, { noun: 'org' })).toEqual({
      options,
      code: 0,
      stderr: '',
    });
  });

  it('--data - reads the body from stdin', async () => {
    expect(
      await parse(buildUpdate, 'update', [ORG, '--data', '-'], {
        noun: 'org',
        stdin: ['{"name": "Acme"}'],
      }),
    ).toEqual({ options: { id: ORG, body: { name: 'Acme' }, output: {} }, code: 0, stderr: '' });
  });

  it.each([
    [[ORG], 'billing: nothing to change: give --name or --data\n'],
    [[ORG, '--data', '{}'], 'billing: nothing to change: give --name or --data\n'],
    [['acme', '--name', 'x'], 'billing: organization id: "acme" is not a UUID\n'],
    [[ORG, '--data', '"name"'], 'billing: --data: must be a JSON object\n'],
    [['--name', 'x'], "billing: missing required argument 'id'\n"],
  ])('%j -> usage error, nothing runs', async (argv, stderr) => {
    expect(await parse(buildUpdate, 'update', argv, { noun: 'org' })).toEqual({ code: 2, stderr });
  });
});

describe('org update: options + answers -> output', () => {
  const ACME = {
    id: ORG,
    name: 'Acme Software GmbH',
    slug: 'acme',
    email: null,
    blog: null,
    bio: null,
    social_username: 'acme',
    created_at: '2026-01-01T00:00:00Z',
    profile_settings: { enabled: true, description: 'Tools' },
    feature_settings: { issue_funding_enabled: false },
  };

  /** Answers the PATCH; returns the result and what the server saw. */
  async function update(opts: UpdateOptions, status: number, body: object) {
    const seen: { authorization?: string; body?: unknown } = {};
    const r = await execute(runUpdate, opts, {
      http: (pool) =>
        pool.intercept({ path: `/v1/organizations/${ORG}`, method: 'PATCH' }).reply((req) => {
          seen.authorization = (req.headers as Record<string, string>).authorization;
          seen.body = JSON.parse(String(req.body));
          return { statusCode: status, data: body, responseOptions: json };
        }),
    });
    return { ...r, seen };
  }

  it('sends the body with the seller token and prints the card', async () => {
    const body = { name: 'Acme Software GmbH', profile_settings: { description: 'Tools' } };
    expect(await update({ id: ORG, body, output: {} }, 200, ACME)).toEqual({
      code: 0,
      stdout:
        `id\t${ORG}\n` +
        'name\tAcme Software GmbH\n' +
        'slug\tacme\n' +
        'email\t\n' +
        'website\t\n' +
        'bio\t\n' +
        'social_username\tacme\n' +
        'created_at\t2026-01-01T00:00:00Z\n' +
        'profile_settings.enabled\ttrue\n' +
        'feature_settings.issue_funding_enabled\tfalse\n',
      stderr: '',
      seen: { authorization: `Bearer ${TOKEN}`, body },
    });
  });

  it('--json: the organization as sent', async () => {
    const r = await update(
      { id: ORG, body: { name: 'Acme Software GmbH' }, output: { json: true } },
      200,
      ACME,
    );
    expect(r).toEqual({
      code: 0,
      stdout: `${JSON.stringify(ACME, null, 2)}\n`,
      stderr: '',
      seen: { authorization: `Bearer ${TOKEN}`, body: { name: 'Acme Software GmbH' } },
    });
  });

  it.each([
    [
      422,
      {
        detail: [
          {
            loc: ['body', 'name'],
            msg: 'String should have at least 3 characters',
            type: 'string_too_short',
          },
        ],
      },
      2,
      'billing: the server rejected the request (422)\n  name: String should have at least 3 characters\n',
    ],
    [
      404,
      { error: 'ResourceNotFound', detail: 'Not found' },
      6,
      `billing: organization ${ORG} not found\n`,
    ],
    [
      403,
      { error: 'NotPermitted', detail: 'Only admins can update the organization.' },
      5,
      'billing: Only admins can update the organization.\n',
    ],
  ])('a %i: exit code and message', async (status, answer, code, stderr) => {
    const r = await update({ id: ORG, body: { name: 'Ac' }, output: {} }, status, answer);
    expect(r).toEqual({
      code,
      stdout: '',
      stderr,
      seen: { authorization: `Bearer ${TOKEN}`, body: { name: 'Ac' } },
    });
  });
});
