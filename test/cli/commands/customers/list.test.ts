// billing customers list: argv -> options; options + answers -> output (--email is exact).
import { describe, expect, it } from 'vitest';
import {
  buildList,
  type ListOptions,
  runList,
} from '../../../../src/cli/commands/customers/list.js';
import { execute, ID, json, ORG, page, parse } from '../verb.js';
import { JANE } from './fixtures.js';

const PAGE = { limit: 30, startPage: 1, pageSize: 30 };

describe('customers list: argv -> options', () => {
  it.each<[string[], ListOptions]>([
    [[], { filters: {}, page: PAGE, output: {} }],
    [
      ['--org', ORG.toUpperCase(), '--query', 'acme', '--sort', 'email,-created_at'],
      {
        filters: { organization_id: [ORG], query: 'acme', sorting: ['email', '-created_at'] },
        page: PAGE,
        output: {},
      },
    ],
    [
      ['--email', 'Jane@Example.com', '--json'],
      { filters: {}, email: 'jane@example.com', page: PAGE, output: { json: true } },
    ],
  ])('%j', async (argv, options) => {
    expect(await parse(buildList, 'list', argv, { noun: 'customers' })).toEqual({
      options,
      code: 0,
      stderr: '',
    });
  });

  it.each([
    [['--email', 'jane'], 'billing: --email: "jane" is not an email\n'],
    [
      ['--sort', 'status'],
      'billing: --sort: "status" is not a sort criterion here; valid: created_at, email, name (prefix - for descending)\n',
    ],
    [['--org', 'acme'], 'billing: --org: "acme" is not a UUID\n'],
  ])('%j -> usage error, nothing runs', async (argv, stderr) => {
    expect(await parse(buildList, 'list', argv, { noun: 'customers' })).toEqual({
      code: 2,
      stderr,
    });
  });
});

describe('customers list: options + answers -> output', () => {
  const BOB = {
    ...JANE,
    id: '7a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d',
    email: 'bob@example.com',
    name: null,
  };

  it('TSV to a pipe, with the filters sent', async () => {
    const r = await execute(
      runList,
      { filters: { query: 'example', sorting: ['email'] }, page: PAGE, output: {} },
      {
        http: (pool) =>
          pool
            .intercept({ path: '/v1/customers/?query=example&sorting=email&page=1&limit=30' })
            .reply(200, page([BOB, JANE]), json),
      },
    );
    expect(r).toEqual({
      code: 0,
      stdout:
        'ID\tEMAIL\tNAME\tCREATED\n' +
        `${BOB.id}\tbob@example.com\t\t2026-11-20T10:00:00Z\n` +
        `${ID}\tjane@example.com\tJane Doe\t2026-11-20T10:00:00Z\n`,
      stderr: '',
    });
  });

  it('--email searches by it and keeps only the exact match', async () => {
    const r = await execute(
      runList,
      { filters: {}, email: 'jane@example.com', page: PAGE, output: { output: 'ndjson' } },
      {
        http: (pool) =>
          pool
            .intercept({ path: '/v1/customers/?query=jane%40example.com&page=1&limit=30' })
            .reply(200, page([{ ...JANE, email: 'mary-jane@example.com' }, JANE]), json),
      },
    );
    expect(r).toEqual({ code: 0, stdout: `${JSON.stringify(JANE)}\n`, stderr: '' });
  });
});
