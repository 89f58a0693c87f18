// `billing org get|update` and `billing api` end to end, with the scope and ownership errors.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Json, type Suite, startSuite, tempDir } from './cli.js';

let s: Suite;
let org: string;

beforeAll(async () => {
  s = await startSuite();
  org = s.demo.organization_id;
});
afterAll(() => s.svc.stop());

describe('org get', () => {
  it('prints the organization as path/value lines, or the API object with --json', async () => {
    const o = await s.call('GET', `/v1/organizations/${org}`);
    const [card, json] = await Promise.all([
      s.run(['org', 'get', org]),
      s.run(['org', 'get', org, '--json']),
    ]);
    expect(card).toEqual({
      code: 0,
      stderr: '',
      stdout: [
        `id\t${org}`,
        'name\tAcme Software',
        'slug\tacme',
        'email\thello@acme.example',
        'website\thttps://acme.example',
        'bio\tDeveloper tools for small teams.',
        'social_username\tacme',
        `created_at\t${o.created_at}`,
        'profile_settings.enabled\ttrue',
        'feature_settings.issue_funding_enabled\tfalse',
        '',
      ].join('\n'),
    });
    expect(JSON.parse(json.stdout)).toEqual(o);
  });

  it("without an id: the profile default (BILLING_ORG), the local demo, or the token's one organization", async () => {
    const [fromEnv, fromDemo, none] = await Promise.all([
      s.run(['org', 'get', '--fields', 'slug'], {
        env: {
          BILLING_ORG: s.demo.other.organization_id,
          BILLING_TOKEN: s.demo.other.personal_access_token,
        },
      }),
      s.run(['org', 'get', '--fields', 'slug'], { env: { BILLING_TOKEN: undefined } }),
      s.run(['org', 'get']),
    ]);
    expect(fromEnv.stdout).toBe('slug\tglobex\n');
    expect(fromDemo.stdout).toBe('slug\tacme\n');
    // The suite's token sees one organization (issue 24; several: a usage error naming --org,
    // test/cli/commands/org/get.test.ts).
    expect(none).toEqual({ code: 0, stdout: expect.stringContaining('acme'), stderr: '' });
  });

  it("another organization's id is not found (exit 6), never forbidden", async () => {
    const other = s.demo.other.organization_id;
    expect(await s.run(['org', 'get', other])).toEqual({
      code: 6,
      stdout: '',
      stderr: `billing: organization ${other} not found\n`,
    });
  });
});

describe('org update', () => {
  it('--name, --data @file and --data - (stdin) change the organization', async () => {
    const named = await s.run(['org', 'update', org, '--name', 'Acme One', '--fields', 'name']);
    expect(named).toEqual({ code: 0, stdout: 'name\tAcme One\n', stderr: '' });
    const file = join(tempDir(), 'org.json');
    writeFileSync(file, '{"name": "Acme Two", "billing_email": "ar@acme.example"}');
    const fromFile = await s.run(['org', 'update', org, '--data', `@${file}`, '--json']);
    expect(JSON.parse(fromFile.stdout)).toMatchObject({ name: 'Acme Two' });
    const fromStdin = await s.run(['org', 'update', org, '--data', '-', '--fields', 'name,slug'], {
      input: '{"name": "Acme Three"}',
    });
    expect(fromStdin.stdout).toBe('name\tAcme Three\nslug\tacme\n');
    expect((await s.call('GET', `/v1/organizations/${org}`)).name).toBe('Acme Three');
  });

  it('a token without organizations:write gets 403 naming the scope: exit 5', async () => {
    const minted = await s.call(
      'POST',
      '/__local/personal-access-tokens',
      { email: 'alice@acme.test', scopes: ['orders:read'] },
      null,
    );
    const r = await s.run(['org', 'update', org, '--name', 'Nope'], {
      env: { BILLING_TOKEN: minted.token },
    });
    expect(r).toEqual({
      code: 5,
      stdout: '',
      stderr:
        `billing: the token lacks the scope for PATCH /v1/organizations/${org}; it needs one of: organizations:write\n` +
        'Log in again granting that scope, or use a token that has it.\n',
    });
    expect((await s.call('GET', `/v1/organizations/${org}`)).name).toBe('Acme Three');
  });
});

describe('api', () => {
  it('GET with -f query fields prints the raw JSON answer', async () => {
    const r = await s.run(['api', 'GET', '/v1/orders/', '-f', 'limit=2', '-f', 'sorting=-amount']);
    expect(r.code).toBe(0);
    const body = JSON.parse(r.stdout);
    expect(body.items).toHaveLength(2);
    expect(body.items[0].amount).toBeGreaterThanOrEqual(body.items[1].amount);
    expect(body.pagination).toEqual({ total_count: 32, max_page: 16 });
    expect(r.stdout).toBe(`${JSON.stringify(body, null, 2)}\n`);
  });

  it('--paginate prints one JSON array of every item (total_count of them)', async () => {
    const { pagination } = await s.call('GET', '/v1/license-keys?limit=1');
    const r = await s.run(['api', 'GET', '/v1/license-keys', '--paginate', '-f', 'limit=5']);
    const items: Json[] = JSON.parse(r.stdout);
    expect(items).toHaveLength(pagination.total_count);
    expect(new Set(items.map((k) => k.id)).size).toBe(pagination.total_count);
  });

  it('PATCH with -f body fields (typed with :=) and a route that does not exist', async () => {
    const [patched, noRoute] = await Promise.all([
      s.run([
        'api',
        'PATCH',
        `/v1/organizations/${org}`,
        '-f',
        'name=Acme API',
        '-f',
        'pledge_minimum_amount:=3000',
      ]),
      s.run(['api', 'GET', '/v1/nope']),
    ]);
    expect(JSON.parse(patched.stdout)).toMatchObject({
      name: 'Acme API',
      pledge_minimum_amount: 3000,
    });
    expect(noRoute).toEqual({
      code: 6,
      stdout: '',
      stderr:
        'billing: the server has no route GET /v1/nope (404)\n' +
        'Check the API base URL: it must point at the Billing Service API.\n',
    });
  });
});
