// `billing keys list|update` end to end (activations: cli-keys-activation.test.ts).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoKeyFixture, type Json, ndjson, type Suite, startSuite, tsv } from './cli.js';

const HEADER = ['ID', 'KEY', 'STATUS', 'CUSTOMER', 'LIMIT', 'USAGE', 'VALIDATED', 'EXPIRES'];

let s: Suite;
let keys: Json[];
let demoKey: Json;
let customerToken: string;

beforeAll(async () => {
  s = await startSuite();
  ({ keys, demoKey, customerToken } = await demoKeyFixture(s));
});
afterAll(() => s.svc.stop());

const list = async (...args: string[]) => {
  const r = await s.run(['keys', 'list', '--all', '-o', 'ndjson', ...args]);
  expect(r).toMatchObject({ code: 0, stderr: '' });
  return r.stdout === '' ? [] : ndjson(r.stdout);
};

describe('keys list', () => {
  it("prints the organization's keys as TSV, oldest first", async () => {
    const r = await s.run(['keys', 'list']);
    const { header, rows } = tsv(r.stdout);
    expect(header).toEqual(HEADER);
    expect(rows).toEqual(
      keys.map((k) => [
        k.id,
        k.display_key,
        k.status,
        k.customer.email,
        k.limit_activations === null ? '' : String(k.limit_activations),
        String(k.usage),
        k.last_validated_at ?? '',
        k.expires_at ?? '',
      ]),
    );
  });

  it('--benefit (repeatable, OR) and --org narrow the list', async () => {
    const benefits = [...new Set(keys.map((k) => k.benefit_id))] as string[];
    expect(benefits.length).toBeGreaterThanOrEqual(2);
    const [one, both, own, other] = await Promise.all([
      list('--benefit', benefits[0]!),
      list('--benefit', benefits[0]!, '--benefit', benefits[1]!),
      list('--org', s.demo.organization_id),
      list('--org', s.demo.other.organization_id),
    ]);
    expect(one.map((k) => k.id)).toEqual(
      keys.filter((k) => k.benefit_id === benefits[0]).map((k) => k.id),
    );
    expect(both.map((k) => k.id)).toEqual(
      keys.filter((k) => benefits.slice(0, 2).includes(k.benefit_id)).map((k) => k.id),
    );
    expect(own).toHaveLength(keys.length);
    expect(other).toEqual([]);
  });

  it("--mine lists the customer's own keys; with one --org or --benefit each", async () => {
    const env = { BILLING_CUSTOMER_TOKEN: customerToken };
    const [mine, filtered, twice] = await Promise.all([
      s.run(['keys', 'list', '--mine', '--fields', 'id,customer.email'], { env }),
      s.run(['keys', 'list', '--mine', '--benefit', demoKey.benefit_id, '--fields', 'id'], { env }),
      s.run(
        [
          'keys',
          'list',
          '--mine',
          '--org',
          s.demo.organization_id,
          '--org',
          s.demo.organization_id,
        ],
        { env },
      ),
    ]);
    const own = keys.filter((k) => k.customer_id === demoKey.customer_id);
    expect(mine.stdout).toBe(
      `id\tcustomer.email\n${own.map((k) => `${k.id}\t${k.customer.email}\n`).join('')}`,
    );
    const sameBenefit = own.filter((k) => k.benefit_id === demoKey.benefit_id);
    expect(filtered.stdout).toBe(`id\n${sameBenefit.map((k) => `${k.id}\n`).join('')}`);
    expect(twice).toEqual({
      code: 2,
      stdout: '',
      stderr: 'billing: with --mine, --org and --benefit take one value each\n',
    });
  });
});

describe('keys update', () => {
  it('sets limits, usage and expiry, and "none" clears them', async () => {
    const set = await s.run([
      'keys',
      'update',
      demoKey.id,
      '--limit-activations',
      '5',
      '--limit-usage',
      '100',
      '--usage',
      '7',
      '--expires-at',
      '2030-01-31T00:00:00Z',
      '--fields',
      'limit_activations,limit_usage,usage,expires_at',
    ]);
    expect(set).toEqual({
      code: 0,
      stdout:
        'limit_activations\t5\nlimit_usage\t100\nusage\t7\nexpires_at\t2030-01-31T00:00:00.000Z\n',
      stderr: '',
    });
    const cleared = await s.run([
      'keys',
      'update',
      demoKey.id,
      '--limit-activations',
      'none',
      '--limit-usage',
      'none',
      '--expires-at',
      'none',
      '--json',
    ]);
    expect(JSON.parse(cleared.stdout)).toMatchObject({
      limit_activations: null,
      limit_usage: null,
      expires_at: null,
      usage: 7,
    });
    const stored = (await s.call('GET', '/v1/license-keys?limit=100')).items.find(
      (k: Json) => k.id === demoKey.id,
    );
    expect(stored).toMatchObject({
      limit_activations: null,
      limit_usage: null,
      expires_at: null,
      usage: 7,
    });
  });

  it('a revoked key can no longer be activated (403 about state: exit 7)', async () => {
    const revoke = await s.run([
      'keys',
      'update',
      demoKey.id,
      '--status',
      'revoked',
      '--yes',
      '--fields',
      'status',
    ]);
    expect(revoke.stdout).toBe('status\trevoked\n');
    const r = await s.run([
      'keys',
      'activate',
      s.demo.license_key,
      '--org',
      s.demo.organization_id,
      '--label',
      'x',
    ]);
    expect(r).toEqual({
      code: 7,
      stdout: '',
      stderr:
        'billing: the license key is revoked or disabled\n' +
        'The seller can grant it again: billing keys update <key-id> --status granted\n',
    });
  });
});
