// billing meters list|get|create|update: argv -> options or the exact usage error; options +
// answers -> output. Today's API only: every request is checked against the real 2026-10
// description (MeterCreate, MeterUpdate, meters:list).
import { stripVTControlCharacters } from 'node:util';
import { describe, expect, it } from 'vitest';
import {
  buildCreate,
  type CreateOptions,
  runCreate,
} from '../../../../src/cli/commands/meters/create.js';
import { buildGet, runGet } from '../../../../src/cli/commands/meters/get.js';
import { buildList, type ListOptions, runList } from '../../../../src/cli/commands/meters/list.js';
import { buildUpdate, runUpdate } from '../../../../src/cli/commands/meters/update.js';
import { METER } from '../events/fixtures.js';
import { answered, execute, ID, ID2, json, NOT_FOUND, ORG, page, parse } from '../verb.js';

const first = { limit: 30, startPage: 1, pageSize: 30 };
const TODAY = { env: { BILLING_API_VERSION: '2026-10' } };
const COUNT_API = {
  conjunction: 'and',
  clauses: [{ property: 'name', operator: 'eq', value: 'api_request' }],
};

describe('meters list', () => {
  it.each([
    [[], { filters: {}, page: first, output: {} }],
    [
      ['--query', 'tok', '--archived', '--org', ORG, '--sort', '-created_at', '--json'],
      {
        filters: {
          query: 'tok',
          is_archived: true,
          organization_id: [ORG],
          sorting: ['-created_at'],
        },
        page: first,
        output: { json: true },
      },
    ],
    [['--no-archived'], { filters: { is_archived: false }, page: first, output: {} }],
  ])('argv %j', async (argv, options) => {
    expect(await parse(buildList, 'list', argv, { noun: 'meters' })).toEqual({
      options,
      code: 0,
      stderr: '',
    });
  });

  it('argv --sort unit -> usage error', async () => {
    expect(await parse(buildList, 'list', ['--sort', 'unit'], { noun: 'meters' })).toEqual({
      code: 2,
      stderr:
        'billing: --sort: "unit" is not a sort criterion here; valid: created_at, name (prefix - for descending)\n',
    });
  });

  it('a pipe gets TSV', async () => {
    const tokens = {
      ...METER,
      id: ID,
      name: 'LLM tokens',
      aggregation: { func: 'sum', property: 'metadata.tokens' },
      unit: 'token',
      archived_at: '2026-11-02T00:00:00Z',
    };
    const options: ListOptions = { filters: { query: 'a' }, page: first, output: {} };
    const r = await answered(
      runList,
      options,
      { method: 'GET', path: '/v1/meters/?query=a&page=1&limit=30' },
      200,
      page([METER, tokens]),
      TODAY,
    );
    expect(r).toMatchObject({
      code: 0,
      stdout:
        'ID\tNAME\tAGGREGATION\tPROPERTY\tUNIT\tCREATED\tARCHIVED\n' +
        `${ID2}\tAPI requests\tcount\t\tscalar\t2026-10-01T09:00:00Z\t\n` +
        `${ID}\tLLM tokens\tsum\tmetadata.tokens\ttoken\t2026-10-01T09:00:00Z\t2026-11-02T00:00:00Z\n`,
      stderr: '',
    });
  });

  it("on the seed's generation: one line, nothing sent", async () => {
    const r = await execute(runList, { filters: {}, page: first, output: {} });
    expect(r).toEqual({
      code: 2,
      stdout: '',
      stderr:
        "billing: meters need today's API (2026-04 or later): set api_version, or pass --api-version 2026-10\n",
    });
  });
});

