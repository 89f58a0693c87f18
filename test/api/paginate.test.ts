import { describe, expect, it } from 'vitest';
import * as orders from '../../src/api/orders.js';
import {
  type FetchPage,
  type PageInfo,
  paginate,
  RepeatedPageError,
} from '../../src/api/paginate.js';
import type { Page } from '../../src/api/schemas.js';
import { exitCodeOf } from '../../src/cli/main.js';
import { UsageError } from '../../src/errors.js';
import { order, page } from './fixtures.js';
import { caught, JSON_HEADERS, setup } from './helpers.js';

const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

function deferred() {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}

function within(ms: number, promise: Promise<void>, what: string) {
  const timer = new Promise<never>((_, reject) =>
    setTimeout(() => reject(new Error(`${what} did not happen within ${ms}ms`)), ms),
  );
  return Promise.race([promise, timer]);
}

describe('ApiClient.paginate over HTTP', () => {
  it('reads every page and prefetches the next while the caller is on the current one', async () => {
    const { pool, client, done } = await setup();
    const requested = [deferred(), deferred(), deferred()];
    const served: number[] = [];
    for (const n of [1, 2, 3]) {
      const items = n < 3 ? [order(id(2 * n - 1)), order(id(2 * n))] : [order(id(5))];
      pool
        .intercept({ path: `/v1/orders/?sorting=-amount&page=${n}&limit=2`, method: 'GET' })
        .reply(() => {
          served.push(n);
          requested[n - 1]?.resolve();
          return {
            statusCode: 200,
            data: JSON.stringify(page(items, 5, 3)),
            responseOptions: { headers: JSON_HEADERS },
          };
        });
    }
    const pages: PageInfo[] = [];
    const it = orders.list(
      client,
      { sorting: ['-amount'] },
      { pageSize: 2, onPage: (p) => pages.push(p) },
    );
    const first = await it.next();
    expect(first.value?.id).toBe(id(1));
    // The caller has not asked for item 2 yet: page 2 must already be on its way, page 3 not.
    await within(1000, requested[1]!.promise, 'the page 2 request');
    expect(served).toEqual([1, 2]);
    const rest: string[] = [];
    for await (const o of it) rest.push(o.id);
    expect(rest).toEqual([id(2), id(3), id(4), id(5)]);
    expect(served).toEqual([1, 2, 3]);
    expect(pages).toEqual([
      { page: 1, maxPage: 3, totalCount: 5 },
      { page: 2, maxPage: 3, totalCount: 5 },
      { page: 3, maxPage: 3, totalCount: 5 },
    ]);
    await done();
  });

  it('stops at limit without asking for another page', async () => {
    const { pool, client, done, calls } = await setup();
    pool
      .intercept({ path: '/v1/orders/?page=1&limit=2', method: 'GET' })
      .reply(200, page([order(id(1)), order(id(2))], 10, 5));
    pool
      .intercept({ path: '/v1/orders/?page=2&limit=2', method: 'GET' })
      .reply(200, page([order(id(3)), order(id(4))], 10, 5));
    const got: string[] = [];
    for await (const o of orders.list(client, {}, { pageSize: 2, limit: 3 })) got.push(o.id);
    expect(got).toEqual([id(1), id(2), id(3)]);
    expect(calls()).toEqual(['GET /v1/orders/?page=1&limit=2', 'GET /v1/orders/?page=2&limit=2']);
    await done();
  });

  it('asks for no more items than the limit', async () => {
    const { pool, client, done } = await setup();
    pool
      .intercept({ path: '/v1/orders/?page=1&limit=1', method: 'GET' })
      .reply(200, page([order(id(1))], 10, 10));
    const got: string[] = [];
    for await (const o of orders.list(client, {}, { pageSize: 50, limit: 1 })) got.push(o.id);
    expect(got).toEqual([id(1)]);
    await done();
  });

  it('starts at startPage and stops on an empty page even if max_page says more', async () => {
    const { pool, client, done, calls } = await setup();
    pool
      .intercept({ path: '/v1/orders/?page=3&limit=10', method: 'GET' })
      .reply(200, page([order(id(1))], 99, 10));
    pool
      .intercept({ path: '/v1/orders/?page=4&limit=10', method: 'GET' })
      .reply(200, page([], 99, 10));
    const got: string[] = [];
    for await (const o of orders.list(client, {}, { pageSize: 10, startPage: 3 })) got.push(o.id);
    expect(got).toEqual([id(1)]);
    expect(calls()).toEqual(['GET /v1/orders/?page=3&limit=10', 'GET /v1/orders/?page=4&limit=10']);
    await done();
  });

  it('makes one request for an empty list', async () => {
    const { pool, client, done } = await setup();
    pool
      .intercept({ path: '/v1/orders/?page=1&limit=100', method: 'GET' })
      .reply(200, page([], 0, 0));
    const got: unknown[] = [];
    for await (const o of orders.list(client)) got.push(o);
    expect(got).toEqual([]);
    await done();
  });

  it('surfaces a failed prefetch when the caller reaches it', async () => {
    const { pool, client, done } = await setup();
    pool
      .intercept({ path: '/v1/orders/?page=1&limit=1', method: 'GET' })
      .reply(200, page([order(id(1))], 2, 2));
    pool.intercept({ path: '/v1/orders/?page=2&limit=1', method: 'GET' }).reply(422, {
      error: 'RequestValidationError',
      detail: [{ loc: ['query', 'page'], msg: 'bad' }],
    });
    const got: string[] = [];
    const err = await caught(async () => {
      for await (const o of orders.list(client, {}, { pageSize: 1 })) got.push(o.id);
    });
    expect(got).toEqual([id(1)]);
    expect(err.message).toBe('the server rejected the request (422)');
    await done();
  });
});

