// `billing customers state` and `customers get --external-id` end to end in today's generation
// (BILLING_API_VERSION=2026-10): the built bin against the local service, each answer checked
// against what the service itself answers to the same version. The customer bought a
// subscription with benefits (billing trigger benefit_grant.created), and has the seller's own id.
import { stripVTControlCharacters } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawnTerminal } from '../helpers/pty.js';
import { BIN, closedPort, type Json, ndjson, type Suite, startSuite } from './cli.js';

let s: Suite;
let buyer: Json;
const EXTERNAL = 'crm/4711 ünï';

const run = (args: string[], env: Record<string, string> = {}) => s.run(args, { env });

/** The service's own answer at 2026-10. */
const today = (path: string): Promise<Json> => s.call('GET', path);

beforeAll(async () => {
  s = await startSuite({ apiVersion: '2026-10' });
  const made = await s.run(['trigger', 'benefit_grant.created', '--json']);
  expect(made.code, made.stderr).toBe(0);
  const { customer } = JSON.parse(made.stdout);
  const named = await run(['customers', 'update', customer, '--external-id', EXTERNAL, '--json']);
  expect(named.code, named.stderr).toBe(0);
  buyer = JSON.parse(named.stdout);
  expect(buyer.external_id).toBe(EXTERNAL);
});
afterAll(() => s.svc.stop());

describe('customers state at 2026-10', () => {
  it("by id, by email and by external id: the service's CustomerState, a subscription and benefits", async () => {
    const [byId, byEmail, byExternal, answer] = await Promise.all([
      run(['customers', 'state', buyer.id, '--json']),
      run(['customers', 'state', buyer.email.toUpperCase(), '--json']),
      run(['customers', 'state', '--external-id', EXTERNAL, '-o', 'ndjson']),
      today(`/v1/customers/${buyer.id}/state`),
    ]);
    for (const r of [byId, byEmail, byExternal]) expect(r).toMatchObject({ code: 0, stderr: '' });
    expect(JSON.parse(byId.stdout)).toEqual(answer);
    expect(JSON.parse(byEmail.stdout)).toEqual(answer);
    expect(ndjson(byExternal.stdout)).toEqual([answer]);
    expect(answer).toMatchObject({ id: buyer.id, external_id: EXTERNAL, active_meters: [] });
    expect(answer.active_subscriptions).toHaveLength(1);
    expect(answer.active_subscriptions[0]).toMatchObject({ status: 'active', amount: 1500 });
    expect(answer.granted_benefits.map((g: Json) => g.benefit_type).sort()).toEqual([
      'custom',
      'license_keys',
    ]);
  });

  it('to a pipe: the card with each list as JSON; --fields by index', async () => {
    const [plain, fields, answer] = await Promise.all([
      run(['customers', 'state', buyer.id]),
      run([
        'customers',
        'state',
        buyer.id,
        '--fields',
        'external_id,active_subscriptions.0.product_id,granted_benefits.1.benefit_type',
      ]),
      today(`/v1/customers/${buyer.id}/state`),
    ]);
    expect(plain).toMatchObject({ code: 0, stderr: '' });
    const card = Object.fromEntries(
      plain.stdout
        .trimEnd()
        .split('\n')
        .map((l) => l.split('\t')),
    );
    expect(card).toMatchObject({
      id: buyer.id,
      email: buyer.email,
      external_id: EXTERNAL,
      active_subscriptions: JSON.stringify(answer.active_subscriptions),
      granted_benefits: JSON.stringify(answer.granted_benefits),
      active_meters: '[]',
    });
    expect(fields.stdout).toBe(
      `external_id\t${EXTERNAL}\n` +
        `active_subscriptions.0.product_id\t${answer.active_subscriptions[0].product_id}\n` +
        `granted_benefits.1.benefit_type\t${answer.granted_benefits[1].benefit_type}\n`,
    );
  });

  it('on a terminal: the card, then the subscription by product name and the benefits by description', async () => {
    const t = spawnTerminal(
      [process.execPath, BIN, '--no-pager', 'customers', 'state', buyer.email],
      { env: { ...s.env, PATH: process.env.PATH }, cols: 120 },
    );
    try {
      expect((await t.exited).code).toBe(0);
    } finally {
      t.kill();
    }
    const shown = stripVTControlCharacters(t.output).replaceAll('\r', '');
    expect(shown).toMatch(/^External ID +crm\/4711 ünï$/m);
    expect(shown).toMatch(/^Subscriptions +1 item$/m);
    expect(shown).toMatch(
      /\nActive subscriptions:\nID +STATUS +PRODUCT +AMOUNT +EVERY +RENEWS +CANCELS\n\S+ +active +Trigger with benefits +\$15\.00 USD +month +in \d+ (days|weeks|month) +no\n/,
    );
    expect(shown).toMatch(/\nGranted benefits:\nBENEFIT +TYPE +DESCRIPTION +GRANTED\n/);
    expect(shown).toMatch(/ custom +Trigger benefit +just now\n/);
    expect(shown).toMatch(/ license_keys +Trigger license key +just now\n/);
    expect(shown).not.toContain('Active meters');
  });

  it('an external id nobody has: exit 6 naming it', async () => {
    expect(await run(['customers', 'state', '--external-id', 'nobody_0'])).toEqual({
      code: 6,
      stdout: '',
      stderr: 'billing: customer with external id nobody_0 not found\n',
    });
  });

  it("on the seed's generation: one line with the command to run, nothing sent", async () => {
    // Nothing listens at the address: a request would fail to connect.
    const r = await run(['customers', 'state', buyer.email], {
      BILLING_API_VERSION: 'none',
      BILLING_BASE_URL: `http://127.0.0.1:${await closedPort()}`,
    });
    expect(r).toEqual({
      code: 2,
      stdout: '',
      stderr:
        "billing: customers state needs today's API (2026-04 or later): " +
        `billing customers state ${buyer.email} --api-version 2026-10\n`,
    });
  });
});

