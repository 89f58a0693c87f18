// Cross-cutting HTTP behaviour of the local service: authentication (401), scopes (403),
// isolation between organizations (404, never 403), routing and body parsing errors.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  INVALID_TOKEN,
  insufficientScope,
  invalid,
  NOT_FOUND,
  rawGet,
  type Service,
  startService,
  UNAUTHORIZED,
  uuidParsing,
} from './helpers.js';

let svc: Service;
const ids = {
  order: '',
  subscription: '',
  licenseKey: '',
  checkout: '',
  organization: '',
  customer: '',
};

beforeAll(async () => {
  svc = await startService();
  const orders = await svc.api('GET', '/v1/orders/', {
    token: svc.alice,
    query: { product_price_type: 'recurring', limit: 1 },
  });
  ids.order = orders.body.items[0].id;
  ids.subscription = orders.body.items[0].subscription_id;
  ids.customer = orders.body.items[0].customer_id;
  const keys = await svc.api('GET', '/v1/license-keys', { token: svc.alice, query: { limit: 1 } });
  ids.licenseKey = keys.body.items[0].id;
  ids.checkout = svc.demo.open_checkout_ids[0]!;
  ids.organization = svc.demo.organization_id;
});
afterAll(() => svc.stop());

// Every authenticated resource endpoint, with a body that would be accepted.
const endpoints = () => [
  { method: 'GET', path: '/v1/orders/', scopes: ['orders:read'] },
  { method: 'GET', path: `/v1/orders/${ids.order}`, scopes: ['orders:read'] },
  {
    method: 'GET',
    path: `/v1/checkouts/custom/${ids.checkout}`,
    scopes: ['checkouts:read', 'checkouts:write'],
  },
  {
    method: 'PATCH',
    path: `/v1/checkouts/custom/${ids.checkout}`,
    scopes: ['checkouts:write'],
    body: {},
  },
  {
    method: 'PATCH',
    path: `/v1/subscriptions/${ids.subscription}`,
    scopes: ['subscriptions:write'],
    body: {},
  },
  {
    method: 'GET',
    path: '/v1/license-keys',
    scopes: ['license_keys:read', 'license_keys:write'],
  },
  {
    method: 'PATCH',
    path: `/v1/license-keys/${ids.licenseKey}`,
    scopes: ['license_keys:write'],
    body: {},
  },
  {
    method: 'GET',
    path: `/v1/organizations/${ids.organization}`,
    scopes: ['organizations:read', 'organizations:write'],
  },
  {
    method: 'PATCH',
    path: `/v1/organizations/${ids.organization}`,
    scopes: ['organizations:write'],
    body: {},
  },
  {
    method: 'GET',
    path: '/v1/customer-portal/subscriptions/',
    scopes: ['customer_portal:read', 'customer_portal:write'],
  },
  {
    method: 'PATCH',
    path: `/v1/customer-portal/subscriptions/${ids.subscription}`,
    scopes: ['customer_portal:write'],
    body: {},
  },
  {
    method: 'GET',
    path: '/v1/customer-portal/license-keys/',
    scopes: ['customer_portal:read', 'customer_portal:write'],
  },
  {
    method: 'GET',
    path: `/v1/customer-portal/license-keys/${ids.licenseKey}`,
    scopes: ['customer_portal:read', 'customer_portal:write'],
  },
];

