// The API generation at the service's edge (issue 26), as the real service reads it
// (server/polar/kit/versioning.py APIVersionMiddleware and VersionedAPIRoute, server/polar/
// version.py at c6c3645e, today's generation): `Polar-Version` names 2026-04 or 2026-10, a
// malformed or unknown one is a 404 {"detail": "Not Found"} without the header, and every answer
// to a versioned request carries it. Without the header the sandbox answers in the seed's
// generation (the spec, SDK 0.20.2) where the real one defaults to 2026-04.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { responseErrors } from '../conformance/openapi.js';
import { type Service, startService } from './helpers.js';

let svc: Service;
beforeAll(async () => {
  svc = await startService();
});
afterAll(() => svc?.stop());

const v = (version: string) => ({ headers: { 'polar-version': version } });

describe('Polar-Version', () => {
  it('is answered back on every answer to a versioned request, errors and unknown routes included', async () => {
    const org = `/v1/organizations/${svc.demo.organization_id}`;
    for (const version of ['2026-04', '2026-10']) {
      const ok = await svc.api('GET', org, { token: svc.alice, ...v(version) });
      const unauthorized = await svc.api('GET', org, v(version));
      const missing = await svc.api('GET', '/v1/no-such-route', v(version));
      const invalid = await svc.api('GET', '/v1/organizations/not-a-uuid', {
        token: svc.alice,
        ...v(version),
      });
      expect(
        [ok, unauthorized, missing, invalid].map((r) => [r.status, r.headers.get('polar-version')]),
      ).toEqual([
        [200, version],
        [401, version],
        [404, version],
        [422, version],
      ]);
    }
  });

  it('is a 404 {"detail": "Not Found"} without the header when malformed or not served, on any route', async () => {
    const org = `/v1/organizations/${svc.demo.organization_id}`;
    for (const version of ['2025-01', '2026-4', '2026-1O', 'latest', '2026-10 x', '2027-01']) {
      const r = await svc.api('GET', org, { token: svc.alice, ...v(version) });
      expect([r.status, r.body, r.headers.get('polar-version')], version).toEqual([
        404,
        { detail: 'Not Found' },
        null,
      ]);
    }
    // Before the token is looked at: a bad token with a bad version is still the 404.
    const r = await svc.api('GET', org, { token: 'polar_pat_nope', ...v('2099-01') });
    expect([r.status, r.body]).toEqual([404, { detail: 'Not Found' }]);
  });

  it("without it (or empty) answers in the seed's generation, without the header", async () => {
    const org = `/v1/organizations/${svc.demo.organization_id}`;
    for (const opts of [{}, v('')]) {
      const r = await svc.api('GET', org, { token: svc.alice, ...opts });
      expect(r.status).toBe(200);
      expect(r.headers.get('polar-version')).toBeNull();
      // The seed's Organization: no status, no capabilities; the spec's social_username.
      expect(r.body).not.toHaveProperty('status');
      expect(r.body).toHaveProperty('social_username', 'acme');
    }
  });

  it("answers today's form to either of today's versions, the same shapes", async () => {
    const org = `/v1/organizations/${svc.demo.organization_id}`;
    const [april, october] = await Promise.all(
      ['2026-04', '2026-10'].map((version) =>
        svc.api('GET', org, { token: svc.alice, ...v(version) }),
      ),
    );
    expect(responseErrors('GET', org, 200, october!.body)).toEqual([]);
    expect(october!.body).toMatchObject({ status: 'active', capabilities: { refunds: true } });
    expect(april!.body).toEqual(october!.body);
  });

  it('exposes the header to a web page and lets a page send it (CORS)', async () => {
    const org = `/v1/organizations/${svc.demo.organization_id}`;
    const r = await svc.api('GET', org, {
      token: svc.alice,
      headers: { 'polar-version': '2026-10', origin: 'https://shop.example' },
    });
    expect(r.headers.get('access-control-expose-headers')).toBe('Polar-Version');
    const preflight = await svc.api('OPTIONS', org, {
      headers: {
        origin: 'https://shop.example',
        'access-control-request-method': 'GET',
        'access-control-request-headers': 'authorization,polar-version',
      },
    });
    expect(preflight.status).toBe(200);
  });
});
describe('routes of one generation (the real VersionedAPIRoute)', () => {
  it("are the router's 404 in the other", async () => {
    // Customers by external id exist only in today's generation.
    const seed = await svc.api('GET', '/v1/customers/external/nobody', { token: svc.alice });
    expect([seed.status, seed.body]).toEqual([404, { detail: 'Not Found' }]);
    const today = await svc.api('GET', '/v1/customers/external/nobody', {
      token: svc.alice,
      ...v('2026-10'),
    });
    expect([today.status, today.body]).toEqual([
      404,
      { error: 'ResourceNotFound', detail: 'Not found' },
    ]);
  });
});
