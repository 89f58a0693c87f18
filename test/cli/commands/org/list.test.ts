// billing org list: argv -> options or the exact usage error; options + answers -> output.
import { describe, expect, it } from 'vitest';
import { buildList, runList } from '../../../../src/cli/commands/org/list.js';
import { execute, ID, ID2, json, page, parse } from '../verb.js';

const first = { limit: 30, startPage: 1, pageSize: 30 };

describe('org list: argv -> options', () => {
  it.each([
    [[], { filters: {}, page: first, output: {} }],
    [
      ['--slug', 'acme', '--sort', '-name', '--json'],
      { filters: { slug: 'acme', sorting: ['-name'] }, page: first, output: { json: true } },
    ],
  ])('%j', async (argv, options) => {
    expect(await parse(buildList, 'list', argv, { noun: 'org' })).toEqual({
      options,
      code: 0,
      stderr: '',
    });
  });

  it.each([
    [
      ['--sort', 'email'],
      'billing: --sort: "email" is not a sort criterion here; valid: created_at, name, slug, ' +
        'next_review_threshold, days_in_status (prefix - for descending)\n',
    ],
    [['--page-size', '0'], 'billing: --page-size: must be an integer from 1 to 100, got 0\n'],
  ])('%j -> usage error', async (argv, stderr) => {
    expect(await parse(buildList, 'list', argv, { noun: 'org' })).toEqual({ code: 2, stderr });
  });
});

describe('org list: options + answers -> output', () => {
  const ACME = { id: ID, name: 'Acme', slug: 'acme', created_at: '2025-11-01T00:00:00Z' };
  const GLOBEX = { id: ID2, name: 'Globex', slug: 'globex', created_at: '2025-12-01T00:00:00Z' };

  it('a pipe gets TSV, one organization a line', async () => {
    const r = await execute(
      runList,
      { filters: { sorting: ['-name'] }, page: first, output: {} },
      {
        http: (pool) =>
          pool
            .intercept({ path: '/v1/organizations/?sorting=-name&page=1&limit=30' })
            .reply(200, page([GLOBEX, ACME]), json),
      },
    );
    expect(r).toEqual({
      code: 0,
      stdout:
        'ID\tNAME\tSLUG\tCREATED\n' +
        `${ID2}\tGlobex\tglobex\t2025-12-01T00:00:00Z\n${ID}\tAcme\tacme\t2025-11-01T00:00:00Z\n`,
      stderr: '',
    });
  });

  it('--slug goes as slug', async () => {
    const r = await execute(
      runList,
      { filters: { slug: 'acme' }, page: first, output: { fields: 'id' } },
      {
        http: (pool) =>
          pool
            .intercept({ path: '/v1/organizations/?slug=acme&page=1&limit=30' })
            .reply(200, page([ACME]), json),
      },
    );
    expect(r).toEqual({ code: 0, stdout: `id\n${ID}\n`, stderr: '' });
  });
});
