// Integers in request bodies (issue 12): huge (beyond 2^53, kept by the JSON parser as raw JSON
// values), negative and fractional values in every integer field of every body the service
// takes never produce a 500, neither at once nor in a later request that reads what was stored.
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { start } from '../../src/server/index.js';
import { type Json, makeApi, type Service, startService } from '../server/helpers.js';

let svc: Service;
let keyId: string;
let key: { key: string; organization_id: string };
beforeAll(async () => {
  svc = await startService();
  key = { key: svc.demo.license_key, organization_id: svc.demo.organization_id };
  keyId = svc.running.store.get<{ id: string }>(
    'SELECT id FROM license_keys WHERE key = ?',
    key.key,
  )!.id;
});
afterAll(() => svc.stop());

/** The service's counters are PostgreSQL integers on the real service (models/license_key.py). */
const INT32_MAX = 2_147_483_647;

const validate = (body: Json) =>
  svc.api('POST', '/v1/customer-portal/license-keys/validate', { body: { ...key, ...body } });
const patchKey = (body: Json) =>
  svc.api('PATCH', `/v1/license-keys/${keyId}`, { token: svc.alice, body });

describe('license-key usage', () => {
  it('refuses an increment_usage of 2^53 - 1, so the key keeps validating', async () => {
    await svc.reset();
    for (let i = 0; i < 2; i++) {
      const r = await validate({ increment_usage: Number.MAX_SAFE_INTEGER });
      expect([r.status, r.body.detail?.[0]]).toEqual([
        422,
        {
          type: 'less_than_equal',
          loc: ['body', 'increment_usage'],
          msg: `Input should be less than or equal to ${INT32_MAX}`,
          input: Number.MAX_SAFE_INTEGER,
          ctx: { le: INT32_MAX },
        },
      ]);
    }
    const after = await validate({});
    expect([after.status, after.body.usage]).toEqual([200, 0]);
  });

  it('bounds usage and limit_usage to the counter range, with a 422 naming the field', async () => {
    await svc.reset();
    for (const field of ['usage', 'limit_usage']) {
      const r = await patchKey({ [field]: INT32_MAX + 1 });
      expect([r.status, r.body.detail?.[0]?.loc, r.body.detail?.[0]?.type]).toEqual([
        422,
        ['body', field],
        'less_than_equal',
      ]);
      expect((await patchKey({ [field]: INT32_MAX })).status).toBe(200);
    }
  });

  it('checks usage + increment before writing: over limit_usage 403, over the range 422', async () => {
    await svc.reset();
    expect((await patchKey({ usage: INT32_MAX - 1, limit_usage: null })).status).toBe(200);
    const over = await validate({ increment_usage: 2 });
    expect([over.status, over.body.detail?.[0]]).toEqual([
      422,
      {
        type: 'less_than_equal',
        loc: ['body', 'increment_usage'],
        msg: 'Input should be less than or equal to 1',
        input: 2,
        ctx: { le: 1 },
      },
    ]);
    const fits = await validate({ increment_usage: 1 });
    expect([fits.status, fits.body.usage]).toEqual([200, INT32_MAX]);
    expect((await patchKey({ limit_usage: INT32_MAX })).status).toBe(200);
    const limited = await validate({ increment_usage: 1 });
    expect([limited.status, limited.body.detail]).toEqual([
      400,
      'License key only has 0 more usages.',
    ]);
    const again = await validate({});
    expect([again.status, again.body.usage]).toEqual([200, INT32_MAX]);
  });
});

describe('the control surface', () => {
  it('keeps the clock within a century however often it is advanced', async () => {
    // Without data: a century of the demo's renewals is work the bound is not about.
    const empty = await start({ port: 0, seed: 'none' });
    try {
      const api = makeApi(empty.url);
      const century = 100 * 365.25 * 86_400;
      const advance = (seconds: number) =>
        api('POST', '/__local/clock', { body: { advance_seconds: seconds } });
      expect((await advance(century)).status).toBe(200);
      const again = await advance(century);
      expect([again.status, again.body.detail?.[0]?.loc]).toEqual([
        422,
        ['body', 'advance_seconds'],
      ]);
      expect((await advance(-century)).status).toBe(200);
      expect((await api('GET', '/__local/clock')).body.offset_seconds).toBe(0);
    } finally {
      await empty.stop();
    }
  });

  it('refuses a token lifetime past a century instead of failing to write its expiry', async () => {
    const r = await svc.api('POST', '/__local/personal-access-tokens', {
      body: { email: 'alice@acme.test', expires_in: 8_638_204_541_147 },
    });
    expect([r.status, r.body.detail?.[0]?.loc]).toEqual([422, ['body', 'expires_in']]);
  });
});

