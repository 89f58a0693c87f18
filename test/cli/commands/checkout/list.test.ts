// billing checkout list: argv -> options or the exact usage error; options + answers -> output.
import { describe, expect, it } from 'vitest';
import {
  buildList,
  type ListOptions,
  runList,
} from '../../../../src/cli/commands/checkout/list.js';
import { execute, ID, ID2, json, ORG, page, parse } from '../verb.js';
import { CHECKOUT } from './fixtures.js';

const first = { limit: 30, startPage: 1, pageSize: 30 };

describe('checkout list: argv -> options', () => {
  it.each([
    [[], { filters: {}, page: first, output: {} }],
    [
      ['--product', ID, '--product', ID2, '--org', ORG, '--sort', 'expires_at,-created_at'],
      {
        filters: {
          product_id: [ID, ID2],
          organization_id: [ORG],
          sorting: ['expires_at', '-created_at'],
        },
        page: first,
        output: {},
      },
    ],
    [
      ['--status', 'open', '--status', 'confirmed,open'],
      { filters: { status: ['open', 'confirmed'] }, page: first, output: {} },
    ],
    [
      ['--status', 'open', '--page', '2'],
      {
        filters: { status: ['open'] },
        page: { ...first, startPage: 2 },
        output: {},
        pageGiven: true,
      },
    ],
  ])('%j', async (argv, options) => {
    expect(await parse(buildList, 'list', argv, { noun: 'checkout' })).toEqual({
      options,
      code: 0,
      stderr: '',
    });
  });

  it.each([
    [
      ['--sort', 'amount'],
      'billing: --sort: "amount" is not a sort criterion here; valid: created_at, expires_at, ' +
        'status (prefix - for descending)\n',
    ],
    [['--product', 'pro'], 'billing: --product: "pro" is not a UUID\n'],
    [
      ['--status', 'open,done'],
      'billing: --status: "done" is not a checkout status; valid: open, expired, confirmed, ' +
        'succeeded, failed\n',
    ],
  ])('%j -> usage error', async (argv, stderr) => {
    expect(await parse(buildList, 'list', argv, { noun: 'checkout' })).toEqual({ code: 2, stderr });
  });
});

describe('checkout list: options + answers -> output', () => {
  const options: ListOptions = {
    filters: { product_id: [ID2], sorting: ['expires_at'] },
    page: first,
    output: {},
  };

  it('sends the filters; a pipe gets TSV with the total in minor units', async () => {
    const r = await execute(runList, options, {
      http: (pool) =>
        pool
          .intercept({
            path: `/v1/checkouts/custom/?product_id=${ID2}&sorting=expires_at&page=1&limit=30`,
          })
          .reply(200, page([{ ...CHECKOUT, created_at: '2026-11-23T11:00:00Z' }]), json),
    });
    expect(r).toEqual({
      code: 0,
      stdout:
        'ID\tSTATUS\tPRODUCT\tTOTAL\tCUSTOMER\tCREATED\tEXPIRES\n' +
        `${ID}\topen\tPro\t1200\tjane@example.com\t2026-11-23T11:00:00Z\t2026-11-23T13:00:00Z\n`,
      stderr: '',
    });
  });

  it("--status on the seed's service: every page read, only matching sessions, none sent", async () => {
    const confirmed = { ...CHECKOUT, id: ID2, status: 'confirmed' };
    const r = await execute(
      runList,
      { filters: { status: ['confirmed'] }, page: { ...first, limit: 1 }, output: { json: true } },
      {
        http: (pool) => {
          pool
            .intercept({ path: '/v1/checkouts/custom/?page=1&limit=100' })
            .reply(200, page(Array(100).fill(CHECKOUT), 101, 2), json);
          pool
            .intercept({ path: '/v1/checkouts/custom/?page=2&limit=100' })
            .reply(200, page([confirmed], 101, 2), json);
        },
      },
    );
    expect(r.code, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout).map((x: { id: string }) => x.id)).toEqual([ID2]);
  });

  it("--status with --page on the seed's service: a usage error, nothing sent", async () => {
    const r = await execute(runList, {
      filters: { status: ['open'] },
      page: { ...first, startPage: 2 },
      output: {},
      pageGiven: true,
    });
    expect(r).toEqual({
      code: 2,
      stdout: '',
      stderr:
        'billing: --status cannot be used with --page on this service (before 2026-04 it ' +
        'filters every page); use --limit\n',
    });
  });

  it('403: exit 5', async () => {
    const r = await execute(runList, options, {
      http: (pool) =>
        pool
          .intercept({ path: /^\/v1\/checkouts\/custom\// })
          .reply(403, { error: 'insufficient_scope', detail: 'checkouts:read' }, json),
    });
    expect(r.code).toBe(5);
  });
});
