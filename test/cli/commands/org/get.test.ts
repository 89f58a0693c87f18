// billing org get: argv -> options (or the exact usage error); options + answers -> output.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildGet, type GetOptions, runGet } from '../../../../src/cli/commands/org/get.js';
import { tempConfigDir } from '../../../helpers/cli.js';
import { twoOrganizations } from '../fixtures.js';
import { execute, ID, json, ORG, parse, type Setup } from '../verb.js';

describe('org get: argv -> options', () => {
  it.each([
    [[], { output: {} }],
    [[ORG.toUpperCase()], { id: ORG, output: {} }],
    [[ORG, '--json'], { id: ORG, output: { json: true } }],
    [
      ['--fields', 'id,name,profile_settings.enabled'],
      { output: { fields: 'id,name,profile_settings.enabled' } },
    ],
    [['-o', 'json'], { output: { output: 'json' } }],
  ])('%j', async (argv, options) => {
    expect(await parse(buildGet, 'get', argv, { noun: 'org' })).toEqual({
      options,
      code: 0,
      stderr: '',
    });
  });

  it.each([
    [['acme'], 'billing: organization id: "acme" is not a UUID\n'],
    [
      [ORG, ID],
      `billing: too many arguments for 'get'. Expected 1 argument but got 2: ${ORG}, ${ID}.\n`,
    ],
    [['--json', '-o', 'table'], 'billing: --json conflicts with --output table\n'],
  ])('%j -> usage error, nothing runs', async (argv, stderr) => {
    expect(await parse(buildGet, 'get', argv, { noun: 'org' })).toEqual({ code: 2, stderr });
  });
});

describe('org get: options + answers -> output', () => {
  const ACME = {
    id: ORG,
    name: 'Acme',
    slug: 'acme',
    email: 'billing@acme.example',
    blog: 'https://acme.example',
    bio: null,
    twitter_username: 'acme',
    created_at: '2026-01-01T00:00:00Z',
    profile_settings: { enabled: true },
    feature_settings: { issue_funding_enabled: false },
  };
  const CARD =
    `id\t${ORG}\n` +
    'name\tAcme\n' +
    'slug\tacme\n' +
    'email\tbilling@acme.example\n' +
    'website\thttps://acme.example\n' +
    'bio\t\n' +
    'social_username\tacme\n' +
    'created_at\t2026-01-01T00:00:00Z\n' +
    'profile_settings.enabled\ttrue\n' +
    'feature_settings.issue_funding_enabled\tfalse\n';

  const get = (opts: GetOptions, status = 200, body: object = ACME, setup: Setup = {}) =>
    execute(runGet, opts, {
      ...setup,
      http: (pool) =>
        pool
          .intercept({ path: `/v1/organizations/${ORG}`, method: 'GET' })
          .reply(status, body, json),
    });

  it('prints a key\\tvalue card (twitter_username as the social name)', async () => {
    expect(await get({ id: ORG, output: {} })).toEqual({ code: 0, stdout: CARD, stderr: '' });
  });

  it('without an id: BILLING_ORG', async () => {
    expect(
      await get({ output: { json: true } }, 200, ACME, { env: { BILLING_ORG: ORG.toUpperCase() } }),
    ).toEqual({ code: 0, stdout: `${JSON.stringify(ACME, null, 2)}\n`, stderr: '' });
  });

  it("without an id: the profile's organization_id", async () => {
    const configDir = tempConfigDir();
    writeFileSync(
      join(configDir, 'config.json'),
      JSON.stringify({ profiles: { local: { organization_id: ORG } } }),
    );
    expect(await get({ output: { fields: 'name,slug' } }, 200, ACME, { configDir })).toEqual({
      code: 0,
      stdout: 'name\tAcme\nslug\tacme\n',
      stderr: '',
    });
  });

  it('without an id or a default: exit 2, nothing sent', async () => {
    expect(await execute(runGet, { output: {} }, { http: twoOrganizations })).toEqual({
      code: 2,
      stdout: '',
      stderr:
        'billing: no organization id: pass one, or set a default with `billing config set organization_id <id>`\n',
    });
  });

  it.each([
    [
      404,
      { error: 'ResourceNotFound', detail: 'Not found' },
      6,
      `billing: organization ${ORG} not found\n`,
    ],
    [
      403,
      { error: 'NotPermitted', detail: 'You are not a member of this organization.' },
      5,
      'billing: You are not a member of this organization.\n',
    ],
    [
      401,
      { error: 'invalid_token' },
      4,
      'billing: the token in BILLING_TOKEN was rejected: it is unknown, expired or revoked\n' +
        'Set BILLING_TOKEN to a valid personal access token, or unset it to use your login.\n',
    ],
  ])('a %i: exit code and message', async (status, body, code, stderr) => {
    expect(await get({ id: ORG, output: {} }, status, body)).toEqual({ code, stdout: '', stderr });
  });
});
