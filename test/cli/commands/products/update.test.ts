// billing products update: argv -> options (or the exact usage error); options + answers ->
// the PATCH sent. --add-price/--archive-price read the product first and send the whole set.
import { stripVTControlCharacters } from 'node:util';
import { describe, expect, it } from 'vitest';
import {
  buildUpdate,
  runUpdate,
  type UpdateOptions,
} from '../../../../src/cli/commands/products/update.js';
import { requestErrors } from '../../../conformance/openapi.js';
import type { ScriptedHost } from '../../../helpers/http.js';
import { answered, execute, ID, json, NOT_FOUND, parse } from '../verb.js';
import { MONTHLY, PRO, PRO_CARD, YEARLY } from './fixtures.js';

const yearly = (cents: number) =>
  ({
    type: 'recurring',
    recurring_interval: 'year',
    amount_type: 'fixed',
    price_amount: cents,
    price_currency: 'usd',
  }) as const;

describe('products update: argv -> options', () => {
  it.each([
    [[ID, '--name', 'Acme Pro 2'], { id: ID, body: { name: 'Acme Pro 2' }, output: {} }],
    [
      [ID, '--unarchive', '--json'],
      { id: ID, body: { is_archived: false }, output: { json: true } },
    ],
    [
      [ID, '--data', '{"description": "a", "metadata": {"k": "v"}}', '--description', 'b'],
      { id: ID, body: { description: 'b', metadata: { k: 'v' } }, output: {} },
    ],
    [
      [ID.toUpperCase(), '--archive-price', YEARLY.toUpperCase(), '--add-price', '200/year'],
      { id: ID, body: {}, addPrices: [yearly(20000)], archivePrices: [YEARLY], output: {} },
    ],
  ])('%j', async (argv, options) => {
    expect(await parse(buildUpdate, 'update', argv, { noun: 'products' })).toEqual({
      options,
      code: 0,
      stderr: '',
    });
  });

  it.each([
    [
      [ID],
      'nothing to change: give --name, --description, --add-price, --archive-price, ' +
        '--unarchive or --data',
    ],
    [[ID, '--name', 'ab'], '--name: must be at least 3 characters'],
    [[ID, '--add-price', '19/day'], '--add-price: "19/day" has no interval month or year after /'],
    [[ID, '--archive-price', 'monthly'], '--archive-price: "monthly" is not a UUID'],
    [
      [ID, '--add-price', '19/month', '--data', '{"prices": []}'],
      '--add-price and --archive-price cannot be used with prices in --data',
    ],
    [['', '--name', 'Acme'], 'product: "" is neither a product id (UUID) nor a name'],
  ])('%j -> usage error, nothing sent', async (argv, message) => {
    expect(await parse(buildUpdate, 'update', argv, { noun: 'products' })).toEqual({
      code: 2,
      stderr: `billing: ${message}\n`,
    });
  });
});

describe('products update: options + answers -> output', () => {
  const patch = { method: 'PATCH', path: `/v1/products/${ID}` };

  it('sends only what changes and prints the card', async () => {
    const r = await answered(
      runUpdate,
      { id: ID, body: { name: 'Acme Pro' }, output: {} },
      patch,
      200,
      PRO,
    );
    expect(r).toMatchObject({
      code: 0,
      stdout: PRO_CARD,
      stderr: '',
      seen: { body: { name: 'Acme Pro' } },
    });
  });

  /** Runs with the product read first (PRO), then the PATCH if `patched`; returns its body. */
  async function withPrices(opts: UpdateOptions, patched: boolean) {
    let sent: unknown;
    const r = await execute(runUpdate, opts, {
      tty: true,
      http: (pool: ScriptedHost) => {
        pool.intercept({ path: `/v1/products/${ID}`, method: 'GET' }).reply(200, PRO, json);
        if (patched) {
          pool.intercept(patch).reply((req) => {
            sent = JSON.parse(String(req.body));
            return { statusCode: 200, data: PRO, responseOptions: json };
          });
        }
      },
    });
    return { ...r, sent };
  }

  it('--archive-price and --add-price: the kept prices by id, then the new one', async () => {
    const r = await withPrices(
      { id: ID, body: {}, addPrices: [yearly(20000)], archivePrices: [YEARLY], output: {} },
      true,
    );
    expect(r.code).toBe(0);
    expect(r.sent).toEqual({ prices: [{ id: MONTHLY }, yearly(20000)] });
    expect(stripVTControlCharacters(r.stderr)).toBe(`✓ Product ${ID} updated.\n`);
  });

  it.each([
    [
      { addPrices: [{ ...yearly(2400), recurring_interval: 'month' as const }] },
      'billing: --add-price: one price per interval at most (a monthly and a yearly one)\n',
    ],
    [
      { archivePrices: [ID] },
      `billing: --archive-price: ${ID} is not one of the product's prices on sale\n` +
        `Its prices: billing products get ${ID}\n`,
    ],
    [
      { archivePrices: [MONTHLY, YEARLY] },
      'billing: --archive-price: a product keeps at least one price (add one with --add-price, or archive the product: billing products archive ' +
        `${ID})\n`,
    ],
  ])('%j: refused after reading the product, no PATCH sent', async (prices, stderr) => {
    const r = await withPrices({ id: ID, body: {}, ...prices, output: {} }, false);
    expect(r).toMatchObject({ code: 2, stdout: '', stderr });
  });

  it('404: exit 6', async () => {
    const r = await answered(
      runUpdate,
      { id: ID, body: { name: 'Acme' }, output: {} },
      patch,
      404,
      NOT_FOUND,
    );
    expect(r).toMatchObject({ code: 6, stdout: '', stderr: `billing: product ${ID} not found\n` });
  });
});

