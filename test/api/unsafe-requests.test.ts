import { describe, expect, it } from 'vitest';
import { exitCodeOf } from '../../src/cli/main.js';
import { ApiError, NetworkError } from '../../src/errors.js';
import { caught, setup } from './helpers.js';

const MAY = 'the server may have applied this request; check before retrying';

describe('POST is not repeated once it may have reached the server', () => {
  it.each([502, 503, 504, 500])(
    'a %i is thrown at once, saying it may have been applied',
    async (status) => {
      const { pool, client, delays, done } = await setup();
      pool.intercept({ path: '/v1/x', method: 'POST' }).reply(status, '');
      const err = await caught(() => client.request('POST', '/v1/x', { body: {} }));
      expect(err).toBeInstanceOf(ApiError);
      expect(err.message).toMatch(new RegExp(`^the server answered ${status} .*; ${MAY}$`));
      expect(delays).toEqual([]);
      await done();
    },
  );

  it('a reset connection is thrown at once as NetworkError', async () => {
    const { pool, client, delays, done } = await setup();
    pool.intercept({ path: '/v1/x', method: 'POST' }).reset();
    const err = await caught(() => client.request('POST', '/v1/x', { body: {} }));
    expect(err).toBeInstanceOf(NetworkError);
    expect(err.message).toBe(`POST http://127.0.0.1:8787/v1/x failed (connection reset); ${MAY}`);
    expect(delays).toEqual([]);
    await done();
  });

  it('a timeout is thrown at once', async () => {
    const { pool, client, delays, done } = await setup({ requestTimeoutMs: 30 });
    pool.intercept({ path: '/v1/x', method: 'POST' }).reply(200, {}).delay(2000);
    const err = await caught(() => client.request('POST', '/v1/x', { body: {} }));
    expect(err.message).toBe(
      `POST http://127.0.0.1:8787/v1/x failed (timed out after 30ms); ${MAY}`,
    );
    expect(delays).toEqual([]);
    await done();
  });

  it('a 429 is thrown at once, saying it was not applied', async () => {
    const { pool, client, delays, done } = await setup();
    pool.intercept({ path: '/v1/x', method: 'POST' }).reply(429, '');
    const err = await caught(() => client.request('POST', '/v1/x', { body: {} }));
    expect(err.message).toBe('rate limited by the server (429); the request was NOT applied');
    expect(exitCodeOf(err)).toBe(8);
    expect(delays).toEqual([]);
    await done();
  });

  it('a refused connection is retried: nothing was sent', async () => {
    const { pool, client, delays, done } = await setup();
    pool.refuse();
    pool.intercept({ path: '/v1/x', method: 'POST' }).reply(200, { confirmed: true });
    expect(await client.request('POST', '/v1/x', { body: {} })).toEqual({ confirmed: true });
    expect(delays).toEqual([125]);
    await done();
  });

  it('a connection refused to the end says the request was not applied', async () => {
    const { pool, client, done } = await setup({ retry: { maxAttempts: 2 } });
    pool.refuse(2);
    const err = await caught(() => client.request('POST', '/v1/x', { body: {} }));
    expect(err).toBeInstanceOf(NetworkError);
    expect(err.message).toBe(
      'cannot reach http://127.0.0.1:8787 (connection refused) after 2 attempts; the request was NOT applied',
    );
    await done();
  });

  it('idempotent: true opts a POST into retries', async () => {
    const { pool, client, delays, done } = await setup();
    pool.intercept({ path: '/v1/x', method: 'POST' }).reply(503, '');
    pool.intercept({ path: '/v1/x', method: 'POST' }).reply(200, {});
    await client.request('POST', '/v1/x', { body: {}, idempotent: true });
    expect(delays).toEqual([125]);
    await done();
  });
});

describe('refresh on invalid_token', () => {
  const invalid = { error: 'invalid_token', error_description: 'expired' };

  it('calls onUnauthorized once and resends with the fresh token', async () => {
    let token = 'old';
    let calls = 0;
    const seen: string[] = [];
    const { pool, client, delays, done } = await setup({
      token: () => token,
      onUnauthorized: async () => {
        calls++;
        token = 'new';
        return true;
      },
    });
    const record = (status: number, body: unknown) => (opts: { headers?: unknown }) => {
      seen.push((opts.headers as Record<string, string>).authorization ?? '');
      return { statusCode: status, data: JSON.stringify(body) };
    };
    pool.intercept({ path: '/v1/x', method: 'POST' }).reply(record(401, invalid));
    pool.intercept({ path: '/v1/x', method: 'POST' }).reply(record(200, { ok: true }));
    expect(await client.request('POST', '/v1/x', { body: {} })).toEqual({ ok: true });
    expect(seen).toEqual(['Bearer old', 'Bearer new']);
    expect(calls).toBe(1);
    expect(delays).toEqual([]);
    await done();
  });

  it('gives up with exit 4 when the refreshed token is rejected too', async () => {
    let calls = 0;
    const onUnauthorized = async () => {
      calls++;
      return true;
    };
    const { pool, client, done } = await setup({ onUnauthorized });
    pool.intercept({ path: '/v1/x', method: 'GET' }).reply(401, invalid).times(2);
    const err = await caught(() => client.request('GET', '/v1/x'));
    expect(exitCodeOf(err)).toBe(4);
    expect(err.message).toBe('the access token was rejected: expired');
    expect(calls).toBe(1);
    await done();
  });

  it('does not resend when the hook declines, nor for other 401s', async () => {
    let calls = 0;
    const onUnauthorized = async () => {
      calls++;
      return false;
    };
    const { pool, client, done } = await setup({ onUnauthorized });
    pool.intercept({ path: '/v1/x', method: 'GET' }).reply(401, invalid);
    pool
      .intercept({ path: '/v1/y', method: 'GET' })
      .reply(401, { error: 'Unauthorized', detail: 'Unauthorized' });
    await caught(() => client.request('GET', '/v1/x'));
    await caught(() => client.request('GET', '/v1/y'));
    expect(calls).toBe(1);
    await done();
  });
});
