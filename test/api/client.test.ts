import { describe, expect, it } from 'vitest';
import { object } from '../../src/api/check.js';
import { defaultUserAgent } from '../../src/api/client.js';
import * as orders from '../../src/api/orders.js';
import { exitCodeOf } from '../../src/cli/main.js';
import { BillingError } from '../../src/errors.js';
import { ORDER_ID, order, PAT, page } from './fixtures.js';
import { caught, JSON_HEADERS, setup } from './helpers.js';

type Seen = { path: string; headers: Record<string, string>; body?: string };
function capture(into: Seen[], status: number, body: unknown) {
  return (opts: { path: string; headers?: unknown; body?: unknown }) => {
    into.push({
      path: opts.path,
      headers: opts.headers as Record<string, string>,
      body: typeof opts.body === 'string' ? opts.body : undefined,
    });
    return {
      statusCode: status,
      data: JSON.stringify(body),
      responseOptions: { headers: JSON_HEADERS },
    };
  };
}

describe('ApiClient.request', () => {
  it('encodes arrays as repeated keys, never comma-joined, and skips undefined', async () => {
    const { pool, client, done } = await setup();
    const seen: Seen[] = [];
    pool.intercept({ path: /^\/v1\/orders\//, method: 'GET' }).reply(capture(seen, 200, {}));
    await client.request('GET', '/v1/orders/', {
      query: {
        product_id: ['A', 'B'],
        sorting: ['-created_at', 'amount'],
        active: true,
        limit: 10,
        x: undefined,
      },
    });
    expect(seen[0]?.path).toBe(
      '/v1/orders/?product_id=A&product_id=B&sorting=-created_at&sorting=amount&active=true&limit=10',
    );
    await done();
  });

  it('keeps a path prefix of the base URL and the trailing slash as written', async () => {
    const { pool, client, done } = await setup({}, 'http://127.0.0.1:8787/api/');
    pool.intercept({ path: '/api/v1/orders/?limit=1', method: 'GET' }).reply(200, {});
    await client.request('GET', '/v1/orders/', { query: { limit: 1 } });
    await done();
  });

  it('sends User-Agent, Accept and a bearer token by default', async () => {
    const { pool, client, done } = await setup();
    const seen: Seen[] = [];
    pool.intercept({ path: '/v1/x', method: 'GET' }).reply(capture(seen, 200, { ok: true }));
    expect(await client.request('GET', '/v1/x')).toEqual({ ok: true });
    // What the server received: these, and only what HTTP/1.1 itself adds.
    expect(seen[0]?.headers).toEqual({
      'user-agent': `billing-cli/1.2.3 node/${process.version}`,
      accept: 'application/json',
      authorization: `Bearer ${PAT}`,
      host: '127.0.0.1:8787',
      connection: 'keep-alive',
    });
    await done();
  });

  it('never sends Authorization with auth: false, and sends JSON bodies', async () => {
    const { pool, client, done } = await setup();
    const seen: Seen[] = [];
    pool.intercept({ path: '/v1/x', method: 'POST' }).reply(capture(seen, 200, {}));
    await client.request('POST', '/v1/x', { body: { a: 1 }, auth: false });
    expect(seen[0]?.headers.authorization).toBeUndefined();
    expect(seen[0]?.headers['content-type']).toBe('application/json');
    expect(seen[0]?.body).toBe('{"a":1}');
    await done();
  });

  it('asks a token function on every request and omits the header when it has none', async () => {
    const tokens = ['first', undefined];
    const { pool, client, done } = await setup({ token: async () => tokens.shift() });
    const seen: Seen[] = [];
    pool
      .intercept({ path: '/v1/x', method: 'GET' })
      .reply(capture(seen, 200, {}))
      .times(2);
    await client.request('GET', '/v1/x');
    await client.request('GET', '/v1/x');
    expect(seen.map((s) => s.headers.authorization)).toEqual(['Bearer first', undefined]);
    await done();
  });

  it('returns undefined for a 204 when no resource is expected', async () => {
    const { pool, client, done } = await setup();
    pool.intercept({ path: '/v1/x', method: 'POST' }).reply(204, '');
    expect(await client.request('POST', '/v1/x', { body: {} })).toBeUndefined();
    await done();
  });

  it.each([
    [204, ''],
    [200, ''],
    [200, '  \n'],
  ])(
    'a %i with body %j where a resource is expected is unexpected (exit 1)',
    async (status, body) => {
      const { pool, client, done } = await setup();
      pool.intercept({ path: '/v1/x', method: 'POST' }).reply(status, body);
      const err = await caught(() =>
        client.request('POST', '/v1/x', { body: {}, schema: object({}) }),
      );
      expect(exitCodeOf(err)).toBe(1);
      expect(err.message).toBe(
        `unexpected response from server: /v1/x is empty (${status}) where a resource was expected`,
      );
      await done();
    },
  );

  it('follows a same-origin 307/308 with the same method, body and token, a few times at most', async () => {
    const { pool, client, done, calls } = await setup();
    const seen: Seen[] = [];
    // FastAPI's redirect_slashes on the real service: the path without its slash is a 307.
    pool
      .intercept({ path: '/v1/license-keys?limit=1', method: 'GET' })
      .reply(307, '', { headers: { location: 'http://127.0.0.1:8787/v1/license-keys/?limit=1' } });
    pool
      .intercept({ path: '/v1/license-keys/?limit=1', method: 'GET' })
      .reply(capture(seen, 200, { items: [] }));
    expect(await client.request('GET', '/v1/license-keys', { query: { limit: 1 } })).toEqual({
      items: [],
    });
    expect(seen[0]?.headers.authorization).toBe(`Bearer ${PAT}`);
    pool
      .intercept({ path: '/v1/x', method: 'POST' })
      .reply(308, '', { headers: { location: '/v1/x/' } });
    pool.intercept({ path: '/v1/x/', method: 'POST' }).reply(capture(seen, 201, { ok: 1 }));
    expect(await client.request('POST', '/v1/x', { body: { a: 1 } })).toEqual({ ok: 1 });
    expect(seen[1]?.body).toBe('{"a":1}');
    // A loop ends after five redirects with the answer it got.
    for (let i = 0; i < 6; i++)
      pool
        .intercept({ path: '/v1/loop', method: 'GET' })
        .reply(307, '', { headers: { location: '/v1/loop' } });
    const err = await caught(() => client.request('GET', '/v1/loop'));
    expect(err.message).toBe('the server answered 307 Temporary Redirect');
    expect(calls().filter((c) => c.includes('/v1/loop'))).toHaveLength(6);
    await done();
  });

  it('never follows a redirect to another origin (the token stays), nor a 302/303', async () => {
    const { pool, client, done } = await setup();
    pool
      .intercept({ path: '/v1/away', method: 'GET' })
      .reply(307, '', { headers: { location: 'http://evil.example/v1/away' } });
    expect((await caught(() => client.request('GET', '/v1/away'))).message).toBe(
      'the server answered 307 Temporary Redirect',
    );
    pool
      .intercept({ path: '/v1/moved', method: 'POST' })
      .reply(303, '', { headers: { location: '/v1/moved/' } });
    expect((await caught(() => client.request('POST', '/v1/moved'))).message).toBe(
      'the server answered 303 See Other',
    );
    await done();
  });

  it('builds the default user agent from the version and the node version', () => {
    expect(defaultUserAgent('9.9.9', 'v24.0.0')).toBe('billing-cli/9.9.9 node/v24.0.0');
  });
});

describe('response validation', () => {
  it('returns the parsed item, keeping fields the spec does not list', async () => {
    const { pool, client, done } = await setup();
    pool
      .intercept({ path: `/v1/orders/${ORDER_ID}`, method: 'GET' })
      .reply(200, { ...order(), future_field: 1 }, { headers: JSON_HEADERS });
    const got = await orders.get(client, ORDER_ID);
    expect(got.amount).toBe(1500);
    expect((got as Record<string, unknown>).future_field).toBe(1);
    await done();
  });

  it('accepts null in every listed field but the identity', async () => {
    const { pool, client, done } = await setup();
    const nulls = Object.fromEntries(Object.keys(order()).map((k) => [k, null]));
    const body = { ...nulls, id: ORDER_ID, created_at: '2025-01-01T00:00:00Z' };
    pool.intercept({ path: `/v1/orders/${ORDER_ID}`, method: 'GET' }).reply(200, body);
    expect((await orders.get(client, ORDER_ID)).customer).toBeNull();
    await done();
  });

  it('keeps integers beyond 2^53 exactly (spec §8 allows any integer in metadata)', async () => {
    const { pool, client, done } = await setup();
    const text = JSON.stringify({ ...order(), metadata: { n: 1 } }).replace(
      '"n":1',
      '"n":12345678901234567891,"m":-98765432109876543210,"f":1.5e300',
    );
    pool
      .intercept({ path: `/v1/orders/${ORDER_ID}`, method: 'GET' })
      .reply(200, text, { headers: JSON_HEADERS });
    const got = await orders.get(client, ORDER_ID);
    expect(JSON.stringify(got.metadata)).toBe(
      '{"n":12345678901234567891,"m":-98765432109876543210,"f":1.5e+300}',
    );
    await done();
  });

  it('reads a field of a wider type as sent (tolerant reader)', async () => {
    const { pool, client, done } = await setup();
    pool
      .intercept({ path: `/v1/orders/${ORDER_ID}`, method: 'GET' })
      .reply(200, { ...order(), amount: '1500' });
    expect((await orders.get(client, ORDER_ID)).amount).toBe('1500');
    await done();
  });

  it('fails with exit 1 naming the path and the field when the id is not a string', async () => {
    const { pool, client, done } = await setup();
    pool
      .intercept({ path: `/v1/orders/${ORDER_ID}`, method: 'GET' })
      .reply(200, { ...order(), id: 42 });
    const err = await caught(() => orders.get(client, ORDER_ID));
    expect(err).toBeInstanceOf(BillingError);
    expect(exitCodeOf(err)).toBe(1);
    expect(err.message).toBe(
      `unexpected response from server: /v1/orders/${ORDER_ID} id: Invalid input: expected string, received number`,
    );
    expect(err.details).toEqual([
      { field: 'id', message: 'Invalid input: expected string, received number' },
    ]);
    await done();
  });

  it('reports the item index inside a page', async () => {
    const { pool, client, done } = await setup();
    const { id: _, ...bad } = order();
    pool
      .intercept({ path: '/v1/orders/?page=1&limit=100', method: 'GET' })
      .reply(200, page([order(), bad], 2, 1));
    const err = await caught(async () => {
      for await (const _ of orders.list(client)) {
        // drain
      }
    });
    expect(err.message).toBe(
      'unexpected response from server: /v1/orders/ items.1.id: Invalid input: expected string, received undefined',
    );
    await done();
  });

  it('does not crash on a non-JSON success body', async () => {
    const { pool, client, done } = await setup();
    pool.intercept({ path: '/v1/x', method: 'GET' }).reply(200, '<html>\n<body>proxy</body>');
    const err = await caught(() => client.request('GET', '/v1/x'));
    expect(err.message).toBe('unexpected response from server: /v1/x is not JSON: <html>');
    expect(exitCodeOf(err)).toBe(1);
    await done();
  });
});