describe('customers get --external-id at 2026-10', () => {
  it("the service's customer, the same as by id; the hidden --external too", async () => {
    const [byExternal, old, byId, answer] = await Promise.all([
      run(['customers', 'get', '--external-id', EXTERNAL, '--json']),
      run(['customers', 'get', EXTERNAL, '--external', '--json']),
      run(['customers', 'get', buyer.id, '--json']),
      today(`/v1/customers/external/${encodeURIComponent(EXTERNAL)}`),
    ]);
    for (const r of [byExternal, old, byId]) expect(r).toMatchObject({ code: 0, stderr: '' });
    expect(answer.id).toBe(buyer.id);
    expect(JSON.parse(byExternal.stdout)).toEqual(answer);
    expect(JSON.parse(old.stdout)).toEqual(answer);
    expect(JSON.parse(byId.stdout)).toEqual(answer);
  });

  it('to a pipe: the card with its type and external id', async () => {
    const r = await run([
      'customers',
      'get',
      '--external-id',
      EXTERNAL,
      '--fields',
      'id,type,external_id',
    ]);
    expect(r).toEqual({
      code: 0,
      stdout: `id\t${buyer.id}\ntype\tindividual\nexternal_id\t${EXTERNAL}\n`,
      stderr: '',
    });
  });

  it('delete --external-id --yes: gone, by that id and by its own', async () => {
    const other = await run([
      'customers',
      'create',
      '--email',
      'leaving@example.com',
      '--external-id',
      'crm_leaving',
      '--json',
    ]);
    expect(other.code, other.stderr).toBe(0);
    const { id } = JSON.parse(other.stdout);
    expect(await run(['customers', 'delete', '--external-id', 'crm_leaving', '--yes'])).toEqual({
      code: 0,
      stdout: '',
      stderr: '',
    });
    const [byExternal, byId] = await Promise.all([
      run(['customers', 'get', '--external-id', 'crm_leaving']),
      run(['customers', 'get', id]),
    ]);
    expect(byExternal.code).toBe(6);
    expect(byId.code).toBe(6);
  });

  it('an external id nobody has: exit 6', async () => {
    expect(await run(['customers', 'get', '--external-id', 'nobody_0'])).toEqual({
      code: 6,
      stdout: '',
      stderr: 'billing: customer with external id nobody_0 not found\n',
    });
  });
});
