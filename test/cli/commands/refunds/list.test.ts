// billing refunds list: argv -> options or the exact usage error; options + answers -> output.
// Refunds are today's API only: every request is sent with Polar-Version 2026-10 and checked
// against the real description by `answered`; on the seed's generation nothing is sent.
import { stripVTControlCharacters } from 'node:util';
import { describe, expect, it } from 'vitest';
import { buildList, type ListOptions, runList } from '../../../../src/cli/commands/refunds/list.js';
import { answered, execute, ID, ID2, json, ORG, page, parse } from '../verb.js';
import { REFUND } from './fixtures.js';

const first = { limit: 30, startPage: 1, pageSize: 30 };
const TODAY = { env: { BILLING_API_VERSION: '2026-10' } };

describe('refunds list: argv -> options', () => {
  it.each([
    [[], { filters: {}, page: first, output: {} }],
    [
      ['--order', ID, '--order', ID2, '--subscription', ID, '--org', ORG, '--sort', '-amount'],
      {
        filters: {
          order_id: [ID, ID2],
          subscription_id: [ID],
          organization_id: [ORG],
          sorting: ['-amount'],
        },
        page: first,
        output: {},
      },
    ],
    [
      ['--customer', 'Jane@Example.com', '--customer', ID.toUpperCase(), '--succeeded'],
      { filters: { customer: ['jane@example.com', ID], succeeded: true }, page: first, output: {} },
    ],
    [
      ['--no-succeeded', '--json'],
      { filters: { succeeded: false }, page: first, output: { json: true } },
    ],
  ])('%j', async (argv, options) => {
    expect(await parse(buildList, 'list', argv, { noun: 'refunds' })).toEqual({
      options,
      code: 0,
      stderr: '',
    });
  });

  it.each([
    [
      ['--sort', 'reason'],
      'billing: --sort: "reason" is not a sort criterion here; valid: created_at, amount ' +
        '(prefix - for descending)\n',
    ],
    [['--order', 'o-1'], 'billing: --order: "o-1" is not a UUID\n'],
    [
      ['--customer', 'jane'],
      'billing: --customer: "jane" is neither a customer id (UUID) nor an email\n',
    ],
    [
      ['--fields', 'order.id'],
      'billing: --fields: "order" is not a field here\n' +
        'Fields: id, created_at, modified_at, status, reason, amount, tax_amount, currency, ' +
        'organization_id, order_id, subscription_id, customer_id, revoke_benefits, metadata, ' +
        'dispute (nested ones by dot path, e.g. customer.email)\n',
    ],
  ])('%j -> usage error, nothing runs', async (argv, stderr) => {
    expect(await parse(buildList, 'list', argv, { noun: 'refunds' })).toEqual({
      code: 2,
      stderr,
    });
  });
});

describe('refunds list: options + answers -> output', () => {
  const options: ListOptions = { filters: {}, page: first, output: {} };

  it("a pipe gets TSV, amounts in minor units; today's API is asked for", async () => {
    const r = await answered(
      runList,
      { ...options, filters: { order_id: [ID2], succeeded: true, sorting: ['-amount'] } },
      {
        method: 'GET',
        path: `/v1/refunds/?order_id=${ID2}&succeeded=true&sorting=-amount&page=1&limit=30`,
      },
      200,
      page([REFUND]),
      TODAY,
    );
    expect(r).toMatchObject({
      code: 0,
      stdout:
        'ID\tCREATED\tORDER\tAMOUNT\tTAX\tREASON\tSTATUS\n' +
        `${ID}\t2026-11-20T10:00:00Z\t${ID2}\t1900\t152\tcustomer_request\tsucceeded\n`,
      stderr: '',
    });
  });

  it('a terminal shows the amounts in their currency', async () => {
    const r = await execute(runList, options, {
      ...TODAY,
      tty: true,
      http: (pool) =>
        pool
          .intercept({ path: '/v1/refunds/?page=1&limit=30', method: 'GET' })
          .reply(200, page([REFUND]), json),
    });
    expect(r.code).toBe(0);
    const lines = stripVTControlCharacters(r.stdout).split('\n');
    expect(lines[0]).toMatch(/^ID +/);
    expect(lines[1]).toMatch(/\$19\.00 USD/);
  });

  it('a customer by email is looked up first', async () => {
    const CUSTOMER = '7c1e2d3f-4a5b-4c6d-8e7f-9a0b1c2d3e4f';
    const r = await execute(
      runList,
      { ...options, filters: { customer: ['jane@example.com'] }, output: { json: true } },
      {
        ...TODAY,
        http: (pool) => {
          pool
            .intercept({ path: '/v1/customers/?query=jane%40example.com&page=1&limit=100' })
            .reply(200, page([{ id: CUSTOMER, email: 'Jane@example.com' }]), json);
          pool
            .intercept({ path: `/v1/refunds/?customer_id=${CUSTOMER}&page=1&limit=30` })
            .reply(200, page([REFUND]), json);
        },
      },
    );
    expect(r).toEqual({ code: 0, stdout: `${JSON.stringify([REFUND], null, 2)}\n`, stderr: '' });
  });

  it("on the seed's generation: one line, nothing sent", async () => {
    expect(await execute(runList, options)).toEqual({
      code: 2,
      stdout: '',
      stderr:
        "billing: refunds need today's API (2026-04 or later): set api_version, or pass " +
        '--api-version 2026-10\n',
    });
  });
});
