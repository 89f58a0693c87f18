// `billing subs …` end to end in today's generation (BILLING_API_VERSION=2026-10): list, get,
// export, cancel, resume, revoke and change-price, each checked against what the service itself
// answers to the same version, and list and get against the seed's generation (the same columns
// and rows). `change-price --preview`, as the seller and as the customer (--mine), prints the
// service's change-preview (subscription/service.py at c6c3645e: the unused time's proration, the
// new product's, the totals) and changes nothing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Json, type Suite, startSuite, tsv } from './cli.js';

let s: Suite;
/** An active subscription of the demo without a discount, and a yearly product to move it to. */
let sub: Json;
let plus: Json;
let customerToken: string;

const run = (args: string[], env: Record<string, string> = {}) => s.run(args, { env });

/** The service's own answer at 2026-10 (alice's token unless `token` says otherwise). */
const today = (method: string, path: string, body?: unknown, token?: string): Promise<Json> =>
  s.call(method, path, body, token);

/** A key\tvalue card as an object. */
const card = (stdout: string): Record<string, string> =>
  Object.fromEntries(
    stdout
      .trimEnd()
      .split('\n')
      .map((l) => l.split('\t')),
  );

beforeAll(async () => {
  s = await startSuite({ apiVersion: '2026-10' });
  const active: Json[] = (await today('GET', '/v1/subscriptions/?status=active&limit=100')).items;
  // Not the demo's Acme API subscription (seed/usage.ts): its customer has no other.
  sub = active.find(
    (x) =>
      x.discount === null &&
      !x.cancel_at_period_end &&
      x.amount > 0 &&
      x.product.name !== 'Acme API',
  );
  expect(sub).toBeDefined();
  const made = await run([
    'products',
    'create',
    '--name',
    'Acme Plus',
    '--price',
    '290/year',
    '--json',
  ]);
  expect(made.code, made.stderr).toBe(0);
  plus = JSON.parse(made.stdout);
  expect(plus).toMatchObject({ recurring_interval: 'year', is_recurring: true });
  const session = await s.call(
    'POST',
    '/__local/customer-sessions',
    { customer_id: sub.customer_id },
    null,
  );
  customerToken = session.token;
});
afterAll(() => s.svc.stop());

