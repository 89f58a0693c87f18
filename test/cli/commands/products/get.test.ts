// billing products get: argv -> options; options + answers -> a card, and on a terminal the
// prices (amount, interval, id) and benefits under it.
import { stripVTControlCharacters } from 'node:util';
import { describe, expect, it } from 'vitest';
import { buildGet, runGet } from '../../../../src/cli/commands/products/get.js';
import type { ScriptedHost } from '../../../helpers/http.js';
import { answered, execute, ID, ID2, json, NOT_FOUND, page, parse } from '../verb.js';
import { BENEFIT_ID, DESKTOP, MONTHLY, PRO, PRO_CARD, YEARLY } from './fixtures.js';

describe('products get: argv -> options', () => {
  it.each([
    [[ID.toUpperCase()], { id: ID, output: {} }],
    [[ID, '--json'], { id: ID, output: { json: true } }],
    [[ID, '--fields', 'prices.0.id,name'], { id: ID, output: { fields: 'prices.0.id,name' } }],
  ])('%j', async (argv, options) => {
    expect(await parse(buildGet, 'get', argv, { noun: 'products' })).toEqual({
      options,
      code: 0,
      stderr: '',
    });
  });

  it.each([
    [['  '], 'billing: product: "  " is neither a product id (UUID) nor a name\n'],
    [[], "billing: missing required argument 'product'\n"],
    [
      [ID, '--fields', 'prices.cost'],
      expect.stringMatching(/^billing: --fields: "prices.cost" is not a field here\nFields: /),
    ],
  ])('%j -> usage error, nothing runs', async (argv, stderr) => {
    expect(await parse(buildGet, 'get', argv, { noun: 'products' })).toEqual({ code: 2, stderr });
  });
});

describe('products get: options + answers -> output', () => {
  const call = { method: 'GET', path: `/v1/products/${ID}` };

  it('a pipe gets the key\\tvalue card, prices summed up on one line', async () => {
    const r = await answered(runGet, { id: ID, output: {} }, call, 200, PRO);
    expect(r).toMatchObject({ code: 0, stdout: PRO_CARD, stderr: '' });
  });

  it('a terminal gets the card, then the prices on sale and the benefits as tables', async () => {
    const archived = { ...PRO.prices[0], id: ID2, price_amount: 1500, is_archived: true };
    const withArchived = { ...PRO, prices: [...PRO.prices, archived] };
    const r = await answered(runGet, { id: ID, output: {} }, call, 200, withArchived, {
      tty: true,
    });
    expect(r.code).toBe(0);
    const lines = stripVTControlCharacters(r.stdout)
      .split('\n')
      .map((l) => l.trimEnd());
    expect(lines.slice(lines.indexOf('Prices:'))).toEqual([
      'Prices:',
      'AMOUNT       INTERVAL  PRICE ID',
      `$19.00 USD   month     ${MONTHLY}`,
      `$190.00 USD  year      ${YEARLY}`,
      '',
      'Benefits:',
      'BENEFIT           TYPE          BENEFIT ID',
      `Acme Pro license  license_keys  ${BENEFIT_ID}`,
      '',
    ]);
    expect(lines[0]).toBe(`ID            ${ID}`);
    expect(lines).toContain('Prices        $19.00 USD/month, $190.00 USD/year');
  });

  it('a one-time product without benefits: no Benefits section at all (issue 24)', async () => {
    const r = await answered(
      runGet,
      { id: ID2, output: {} },
      { ...call, path: `/v1/products/${ID2}` },
      200,
      DESKTOP,
      { tty: true },
    );
    expect(stripVTControlCharacters(r.stdout)).toMatch(
      /\nPrices:\nAMOUNT +INTERVAL +PRICE ID\n\$79\.00 USD +- +\S+\n$/,
    );
    expect(r.stdout).not.toContain('Benefits:');
    expect(r.stderr).toBe('');
  });

  it('--json prints the product as sent, nothing after it', async () => {
    const r = await answered(runGet, { id: ID, output: { json: true } }, call, 200, PRO, {
      tty: true,
    });
    expect(JSON.parse(r.stdout)).toEqual(PRO);
  });

  it('404: exit 6 naming the product', async () => {
    const r = await answered(runGet, { id: ID, output: {} }, call, 404, NOT_FOUND);
    expect(r).toMatchObject({ code: 6, stdout: '', stderr: `billing: product ${ID} not found\n` });
  });
});

// Names where people type names (issue 24): `products get "acme pro"` is the product of that
// name, exact and without case; several of it is a usage error listing them.
describe('products get <name>', () => {
  const lookup = (pool: ScriptedHost, items: object[]) =>
    pool
      .intercept({ path: '/v1/products/?query=acme+pro&page=1&limit=100' })
      .reply(200, page(items), json);

  it('the one product of that name (not one that only contains it)', async () => {
    const r = await execute(
      runGet,
      { id: 'acme pro', output: { json: true } },
      {
        http: (pool) => {
          lookup(pool, [
            { id: ID2, name: 'Acme Pro Plus' },
            { id: ID, name: 'Acme Pro' },
          ]);
          pool.intercept({ path: `/v1/products/${ID}` }).reply(200, PRO, json);
        },
      },
    );
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout).id).toBe(ID);
  });

  it('several of that name: exit 2 listing them', async () => {
    const r = await execute(
      runGet,
      { id: 'acme pro', output: {} },
      {
        http: (pool) =>
          lookup(pool, [
            { id: ID, name: 'Acme Pro' },
            { id: ID2, name: 'ACME PRO', is_archived: true },
          ]),
      },
    );
    expect(r).toEqual({
      code: 2,
      stdout: '',
      stderr:
        `billing: product: 2 products are named "acme pro": ${ID}, ${ID2} (archived)\n` +
        'Pass the product id instead.\n',
    });
  });

  it('none: exit 6 with how to find it', async () => {
    const r = await execute(
      runGet,
      { id: 'acme pro', output: {} },
      { http: (pool) => lookup(pool, []) },
    );
    expect(r).toEqual({
      code: 6,
      stdout: '',
      stderr:
        'billing: product: no product is named "acme pro"\n' +
        'Find it with: billing products list --query <part of the name> (--archived too)\n',
    });
  });
});