describe('paginate()', () => {
  function fakePages(total: number) {
    const log: string[] = [];
    const signals: AbortSignal[] = [];
    let inFlight = 0;
    let maxInFlight = 0;
    const fetchPage: FetchPage<number> = async (n, limit, signal) => {
      signals.push(signal);
      log.push(`fetch ${n}`);
      inFlight++;
      maxInFlight = Math.max(maxInFlight, inFlight);
      await new Promise((r) => setTimeout(r, 5));
      inFlight--;
      const start = (n - 1) * limit;
      const items = Array.from(
        { length: Math.max(0, Math.min(limit, total - start)) },
        (_, i) => start + i,
      );
      return {
        items,
        pagination: { total_count: total, max_page: Math.ceil(total / limit) },
      } satisfies Page<number>;
    };
    return { fetchPage, log, signals, maxInFlight: () => maxInFlight };
  }

  it('lets go of each item once it is yielded: a page holds only what is still to come', async () => {
    const pages: Page<{ n: number }>[] = [];
    const fetchPage: FetchPage<{ n: number }> = async (n) => {
      const got = {
        items: [{ n: 2 * n - 1 }, { n: 2 * n }],
        pagination: { total_count: 4, max_page: 2 },
      };
      pages.push(got);
      return got;
    };
    const seen: string[] = [];
    for await (const item of paginate(fetchPage, { pageSize: 2 })) {
      const page = pages[Math.ceil(item.n / 2) - 1]!;
      seen.push(`${item.n}: ${JSON.stringify(page.items)}`);
    }
    expect(seen).toEqual([
      '1: [null,{"n":2}]',
      '2: [null,null]',
      '3: [null,{"n":4}]',
      '4: [null,null]',
    ]);
  });

  it('keeps at most one request in flight and one page ahead of the caller', async () => {
    const f = fakePages(7);
    const got: number[] = [];
    for await (const n of paginate(f.fetchPage, { pageSize: 3 })) {
      f.log.push(`item ${n}`);
      got.push(n);
      await new Promise((r) => setTimeout(r, 2));
    }
    expect(got).toEqual([0, 1, 2, 3, 4, 5, 6]);
    expect(f.maxInFlight()).toBe(1);
    expect(f.log).toEqual([
      'fetch 1',
      'fetch 2',
      'item 0',
      'item 1',
      'item 2',
      'fetch 3',
      'item 3',
      'item 4',
      'item 5',
      'item 6',
    ]);
  });

  it('aborts the prefetch when the caller stops early', async () => {
    const f = fakePages(10);
    for await (const n of paginate(f.fetchPage, { pageSize: 2 })) {
      if (n === 0) break;
    }
    expect(f.log).toEqual(['fetch 1', 'fetch 2']);
    expect(f.signals.map((s) => s.aborted)).toEqual([true, true]);
  });

  it("stops at the first page's total_count whatever max_page claims (issue 12)", async () => {
    const log: number[] = [];
    const fetchPage: FetchPage<number> = async (n) => {
      log.push(n);
      return { items: [n * 10, n * 10 + 1], pagination: { total_count: 5, max_page: 1e8 } };
    };
    const got: number[] = [];
    for await (const n of paginate(fetchPage, { pageSize: 2 })) got.push(n);
    expect(log).toEqual([1, 2, 3]);
    expect(got).toEqual([10, 11, 20, 21, 30, 31]);
  });

  it('ends with an error, not 10^8 requests, when a page repeats the one before', async () => {
    const log: number[] = [];
    const fetchPage: FetchPage<{ id: string }> = async (n) => {
      log.push(n);
      return { items: [{ id: 'same' }], pagination: { total_count: 1e8, max_page: 1e8 } };
    };
    const got: string[] = [];
    const err = await caught(async () => {
      for await (const item of paginate(fetchPage, { pageSize: 1 })) got.push(item.id);
    });
    expect(err).toBeInstanceOf(RepeatedPageError);
    expect(exitCodeOf(err)).toBe(1);
    expect(err.message).toBe(
      'unexpected response from server: page 2 repeats page 1; stopped reading the list',
    );
    expect(got).toEqual(['same']);
    expect(log.length).toBeLessThanOrEqual(3);
  });

  it('yields nothing and fetches nothing for limit 0', async () => {
    const f = fakePages(10);
    const got: number[] = [];
    for await (const n of paginate(f.fetchPage, { limit: 0 })) got.push(n);
    expect(got).toEqual([]);
    expect(f.log).toEqual([]);
  });

  it.each([
    [{ pageSize: 0 }, 'page size must be an integer from 1 to 100, got 0'],
    [{ pageSize: 101 }, 'page size must be an integer from 1 to 100, got 101'],
    [{ pageSize: 2.5 }, 'page size must be an integer from 1 to 100, got 2.5'],
    [{ limit: -1 }, 'limit must be a whole number of items, got -1'],
    [{ startPage: 0 }, 'page must be a positive integer, got 0'],
  ])('rejects %j', async (opts, message) => {
    const f = fakePages(1);
    const err = await caught(() => paginate(f.fetchPage, opts).next());
    expect(err).toBeInstanceOf(UsageError);
    expect(err.message).toBe(message);
  });
});
