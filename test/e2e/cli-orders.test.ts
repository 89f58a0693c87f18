// `billing orders list|get` end to end: every output format, filters, sorting, pagination.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Json, ndjson, requestedQueries, type Suite, startSuite, tsv } from './cli.js';

const HEADER = ['ID', 'CREATED', 'CUSTOMER', 'PRODUCT', 'AMOUNT', 'REASON'];

let s: Suite;
let all: Json[];

beforeAll(async () => {
  s = await startSuite();
  all = (await s.call('GET', '/v1/orders/?limit=100')).items;
  expect(all).toHaveLength(32);
});
afterAll(() => s.svc.stop());

const row = (o: Json) => [
  o.id,
  o.created_at,
  o.customer.email,
  o.product.name,
  String(o.amount),
  o.billing_reason,
];

describe('orders list: output formats', () => {
  it('prints TSV in a pipe: the header, then the newest 30 orders', async () => {
    const r = await s.run(['orders', 'list']);
    expect(r).toMatchObject({ code: 0, stderr: '' });
    const { header, rows } = tsv(r.stdout);
    expect(header).toEqual(HEADER);
    expect(rows).toEqual(all.slice(0, 30).map(row));
  });

  it('--json prints one array of full API objects; -o ndjson one object per line', async () => {
    const [json, nd] = await Promise.all([
      s.run(['orders', 'list', '--limit', '3', '--json']),
      s.run(['orders', 'list', '--limit', '3', '-o', 'ndjson']),
    ]);
    expect(json.code).toBe(0);
    expect(JSON.parse(json.stdout)).toEqual(all.slice(0, 3));
    expect(json.stdout).toBe(`${JSON.stringify(all.slice(0, 3), null, 2)}\n`);
    expect(nd.code).toBe(0);
    expect(nd.stdout).toBe(
      all
        .slice(0, 3)
        .map((o) => `${JSON.stringify(o)}\n`)
        .join(''),
    );
  });

  it('--fields picks TSV columns and JSON keys by dot path', async () => {
    const fields = ['--fields', 'id,amount,customer.email'];
    const [t, j] = await Promise.all([
      s.run(['orders', 'list', '--limit', '2', ...fields]),
      s.run(['orders', 'list', '--limit', '2', ...fields, '--json']),
    ]);
    expect(t.stdout).toBe(
      `id\tamount\tcustomer.email\n${all
        .slice(0, 2)
        .map((o) => `${o.id}\t${o.amount}\t${o.customer.email}\n`)
        .join('')}`,
    );
    expect(JSON.parse(j.stdout)).toEqual(
      all
        .slice(0, 2)
        .map((o) => ({ id: o.id, amount: o.amount, customer: { email: o.customer.email } })),
    );
  });
});

describe('orders list: filters', () => {
  const items = async (...args: string[]) => {
    const r = await s.run(['orders', 'list', '--all', '-o', 'ndjson', ...args]);
    expect(r).toMatchObject({ code: 0, stderr: '' });
    return r.stdout === '' ? [] : ndjson(r.stdout);
  };

  it('--type recurring / one_time: every item has that price type, together all of them', async () => {
    const [recurring, oneTime] = await Promise.all([
      items('--type', 'recurring'),
      items('--type', 'one_time'),
    ]);
    expect(recurring.every((o) => o.product_price.type === 'recurring')).toBe(true);
    expect(oneTime.every((o) => o.product_price.type === 'one_time')).toBe(true);
    expect(recurring.length).toBe(all.filter((o) => o.product_price.type === 'recurring').length);
    expect(oneTime.length).toBeGreaterThan(0);
    expect(recurring.length + oneTime.length).toBe(32);
  });

  it('--product repeated is OR; --customer, --discount and --org narrow to their value', async () => {
    const [p1, p2] = [...new Set(all.map((o) => o.product_id))] as string[];
    const customer = all[0].customer_id;
    const discount = all.find((o) => o.discount_id)?.discount_id;
    expect(discount).toBeTruthy();
    const [both, one, byCustomer, byDiscount, own, other] = await Promise.all([
      items('--product', p1!, '--product', p2!),
      items('--product', p1!),
      items('--customer', customer),
      items('--discount', discount),
      items('--org', s.demo.organization_id),
      items('--org', s.demo.other.organization_id),
    ]);
    const expected = all.filter((o) => o.product_id === p1 || o.product_id === p2);
    expect(both.map((o) => o.id)).toEqual(expected.map((o) => o.id));
    expect(one.length).toBeLessThan(both.length);
    expect(byCustomer.map((o) => o.id)).toEqual(
      all.filter((o) => o.customer_id === customer).map((o) => o.id),
    );
    expect(byDiscount.map((o) => o.id)).toEqual(
      all.filter((o) => o.discount_id === discount).map((o) => o.id),
    );
    expect(own).toHaveLength(32);
    expect(other).toEqual([]);
  });

  it('an empty result still prints the TSV header (and [] for --json)', async () => {
    const org = ['--org', s.demo.other.organization_id];
    const [t, j] = await Promise.all([
      s.run(['orders', 'list', ...org]),
      s.run(['orders', 'list', ...org, '--json']),
    ]);
    expect(t.stdout).toBe(`${HEADER.join('\t')}\n`);
    expect(j.stdout).toBe('[]\n');
  });
});

