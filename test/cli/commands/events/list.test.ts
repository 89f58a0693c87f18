// billing events list: argv -> options or the exact usage error; options + answers -> output,
// --follow included (polls until Ctrl+C, exit 130). Today's API only: every request is checked
// against the real 2026-10 description. The text query needs one organization
// (event/endpoints.py list at c6c3645e, 2026-10: "Query is only supported when organization_id
// is provided").
import { stripVTControlCharacters } from 'node:util';
import { describe, expect, it } from 'vitest';
import { buildList, type ListOptions, runList } from '../../../../src/cli/commands/events/list.js';
import { requestErrors } from '../../../conformance/openapi.js';
import { answered, execute, ID, ID2, json, ORG, page, parse } from '../verb.js';
import { CUSTOMER_ID, EVENT, event } from './fixtures.js';

const first = { limit: 30, startPage: 1, pageSize: 30 };
const TODAY = { BILLING_API_VERSION: '2026-10' };
const METER = '3e0f6a1b-2c3d-4e5f-8a9b-0c1d2e3f4a5b';

describe('events list: argv -> options', () => {
  it.each([
    [[], { filters: {}, page: first, output: {} }],
    [
      [
        '--customer',
        'Jane@Example.com',
        '--external-customer',
        'user_4711',
        '--name',
        'api_request',
        '--name',
        'llm',
        '--source',
        'user',
        '--meter',
        METER,
        '--from',
        '2026-11-01',
        '--to',
        '2026-11-02T12:00:00+01:00',
        '--org',
        ORG,
        '--sort',
        'timestamp',
      ],
      {
        filters: {
          customer: ['jane@example.com'],
          external_customer_id: ['user_4711'],
          name: ['api_request', 'llm'],
          source: ['user'],
          meter_id: METER,
          start_timestamp: '2026-11-01T00:00:00.000Z',
          end_timestamp: '2026-11-02T11:00:00.000Z',
          organization_id: [ORG],
          sorting: ['timestamp'],
        },
        page: first,
        output: {},
      },
    ],
    [
      ['--follow', '-o', 'ndjson'],
      {
        filters: {},
        page: { limit: 10, startPage: 1, pageSize: 10 },
        output: { output: 'ndjson' },
        follow: { intervalMs: 2000 },
      },
    ],
    [
      ['--follow', '--interval', '0.5', '--limit', '3', '--query', 'gpt'],
      {
        filters: { query: 'gpt' },
        page: { limit: 3, startPage: 1, pageSize: 3 },
        output: {},
        follow: { intervalMs: 500 },
      },
    ],
  ])('%j', async (argv, options) => {
    expect(await parse(buildList, 'list', argv, { noun: 'events' })).toEqual({
      options,
      code: 0,
      stderr: '',
    });
  });

  it.each([
    [['--source', 'robot'], 'billing: --source: "robot" is not one of user, system\n'],
    [['--sort', 'name'], 'billing: --sort: "name" is not timestamp or -timestamp\n'],
    [['--meter', ' '], 'billing: --meter: " " is neither a meter id (UUID) nor a name\n'],
    [
      ['--from', 'yesterday'],
      'billing: --from: "yesterday" is not an ISO 8601 date-time (e.g. 2027-01-31T00:00:00Z) or date\n',
    ],
    [['--query', 'ab'], 'billing: --query: at least 3 characters\n'],
    [['--interval', '5'], 'billing: --interval: only with --follow\n'],
    [
      ['--follow', '--interval', '0.1'],
      'billing: --interval: must be a number of seconds from 0.2 to 3600, got "0.1"\n',
    ],
    [
      ['--follow', '--json'],
      'billing: --follow: prints a table, TSV or NDJSON (-o ndjson), not a JSON array\n',
    ],
    [['--follow', '--sort', 'timestamp'], 'billing: --follow: cannot be used with --sort\n'],
    [['--follow', '--all'], 'billing: --follow: cannot be used with --all\n'],
    [
      ['--customer', 'jane'],
      'billing: --customer: "jane" is neither a customer id (UUID) nor an email\n',
    ],
  ])('%j -> usage error, nothing runs', async (argv, stderr) => {
    expect(await parse(buildList, 'list', argv, { noun: 'events' })).toEqual({ code: 2, stderr });
  });
});

