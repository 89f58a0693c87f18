// `billing customers …` end to end against the local service: list, get by id and by email,
// create, update, delete (asked first), and --customer <email> on the other lists.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Json, ndjson, type Suite, startSuite, tsv } from './cli.js';

let s: Suite;
let all: Json[];

beforeAll(async () => {
  s = await startSuite();
  all = (await s.call('GET', '/v1/customers/?limit=100')).items;
  expect(all.length).toBeGreaterThan(3);
});
afterAll(() => s.svc.stop());

/** A customer of the demo with orders and subscriptions (one order is a subscription's). */
async function buyer(): Promise<Json> {
  const orders: Json[] = (await s.call('GET', '/v1/orders/?limit=100')).items;
  const subscribed = orders.find((o) => o.subscription_id);
  return (await s.call('GET', `/v1/customers/${subscribed.customer_id}`)) as Json;
}

describe('customers list', () => {
  it('TSV to a pipe, newest first as the service orders them', async () => {
    const r = await s.run(['customers', 'list', '--all']);
    expect(r).toMatchObject({ code: 0, stderr: '' });
    const { header, rows } = tsv(r.stdout);
    expect(header[0]).toBe('ID');
    expect(header).toContain('EMAIL');
    expect(rows.map((x) => x[0])).toEqual(all.map((c) => c.id));
  });

  it("--query and --sort are the service's; --email finds exactly one", async () => {
    const jane = all[0];
    const [q, sorted, byEmail] = await Promise.all([
      s.run(['customers', 'list', '--query', jane.email.split('@')[0], '-o', 'ndjson']),
      s.run(['customers', 'list', '--sort', 'email', '--all', '--fields', 'email', '-o', 'ndjson']),
      s.run(['customers', 'list', '--email', jane.email.toUpperCase(), '-o', 'ndjson']),
    ]);
    expect(ndjson(q.stdout).map((c) => c.id)).toContain(jane.id);
    const emails = ndjson(sorted.stdout).map((c) => c.email);
    expect(emails).toEqual([...emails].sort());
    expect(ndjson(byEmail.stdout)).toEqual([jane]);
  });
});

describe('customers get, create, update, delete', () => {
  it('get by id and by email print the same customer', async () => {
    const c = all[1];
    const [byId, byEmail] = await Promise.all([
      s.run(['customers', 'get', c.id, '--json']),
      s.run(['customers', 'get', c.email, '--json']),
    ]);
    expect(JSON.parse(byId.stdout)).toEqual(c);
    expect(JSON.parse(byEmail.stdout)).toEqual(c);
  });

  it('an email nobody has: exit 6 with how to search', async () => {
    const r = await s.run(['customers', 'get', 'nobody-at-all@example.com']);
    expect(r).toEqual({
      code: 6,
      stdout: '',
      stderr:
        'billing: customer: no customer has the email nobody-at-all@example.com\n' +
        'Find them with: billing customers list --query <part of the email or name>\n',
    });
  });

  it('create, then a second create with the same email is refused naming the field', async () => {
    const org = s.demo.organization_id;
    const created = await s.run([
      'customers',
      'create',
      '--email',
      'e2e.new@example.com',
      '--name',
      'E2E New',
      '--org',
      org,
      '--json',
    ]);
    expect(created.code, created.stderr).toBe(0);
    const c = JSON.parse(created.stdout);
    expect(c).toMatchObject({
      email: 'e2e.new@example.com',
      name: 'E2E New',
      organization_id: org,
    });
    expect(await s.call('GET', `/v1/customers/${c.id}`)).toEqual(c);
    const again = await s.run([
      'customers',
      'create',
      '--email',
      'e2e.new@example.com',
      '--org',
      org,
    ]);
    expect(again.code).toBe(2);
    expect(again.stderr).toMatch(/^billing: the server rejected the request \(422\)\n {2}email: /);
  });

  it('update by email changes only what was given', async () => {
    const org = s.demo.organization_id;
    const made = JSON.parse(
      (
        await s.run([
          'customers',
          'create',
          '--email',
          'e2e.upd@example.com',
          '--org',
          org,
          '--json',
        ])
      ).stdout,
    );
    const r = await s.run([
      'customers',
      'update',
      'e2e.upd@example.com',
      '--name',
      'Renamed',
      '--json',
    ]);
    expect(r.code, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout)).toMatchObject({ id: made.id, email: made.email, name: 'Renamed' });
  });

  it('delete needs --yes without a terminal; with it the customer is gone (exit 6 after)', async () => {
    const org = s.demo.organization_id;
    const made = JSON.parse(
      (
        await s.run([
          'customers',
          'create',
          '--email',
          'e2e.del@example.com',
          '--org',
          org,
          '--json',
        ])
      ).stdout,
    );
    const refused = await s.run(['customers', 'delete', made.id]);
    expect(refused).toEqual({
      code: 2,
      stdout: '',
      stderr:
        'billing: customers delete removes the customer: add --yes to confirm (there is no terminal to ask on)\n',
    });
    expect(await s.call('GET', `/v1/customers/${made.id}`)).toMatchObject({ id: made.id });
    const deleted = await s.run(['customers', 'delete', 'e2e.del@example.com', '--yes']);
    expect(deleted).toEqual({ code: 0, stdout: '', stderr: '' });
    const after = await s.run(['customers', 'get', made.id]);
    expect(after).toMatchObject({ code: 6, stderr: `billing: customer ${made.id} not found\n` });
  });
});

describe('--customer <email> on the other lists', () => {
  it('orders list and subs list resolve the email to the same filter as the id', async () => {
    const c = await buyer();
    const [ordersById, ordersByEmail, subsById, subsByEmail] = await Promise.all([
      s.run(['orders', 'list', '--customer', c.id, '--all', '-o', 'ndjson']),
      s.run(['orders', 'list', '--customer', c.email, '--all', '-o', 'ndjson']),
      s.run(['subs', 'list', '--customer', c.id, '--all', '-o', 'ndjson']),
      s.run(['subs', 'list', '--customer', c.email, '--all', '-o', 'ndjson']),
    ]);
    for (const r of [ordersById, ordersByEmail, subsById, subsByEmail]) {
      expect(r, r.stderr).toMatchObject({ code: 0, stderr: '' });
    }
    const lines = (stdout: string) => (stdout === '' ? [] : ndjson(stdout));
    expect(lines(ordersByEmail.stdout)).toEqual(lines(ordersById.stdout));
    expect(lines(subsByEmail.stdout)).toEqual(lines(subsById.stdout));
    // Neither comparison is of two empty lists: the buyer has subscriptions, each with its order.
    const subs = lines(subsById.stdout);
    expect(subs.length).toBeGreaterThan(0);
    expect(subs.every((x) => x.customer_id === c.id)).toBe(true);
    const orders = lines(ordersById.stdout);
    expect(orders.length).toBeGreaterThan(0);
    expect(orders.every((o) => o.customer_id === c.id)).toBe(true);
  });
});