// Today's generation (2026-10): a product has one interval (ProductUpdate's prices are
// ExistingProductPrice or a new price without type or interval).
describe("products update on today's API", () => {
  const patch = { method: 'PATCH', path: `/v1/products/${ID}` };
  const TODAY_PRO = {
    id: ID,
    name: 'Acme Pro',
    recurring_interval: 'month',
    is_recurring: true,
    prices: [{ id: MONTHLY, amount_type: 'fixed', price_amount: 1900, price_currency: 'usd' }],
  };

  async function run(opts: UpdateOptions, patched: boolean) {
    let sent: unknown;
    const r = await execute(runUpdate, opts, {
      env: { BILLING_API_VERSION: '2026-10' },
      http: (pool: ScriptedHost) => {
        pool.intercept({ path: `/v1/products/${ID}`, method: 'GET' }).reply(200, TODAY_PRO, json);
        if (patched) {
          pool.intercept(patch).reply((req) => {
            sent = JSON.parse(String(req.body));
            expect(requestErrors('PATCH', `/v1/products/${ID}`, sent)).toEqual([]);
            return { statusCode: 200, data: TODAY_PRO, responseOptions: json };
          });
        }
      },
    });
    return { ...r, sent };
  }

  it('--add-price of its interval: kept by id, the new one in today’s form', async () => {
    const monthly = { ...yearly(2900), recurring_interval: 'month' as const };
    const r = await run({ id: ID, body: {}, addPrices: [monthly], output: {} }, true);
    expect(r.code).toBe(0);
    expect(r.sent).toEqual({
      prices: [
        { id: MONTHLY },
        { amount_type: 'fixed', price_amount: 2900, price_currency: 'usd' },
      ],
    });
  });

  it('--add-price of another interval: refused after reading the product, no PATCH', async () => {
    const r = await run({ id: ID, body: {}, addPrices: [yearly(20000)], output: {} }, false);
    expect(r).toEqual({
      code: 2,
      stdout: '',
      stderr:
        'billing: this product is billed every month: a product of API version 2026-10 has one ' +
        'billing interval, so a /year price needs a product of its own\n' +
        'e.g. billing products create --name "Acme Pro (yearly)" --price 200/year\n',
    });
  });

  it('--add-price /month to a one-time product: refused, the hint the command for that price', async () => {
    const oneTime = { ...TODAY_PRO, name: 'Acme Desktop', recurring_interval: null };
    const r = await execute(
      runUpdate,
      {
        id: ID,
        body: {},
        addPrices: [{ ...yearly(2950), recurring_interval: 'month' as const }],
        output: {},
      },
      {
        env: { BILLING_API_VERSION: '2026-10' },
        http: (pool: ScriptedHost) =>
          pool.intercept({ path: `/v1/products/${ID}`, method: 'GET' }).reply(200, oneTime, json),
      },
    );
    expect(r).toEqual({
      code: 2,
      stdout: '',
      stderr:
        'billing: this product is sold once: a product of API version 2026-10 has one billing ' +
        'interval, so a /month price needs a product of its own\n' +
        'e.g. billing products create --name "Acme Desktop (monthly)" --price 29.50/month\n',
    });
  });
});