describe('meters get', () => {
  it.each([
    [[ID2], { id: ID2, output: {} }],
    [['API requests', '--json'], { id: 'API requests', output: { json: true } }],
  ])('argv %j', async (argv, options) => {
    expect(await parse(buildGet, 'get', argv, { noun: 'meters' })).toEqual({
      options,
      code: 0,
      stderr: '',
    });
  });

  it('the card writes the filter and aggregation as the flags take them; --json is the API object', async () => {
    const r = await answered(
      runGet,
      { id: ID2, output: {} },
      { method: 'GET', path: `/v1/meters/${ID2}` },
      200,
      METER,
      TODAY,
    );
    expect(r.stdout).toContain('filter_text\tname = api_request\naggregation_text\tcount\n');
    const j = await answered(
      runGet,
      { id: ID2, output: { json: true } },
      { method: 'GET', path: `/v1/meters/${ID2}` },
      200,
      METER,
      TODAY,
    );
    expect(JSON.parse(j.stdout)).toEqual(METER);
  });

  it('by name: looked up, exact and without case', async () => {
    const r = await execute(
      runGet,
      { id: 'api requests', output: { output: 'ndjson' } },
      {
        ...TODAY,
        http: (pool) => {
          pool
            .intercept({ path: '/v1/meters/?query=api+requests&page=1&limit=100' })
            .reply(200, page([{ ...METER, id: ID, name: 'API requests (old)' }, METER]), json);
          pool.intercept({ path: `/v1/meters/${ID2}` }).reply(200, METER, json);
        },
      },
    );
    expect(r).toEqual({ code: 0, stdout: `${JSON.stringify(METER)}\n`, stderr: '' });
  });

  it('an unknown name: exit 6', async () => {
    const r = await execute(
      runGet,
      { id: 'nope', output: {} },
      {
        ...TODAY,
        http: (pool) =>
          pool
            .intercept({ path: '/v1/meters/?query=nope&page=1&limit=100' })
            .reply(200, page([]), json),
      },
    );
    expect(r).toEqual({
      code: 6,
      stdout: '',
      stderr: 'billing: meter: no meter is named "nope"\nFind it with: billing meters list\n',
    });
  });

  it('an unknown id: exit 6', async () => {
    const r = await execute(
      runGet,
      { id: ID, output: {} },
      {
        ...TODAY,
        http: (pool) => pool.intercept({ path: `/v1/meters/${ID}` }).reply(404, NOT_FOUND, json),
      },
    );
    expect(r.code).toBe(6);
    expect(r.stderr).toMatch(new RegExp(`^billing: meter ${ID}`));
  });
});

describe('meters create', () => {
  it.each([
    [
      ['--name', 'API requests', '--filter', 'name = api_request', '--aggregation', 'count'],
      {
        body: { name: 'API requests', filter: COUNT_API, aggregation: { func: 'count' } },
        output: {},
      },
    ],
    [
      [
        '--name',
        'LLM tokens',
        '--filter-json',
        JSON.stringify(COUNT_API),
        '--aggregation',
        'sum:metadata.tokens',
        '--unit',
        'token',
        '--metadata',
        'team=ml',
        '--org',
        ORG,
        '--json',
      ],
      {
        body: {
          name: 'LLM tokens',
          filter: COUNT_API,
          aggregation: { func: 'sum', property: 'metadata.tokens' },
          unit: 'token',
          metadata: { team: 'ml' },
          organization_id: ORG,
        },
        output: { json: true },
      },
    ],
  ])('argv %j', async (argv, options) => {
    expect(await parse(buildCreate, 'create', argv, { noun: 'meters' })).toEqual({
      options,
      code: 0,
      stderr: '',
    });
  });

  it.each([
    [
      ['--name', 'API', '--aggregation', 'count'],
      "billing: --filter is required, e.g. --filter 'name = api_request'\n",
    ],
    [
      ['--name', 'API', '--filter', 'name = a', '--filter-json', '{}', '--aggregation', 'count'],
      'billing: --filter and --filter-json: give one of them\n',
    ],
    [
      ['--name', 'AP', '--filter', 'name = a', '--aggregation', 'count'],
      'billing: --name: at least 3 characters\n',
    ],
    [
      ['--name', 'API', '--filter', 'name = a', '--aggregation', 'sum'],
      'billing: --aggregation: sum needs a property, e.g. sum:metadata.tokens\n',
    ],
    [
      ['--name', 'API', '--filter', 'name = a', '--aggregation', 'count', '--unit', 'kg'],
      'billing: --unit: "kg" is not one of scalar, token, custom\n',
    ],
    [
      ['--name', 'API', '--filter', 'name a', '--aggregation', 'count'],
      'billing: --filter: expected an operator after "name" (= != > >= < <= like, not like) at character 6, found "a"\n',
    ],
    [
      ['--filter', 'name = a', '--aggregation', 'count'],
      "billing: required option '--name <name>' not specified\n",
    ],
  ])('argv %j -> usage error', async (argv, stderr) => {
    expect(await parse(buildCreate, 'create', argv, { noun: 'meters' })).toEqual({
      code: 2,
      stderr,
    });
  });

  it('POSTs the meter with the organization; a pipe gets its card', async () => {
    const options: CreateOptions = {
      body: {
        name: 'API requests',
        filter: COUNT_API as CreateOptions['body']['filter'],
        aggregation: { func: 'count' },
      },
      output: { json: true },
    };
    const r = await answered(
      runCreate,
      options,
      { method: 'POST', path: '/v1/meters/' },
      201,
      METER,
      { env: { ...TODAY.env, BILLING_ORG: ORG } },
    );
    expect(r.seen.body).toEqual({ ...options.body, organization_id: ORG });
    expect(r).toMatchObject({ code: 0, stdout: `${JSON.stringify(METER, null, 2)}\n`, stderr: '' });
  });

  it("the service's 422 names the field", async () => {
    const r = await answered(
      runCreate,
      {
        body: {
          name: 'API',
          filter: COUNT_API as CreateOptions['body']['filter'],
          aggregation: { func: 'count' },
          organization_id: ORG,
        },
        output: {},
      },
      { method: 'POST', path: '/v1/meters/' },
      422,
      {
        detail: [
          {
            loc: ['body', 'name'],
            msg: 'String should have at least 3 characters',
            type: 'string_too_short',
          },
        ],
      },
      TODAY,
    );
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('name: String should have at least 3 characters');
  });
});

