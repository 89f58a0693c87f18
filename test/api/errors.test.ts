import { describe, expect, it } from 'vitest';
import { LOGIN_HINT, requiredScopes, validationDetails } from '../../src/api/http-errors.js';
import * as orders from '../../src/api/orders.js';
import { exitCodeOf } from '../../src/cli/main.js';
import { ApiError } from '../../src/errors.js';
import { ORDER_ID } from './fixtures.js';
import { caught, JSON_HEADERS, setup } from './helpers.js';

interface Case {
  name: string;
  status: number;
  body: string;
  headers?: Record<string, string>;
  method?: 'GET' | 'POST' | 'PATCH';
  auth?: boolean;
  notFound?: string;
  expected: { message: string; exitCode: number; code?: string; hint?: string };
}

const json = (v: unknown) => JSON.stringify(v);

const cases: Case[] = [
  {
    name: 'domain 404 with a label',
    status: 404,
    body: json({ error: 'ResourceNotFound', detail: 'Not found' }),
    notFound: 'order 0b4c8c2e',
    expected: { message: 'order 0b4c8c2e not found', exitCode: 6, code: 'ResourceNotFound' },
  },
  {
    name: 'domain 404 without a label',
    status: 404,
    body: json({ error: 'ResourceNotFound', detail: 'Not found' }),
    expected: { message: 'not found: GET /v1/thing', exitCode: 6, code: 'ResourceNotFound' },
  },
  {
    name: 'unknown route',
    status: 404,
    body: json({ detail: 'Not Found' }),
    notFound: 'order 1',
    expected: {
      message: 'the server has no route GET /v1/thing (404)',
      exitCode: 6,
      hint: 'Check the API base URL: it must point at the Billing Service API.',
    },
  },
  {
    name: 'domain 403',
    status: 403,
    method: 'POST',
    body: json({ error: 'NotPermitted', detail: 'License key activation limit already reached' }),
    expected: {
      message: 'License key activation limit already reached',
      exitCode: 5,
      code: 'NotPermitted',
    },
  },
  {
    name: 'domain 400',
    status: 400,
    method: 'PATCH',
    body: json({ error: 'BadRequest', detail: 'Price does not belong to the product' }),
    expected: { message: 'Price does not belong to the product', exitCode: 2, code: 'BadRequest' },
  },
  {
    name: 'checkout locked 409',
    status: 409,
    method: 'POST',
    body: json({ error: 'CheckoutLocked', detail: 'Checkout is being confirmed' }),
    expected: { message: 'Checkout is being confirmed', exitCode: 7, code: 'CheckoutLocked' },
  },
  {
    name: 'expired checkout 410',
    status: 410,
    method: 'POST',
    body: json({ error: 'ExpiredCheckoutError', detail: 'This checkout session has expired.' }),
    expected: {
      message: 'This checkout session has expired.',
      exitCode: 7,
      code: 'ExpiredCheckoutError',
    },
  },
  {
    name: '401 invalid_token',
    status: 401,
    body: json({ error: 'invalid_token', error_description: 'The access token is revoked.' }),
    headers: { 'www-authenticate': 'Bearer error="invalid_token"' },
    expected: {
      message: 'the access token was rejected: The access token is revoked.',
      exitCode: 4,
      code: 'invalid_token',
      hint: LOGIN_HINT,
    },
  },
  {
    name: '401 without a token',
    status: 401,
    auth: false,
    body: json({ error: 'Unauthorized', detail: 'Unauthorized' }),
    expected: {
      message: 'authentication required: no token was sent',
      exitCode: 4,
      code: 'Unauthorized',
      hint: LOGIN_HINT,
    },
  },
  {
    name: '401 for a token of the wrong kind',
    status: 401,
    body: json({ error: 'Unauthorized', detail: 'Unauthorized' }),
    expected: {
      message: 'this endpoint does not accept this kind of token (401)',
      exitCode: 4,
      code: 'Unauthorized',
      hint: 'Customer-portal endpoints refuse organization tokens; use a user or customer session token.',
    },
  },
  {
    name: '403 insufficient_scope names the scopes',
    status: 403,
    body: json({ error: 'insufficient_scope', error_description: 'The token lacks scope.' }),
    headers: {
      'www-authenticate':
        'Bearer realm="billing", error="insufficient_scope", scope="checkouts:read checkouts:write"',
    },
    expected: {
      message:
        'the token lacks the scope for GET /v1/thing; it needs one of: checkouts:read, checkouts:write',
      exitCode: 5,
      code: 'insufficient_scope',
      hint: 'Log in again granting that scope, or use a token that has it.',
    },
  },
  {
    name: '429 with an empty body',
    status: 429,
    method: 'POST',
    body: '',
    headers: { 'retry-after': '7' },
    expected: {
      message: 'rate limited by the server (429); the request was NOT applied',
      exitCode: 8,
      hint: 'Try again in 7s.',
    },
  },
  {
    name: 'non-JSON body shows the status and first line',
    status: 500,
    body: '<html><title>Oops</title>\n<body>trace</body></html>',
    expected: {
      message: 'the server answered 500 Internal Server Error: <html><title>Oops</title>',
      exitCode: 1,
    },
  },
  {
    name: 'empty 500',
    status: 500,
    body: '',
    expected: { message: 'the server answered 500 Internal Server Error', exitCode: 1 },
  },
  {
    name: 'JSON of an unknown shape',
    status: 500,
    body: json({ oops: true }),
    expected: {
      message: 'the server answered 500 Internal Server Error: {"oops":true}',
      exitCode: 1,
    },
  },
];