describe('401 without credentials', () => {
  it('answers every resource endpoint with Unauthorized and WWW-Authenticate', async () => {
    for (const e of endpoints()) {
      const r = await svc.api(e.method, e.path, { body: e.body });
      expect([e.method, e.path, r.status, r.body]).toEqual([e.method, e.path, 401, UNAUTHORIZED]);
      expect(r.headers.get('www-authenticate')).toBe('Bearer realm="billing"');
    }
  });

  it('refuses an unknown, malformed or expired token with invalid_token', async () => {
    const unknown = `polar_pat_${'a'.repeat(43)}`;
    for (const e of endpoints()) {
      const r = await svc.api(e.method, e.path, { body: e.body, token: unknown });
      expect([e.path, r.status, r.body]).toEqual([e.path, 401, INVALID_TOKEN]);
      expect(r.headers.get('www-authenticate')).toBe(
        'Bearer realm="billing", error="invalid_token"',
      );
    }
    const malformed = await svc.api('GET', '/v1/orders/', {
      headers: { authorization: 'Basic YWxpY2U6c2VjcmV0' },
    });
    expect(malformed.status).toBe(401);
    expect(malformed.body.error).toBe('invalid_token');

    const minted = await svc.api('POST', '/__local/personal-access-tokens', {
      body: { email: 'alice@acme.test', expires_in: 60 },
    });
    const ok = await svc.api('GET', '/v1/orders/', { token: minted.body.token });
    expect(ok.status).toBe(200);
    await svc.advanceClock(61);
    try {
      const expired = await svc.api('GET', '/v1/orders/', { token: minted.body.token });
      expect([expired.status, expired.body]).toEqual([401, INVALID_TOKEN]);
    } finally {
      await svc.api('POST', '/__local/clock', { body: { reset: true } });
    }
  });

  it('refuses a bad token even on the endpoints that need none', async () => {
    const body = { key: svc.demo.license_key, organization_id: ids.organization, label: 'x' };
    for (const path of ['activate', 'validate', 'deactivate']) {
      const r = await svc.api('POST', `/v1/customer-portal/license-keys/${path}`, {
        token: 'polar_pat_nope',
        body,
      });
      expect([path, r.status, r.body]).toEqual([path, 401, INVALID_TOKEN]);
    }
    const [checkout] = await Promise.all([
      svc.api('GET', `/v1/checkouts/custom/${ids.checkout}`, { token: svc.alice }),
    ]);
    const confirm = await svc.api(
      'POST',
      `/v1/checkouts/custom/client/${checkout!.body.client_secret}/confirm`,
      { token: 'polar_cst_nope', body: {} },
    );
    expect([confirm.status, confirm.body]).toEqual([401, INVALID_TOKEN]);
  });

  it('refuses a customer session token on seller endpoints with 401 Unauthorized', async () => {
    const session = await svc.customerSession(ids.customer);
    for (const e of endpoints().filter((x) => !x.path.includes('customer-portal'))) {
      const r = await svc.api(e.method, e.path, { body: e.body, token: session });
      expect([e.path, r.status, r.body]).toEqual([e.path, 401, UNAUTHORIZED]);
    }
  });
});

describe('403 insufficient_scope', () => {
  it('refuses a token without any of the endpoint scopes, naming them', async () => {
    const ordersOnly = await svc.pat(['orders:read']);
    for (const e of endpoints().filter((x) => !x.scopes.includes('orders:read'))) {
      const r = await svc.api(e.method, e.path, { body: e.body, token: ordersOnly });
      expect([e.method, e.path, r.status, r.body]).toEqual([
        e.method,
        e.path,
        403,
        insufficientScope(e.scopes),
      ]);
      expect(r.headers.get('www-authenticate')).toBe(
        `Bearer realm="billing", error="insufficient_scope", scope="${e.scopes.join(' ')}"`,
      );
    }
    const r = await svc.api('GET', '/v1/orders/', { token: ordersOnly });
    expect(r.status).toBe(200);
  });

  it('lets a token pass with ANY of the endpoint scopes', async () => {
    const write = await svc.pat(['checkouts:write', 'license_keys:write', 'organizations:write']);
    for (const path of [
      `/v1/checkouts/custom/${ids.checkout}`,
      '/v1/license-keys',
      `/v1/organizations/${ids.organization}`,
    ]) {
      const r = await svc.api('GET', path, { token: write });
      expect([path, r.status]).toEqual([path, 200]);
    }
    const read = await svc.pat(['checkouts:read']);
    const patch = await svc.api('PATCH', `/v1/checkouts/custom/${ids.checkout}`, {
      token: read,
      body: {},
    });
    expect([patch.status, patch.body]).toEqual([403, insufficientScope(['checkouts:write'])]);
  });
});