describe('meters update', () => {
  it.each([
    [[ID2, '--archive'], { id: ID2, body: { is_archived: true }, output: {} }],
    [
      ['API requests', '--unarchive', '--name', 'Requests'],
      { id: 'API requests', body: { name: 'Requests', is_archived: false }, output: {} },
    ],
    [
      [ID2, '--filter', 'name = a or name = b', '--aggregation', 'unique:metadata.user'],
      {
        id: ID2,
        body: {
          filter: {
            conjunction: 'or',
            clauses: [
              { property: 'name', operator: 'eq', value: 'a' },
              { property: 'name', operator: 'eq', value: 'b' },
            ],
          },
          aggregation: { func: 'unique', property: 'metadata.user' },
        },
        output: {},
      },
    ],
  ])('argv %j', async (argv, options) => {
    expect(await parse(buildUpdate, 'update', argv, { noun: 'meters' })).toEqual({
      options,
      code: 0,
      stderr: '',
    });
  });

  it.each([
    [
      [ID2],
      'billing: nothing to change: give --name, --filter, --aggregation, --unit, --metadata, --archive or --unarchive\n',
    ],
    [[ID2, '--archive', '--unarchive'], 'billing: --archive and --unarchive: give one of them\n'],
  ])('argv %j -> usage error', async (argv, stderr) => {
    expect(await parse(buildUpdate, 'update', argv, { noun: 'meters' })).toEqual({
      code: 2,
      stderr,
    });
  });

  it('PATCHes only what is given; a terminal gets the card and a ✓ line', async () => {
    const archived = { ...METER, archived_at: '2026-11-23T12:00:00Z' };
    const r = await answered(
      runUpdate,
      { id: ID2, body: { is_archived: true }, output: {} },
      { method: 'PATCH', path: `/v1/meters/${ID2}` },
      200,
      archived,
      { ...TODAY, tty: true },
    );
    expect(r.seen.body).toEqual({ is_archived: true });
    expect(r.code).toBe(0);
    expect(stripVTControlCharacters(r.stdout)).toMatch(/Filter +name = api_request\n/);
    expect(r.stderr).toContain(`Meter ${ID2} archived.`);
  });
});