describe('subs list and get: the same columns in both generations', () => {
  it('list: the same header and rows; AMOUNT is after the discount today, before it on the seed', async () => {
    const [seed, now, answer] = await Promise.all([
      run(['subs', 'list', '--all'], { BILLING_API_VERSION: 'none' }),
      run(['subs', 'list', '--all']),
      today('GET', '/v1/subscriptions/?limit=100'),
    ]);
    expect(now).toMatchObject({ code: 0, stderr: '' });
    const a = tsv(seed.stdout);
    const b = tsv(now.stdout);
    expect(b.header).toEqual(a.header);
    expect(b.header).toEqual([
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
    expect(b.rows.map((r) => r[0])).toEqual(answer.items.map((x: Json) => x.id));
    const amount = b.header.indexOf('AMOUNT');
    for (const [i, row] of b.rows.entries()) {
      const x = answer.items[i];
      expect(row[amount]).toBe(String(x.amount));
      const other = a.rows[i]!;
      expect(row.filter((_, k) => k !== amount)).toEqual(other.filter((_, k) => k !== amount));
      if (x.discount === null) expect(row[amount]).toBe(other[amount]);
      else expect(Number(row[amount])).toBeLessThan(Number(other[amount]));
    }
  });

  it("get: today's answer as JSON; the seed's card rows, plus prices and the trial's end", async () => {
    const [seed, now, json, answer] = await Promise.all([
      run(['subs', 'get', sub.id], { BILLING_API_VERSION: 'none' }),
      run(['subs', 'get', sub.id]),
      run(['subs', 'get', sub.id, '--json']),
      today('GET', `/v1/subscriptions/${sub.id}`),
    ]);
    expect(JSON.parse(json.stdout)).toEqual(answer);
    const a = card(seed.stdout);
    const b = card(now.stdout);
    // Today's card has the seed's rows, in order, and two of its own.
    expect(Object.keys(b).filter((k) => k !== 'prices' && k !== 'trial_end')).toEqual(
      Object.keys(a),
    );
    for (const [key, value] of Object.entries(a)) expect(b[key], key).toBe(value);
    expect(b).toMatchObject({
      id: sub.id,
      prices: expect.stringMatching(/^\$[\d,.]+ USD\//),
      trial_end: '',
    });
  });

  it("--mine: the customer portal's list and card, the seed's columns; cancel and resume", async () => {
    const mine = { BILLING_CUSTOMER_TOKEN: customerToken };
    const [seed, now, answer] = await Promise.all([
      run(['subs', 'list', '--mine'], { ...mine, BILLING_API_VERSION: 'none' }),
      run(['subs', 'list', '--mine'], mine),
      today('GET', '/v1/customer-portal/subscriptions/?limit=100', undefined, customerToken),
    ]);
    expect(now).toMatchObject({ code: 0, stderr: '' });
    const a = tsv(seed.stdout);
    const b = tsv(now.stdout);
    expect(b.header).toEqual(a.header);
    expect(b.rows.map((r) => r[0])).toEqual(answer.items.map((x: Json) => x.id));
    // Today's portal lists only subscriptions that started (customer_portal/service/
    // subscription.py at c6c3645e: started_at is not None); the rest are the seed's rows, but
    // AMOUNT, which is after the discount today.
    const [started, amount] = [a.header.indexOf('STARTED'), a.header.indexOf('AMOUNT')];
    const without = (r: string[]) => r.filter((_, k) => k !== amount);
    expect(b.rows.map(without)).toEqual(a.rows.filter((r) => r[started] !== '').map(without));
    expect(a.rows.some((r) => r[started] === '')).toBe(true);
    const [seedCard, nowCard] = await Promise.all([
      run(['subs', 'get', sub.id, '--mine'], { ...mine, BILLING_API_VERSION: 'none' }),
      run(['subs', 'get', sub.id, '--mine'], mine),
    ]);
    const seedRows = card(seedCard.stdout);
    const nowRows = card(nowCard.stdout);
    for (const [key, value] of Object.entries(seedRows)) expect(nowRows[key], key).toBe(value);
    const cancel = await run(
      ['subs', 'cancel', sub.id, '--mine', '--fields', 'cancel_at_period_end'],
      mine,
    );
    expect(cancel).toMatchObject({ code: 0, stdout: 'cancel_at_period_end\ttrue\n' });
    const resume = await run(
      ['subs', 'resume', sub.id, '--mine', '--fields', 'cancel_at_period_end'],
      mine,
    );
    expect(resume).toMatchObject({ code: 0, stdout: 'cancel_at_period_end\tfalse\n' });
  });

  it("export: the service's 2026-10 CSV, byte for byte", async () => {
    const [r, answer] = await Promise.all([
      run(['subs', 'export']),
      today('GET', '/v1/subscriptions/export'),
    ]);
    expect(r).toMatchObject({ code: 0, stderr: '' });
    expect(r.stdout).toBe(answer);
    expect(r.stdout.split('\n')[0]).toMatch(/^Email,/);
  });
});

describe('subs change-price --preview at 2026-10', () => {
  const rows = (p: Json) => [
    ...p.prorations.map((x: Json) => [x.label, String(x.amount)]),
    ['Subtotal', String(p.subtotal_amount)],
    ['Discount', String(p.discount_amount)],
    ['Tax', String(p.tax_amount)],
    ['Total', String(p.total_amount)],
  ];

  it("the seller's: the service's preview line by line, and nothing changed", async () => {
    const before = await today('GET', `/v1/subscriptions/${sub.id}`);
    const r = await run(['subs', 'change-price', sub.id, '--product', plus.id, '--preview']);
    expect(r).toMatchObject({ code: 0, stderr: '' });
    const preview = await today('POST', `/v1/subscriptions/${sub.id}/change-preview`, {
      product_id: plus.id,
    });
    const { header, rows: lines } = tsv(r.stdout);
    expect(header).toEqual(['LINE', 'AMOUNT']);
    expect(lines).toEqual(rows(preview));
    // The unused time of the current product comes back, the new one's time left is charged.
    expect(preview.prorations).toHaveLength(2);
    expect(preview.prorations[0].amount).toBeLessThan(0);
    expect(preview.prorations[1].amount).toBeGreaterThan(0);
    expect(preview.total_amount).toBe(preview.prorations[0].amount + preview.prorations[1].amount);
    expect(await today('GET', `/v1/subscriptions/${sub.id}`)).toEqual(before);
    const json = await run([
      'subs',
      'change-price',
      sub.id,
      '--product',
      plus.id,
      '--preview',
      '--json',
    ]);
    expect(JSON.parse(json.stdout)).toEqual(preview);
  });

  it("--mine: the customer portal's preview, the same amounts, and nothing changed", async () => {
    const before = await today('GET', `/v1/subscriptions/${sub.id}`);
    const r = await run(
      ['subs', 'change-price', sub.id, '--product', plus.id, '--preview', '--mine'],
      {
        BILLING_CUSTOMER_TOKEN: customerToken,
      },
    );
    expect(r).toMatchObject({ code: 0, stderr: '' });
    const preview = await today(
      'POST',
      `/v1/customer-portal/subscriptions/${sub.id}/change-preview`,
      { product_id: plus.id },
      customerToken,
    );
    expect(tsv(r.stdout).rows).toEqual(rows(preview));
    const seller = await today('POST', `/v1/subscriptions/${sub.id}/change-preview`, {
      product_id: plus.id,
    });
    expect(preview.total_amount).toBe(seller.total_amount);
    expect(await today('GET', `/v1/subscriptions/${sub.id}`)).toEqual(before);
  });

  it("on the seed's generation: refused in one line with the command to run", async () => {
    const r = await run(['subs', 'change-price', sub.id, '--product', plus.id, '--preview'], {
      BILLING_API_VERSION: 'none',
    });
    expect(r).toEqual({
      code: 2,
      stdout: '',
      stderr:
        "billing: --preview needs today's API (2026-04 or later): this service's generation has no preview\n" +
        `billing --api-version 2026-10 subs change-price ${sub.id} --product <id> --preview\n`,
    });
  });
});

describe('subs cancel, resume, change-price and revoke at 2026-10', () => {
  it("cancel --reason, then resume: today's cancellation fields", async () => {
    const cancel = await run([
      'subs',
      'cancel',
      sub.id,
      '--reason',
      'too_expensive',
      '--comment',
      'over budget',
      '--fields',
      'cancel_at_period_end,customer_cancellation_reason,customer_cancellation_comment',
    ]);
    expect(cancel).toMatchObject({
      code: 0,
      stdout:
        'cancel_at_period_end\ttrue\ncustomer_cancellation_reason\ttoo_expensive\n' +
        'customer_cancellation_comment\tover budget\n',
    });
    const resume = await run(['subs', 'resume', sub.id, '--fields', 'status,cancel_at_period_end']);
    expect(resume).toMatchObject({
      code: 0,
      stdout: 'status\tactive\ncancel_at_period_end\tfalse\n',
    });
    expect(await today('GET', `/v1/subscriptions/${sub.id}`)).toMatchObject({
      cancel_at_period_end: false,
      customer_cancellation_reason: null,
    });
  });

  it('change-price --product: the subscription is on the new product, its amount the new price', async () => {
    const r = await run([
      'subs',
      'change-price',
      sub.id,
      '--product',
      plus.id,
      '--proration',
      'invoice',
      '--fields',
      'product.name,amount,recurring_interval',
    ]);
    expect(r).toMatchObject({
      code: 0,
      stdout: 'product.name\tAcme Plus\namount\t29000\nrecurring_interval\tyear\n',
    });
    expect(await today('GET', `/v1/subscriptions/${sub.id}`)).toMatchObject({
      product_id: plus.id,
      amount: 29000,
    });
  });

  it('revoke --yes: ended at once; revoking again is refused (exit 7)', async () => {
    const r = await run(['subs', 'revoke', sub.id, '--yes', '--fields', 'status']);
    expect(r).toMatchObject({ code: 0, stdout: 'status\tcanceled\n' });
    expect((await today('GET', `/v1/subscriptions/${sub.id}`)).ended_at).not.toBeNull();
    expect(await run(['subs', 'revoke', sub.id, '--yes'])).toEqual({
      code: 7,
      stdout: '',
      stderr:
        `billing: subscription ${sub.id} has already ended\n` +
        `See it with: billing subs get ${sub.id}\n`,
    });
  });
});