describe('404 across organizations', () => {
  it("hides Acme's resources from Globex's owner (404, never 403)", async () => {
    const paths = [
      ['GET', `/v1/orders/${ids.order}`],
      ['GET', `/v1/checkouts/custom/${ids.checkout}`],
      ['PATCH', `/v1/checkouts/custom/${ids.checkout}`],
      ['PATCH', `/v1/license-keys/${ids.licenseKey}`],
      ['GET', `/v1/organizations/${ids.organization}`],
      ['PATCH', `/v1/organizations/${ids.organization}`],
      ['PATCH', `/v1/subscriptions/${ids.subscription}`],
      ['PATCH', `/v1/customer-portal/subscriptions/${ids.subscription}`],
      ['GET', `/v1/customer-portal/license-keys/${ids.licenseKey}`],
    ] as const;
    for (const [method, path] of paths) {
      const r = await svc.api(method, path, {
        token: svc.bob,
        body: method === 'GET' ? undefined : {},
      });
      expect([method, path, r.status, r.body]).toEqual([method, path, 404, NOT_FOUND]);
    }
  });

  it("leaves Acme's data out of Globex's lists, even when asked by organization_id", async () => {
    const orders = await svc.api('GET', '/v1/orders/', {
      token: svc.bob,
      query: { organization_id: ids.organization },
    });
    expect(orders.body).toEqual({ items: [], pagination: { total_count: 0, max_page: 0 } });
    const keys = await svc.api('GET', '/v1/license-keys', {
      token: svc.bob,
      query: { organization_id: ids.organization },
    });
    expect(keys.body).toEqual({ items: [], pagination: { total_count: 0, max_page: 0 } });
    const own = await svc.api('GET', '/v1/orders/', { token: svc.bob, query: { limit: 100 } });
    expect(own.body.items.length).toBeGreaterThan(0);
    for (const o of own.body.items)
      expect(o.product.organization_id).toBe(svc.demo.other.organization_id);
  });

  it('answers 404 for a well-formed id that does not exist', async () => {
    const missing = '00000000-0000-4000-8000-000000000000';
    for (const path of [
      `/v1/orders/${missing}`,
      `/v1/checkouts/custom/${missing}`,
      `/v1/organizations/${missing}`,
      `/v1/customer-portal/license-keys/${missing}`,
    ]) {
      const r = await svc.api('GET', path, { token: svc.alice });
      expect([path, r.status, r.body]).toEqual([path, 404, NOT_FOUND]);
    }
    const confirm = await svc.api('POST', '/v1/checkouts/custom/client/polar_c_nope/confirm', {
      body: {},
    });
    expect([confirm.status, confirm.body]).toEqual([404, NOT_FOUND]);
  });
});

