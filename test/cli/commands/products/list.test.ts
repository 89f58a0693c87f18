// billing products list: argv -> options or the exact usage error; options + answers -> output.
import { stripVTControlCharacters } from 'node:util';
import { describe, expect, it } from 'vitest';
import {
  buildList,
  type ListOptions,
  runList,
} from '../../../../src/cli/commands/products/list.js';
import { execute, ID, ID2, json, ORG, page, parse } from '../verb.js';
import { DESKTOP, PRO } from './fixtures.js';

const first = { limit: 30, startPage: 1, pageSize: 30 };

describe('products list: argv -> options', () => {
  it.each([
    [[], { filters: { is_archived: false }, page: first, output: {} }],
    [
      ['--query', 'pro', '--recurring', '--sort', '-price_amount,name'],
      {
        filters: {
          query: 'pro',
          is_archived: false,
          is_recurring: true,
          sorting: ['-price_amount', 'name'],
        },
        page: first,
        output: {},
      },
    ],
    [
      ['--one-time', '--archived', '--org', ORG.toUpperCase(), '--benefit', ID, '--benefit', ID2],
      {
        filters: {
          organization_id: [ORG],
          is_archived: true,
          is_recurring: false,
          benefit_id: [ID, ID2],
        },
        page: first,
        output: {},
      },
    ],
    [
      ['--all', '-o', 'ndjson', '--fields', 'id,prices.0.id'],
      {
        filters: { is_archived: false },
        page: { limit: Number.POSITIVE_INFINITY, startPage: 1, pageSize: 100 },
        output: { output: 'ndjson', fields: 'id,prices.0.id' },
      },
    ],
  ])('%j', async (argv, options) => {
    expect(await parse(buildList, 'list', argv, { noun: 'products' })).toEqual({
      options,
      code: 0,
      stderr: '',
    });
  });

  it.each([
    [['--recurring', '--one-time'], '--recurring and --one-time cannot be used together'],
    [
      ['--sort', 'amount'],
      '--sort: "amount" is not a sort criterion here; valid: created_at, name, price_type, ' +
        'price_amount_type, price_amount (prefix - for descending)',
    ],
    [['--benefit', 'license'], '--benefit: "license" is not a UUID'],
    [['--org', 'acme'], '--org: "acme" is not a UUID'],
    [['--limit', '0'], '--limit: must be an integer at least 1, got 0'],
    [['--fields', 'prices.amount'], '--fields: "prices.amount" is not a field here'],
  ])('%j -> usage error, nothing runs', async (argv, message) => {
    const r = await parse(buildList, 'list', argv, { noun: 'products' });
    expect(r.code).toBe(2);
    expect(r.stderr.split('\n')[0]).toBe(`billing: ${message}`);
  });
});

describe('products list: options + answers -> output', () => {
  const options: ListOptions = { filters: { is_archived: false }, page: first, output: {} };
  const list = (opts: ListOptions, path: string, items: object[], tty = false) =>
    execute(runList, opts, {
      tty,
      http: (pool) => pool.intercept({ path, method: 'GET' }).reply(200, page(items), json),
    });

  it('a pipe gets TSV with a one-line price summary per product', async () => {
    const r = await list(options, '/v1/products/?is_archived=false&page=1&limit=30', [
      PRO,
      DESKTOP,
    ]);
    expect(r).toEqual({
      code: 0,
      stdout:
        'ID\tNAME\tPRICES\tARCHIVED\tCREATED\n' +
        `${ID}\tAcme Pro\t$19.00 USD/month, $190.00 USD/year\tfalse\t2026-01-10T09:00:00Z\n` +
        `${ID2}\tAcme Desktop\t$79.00 USD\tfalse\t2026-01-10T09:00:00Z\n`,
      stderr: '',
    });
  });

  it('sends every filter, repeated keys for several values', async () => {
    const filters = {
      organization_id: [ORG],
      query: 'acme',
      is_archived: true,
      is_recurring: false,
      benefit_id: [ID, ID2],
      sorting: ['-price_amount' as const, 'name' as const],
    };
    const r = await list(
      { ...options, filters, output: { json: true } },
      `/v1/products/?organization_id=${ORG}&query=acme&is_archived=true&is_recurring=false` +
        `&benefit_id=${ID}&benefit_id=${ID2}&sorting=-price_amount&sorting=name&page=1&limit=30`,
      [DESKTOP],
    );
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout)).toEqual([DESKTOP]);
  });

  it('a terminal gets a table: free, pay-what-you-want and archived prices read as such', async () => {
    const odd = {
      ...DESKTOP,
      id: ID2,
      name: 'Kit\u001b[31m',
      prices: [
        { amount_type: 'free', type: 'recurring', recurring_interval: 'month' },
        { amount_type: 'fixed', price_amount: 100, price_currency: 'usd', is_archived: true },
      ],
    };
    const custom = {
      ...DESKTOP,
      id: ID,
      name: 'Tip jar',
      prices: [{ amount_type: 'custom', type: 'one_time', price_currency: 'usd' }],
    };
    const r = await list(
      options,
      '/v1/products/?is_archived=false&page=1&limit=30',
      [odd, custom],
      true,
    );
    expect(r.code).toBe(0);
    expect(
      stripVTControlCharacters(r.stdout)
        .split('\n')
        .map((l) => l.trimEnd()),
    ).toEqual([
      'ID                                    NAME         PRICES             ARCHIVED  CREATED',
      `${ID2}  Kit\\x1b[31m  Free/month         no        10 months ago`,
      `${ID}  Tip jar      Pay what you want  no        10 months ago`,
      '',
    ]);
  });

  it('no products: "No results" on stderr, nothing on stdout', async () => {
    const r = await list(options, '/v1/products/?is_archived=false&page=1&limit=30', [], true);
    expect(r).toEqual({ code: 0, stdout: '', stderr: 'No results\n' });
  });

  it('403: exit 5 with the service message', async () => {
    const r = await execute(runList, options, {
      http: (pool) =>
        pool
          .intercept({ path: /^\/v1\/products\// })
          .reply(403, { error: 'insufficient_scope', detail: 'products:read needed' }, json),
    });
    expect(r.code).toBe(5);
    expect(r.stdout).toBe('');
  });
});
