import { describe, expect, it } from 'vitest';
import {
  backoffDelay,
  classifyConnectionError,
  DEFAULT_RETRY,
  parseRetryAfter,
} from '../../src/api/retry.js';
import { exitCodeOf } from '../../src/cli/main.js';
import { ApiError, NetworkError } from '../../src/errors.js';
import { caught, setup } from './helpers.js';

describe('retries of safe requests', () => {
  it('honours Retry-After seconds on 429', async () => {
    const { pool, client, delays, done } = await setup();
    pool
      .intercept({ path: '/v1/x', method: 'GET' })
      .reply(429, '', { headers: { 'retry-after': '2' } });
    pool.intercept({ path: '/v1/x', method: 'GET' }).reply(200, { ok: 1 });
    expect(await client.request('GET', '/v1/x')).toEqual({ ok: 1 });
    expect(delays).toEqual([2000]);
    await done();
  });

  it('caps a long Retry-After at maxRetryAfterMs', async () => {
    const { pool, client, delays, done } = await setup({ retry: { maxRetryAfterMs: 5000 } });
    pool
      .intercept({ path: '/v1/x', method: 'GET' })
      .reply(429, '', { headers: { 'retry-after': '3600' } });
    pool.intercept({ path: '/v1/x', method: 'GET' }).reply(200, {});
    await client.request('GET', '/v1/x');
    expect(delays).toEqual([5000]);
    await done();
  });

  it('honours an HTTP-date Retry-After against the injected clock', async () => {
    const now = () => Date.parse('2025-01-01T00:00:00Z');
    const { pool, client, delays, done } = await setup({ now });
    const headers = { 'retry-after': 'Wed, 01 Jan 2025 00:00:05 GMT' };
    pool.intercept({ path: '/v1/x', method: 'GET' }).reply(429, '', { headers });
    pool.intercept({ path: '/v1/x', method: 'GET' }).reply(200, {});
    await client.request('GET', '/v1/x');
    expect(delays).toEqual([5000]);
    await done();
  });

  it.each(['GET', 'PATCH'] as const)(
    '%s retries 502, 503 and 504 with jittered backoff',
    async (method) => {
      const { pool, client, delays, done } = await setup();
      for (const status of [502, 503, 504])
        pool.intercept({ path: '/v1/x', method }).reply(status, '');
      pool.intercept({ path: '/v1/x', method }).reply(200, { done: true });
      expect(
        await client.request(method, '/v1/x', { body: method === 'GET' ? undefined : {} }),
      ).toEqual({
        done: true,
      });
      // random() = 0.5 of 250, 500, 1000.
      expect(delays).toEqual([125, 250, 500]);
      await done();
    },
  );

  it.each(['GET', 'PATCH'] as const)(
    '%s retries after the server resets the connection',
    async (method) => {
      const { pool, client, delays, done } = await setup();
      pool.intercept({ path: '/v1/x', method }).reset();
      pool.intercept({ path: '/v1/x', method }).reply(200, { ok: true });
      expect(await client.request(method, '/v1/x')).toEqual({ ok: true });
      expect(delays).toEqual([125]);
      await done();
    },
  );

  it('PATCH retries after an answer that does not come in time', async () => {
    const { pool, client, delays, done } = await setup({ requestTimeoutMs: 50 });
    pool.intercept({ path: '/v1/x', method: 'PATCH' }).reply(200, {}).delay(5000);
    pool.intercept({ path: '/v1/x', method: 'PATCH' }).reply(200, { ok: true });
    expect(await client.request('PATCH', '/v1/x')).toEqual({ ok: true });
    expect(delays).toEqual([125]);
    await done();
  });

  it('gives up on 5xx after the budget with exit 1', async () => {
    const { pool, client, delays, done } = await setup();
    pool.intercept({ path: '/v1/x', method: 'GET' }).reply(503, '').times(4);
    const err = await caught(() => client.request('GET', '/v1/x'));
    expect(err).toBeInstanceOf(ApiError);
    expect(err.status).toBe(503);
    expect(exitCodeOf(err)).toBe(1);
    expect(err.message).toBe(
      'the server answered 503 Service Unavailable; gave up after 4 attempts',
    );
    expect(delays).toEqual([125, 250, 500]);
    await done();
  });

  it('gives up on 429 with exit 8, naming the attempts', async () => {
    const { pool, client, delays, done } = await setup({ retry: { maxAttempts: 3 } });
    pool
      .intercept({ path: '/v1/x', method: 'GET' })
      .reply(429, '', { headers: { 'retry-after': '1' } })
      .times(3);
    const err = await caught(() => client.request('GET', '/v1/x'));
    expect(err).toBeInstanceOf(ApiError);
    expect(exitCodeOf(err)).toBe(8);
    expect(err.message).toBe('rate limited by the server (429); gave up after 3 attempts');
    expect(err.hint).toBe('Try again in 1s.');
    expect(delays).toEqual([1000, 1000]);
    await done();
  });

  it('gives up on a refused connection with NetworkError exit 3 and a serve hint', async () => {
    const { pool, client, delays, done } = await setup();
    pool.refuse(4);
    const err = await caught(() => client.request('GET', '/v1/x'));
    expect(err).toBeInstanceOf(NetworkError);
    expect(exitCodeOf(err)).toBe(3);
    expect(err.message).toBe(
      'cannot reach http://127.0.0.1:8787 (connection refused) after 4 attempts',
    );
    expect(err.hint).toBe(
      'Start the local service with `billing serve`, or check the API base URL.',
    );
    expect(delays).toEqual([125, 250, 500]);
    await done();
  });

  it('does not suggest billing serve for a remote host, nor retry an unknown host', async () => {
    // Nothing scripted for the host: its name does not resolve.
    const { client, delays, done } = await setup({}, 'https://api.billing.test');
    const err = await caught(() => client.request('GET', '/v1/x'));
    expect(err.message).toBe('cannot reach https://api.billing.test (host not found)');
    expect(err.hint).toBe('Check your network connection, proxy settings and the API base URL.');
    expect(delays).toEqual([]);
    await done();
  });

  it('does not retry a 500', async () => {
    const { pool, client, delays, done } = await setup();
    pool.intercept({ path: '/v1/x', method: 'GET' }).reply(500, '');
    const err = await caught(() => client.request('GET', '/v1/x'));
    expect(err.message).toBe('the server answered 500 Internal Server Error');
    expect(delays).toEqual([]);
    await done();
  });

  it('times out a slow answer with NetworkError after the budget', async () => {
    const { pool, client, delays, done } = await setup({
      requestTimeoutMs: 40,
      retry: { maxAttempts: 2 },
    });
    pool.intercept({ path: '/v1/x', method: 'GET' }).reply(200, {}).delay(2000).times(2);
    const err = await caught(() => client.request('GET', '/v1/x'));
    expect(err).toBeInstanceOf(NetworkError);
    expect(err.message).toBe(
      'no answer from http://127.0.0.1:8787 (timed out after 40ms) after 2 attempts',
    );
    // One true story: the server was reached, so no "cannot reach" and no "start it".
    expect(err.hint).toBe(
      'The server is up but slow to answer; try again, or allow more time with --request-timeout.',
    );
    expect(delays).toEqual([125]);
    await done();
  });

  it('stops waiting when the caller aborts', async () => {
    const abort = new AbortController();
    const { pool, client, done } = await setup({ signal: abort.signal });
    pool.intercept({ path: '/v1/x', method: 'GET' }).reply(200, {}).delay(2000);
    setTimeout(() => abort.abort(new Error('interrupted')), 20);
    const err = await caught(() => client.request('GET', '/v1/x'));
    expect(err.message).toBe('interrupted');
    await done();
  });
});

