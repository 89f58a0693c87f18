// billing orders get: argv -> options (or the exact usage error); options + answers -> output.
import { stripVTControlCharacters } from 'node:util';
import { describe, expect, it } from 'vitest';
import { buildGet, type GetOptions, runGet } from '../../../../src/cli/commands/orders/get.js';
import { answered, CUSTOMER_TOKEN, execute, ID, ID2, json, parse } from '../verb.js';

describe('orders get: argv -> options', () => {
  it.each([
    [[ID], { id: ID, mine: false, output: {} }],
    [[ID.toUpperCase()], { id: ID, mine: false, output: {} }],
    [[ID, '--json'], { id: ID, mine: false, output: { json: true } }],
    [[ID, '--mine'], { id: ID, mine: true, output: {} }],
    [
      [ID, '-o', 'json', '--fields', 'id,customer.email'],
      { id: ID, mine: false, output: { output: 'json', fields: 'id,customer.email' } },
    ],
    [[ID, '-o', 'tsv'], { id: ID, mine: false, output: { output: 'tsv' } }],
  ])('%j', async (argv, options) => {
    expect(await parse(buildGet, 'get', argv, { noun: 'orders' })).toEqual({
      options,
      code: 0,
      stderr: '',
    });
  });

  it.each([
    [['nope'], 'billing: order id: "nope" is not a UUID\n'],
    [[`${ID}0`], `billing: order id: "${ID}0" is not a UUID\n`],
    [[], "billing: missing required argument 'id'\n"],
    [
      [ID, '--fields', 'amount.currency'],
      'billing: --fields: "amount.currency" is not a field here\n' +
        '"amount" is a value, with no fields inside\n',
    ],
    [[ID, '--json', '-o', 'tsv'], 'billing: --json conflicts with --output tsv\n'],
    [
      [ID, ID2],
      `billing: too many arguments for 'get'. Expected 1 argument but got 2: ${ID}, ${ID2}.\n`,
    ],
  ])('%j -> usage error, nothing runs', async (argv, stderr) => {
    expect(await parse(buildGet, 'get', argv, { noun: 'orders' })).toEqual({ code: 2, stderr });
  });
});

