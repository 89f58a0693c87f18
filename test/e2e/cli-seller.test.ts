// The seller's side end to end against the local service: `subs list|get|export|revoke`,
// `keys get` (seller) and the customer's `orders list|get --mine`.
import { stripVTControlCharacters } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawnTerminal } from '../helpers/pty.js';
import {
  BIN,
  demoKeyFixture,
  type Json,
  ndjson,
  requestedQueries,
  type Suite,
  startSuite,
  tsv,
} from './cli.js';

let s: Suite;
let subs: Json[];

beforeAll(async () => {
  s = await startSuite();
  subs = (await s.call('GET', '/v1/subscriptions/?limit=100')).items;
  expect(subs.length).toBeGreaterThan(3);
});
afterAll(() => s.svc.stop());

const items = async (...args: string[]) => {
  const r = await s.run([...args, '-o', 'ndjson']);
  expect(r, r.stderr).toMatchObject({ code: 0, stderr: '' });
  return r.stdout === '' ? [] : ndjson(r.stdout);
};

describe("subs list (the seller's)", () => {
  it("TSV with the customer second, in the service's default order", async () => {
    const r = await s.run(['subs', 'list', '--all']);
    expect(r).toMatchObject({ code: 0, stderr: '' });
    const { header, rows } = tsv(r.stdout);
    expect(header).toEqual([
      'ID',
      'STATUS',
      'CUSTOMER',
      'PRODUCT',
      'AMOUNT',
      'EVERY',
      'STARTED',
      'RENEWS',
      'CANCELS',
    ]);
    expect(rows.map((x) => [x[0], x[2]])).toEqual(subs.map((x) => [x.id, x.customer.email]));
  });

  it("--active / --inactive / --product / --sort are the service's filters", async () => {
    const product = subs[0].product_id;
    const [active, inactive, ofProduct, byAmount] = await Promise.all([
      items('subs', 'list', '--active', '--all'),
      items('subs', 'list', '--inactive', '--all'),
      items('subs', 'list', '--product', product, '--all'),
      items('subs', 'list', '--sort', '-amount', '--all'),
    ]);
    expect(active.every((x) => ['trialing', 'active'].includes(x.status))).toBe(true);
    expect(inactive.every((x) => ['past_due', 'canceled', 'unpaid'].includes(x.status))).toBe(true);
    expect(active.length + inactive.length).toBeGreaterThan(0);
    expect(ofProduct.map((x) => x.id).sort()).toEqual(
      subs
        .filter((x) => x.product_id === product)
        .map((x) => x.id)
        .sort(),
    );
    // The real service sorts by the monthly amount (a yearly price counts a twelfth).
    const monthly = byAmount.map((x) => x.amount / (x.recurring_interval === 'year' ? 12 : 1));
    expect(monthly).toEqual([...monthly].sort((a, b) => b - a));
  });

  it('--status is filtered by billing over every page; --limit counts the matches', async () => {
    const status = subs[0].status;
    const expected = subs.filter((x) => x.status === status).map((x) => x.id);
    const r = await s.run([
      '--debug',
      'subs',
      'list',
      '--status',
      status,
      '--limit',
      '1',
      '-o',
      'ndjson',
    ]);
    expect(r.code).toBe(0);
    expect(ndjson(r.stdout).map((x) => x.id)).toEqual(expected.slice(0, 1));
    expect(requestedQueries(r.stderr)[0]).toMatch(/(^|&)limit=100$/);
    const every = await items('subs', 'list', '--status', status, '--all');
    expect(every.map((x) => x.id)).toEqual(expected);
  });
});