describe('backoff arithmetic', () => {
  it('grows exponentially and stays under maxDelayMs with full jitter', () => {
    const almostOne = 0.999_999;
    const ceilings = [1, 2, 3, 4, 5, 6, 7, 10].map((n) =>
      backoffDelay(n, DEFAULT_RETRY, almostOne),
    );
    expect(ceilings).toEqual([249, 499, 999, 1999, 3999, 7999, 7999, 7999]);
    expect(backoffDelay(3, DEFAULT_RETRY, 0)).toBe(0);
  });

  it('parses Retry-After seconds and dates, and ignores junk', () => {
    const now = Date.parse('2025-01-01T00:00:00Z');
    expect(parseRetryAfter('0', now)).toBe(0);
    expect(parseRetryAfter(' 12 ', now)).toBe(12_000);
    expect(parseRetryAfter('Wed, 01 Jan 2025 00:01:00 GMT', now)).toBe(60_000);
    expect(parseRetryAfter('Tue, 31 Dec 2024 23:00:00 GMT', now)).toBe(0);
    expect(parseRetryAfter('soon', now)).toBeUndefined();
    expect(parseRetryAfter(undefined, now)).toBeUndefined();
  });
});

describe('what a connection failure says about the request', () => {
  it.each([
    ['ECONNREFUSED', { cause: 'connection refused', retryable: true, notSent: true }],
    // The transport (transport.ts) times connects and answers out with its own errors.
    ['BILLING_CONNECT_TIMEOUT', { cause: 'connect timed out', retryable: true, notSent: true }],
    ['ECONNRESET', { cause: 'connection reset', retryable: true, notSent: false }],
    ['BILLING_REQUEST_TIMEOUT', { cause: 'timed out after 2s', retryable: true, notSent: false }],
    ['ECONNABORTED', { cause: 'connection closed unexpectedly', retryable: true, notSent: false }],
  ])('%s', (code, expected) => {
    expect(classifyConnectionError(Object.assign(new Error(code), { code }), 2000)).toEqual(
      expected,
    );
  });
});
