// billing events types: argv -> options or the exact usage error; options + answers -> output.
// Today's API only: every request is checked against the real 2026-10 description. A system
// name has no row and so no id (event_type/service.py list_with_stats at c6c3645e, 2026-10); the
// service accepts `label` as a sort criterion and ignores it, so the CLI does not offer it.
import { stripVTControlCharacters } from 'node:util';
import { describe, expect, it } from 'vitest';
import {
  buildTypes,
  runTypes,
  type TypesOptions,
} from '../../../../src/cli/commands/events/types.js';
import { answered, execute, ID, json, ORG, page, parse } from '../verb.js';
import { CUSTOMER_ID, eventType, SYSTEM_TYPE } from './fixtures.js';

const first = { limit: 30, startPage: 1, pageSize: 30 };
const TODAY = { BILLING_API_VERSION: '2026-10' };
const PARENT = '3e0f6a1b-2c3d-4e5f-8a9b-0c1d2e3f4a5b';

describe('events types: argv -> options', () => {
  it.each([
    [[], { filters: {}, page: first, output: {} }],
    [
      [
        '--query',
        'api',
        '--source',
        'user',
        '--customer',
        'Jane@Example.com',
        '--external-customer',
        'user_4711',
        '--root',
        '--parent',
        PARENT.toUpperCase(),
        '--org',
        ORG,
        '--sort',
        '-occurrences,name',
        '--limit',
        '5',
        '-o',
        'ndjson',
      ],
      {
        filters: {
          query: 'api',
          source: 'user',
          customer: ['jane@example.com'],
          external_customer_id: ['user_4711'],
          root_events: true,
          parent_id: PARENT,
          organization_id: [ORG],
          sorting: ['-occurrences', 'name'],
        },
        page: { limit: 5, startPage: 1, pageSize: 5 },
        output: { output: 'ndjson' },
      },
    ],
    [
      ['--all', '--json'],
      {
        filters: {},
        page: { limit: Number.POSITIVE_INFINITY, pageSize: 100, startPage: 1 },
        output: { json: true },
      },
    ],
  ])('%j', async (argv, options) => {
    const r = await parse(buildTypes, 'types', argv, { noun: 'events' });
    expect(r).toEqual({ options, code: 0, stderr: '' });
  });

  it.each([
    [['--source', 'robot'], 'billing: --source: "robot" is not one of user, system\n'],
    [
      ['--sort', 'label'],
      'billing: --sort: "label" is not a sort criterion here; valid: name, occurrences, first_seen, last_seen (prefix - for descending)\n',
    ],
    [['--parent', 'nope'], 'billing: --parent: "nope" is not a UUID\n'],
    [['--org', 'acme'], 'billing: --org: "acme" is not a UUID\n'],
    [
      ['--customer', 'jane'],
      'billing: --customer: "jane" is neither a customer id (UUID) nor an email\n',
    ],
    [
      ['--external-customer', ' '],
      'billing: --external-customer: an external id is one line of 1 to 256 characters\n',
    ],
  ])('%j -> usage error, nothing runs', async (argv, stderr) => {
    expect(await parse(buildTypes, 'types', argv, { noun: 'events' })).toEqual({ code: 2, stderr });
  });
});

describe('events types: options + answers -> output', () => {
  const options: TypesOptions = { filters: {}, page: first, output: {} };

  it('a pipe gets TSV; a system name has an empty ID', async () => {
    const r = await answered(
      runTypes,
      { ...options, filters: { source: 'user', root_events: true, sorting: ['-occurrences'] } },
      {
        method: 'GET',
        path: '/v1/event-types/?root_events=true&source=user&sorting=-occurrences&page=1&limit=30',
      },
      200,
      page([eventType('api_request'), SYSTEM_TYPE]),
      { env: TODAY },
    );
    expect(r).toMatchObject({
      code: 0,
      stdout:
        'NAME\tLABEL\tSOURCE\tOCCURRENCES\tFIRST SEEN\tLAST SEEN\tID\n' +
        `api_request\tapi_request\tuser\t12\t2026-11-01T08:00:00Z\t2026-11-20T10:00:00Z\t${ID}\n` +
        'meter.credited\tMeter Credited\tsystem\t1\t2026-11-01T00:00:00Z\t2026-11-01T00:00:00Z\t\n',
      stderr: '',
    });
  });

  it('--customer by email is looked up, then counts only its events', async () => {
    const r = await execute(
      runTypes,
      {
        ...options,
        filters: { customer: ['jane@example.com'], query: 'api' },
        output: { json: true },
      },
      {
        env: { ...TODAY, BILLING_ORG: ORG },
        http: (pool) => {
          pool
            .intercept({ path: '/v1/customers/?query=jane%40example.com&page=1&limit=100' })
            .reply(200, page([{ id: CUSTOMER_ID, email: 'jane@example.com' }]), json);
          pool
            .intercept({
              path: `/v1/event-types/?customer_id=${CUSTOMER_ID}&query=api&page=1&limit=30`,
            })
            .reply(200, page([eventType('api_request')]), json);
        },
      },
    );
    expect(r).toEqual({
      code: 0,
      stdout: `${JSON.stringify([eventType('api_request')], null, 2)}\n`,
      stderr: '',
    });
  });

  it('a terminal shows a table, server text made safe', async () => {
    const odd = eventType('evil', { label: 'evil\x1b[31mred' });
    const r = await execute(runTypes, options, {
      env: TODAY,
      tty: true,
      http: (pool) =>
        pool.intercept({ path: '/v1/event-types/?page=1&limit=30' }).reply(200, page([odd]), json),
    });
    expect(r.code).toBe(0);
    expect(r.stdout).not.toContain('\x1b[31m');
    const lines = stripVTControlCharacters(r.stdout).split('\n');
    expect(lines[0]).toMatch(/^NAME +LABEL +SOURCE +OCCURRENCES/);
    expect(lines[1]).toMatch(/^evil +evil.*red +user +12/);
  });

  it("refuses on the seed's generation before any request", async () => {
    const r = await execute(runTypes, options, {});
    expect(r).toEqual({
      code: 2,
      stdout: '',
      stderr:
        "billing: event types need today's API (2026-04 or later): set api_version, or pass --api-version 2026-10\n",
    });
  });
});