describe('subs get', () => {
  it("finds the seller's subscription in the list; the same object as the list's", async () => {
    const last = subs.at(-1);
    const r = await s.run(['subs', 'get', last.id, '--json']);
    expect(r.code, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout)).toEqual(last);
  });

  it('the card shows the discount it carries, and its rate (issue 24)', async () => {
    const discounted = subs.find((x) => x.discount?.type === 'percentage');
    expect(discounted, 'a demo subscription with a percentage discount').toBeDefined();
    const r = await s.run(['subs', 'get', discounted.id]);
    expect(r.code, r.stderr).toBe(0);
    const off = `${discounted.discount.basis_points / 100}% off`;
    expect(r.stdout).toContain(`discount.name\t${discounted.discount.name}\n`);
    const term = spawnTerminal(
      [process.execPath, BIN, 'subs', 'get', discounted.id, '--no-pager'],
      { env: { ...s.env, PATH: process.env.PATH }, cols: 100 },
    );
    expect((await term.exited).code).toBe(0);
    const shown = stripVTControlCharacters(term.output).replace(/\r/g, '');
    expect(shown).toMatch(new RegExp(`^Discount +${discounted.discount.name} \\(${off}\\)$`, 'm'));
  });

  it('one that is not there: exit 6, pointing to --mine', async () => {
    const id = '00000000-0000-4000-8000-000000000000';
    expect(await s.run(['subs', 'get', id])).toEqual({
      code: 6,
      stdout: '',
      stderr: `billing: subscription ${id} not found\nA customer's own? billing subs get ${id} --mine\n`,
    });
  });

  it('--mine reads it through the customer portal with the customer session', async () => {
    const sub = subs[0];
    const session = await s.call(
      'POST',
      '/__local/customer-sessions',
      { customer_id: sub.customer_id },
      null,
    );
    const r = await s.run(['subs', 'get', sub.id, '--mine', '--json'], {
      env: { BILLING_CUSTOMER_TOKEN: session.token },
    });
    expect(r.code, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout)).toMatchObject({
      id: sub.id,
      status: sub.status,
      product_id: sub.product_id,
    });
  });
});

describe('subs export', () => {
  it("writes the service's CSV byte for byte to a pipe", async () => {
    const res = await fetch(`${s.url}/v1/subscriptions/export`, {
      headers: { authorization: `Bearer ${s.demo.personal_access_token}` },
    });
    const csv = await res.text();
    expect(res.headers.get('content-type')).toMatch(/^text\/csv/);
    const r = await s.run(['subs', 'export']);
    expect(r).toEqual({ code: 0, stdout: csv, stderr: '' });
    expect(csv.split(/\r?\n/).filter(Boolean).length).toBeGreaterThan(1);
  });
});

describe('subs revoke', () => {
  it('needs --yes without a terminal; with it the subscription ends now; again: exit 7', async () => {
    const live = subs.find((x) => x.status === 'active' && !x.cancel_at_period_end);
    const refused = await s.run(['subs', 'revoke', live.id]);
    expect(refused).toMatchObject({ code: 2, stdout: '' });
    const r = await s.run(['subs', 'revoke', live.id, '--yes', '--json']);
    expect(r.code, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout)).toMatchObject({ id: live.id, status: 'canceled' });
    expect(JSON.parse(r.stdout).ended_at).toEqual(expect.any(String));
    const again = await s.run(['subs', 'revoke', live.id, '--yes']);
    expect(again).toMatchObject({ code: 7, stdout: '' });
    expect(again.stderr).toBe(
      `billing: subscription ${live.id} has already ended\nSee it with: billing subs get ${live.id}\n`,
    );
  });
});

describe('keys get (seller) and orders --mine (customer)', () => {
  it("keys get reads the seller's key with its activations", async () => {
    const { demoKey } = await demoKeyFixture(s);
    const r = await s.run(['keys', 'get', demoKey.id, '--json']);
    expect(r.code, r.stderr).toBe(0);
    const key = JSON.parse(r.stdout);
    expect(key).toMatchObject({
      id: demoKey.id,
      key: demoKey.key,
      customer_id: demoKey.customer_id,
    });
    expect(Array.isArray(key.activations)).toBe(true);
  });

  it("orders list --mine and orders get --mine: the customer's own orders only", async () => {
    const orders: Json[] = (await s.call('GET', '/v1/orders/?limit=100')).items;
    const customer = orders[0].customer_id;
    const theirs = orders.filter((o) => o.customer_id === customer).map((o) => o.id);
    const session = await s.call(
      'POST',
      '/__local/customer-sessions',
      { customer_id: customer },
      null,
    );
    const env = { BILLING_CUSTOMER_TOKEN: session.token };
    const r = await s.run(['orders', 'list', '--mine', '--all', '-o', 'ndjson'], { env });
    expect(r.code, r.stderr).toBe(0);
    expect(
      ndjson(r.stdout)
        .map((o) => o.id)
        .sort(),
    ).toEqual([...theirs].sort());
    const one = await s.run(['orders', 'get', theirs[0], '--mine', '--json'], { env });
    expect(one.code, one.stderr).toBe(0);
    expect(JSON.parse(one.stdout)).toMatchObject({ id: theirs[0], customer_id: customer });
    const other = orders.find((o) => o.customer_id !== customer);
    const notTheirs = await s.run(['orders', 'get', other.id, '--mine'], { env });
    expect(notTheirs).toMatchObject({ code: 6, stderr: `billing: order ${other.id} not found\n` });
  });
});