describe('error bodies become typed ApiErrors', () => {
  it.each(cases)('$name', async (c) => {
    const { pool, client, done } = await setup();
    const method = c.method ?? 'GET';
    pool
      .intercept({ path: '/v1/thing', method })
      .reply(c.status, c.body, { headers: { ...JSON_HEADERS, ...c.headers } });
    const err = await caught(() =>
      client.request(method, '/v1/thing', {
        auth: c.auth,
        notFound: c.notFound,
        body: method === 'GET' ? undefined : {},
      }),
    );
    expect(err).toBeInstanceOf(ApiError);
    expect(err.status).toBe(c.status);
    expect({
      message: err.message,
      exitCode: exitCodeOf(err),
      code: err.code,
      hint: err.hint,
    }).toEqual({ code: undefined, hint: undefined, ...c.expected });
    await done();
  });

  it('422 gives one detail per field, without the body/query/path prefix', async () => {
    const { pool, client, done } = await setup();
    const body = {
      error: 'RequestValidationError',
      detail: [
        {
          type: 'string_too_long',
          loc: ['body', 'metadata', 'key'],
          msg: 'String should have at most 40 characters',
          input: 'k'.repeat(41),
          ctx: { max_length: 40 },
        },
        {
          type: 'greater_than',
          loc: ['query', 'limit'],
          msg: 'Input should be greater than 0',
          input: '0',
        },
        {
          type: 'enum',
          loc: ['query', 'sorting', 0],
          msg: "Input should be 'created_at'",
          input: 'x',
        },
        {
          type: 'uuid_parsing',
          loc: ['path', 'id'],
          msg: 'Input should be a valid UUID',
          input: 'x',
        },
      ],
    };
    pool.intercept({ path: '/v1/thing', method: 'PATCH' }).reply(422, body);
    const err = await caught(() => client.request('PATCH', '/v1/thing', { body: {} }));
    expect(err).toBeInstanceOf(ApiError);
    expect(err.message).toBe('the server rejected the request (422)');
    expect(exitCodeOf(err)).toBe(2);
    expect(err.code).toBe('RequestValidationError');
    expect(err.details).toEqual([
      { field: 'metadata.key', message: 'String should have at most 40 characters' },
      { field: 'limit', message: 'Input should be greater than 0' },
      { field: 'sorting.0', message: "Input should be 'created_at'" },
      { field: 'id', message: 'Input should be a valid UUID' },
    ]);
    expect(err.body).toEqual(body);
    await done();
  });

  it('resource modules label their 404s', async () => {
    const { pool, client, done } = await setup();
    pool
      .intercept({ path: `/v1/orders/${ORDER_ID}`, method: 'GET' })
      .reply(404, { error: 'ResourceNotFound', detail: 'Not found' });
    const err = await caught(() => orders.get(client, ORDER_ID));
    expect(err.message).toBe(`order ${ORDER_ID} not found`);
    expect(exitCodeOf(err)).toBe(6);
    await done();
  });

  it('does not echo secrets from a non-JSON error body', async () => {
    const { pool, client, done } = await setup();
    pool.intercept({ path: '/v1/thing', method: 'GET' }).reply(500, 'failed token=abc123');
    const err = await caught(() => client.request('GET', '/v1/thing'));
    expect(err.message).toBe(
      'the server answered 500 Internal Server Error: failed token=[REDACTED]',
    );
    await done();
  });
});

describe('error helpers', () => {
  it('validationDetails keeps a lone root and tolerates junk items', () => {
    expect(
      validationDetails([{ loc: ['body'], msg: 'Field required' }, null, { loc: 'x' }]),
    ).toEqual([
      { field: 'body', message: 'Field required' },
      { field: '(request)', message: 'invalid value' },
      { field: '(request)', message: 'invalid value' },
    ]);
  });

  it('requiredScopes reads the scope parameter', () => {
    expect(requiredScopes('Bearer error="insufficient_scope", scope="orders:read"')).toEqual([
      'orders:read',
    ]);
    expect(requiredScopes('Bearer realm="x"')).toEqual([]);
    expect(requiredScopes(undefined)).toEqual([]);
  });
});