describe('orders list: sorting', () => {
  it('--sort -amount returns non-increasing amounts, --sort amount non-decreasing', async () => {
    const [down, up] = await Promise.all([
      s.run(['orders', 'list', '--all', '--sort', '-amount', '--fields', 'amount']),
      s.run(['orders', 'list', '--all', '--sort', 'amount', '--fields', 'amount']),
    ]);
    const amounts = (out: string) => tsv(out).rows.map((r) => Number(r[0]));
    const sorted = all.map((o) => o.amount).sort((a, b) => b - a);
    expect(amounts(down.stdout)).toEqual(sorted);
    expect(amounts(up.stdout)).toEqual([...sorted].reverse());
  });

  it('the comma form becomes repeated sorting keys', async () => {
    const r = await s.run([
      '--debug',
      'orders',
      'list',
      '--sort',
      '-amount,customer',
      '--limit',
      '2',
    ]);
    expect(r.code).toBe(0);
    expect(requestedQueries(r.stderr)).toEqual(['sorting=-amount&sorting=customer&page=1&limit=2']);
  });

  it('an unknown criterion is a usage error that lists the valid ones; nothing is printed', async () => {
    const r = await s.run(['orders', 'list', '--sort', '-amount,bogus']);
    expect(r).toEqual({
      code: 2,
      stdout: '',
      stderr:
        'billing: --sort: "bogus" is not a sort criterion here; valid: created_at, amount, ' +
        'customer, product, discount, subscription, status, invoice_number, net_amount ' +
        '(prefix - for descending)\n',
    });
  });
});

describe('orders list: pagination', () => {
  it('--limit 25 --page-size 10 fetches three pages and prints exactly 25 distinct orders', async () => {
    const r = await s.run(['--debug', 'orders', 'list', '--limit', '25', '--page-size', '10']);
    const ids = tsv(r.stdout).rows.map((c) => c[0]);
    expect(ids).toEqual(all.slice(0, 25).map((o) => o.id));
    expect(new Set(ids).size).toBe(25);
    expect(requestedQueries(r.stderr)).toEqual([
      'page=1&limit=10',
      'page=2&limit=10',
      'page=3&limit=10',
    ]);
  });

  it('--page 3 --page-size 10 prints that one page: one request, ten orders', async () => {
    const r = await s.run(['--debug', 'orders', 'list', '--page', '3', '--page-size', '10']);
    expect(tsv(r.stdout).rows.map((c) => c[0])).toEqual(all.slice(20, 30).map((o) => o.id));
    expect(requestedQueries(r.stderr)).toEqual(['page=3&limit=10']);
  });

  it('--all returns total_count orders; --page 2 starts at the second page', async () => {
    const [everything, second] = await Promise.all([
      s.run(['orders', 'list', '--all', '--page-size', '7', '--json']),
      s.run(['orders', 'list', '--page', '2', '--limit', '10', '--fields', 'id']),
    ]);
    const ids = JSON.parse(everything.stdout).map((o: Json) => o.id);
    expect(ids).toEqual(all.map((o) => o.id));
    expect(second.stdout).toBe(
      `id\n${all
        .slice(10, 20)
        .map((o) => `${o.id}\n`)
        .join('')}`,
    );
  });
});

describe('orders get', () => {
  it('prints the order as path/value lines, or the full object with --json', async () => {
    const o = all[0];
    const [card, json] = await Promise.all([
      s.run(['orders', 'get', o.id]),
      s.run(['orders', 'get', o.id.toUpperCase(), '--json']),
    ]);
    expect(card.code).toBe(0);
    expect(card.stdout.split('\n').slice(0, 6)).toEqual([
      `id\t${o.id}`,
      `created_at\t${o.created_at}`,
      `billing_reason\t${o.billing_reason}`,
      `net_amount\t${o.amount}`,
      `tax_amount\t${o.tax_amount}`,
      `customer.email\t${o.customer.email}`,
    ]);
    expect(JSON.parse(json.stdout)).toEqual(o);
  });

  it('an unknown id exits 6 and a malformed one exits 2, with nothing on stdout', async () => {
    const missing = '00000000-0000-4000-8000-000000000000';
    const [notFound, bad] = await Promise.all([
      s.run(['orders', 'get', missing]),
      s.run(['orders', 'get', 'nope']),
    ]);
    expect(notFound).toEqual({
      code: 6,
      stdout: '',
      stderr: `billing: order ${missing} not found\n`,
    });
    expect(bad).toEqual({
      code: 2,
      stdout: '',
      stderr: 'billing: order id: "nope" is not a UUID\n',
    });
  });
});