/** Integer-ish JSON literals: huge, beyond 2^53 and 2^64, negative, fractional, exponents. */
const literal = fc.oneof(
  fc.constantFrom(
    '9007199254740991',
    '9007199254740992',
    '9007199254740993',
    '-9007199254740993',
    '18446744073709551616',
    '123456789012345678901234567890',
    '2147483647',
    '2147483648',
    '-2147483649',
    '-1',
    '0',
    '-0',
    '1',
    '0.5',
    '-2.5',
    '1.0',
    '1e3',
    '1e20',
    '1e308',
    '-1e308',
    '1E400',
    '5e-324',
  ),
  fc.bigInt({ min: -(2n ** 80n), max: 2n ** 80n }).map(String),
  fc.integer({ min: 2 ** 31, max: Number.MAX_SAFE_INTEGER }).map(String),
  fc.integer().map(String),
  fc.double({ noNaN: true, noDefaultInfinity: true }).map((d) => JSON.stringify(d)),
);

/** Every request body field that takes an integer, as [method, path, body with `N` for it]. */
function targets(): [string, string, string][] {
  const { demo } = svc;
  const [pro, , team] = demo.open_checkout_ids as [string, string, string];
  const secret = svc.running.store.get<{ client_secret: string }>(
    'SELECT client_secret FROM checkouts WHERE id = ?',
    pro,
  )!.client_secret;
  const k = `"key":${JSON.stringify(key.key)},"organization_id":"${key.organization_id}"`;
  const org = `/v1/organizations/${demo.organization_id}`;
  return [
    ['PATCH', `/v1/license-keys/${keyId}`, '{"usage":N}'],
    ['PATCH', `/v1/license-keys/${keyId}`, '{"limit_usage":N}'],
    ['PATCH', `/v1/license-keys/${keyId}`, '{"limit_activations":N}'],
    ['POST', '/v1/customer-portal/license-keys/validate', `{${k},"increment_usage":N}`],
    ['POST', '/v1/customer-portal/license-keys/validate', `{${k},"conditions":{"n":N}}`],
    ['POST', '/v1/customer-portal/license-keys/activate', `{${k},"label":"x","meta":{"n":N}}`],
    [
      'POST',
      '/v1/customer-portal/license-keys/activate',
      `{${k},"label":"x","conditions":{"n":N}}`,
    ],
    ['PATCH', `/v1/checkouts/custom/${pro}`, '{"amount":N}'],
    ['PATCH', `/v1/checkouts/custom/${pro}`, '{"metadata":{"n":N}}'],
    ['PATCH', `/v1/checkouts/custom/${pro}`, '{"customer_metadata":{"n":N}}'],
    ['PATCH', `/v1/checkouts/custom/${team}`, '{"custom_field_data":{"seats":N}}'],
    ['POST', `/v1/checkouts/custom/client/${secret}/confirm`, '{"amount":N}'],
    ['PATCH', org, '{"pledge_minimum_amount":N}'],
    ['PATCH', org, '{"default_upfront_split_to_contributors":N}'],
    ['PATCH', org, '{"total_monthly_spending_limit":N}'],
    ['PATCH', org, '{"per_user_monthly_spending_limit":N}'],
    ['POST', '/__local/clock', '{"advance_seconds":N}'],
    ['POST', '/__local/personal-access-tokens', '{"email":"alice@acme.test","expires_in":N}'],
    ['PUT', '/__local/faults', '{"seed":N}'],
    ['PUT', '/__local/faults', '{"retry_after":N}'],
    ['PUT', '/__local/faults', '{"rules":[{"max":N}]}'],
    ['PUT', '/__local/faults', '{"rules":[{"retry_after":N}]}'],
    ['PUT', '/__local/faults', '{"rules":[{"latency_ms":N}]}'],
    ['PUT', '/__local/faults', '{"rules":[{"latency_ms":[0,N]}]}'],
  ];
}

/** Reads everything a write may have poisoned. */
async function probe(): Promise<number[]> {
  const token = svc.alice;
  const replies = await Promise.all([
    validate({ increment_usage: 1 }),
    svc.api('GET', '/v1/license-keys', { token, query: { limit: 100 } }),
    svc.api('GET', `/v1/checkouts/custom/${svc.demo.open_checkout_ids[0]}`, { token }),
    svc.api('GET', `/v1/organizations/${svc.demo.organization_id}`, { token }),
    svc.api('GET', '/__local/clock'),
    svc.api('GET', '/v1/orders/', { token, query: { limit: 1 } }),
  ]);
  return replies.map((r) => r.status);
}

describe('every integer field of every request body', () => {
  it('answers huge, negative and fractional values with a 2xx or 4xx, never a 500', async () => {
    await svc.reset();
    const write = fc.tuple(fc.constantFrom(...targets()), literal);
    // Writes pile up on the same data (no reset between runs): a value stored by one request
    // must not break the next one that adds to it or reads it back.
    await fc.assert(
      fc.asyncProperty(fc.array(write, { minLength: 1, maxLength: 4 }), async (writes) => {
        for (const [[method, path, template], n] of writes) {
          const body = template.replace('N', n);
          const r = await svc.api(method, path, { token: svc.alice, rawBody: body });
          const where = `${method} ${path} ${body} → ${r.status} ${r.text.slice(0, 300)}`;
          expect(r.status, where).toBeLessThan(500);
          // A spec with latency would slow every later request: clear it before reading.
          if (path === '/__local/faults') await svc.api('DELETE', '/__local/faults');
          for (const status of await probe()) expect(status, `after ${where}`).toBeLessThan(500);
        }
      }),
      { numRuns: 200 },
    );
  });
});