describe('orders get: options + answers -> output', () => {
  const ORDER = {
    id: ID,
    created_at: '2026-11-20T10:00:00Z',
    billing_reason: 'purchase',
    amount: 1200,
    tax_amount: 0,
    currency: 'usd',
    customer: { email: 'jane@example.com' },
    customer_id: ID2,
    product: { name: 'Pro' },
    product_price: { price_amount: 1200, price_currency: 'usd', type: 'one_time' },
    metadata: { ref: 'spring' },
  };
  const get = (output: GetOptions['output'], status = 200, body: object = ORDER) =>
    execute(
      runGet,
      { id: ID, mine: false, output },
      {
        http: (pool) =>
          pool.intercept({ path: `/v1/orders/${ID}`, method: 'GET' }).reply(status, body, json),
      },
    );

  it('prints a key\\tvalue card to a pipe, empty where the order has nothing', async () => {
    expect(await get({})).toEqual({
      code: 0,
      stdout:
        `id\t${ID}\n` +
        'created_at\t2026-11-20T10:00:00Z\n' +
        'billing_reason\tpurchase\n' +
        // The key is the column's, whichever generation's name the value was read at.
        'net_amount\t1200\n' +
        'tax_amount\t0\n' +
        'customer.email\tjane@example.com\n' +
        `customer_id\t${ID2}\n` +
        'product.name\tPro\n' +
        'product_price.price_amount\t1200\n' +
        'product_price.type\tone_time\n' +
        'discount.name\t\n' +
        'subscription_id\t\n' +
        'subscription.status\t\n' +
        'checkout_id\t\n' +
        'metadata\t{"ref":"spring"}\n',
      stderr: '',
    });
  });

  it('an order of the seed generation with a user: the code host user (github_username)', async () => {
    const r = await get({ output: 'tsv', fields: 'id,user.code_host_username' }, 200, {
      ...ORDER,
      user: { id: ID2, github_username: 'jane-gh' },
    });
    expect(r).toEqual({
      code: 0,
      stdout: `id\t${ID}\nuser.code_host_username\tjane-gh\n`,
      stderr: '',
    });
  });

  // Today's Order (2026-10, the real description's components/schemas/Order) has no `amount`,
  // `user` or `product_price`, and an amount breakdown: the card shows what it has.
  const TODAY = {
    id: ID,
    created_at: '2026-11-20T10:00:00Z',
    status: 'partially_refunded',
    paid: true,
    billing_reason: 'purchase',
    subtotal_amount: 2000,
    discount_amount: 200,
    net_amount: 1800,
    tax_amount: 360,
    total_amount: 2160,
    refunded_amount: 500,
    currency: 'eur',
    invoice_number: 'ACME-0001',
    billing_name: 'Jane Doe',
    customer: { email: 'jane@example.com' },
    customer_id: ID2,
    product: { name: 'Pro' },
    discount: null,
    subscription: null,
    subscription_id: null,
    checkout_id: null,
    items: [{ label: 'Pro', amount: 2000, tax_amount: 360, proration: false }],
    metadata: {},
  };

  it("today's order: the amount breakdown, status and invoice, no seed-only rows", async () => {
    expect(await get({ output: 'tsv' }, 200, TODAY)).toEqual({
      code: 0,
      stdout:
        `id\t${ID}\n` +
        'created_at\t2026-11-20T10:00:00Z\n' +
        'status\tpartially_refunded\n' +
        'billing_reason\tpurchase\n' +
        'subtotal_amount\t2000\n' +
        'discount_amount\t200\n' +
        'net_amount\t1800\n' +
        'tax_amount\t360\n' +
        'total_amount\t2160\n' +
        'refunded_amount\t500\n' +
        'invoice_number\tACME-0001\n' +
        'customer.email\tjane@example.com\n' +
        `customer_id\t${ID2}\n` +
        'billing_name\tJane Doe\n' +
        'product.name\tPro\n' +
        'items\t[{"label":"Pro","amount":2000,"tax_amount":360,"proration":false}]\n' +
        'discount.name\t\n' +
        'subscription_id\t\n' +
        'subscription.status\t\n' +
        'checkout_id\t\n' +
        'metadata\t{}\n',
      stderr: '',
    });
  });

  it("today's order on a terminal: every amount in its currency", async () => {
    const r = await execute(
      runGet,
      { id: ID, mine: false, output: {} },
      {
        tty: true,
        http: (pool) =>
          pool.intercept({ path: `/v1/orders/${ID}`, method: 'GET' }).reply(200, TODAY, json),
      },
    );
    expect(r.code).toBe(0);
    const text = stripVTControlCharacters(r.stdout);
    for (const line of [
      /Subtotal +€20\.00 EUR/,
      /Discount amount +€2\.00 EUR/,
      /Amount +€18\.00 EUR/,
      /Tax +€3\.60 EUR/,
      /Total +€21\.60 EUR/,
      /Refunded +€5\.00 EUR/,
      /Status +partially_refunded/,
    ]) {
      expect(text).toMatch(line);
    }
    expect(text).not.toMatch(/Price type|Code host user/);
  });

  it('--mine reads it through the customer portal with the customer token', async () => {
    const r = await answered(
      runGet,
      { id: ID, mine: true, output: { json: true } },
      { method: 'GET', path: `/v1/customer-portal/orders/${ID}` },
      200,
      ORDER,
      { env: { BILLING_CUSTOMER_TOKEN: CUSTOMER_TOKEN } },
    );
    expect(r).toEqual({
      code: 0,
      stdout: `${JSON.stringify(ORDER, null, 2)}\n`,
      stderr: '',
      seen: { authorization: `Bearer ${CUSTOMER_TOKEN}` },
    });
  });

  it('--fields: only those rows, in that order', async () => {
    expect(await get({ fields: 'customer.email,id' })).toEqual({
      code: 0,
      stdout: `customer.email\tjane@example.com\nid\t${ID}\n`,
      stderr: '',
    });
  });

  it('--json: the order as the server sent it', async () => {
    expect(await get({ json: true })).toEqual({
      code: 0,
      stdout: `${JSON.stringify(ORDER, null, 2)}\n`,
      stderr: '',
    });
  });

  it('-o json --fields: only the fields asked for, nested', async () => {
    expect(await get({ output: 'json', fields: 'id,customer.email' })).toEqual({
      code: 0,
      stdout: `${JSON.stringify({ id: ID, customer: { email: 'jane@example.com' } }, null, 2)}\n`,
      stderr: '',
    });
  });

  it.each([
    [
      404,
      { error: 'ResourceNotFound', detail: 'Not found' },
      6,
      `billing: order ${ID} not found\n`,
    ],
    [
      401,
      { error: 'invalid_token' },
      4,
      'billing: the token in BILLING_TOKEN was rejected: it is unknown, expired or revoked\n' +
        'Set BILLING_TOKEN to a valid personal access token, or unset it to use your login.\n',
    ],
    [403, { error: 'NotPermitted', detail: 'no orders:read' }, 5, 'billing: no orders:read\n'],
  ])('a %i ends it with its exit code and message', async (status, body, code, stderr) => {
    expect(await get({}, status, body)).toEqual({ code, stdout: '', stderr });
  });
});

// Relative times are relative to the service's now (issue 24): the Date of its answer.
describe('orders get: times on the service clock', () => {
  const created = '2027-11-20T12:00:00Z';
  const answer = (date: string) => ({
    headers: { 'content-type': 'application/json', date: new Date(date).toUTCString() },
  });
  const run = (date: string, tty: boolean) =>
    execute(
      runGet,
      { id: ID, mine: false, output: {} },
      {
        tty,
        http: (pool) =>
          pool
            .intercept({ path: `/v1/orders/${ID}` })
            .reply(200, { id: ID, created_at: created, amount: 1 }, answer(date)),
      },
    );

  it('a service a year ahead: "3 days ago" from its now, and a note on the terminal', async () => {
    // The test's own clock (verb.ts) says 2026-11-23T12:00:00Z.
    const r = await run('2027-11-23T12:00:00Z', true);
    const text = stripVTControlCharacters(r.stdout);
    expect(text).toMatch(/^Created +3 days ago$/m);
    expect(stripVTControlCharacters(r.stderr)).toBe(
      "Note: the service's clock is 1 year ahead of this machine's (2027-11-23 12:00 UTC); " +
        'times are relative to it.\n',
    );
  });

  it('a Date within a minute of this machine: its own clock, no note', async () => {
    const r = await run('2026-11-23T12:00:30Z', true);
    expect(stripVTControlCharacters(r.stdout)).toMatch(/^Created +in 12 months$/m);
    expect(r.stderr).toBe('');
  });
});
