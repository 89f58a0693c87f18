// `billing orders list|get|refund` and `billing refunds list` end to end in today's generation
// (BILLING_API_VERSION=2026-10): the built bin against the local service, each run checked
// against what the service itself answers to the same version. Refunds follow the real rules
// (refund/service.py at c6c3645e): what is left by default, nothing once all is refunded.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Json, ndjson, type Suite, startSuite, tsv } from './cli.js';

let s: Suite;
let order: Json;
beforeAll(async () => {
  s = await startSuite({ apiVersion: '2026-10' });
  // A paid one-time order of the demo (no subscription, something to refund).
  const all = (await today('/v1/orders/?product_billing_type=one_time&limit=100')).items;
  order = all.find((o: Json) => o.net_amount > 0 && o.status === 'paid');
  expect(order).toBeDefined();
});
afterAll(() => s.svc.stop());

const run = (args: string[], env: Record<string, string> = {}) => s.run(args, { env });

/** The service's own answer at 2026-10. */
const today = (path: string): Promise<Json> => s.call('GET', path);

describe('orders at 2026-10', () => {
  it("list: TSV of today's answer, AMOUNT the net amount", async () => {
    const [r, answer] = await Promise.all([
      run(['orders', 'list', '--limit', '5']),
      today('/v1/orders/?limit=5'),
    ]);
    expect(r).toMatchObject({ code: 0, stderr: '' });
    const { header, rows } = tsv(r.stdout);
    expect(header).toEqual(['ID', 'CREATED', 'CUSTOMER', 'PRODUCT', 'AMOUNT', 'REASON']);
    expect(rows).toEqual(
      answer.items.map((o: Json) => [
        o.id,
        o.created_at,
        o.customer.email,
        o.product.name,
        String(o.net_amount),
        o.billing_reason,
      ]),
    );
  });

  it("list --type one_time --sort -amount: today's filter and criterion", async () => {
    const r = await run([
      'orders',
      'list',
      '--all',
      '--type',
      'one_time',
      '--sort',
      '-amount',
      '-o',
      'ndjson',
    ]);
    expect(r.code).toBe(0);
    const items = ndjson(r.stdout);
    expect(items.length).toBeGreaterThan(0);
    expect(items.every((o) => o.product.is_recurring === false)).toBe(true);
    const nets = items.map((o) => o.net_amount);
    expect(nets).toEqual([...nets].sort((a, b) => b - a));
  });

  it("get: today's card, with the status, the amounts split and the invoice number", async () => {
    const r = await run(['orders', 'get', order.id]);
    expect(r).toMatchObject({ code: 0, stderr: '' });
    const card = Object.fromEntries(
      r.stdout
        .trimEnd()
        .split('\n')
        .map((l) => l.split('\t')),
    );
    expect(card).toMatchObject({
      id: order.id,
      status: 'paid',
      subtotal_amount: String(order.subtotal_amount),
      net_amount: String(order.net_amount),
      total_amount: String(order.total_amount),
      refunded_amount: '0',
      invoice_number: order.invoice_number,
      'customer.email': order.customer.email,
    });
  });
});

describe('refunds at 2026-10', () => {
  it('orders refund --amount --yes: a part, the order partially refunded', async () => {
    const r = await run(['orders', 'refund', order.id, '--amount', '1', '--yes', '--json']);
    expect(r).toMatchObject({ code: 0, stderr: '' });
    const refund = JSON.parse(r.stdout);
    expect(refund).toMatchObject({ order_id: order.id, amount: 100, status: 'succeeded' });
    expect((await today(`/v1/orders/${order.id}`)).status).toBe('partially_refunded');
  });

  it('orders refund without --amount: what is left, said on stderr; then nothing is left', async () => {
    const left = order.net_amount - 100;
    const r = await run([
      'orders',
      'refund',
      order.id,
      '--reason',
      'duplicate',
      '--comment',
      'charged twice',
      '--yes',
      '--fields',
      'amount,reason',
    ]);
    expect(r.code).toBe(0);
    expect(r.stdout).toBe(`amount\t${left}\nreason\tduplicate\n`);
    expect(r.stderr).toMatch(
      /^No --amount: refunding \$[\d,.]+ USD, what is left of \$[\d,.]+ USD\.\n$/,
    );
    expect(await today(`/v1/orders/${order.id}`)).toMatchObject({
      status: 'refunded',
      refundable_amount: 0,
    });
    const again = await run(['orders', 'refund', order.id, '--yes']);
    expect(again).toEqual({
      code: 7,
      stdout: '',
      stderr:
        `billing: order ${order.id} is already fully refunded\n` +
        `See its refunds with: billing refunds list --order ${order.id}\n`,
    });
  });

  it('refunds list --order: both, newest first; --sort amount; --succeeded', async () => {
    const [plain, sorted, failed] = await Promise.all([
      run(['refunds', 'list', '--order', order.id]),
      run(['refunds', 'list', '--order', order.id, '--sort', 'amount', '--fields', 'amount']),
      run(['refunds', 'list', '--no-succeeded']),
    ]);
    expect(plain).toMatchObject({ code: 0, stderr: '' });
    const { header, rows } = tsv(plain.stdout);
    expect(header).toEqual(['ID', 'CREATED', 'ORDER', 'AMOUNT', 'TAX', 'REASON', 'STATUS']);
    expect(rows.map((r) => [r[2], r[4], r[5], r[6]])).toEqual([
      [order.id, '0', 'duplicate', 'succeeded'],
      [order.id, '0', 'customer_request', 'succeeded'],
    ]);
    expect(sorted.stdout).toBe(`amount\n100\n${order.net_amount - 100}\n`);
    expect(failed.stdout).toBe('ID\tCREATED\tORDER\tAMOUNT\tTAX\tREASON\tSTATUS\n');
  });

  it("on the seed's generation: one line, nothing sent", async () => {
    for (const args of [
      ['orders', 'refund', order.id, '--yes'],
      ['refunds', 'list'],
    ]) {
      const r = await run(args, { BILLING_API_VERSION: 'none' });
      expect(r).toEqual({
        code: 2,
        stdout: '',
        stderr:
          "billing: refunds need today's API (2026-04 or later): set api_version, or pass " +
          '--api-version 2026-10\n',
      });
    }
  });
});