describe('routing and request bodies', () => {
  it('redirects the other slash form of a collection with 307, keeping the query', async () => {
    const r = await svc.api('GET', '/v1/orders', { token: svc.alice, query: { limit: 2 } });
    expect(r.status).toBe(307);
    expect(r.headers.get('location')).toBe('/v1/orders/?limit=2');
    for (const [from, to] of [
      ['/v1/customer-portal/subscriptions', '/v1/customer-portal/subscriptions/'],
      ['/v1/customer-portal/license-keys', '/v1/customer-portal/license-keys/'],
      ['/v1/license-keys/', '/v1/license-keys'],
    ]) {
      const x = await svc.api('GET', from!, { token: svc.alice });
      expect([from, x.status, x.headers.get('location')]).toEqual([from, 307, to]);
    }
    const followed = await svc.api('GET', '/v1/orders', {
      token: svc.alice,
      query: { limit: 2 },
      redirect: 'follow',
    });
    expect(followed.status).toBe(200);
    expect(followed.body.items).toHaveLength(2);
  });

  it('answers an unknown route with 404 {"detail":"Not Found"}', async () => {
    for (const path of ['/v1/nope', '/v2/orders/', '/', '/v1/orders/x/y']) {
      const r = await svc.api('GET', path, { token: svc.alice });
      expect([path, r.status, r.body]).toEqual([path, 404, { detail: 'Not Found' }]);
    }
  });

  it('answers invalid JSON with 422 json_invalid at the offset of the error', async () => {
    for (const [text, pos] of [
      ['{"name": ', 9],
      ['{"name":"x",}', 12],
    ] as const) {
      const r = await svc.api('PATCH', `/v1/organizations/${ids.organization}`, {
        token: svc.alice,
        rawBody: text,
      });
      expect([text, r.status, r.body]).toEqual([
        text,
        422,
        invalid({
          type: 'json_invalid',
          loc: ['body', pos],
          msg: 'JSON decode error',
          input: {},
          ctx: { error: 'Invalid JSON' },
        }),
      ]);
    }
  });

  it('answers a non-object body with 422 model_attributes_type', async () => {
    const r = await svc.api('PATCH', `/v1/organizations/${ids.organization}`, {
      token: svc.alice,
      body: [1, 2],
    });
    expect([r.status, r.body]).toEqual([
      422,
      invalid({
        type: 'model_attributes_type',
        loc: ['body'],
        msg: 'Input should be a valid dictionary or object to extract fields from',
        input: [1, 2],
      }),
    ]);
  });

  it('refuses a text body as not an object, like FastAPI (422 model_attributes_type)', async () => {
    const r = await svc.api('PATCH', `/v1/organizations/${ids.organization}`, {
      token: svc.alice,
      rawBody: 'name=Acme',
      headers: { 'content-type': 'text/plain' },
    });
    expect([r.status, r.body]).toEqual([
      422,
      invalid({
        type: 'model_attributes_type',
        loc: ['body'],
        msg: 'Input should be a valid dictionary or object to extract fields from',
        input: 'name=Acme',
      }),
    ]);
  });

  it('refuses a body over 1 MB with a 413 JSON error and keeps serving', async () => {
    const big = JSON.stringify({ name: 'x'.repeat(1024 * 1024 + 10) });
    const r = await svc.api('PATCH', `/v1/organizations/${ids.organization}`, {
      token: svc.alice,
      rawBody: big,
    });
    expect(r.status).toBe(413);
    expect(r.headers.get('content-type')).toContain('application/json');
    expect(r.body).toEqual({
      error: 'RequestEntityTooLarge',
      detail: 'Request body is larger than 1048576 bytes.',
    });
    const after = await svc.api('GET', `/v1/organizations/${ids.organization}`, {
      token: svc.alice,
    });
    expect(after.status).toBe(200);
    expect(after.body.name).toBe('Acme Software');
  });

  it('answers non-UUID and path-traversal ids with 422 uuid_parsing, never 500', async () => {
    // (A bare `..` or `%2E%2E` segment is resolved by the client's URL parser before sending.)
    const bad = ['not-a-uuid', '..%2F..%2Fetc%2Fpasswd', '%2E%2E%2Fetc', "1'%20OR%20'1'='1", '%00'];
    const decoded = ['not-a-uuid', '../../etc/passwd', '../etc', "1' OR '1'='1", '\u0000'];
    const routes = [
      ['GET', '/v1/orders/'],
      ['GET', '/v1/checkouts/custom/'],
      ['PATCH', '/v1/checkouts/custom/'],
      ['PATCH', '/v1/subscriptions/'],
      ['PATCH', '/v1/license-keys/'],
      ['GET', '/v1/organizations/'],
      ['PATCH', '/v1/organizations/'],
      ['PATCH', '/v1/customer-portal/subscriptions/'],
      ['GET', '/v1/customer-portal/license-keys/'],
    ] as const;
    for (const [method, prefix] of routes) {
      for (const [i, id] of bad.entries()) {
        const r = await svc.api(method, prefix + id, {
          token: svc.alice,
          body: method === 'GET' ? undefined : {},
        });
        expect([method, prefix + id, r.status, r.body]).toEqual([
          method,
          prefix + id,
          422,
          uuidParsing(['path', 'id'], decoded[i]),
        ]);
      }
    }
  });

  it('answers raw dot segments in an id with 422, never a different resource', async () => {
    for (const path of ['/v1/orders/..', '/v1/organizations/..', '/v1/checkouts/custom/.']) {
      const r = await rawGet(svc.url, path, svc.alice);
      const id = path.slice(path.lastIndexOf('/') + 1);
      expect([path, r.status, r.body]).toEqual([path, 422, uuidParsing(['path', 'id'], id)]);
    }
    const up = await rawGet(svc.url, '/v1/orders/../organizations', svc.alice);
    expect(up.status).toBe(404);
  });

  it('answers a bad UUID in a filter with 422 naming the value index', async () => {
    const r = await svc.api('GET', '/v1/orders/', {
      token: svc.alice,
      query: { product_id: [ids.order, 'nope'] },
    });
    expect([r.status, r.body]).toEqual([422, uuidParsing(['query', 'product_id', 1], 'nope')]);
  });
});

describe('the Date of every answer', () => {
  it('is the service clock: moved by /__local/clock, on the API and on errors alike', async () => {
    const own = await startService();
    try {
      const before = await own.api('GET', '/v1/orders/', { token: own.alice });
      const wall = Date.parse(before.headers.get('date')!);
      expect(Math.abs(wall - Date.now())).toBeLessThan(5 * 60_000);
      const moved = await own.api('POST', '/__local/clock', {
        body: { advance_seconds: 365 * 86_400 },
      });
      expect(moved.status).toBe(200);
      const clock = Date.parse(moved.body.now);
      for (const r of [
        await own.api('GET', '/v1/orders/', { token: own.alice }),
        await own.api('GET', '/v1/orders/', { token: 'polar_pat_unknown' }),
      ]) {
        // To the second (an HTTP date has no milliseconds), a year ahead of wall time.
        expect(Math.abs(Date.parse(r.headers.get('date')!) - clock)).toBeLessThan(60_000);
      }
    } finally {
      await own.stop();
    }
  });
});
