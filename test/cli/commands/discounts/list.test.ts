// billing discounts list: argv -> options or the exact usage error; options + answers -> output.
import { stripVTControlCharacters } from 'node:util';
import { describe, expect, it } from 'vitest';
import {
  buildList,
  type ListOptions,
  runList,
} from '../../../../src/cli/commands/discounts/list.js';
import { execute, ID, ID2, json, ORG, page, parse } from '../verb.js';
import { HALF, LAUNCH } from './fixtures.js';

const first = { limit: 30, startPage: 1, pageSize: 30 };

describe('discounts list: argv -> options', () => {
  it.each([
    [[], { filters: {}, page: first, output: {} }],
    [
      ['--query', 'launch', '--org', ORG, '--sort', '-redemptions_count,code', '--limit', '5'],
      {
        filters: {
          query: 'launch',
          organization_id: [ORG],
          sorting: ['-redemptions_count', 'code'],
        },
        page: { limit: 5, startPage: 1, pageSize: 5 },
        output: {},
      },
    ],
  ])('%j', async (argv, options) => {
    expect(await parse(buildList, 'list', argv, { noun: 'discounts' })).toEqual({
      options,
      code: 0,
      stderr: '',
    });
  });

  it.each([
    [
      ['--sort', 'amount'],
      'billing: --sort: "amount" is not a sort criterion here; valid: created_at, name, code, ' +
        'redemptions_count, ends_at (prefix - for descending)\n',
    ],
    [['--org', 'acme'], 'billing: --org: "acme" is not a UUID\n'],
    [
      ['--fields', 'products.price'],
      expect.stringMatching(/^billing: --fields: "products.price" is not a field here\n/),
    ],
  ])('%j -> usage error, nothing runs', async (argv, stderr) => {
    expect(await parse(buildList, 'list', argv, { noun: 'discounts' })).toEqual({
      code: 2,
      stderr,
    });
  });
});

describe('discounts list: options + answers -> output', () => {
  const options: ListOptions = { filters: {}, page: first, output: {} };
  const list = (opts: ListOptions, path: string, tty = false) =>
    execute(runList, opts, {
      tty,
      http: (pool) =>
        pool.intercept({ path, method: 'GET' }).reply(200, page([LAUNCH, HALF]), json),
    });

  it('a pipe gets TSV: the name under DISCOUNT, limits as numbers', async () => {
    const r = await list(options, '/v1/discounts/?page=1&limit=30');
    expect(r).toEqual({
      code: 0,
      stdout:
        'ID\tDISCOUNT\tCODE\tDURATION\tREDEEMED\tMAX\tENDS\n' +
        `${ID}\tLaunch 10\tLAUNCH10\tonce\t3\t100\t\n` +
        `${ID2}\tHalf off\t\trepeating\t0\t\t2027-01-01T00:00:00Z\n`,
      stderr: '',
    });
  });

  it('a terminal shows what each takes off', async () => {
    const r = await list(
      { ...options, filters: { query: 'a', sorting: ['code'] } },
      '/v1/discounts/?query=a&sorting=code&page=1&limit=30',
      true,
    );
    expect(r.code).toBe(0);
    const lines = stripVTControlCharacters(r.stdout).split('\n');
    // 100 columns: the end date gives way first.
    expect(lines[0]).toMatch(/^ID +DISCOUNT +CODE +DURATION +REDEEMED +MAX$/);
    expect(stripVTControlCharacters(r.stderr)).toBe(
      'Hidden to fit the terminal: ENDS (choose columns with --fields)\n',
    );
    expect(lines[1]).toMatch(
      new RegExp(`^${ID}  Launch 10 \\(\\$10\\.00 USD off\\) +LAUNCH10 +once +3 +100$`),
    );
    expect(lines[2]).toMatch(new RegExp(`^${ID2}  Half off \\(50% off\\) +- +repeating +0 +-$`));
  });
});
