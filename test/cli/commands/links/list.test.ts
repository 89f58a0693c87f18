// billing links list: argv -> options or the exact usage error; options + answers -> output.
// Today's API only: every request is sent with Polar-Version 2026-10 and checked against the
// real description by `answered`; on the seed's generation nothing is sent.
import { stripVTControlCharacters } from 'node:util';
import { describe, expect, it } from 'vitest';
import { buildList, type ListOptions, runList } from '../../../../src/cli/commands/links/list.js';
import type { ScriptedHost } from '../../../helpers/http.js';
import { answered, execute, ID, ID2, json, ORG, page, parse } from '../verb.js';
import { LINK, PRODUCT, seedRefusal, TODAY, URL_ } from './fixtures.js';

const first = { limit: 30, startPage: 1, pageSize: 30 };

describe('links list: argv -> options', () => {
  it.each([
    [[], { filters: {}, page: first, output: {} }],
    [
      ['--product', ID.toUpperCase(), '--product', 'Acme Pro', '--org', ORG, '--sort', '-label'],
      {
        filters: { product: [ID, 'Acme Pro'], organization_id: [ORG], sorting: ['-label'] },
        page: first,
        output: {},
      },
    ],
    [
      ['--all', '-o', 'ndjson'],
      {
        filters: {},
        page: { limit: Number.POSITIVE_INFINITY, startPage: 1, pageSize: 100 },
        output: { output: 'ndjson' },
      },
    ],
  ])('%j', async (argv, options) => {
    expect(await parse(buildList, 'list', argv, { noun: 'links' })).toEqual({
      options,
      code: 0,
      stderr: '',
    });
  });

  it.each([
    [
      ['--sort', 'url'],
      'billing: --sort: "url" is not a sort criterion here; valid: created_at, label, ' +
        'success_url, allow_discount_codes (prefix - for descending)\n',
    ],
    [['--org', 'acme'], 'billing: --org: "acme" is not a UUID\n'],
    [['--product', ' '], 'billing: --product: " " is neither a product id (UUID) nor a name\n'],
    [['--limit', '0'], 'billing: --limit: must be an integer at least 1, got 0\n'],
  ])('%j -> usage error, nothing runs', async (argv, stderr) => {
    expect(await parse(buildList, 'list', argv, { noun: 'links' })).toEqual({ code: 2, stderr });
  });
});

describe('links list: options + answers -> output', () => {
  const options: ListOptions = { filters: {}, page: first, output: {} };

  it("a pipe gets TSV: the products by name, the URL whole; today's API is asked for", async () => {
    const r = await answered(
      runList,
      { ...options, filters: { product: [PRODUCT], organization_id: [ORG], sorting: ['-label'] } },
      {
        method: 'GET',
        path: `/v1/checkout-links/?organization_id=${ORG}&product_id=${PRODUCT}&sorting=-label&page=1&limit=30`,
      },
      200,
      page([LINK]),
      TODAY,
    );
    expect(r).toMatchObject({
      code: 0,
      stdout:
        'ID\tLABEL\tPRODUCTS\tURL\tCREATED\n' +
        `${ID}\tPricing page\tAcme Pro, Acme Team\t${URL_}\t2026-11-20T10:00:00Z\n`,
      stderr: '',
    });
  });

  it('a product by name is looked up first, exactly and without case', async () => {
    const r = await execute(
      runList,
      { ...options, filters: { product: ['acme pro'] }, output: { fields: 'id,label' } },
      {
        ...TODAY,
        http: (pool) => {
          pool.intercept({ path: '/v1/products/?query=acme+pro&page=1&limit=100' }).reply(
            200,
            page([
              { id: ID2, name: 'Acme Pro Max' },
              { id: PRODUCT, name: 'Acme Pro' },
            ]),
            json,
          );
          pool
            .intercept({ path: `/v1/checkout-links/?product_id=${PRODUCT}&page=1&limit=30` })
            .reply(200, page([LINK]), json);
        },
      },
    );
    expect(r).toEqual({ code: 0, stdout: `id\tlabel\n${ID}\tPricing page\n`, stderr: '' });
  });

  const answer = (pool: ScriptedHost) =>
    pool
      .intercept({ path: '/v1/checkout-links/?page=1&limit=30', method: 'GET' })
      .reply(200, page([{ ...LINK, label: null, products: [] }]), json);

  it('a wide terminal shows the table; a link without a label or products shows -', async () => {
    const r = await execute(runList, options, {
      ...TODAY,
      tty: true,
      columns: 200,
      http: answer,
    });
    expect(r).toMatchObject({ code: 0, stderr: '' });
    const lines = stripVTControlCharacters(r.stdout).split('\n');
    expect(lines[0]).toMatch(/^ID +LABEL +PRODUCTS +URL +CREATED$/);
    expect(lines[1]).toMatch(new RegExp(`^${ID} +- +- +${URL_.replaceAll('?', '\\?')} +\\S`));
  });

  it('a narrow one hides the label, products and date before it would cut the URL', async () => {
    const r = await execute(runList, options, {
      ...TODAY,
      tty: true,
      columns: 140,
      http: answer,
    });
    expect(r.code).toBe(0);
    const lines = stripVTControlCharacters(r.stdout).split('\n');
    expect(lines.slice(0, 2)).toEqual([`ID${' '.repeat(36)}URL`, `${ID}  ${URL_}`]);
    expect(stripVTControlCharacters(r.stderr)).toBe(
      'Hidden to fit the terminal: LABEL, PRODUCTS, CREATED (choose columns with --fields)\n',
    );
  });

  it('says what it hid in lines no wider than the terminal', async () => {
    const r = await execute(runList, options, { ...TODAY, tty: true, columns: 60, http: answer });
    expect(r.code).toBe(0);
    const lines = stripVTControlCharacters(r.stderr).split('\n').slice(0, -1);
    expect(lines).toEqual([
      'Hidden to fit the terminal: LABEL, PRODUCTS, URL, CREATED',
      '(choose columns with --fields)',
    ]);
    for (const line of lines) expect(line.length).toBeLessThanOrEqual(60);
  });

  it("on the seed's generation: one line, nothing sent", async () => {
    expect(await execute(runList, { ...options, filters: { product: ['Acme Pro'] } })).toEqual({
      code: 2,
      stdout: '',
      stderr: seedRefusal('list'),
    });
  });
});