describe('events list: options + answers -> output', () => {
  const options: ListOptions = { filters: {}, page: first, output: {} };

  it('a pipe gets TSV: the customer by email, else your id of it', async () => {
    const anonymous = event(ID2, '2026-11-20T09:00:00Z', {
      customer: null,
      customer_id: null,
      metadata: {},
    });
    const r = await answered(
      runList,
      {
        ...options,
        filters: {
          name: ['api_request'],
          source: ['user'],
          start_timestamp: '2026-11-01T00:00:00.000Z',
        },
      },
      {
        method: 'GET',
        path: '/v1/events/?name=api_request&source=user&start_timestamp=2026-11-01T00%3A00%3A00.000Z&page=1&limit=30',
      },
      200,
      page([EVENT, anonymous]),
      { env: TODAY },
    );
    expect(r).toMatchObject({
      code: 0,
      stdout:
        'ID\tTIMESTAMP\tNAME\tSOURCE\tCUSTOMER\tMETADATA\n' +
        `${ID}\t2026-11-20T10:00:00Z\tapi_request\tuser\tjane@example.com\t{"tokens":120}\n` +
        `${ID2}\t2026-11-20T09:00:00Z\tapi_request\tuser\tuser_4711\t{}\n`,
      stderr: '',
    });
  });

  it('--customer by email is looked up; --query goes with the default organization', async () => {
    const r = await execute(
      runList,
      {
        ...options,
        filters: { customer: ['jane@example.com'], query: 'gpt' },
        output: { json: true },
      },
      {
        env: { ...TODAY, BILLING_ORG: ORG },
        http: (pool) => {
          pool
            .intercept({
              path: `/v1/customers/?query=jane%40example.com&organization_id=${ORG}&page=1&limit=100`,
            })
            .reply(200, page([{ id: CUSTOMER_ID, email: 'jane@example.com' }]), json);
          pool
            .intercept({
              path: `/v1/events/?customer_id=${CUSTOMER_ID}&query=gpt&organization_id=${ORG}&page=1&limit=30`,
            })
            .reply(200, page([EVENT]), json);
        },
      },
    );
    expect(r).toEqual({ code: 0, stdout: `${JSON.stringify([EVENT], null, 2)}\n`, stderr: '' });
  });

  it('--meter by name is looked up first', async () => {
    const r = await execute(
      runList,
      { ...options, filters: { meter_id: 'API requests' }, output: { output: 'ndjson' } },
      {
        env: TODAY,
        http: (pool) => {
          pool
            .intercept({ path: '/v1/meters/?query=API+requests&page=1&limit=100' })
            .reply(200, page([{ id: METER, name: 'API requests' }]), json);
          pool
            .intercept({ path: `/v1/events/?meter_id=${METER}&page=1&limit=30` })
            .reply(200, page([EVENT]), json);
        },
      },
    );
    expect(r).toEqual({ code: 0, stdout: `${JSON.stringify(EVENT)}\n`, stderr: '' });
  });

  it('a terminal shows a table, server text made safe', async () => {
    const odd = event(ID2, '2026-11-20T09:00:00Z', { name: 'evil\x1b[31mred' });
    const r = await execute(runList, options, {
      env: TODAY,
      tty: true,
      http: (pool) =>
        pool.intercept({ path: '/v1/events/?page=1&limit=30' }).reply(200, page([odd]), json),
    });
    expect(r.code).toBe(0);
    expect(r.stdout).not.toContain('\x1b[31m');
    const lines = stripVTControlCharacters(r.stdout).split('\n');
    expect(lines[0]).toMatch(/^ID +TIMESTAMP +NAME/);
    expect(lines[1]).toContain('jane@example.com');
  });

  it('--follow: the latest oldest first, then each new event once, until Ctrl+C (exit 130)', async () => {
    const abort = new AbortController();
    const e1 = event('11111111-1111-4111-8111-111111111111', '2026-11-20T10:00:00Z');
    const e2 = event('22222222-2222-4222-8222-222222222222', '2026-11-20T10:00:05.250Z');
    const e3 = event('33333333-3333-4333-8333-333333333333', '2026-11-20T10:00:05.250Z');
    const e4 = event('44444444-4444-4444-8444-444444444444', '2026-11-20T10:01:00Z');
    const polls: string[] = [];
    const answers = [[e2], [e2, e3, e4], [e4]];
    const r = await execute(
      runList,
      {
        filters: { name: ['api_request'] },
        page: { limit: 2, startPage: 1, pageSize: 2 },
        output: { output: 'ndjson' },
        follow: { intervalMs: 1 },
      },
      {
        env: TODAY,
        signal: abort.signal,
        http: (pool) => {
          pool
            .intercept({ path: '/v1/events/?name=api_request&sorting=-timestamp&page=1&limit=2' })
            .reply(200, page([e2, e1]), json);
          pool
            .intercept({ path: (p) => p.includes('sorting=timestamp&') })
            .reply((req) => {
              polls.push(req.path);
              expect(requestErrors('GET', req.path, undefined)).toEqual([]);
              const items = answers[polls.length - 1] ?? [];
              if (polls.length === answers.length) abort.abort('SIGINT');
              return { statusCode: 200, data: page(items), responseOptions: json };
            })
            .times(3);
        },
      },
    );
    expect(r.stderr).toBe('billing: interrupted\n');
    expect(r.code).toBe(130);
    const ids = r.stdout
      .trimEnd()
      .split('\n')
      .map((l) => JSON.parse(l).id);
    expect(ids).toEqual([e1.id, e2.id, e3.id, e4.id]);
    // Each poll starts at the newest timestamp shown.
    expect(polls.map((p) => new URL(p, 'http://x').searchParams.get('start_timestamp'))).toEqual([
      e2.timestamp,
      e2.timestamp,
      e4.timestamp,
    ]);
  });

  it("on the seed's generation: one line, nothing sent", async () => {
    expect(
      await execute(runList, { ...options, filters: { customer: ['jane@example.com'] } }),
    ).toEqual({
      code: 2,
      stdout: '',
      stderr:
        "billing: events need today's API (2026-04 or later): set api_version, or pass " +
        '--api-version 2026-10\n',
    });
  });
});
