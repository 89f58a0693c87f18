// GET /v1/oauth2/authorize, the API form of an authorization request (oauth2/endpoints/oauth2.py
// `authorize` at c6c3645e): its caller is a browser session or nobody — an API token is 403 — and
// the sandbox, which has no browser sessions, answers the anonymous form (sub null, no
// organizations), checked against the 2026-10 document; a bad request is an OAuth error, one the
// client may see sent back to its redirect URI.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { responseErrors } from '../../conformance/openapi.js';
import { type Ctx, cliParams, LOOPBACK, startService } from './helpers.js';

let ctx: Ctx;
beforeAll(async () => {
  ctx = await startService();
});
afterAll(() => ctx.svc.stop());

const url = (params: Record<string, string | undefined>) => {
  const u = new URL('/v1/oauth2/authorize', ctx.base);
  for (const [k, v] of Object.entries(params)) if (v !== undefined) u.searchParams.set(k, v);
  return u;
};

describe('GET /v1/oauth2/authorize', () => {
  it('describes the request to an anonymous caller: the client, the scopes, no subject yet', async () => {
    const { params } = cliParams(ctx);
    const res = await fetch(url(params), { headers: { 'polar-version': '2026-10' } });
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body).toEqual({
      client: {
        created_at: expect.any(String),
        modified_at: null,
        client_id: ctx.demo.client_id,
        client_name: 'Billing CLI',
        client_uri: null,
        logo_uri: null,
        tos_uri: null,
        policy_uri: null,
      },
      sub_type: 'user',
      sub: null,
      scopes: ['openid', 'email', 'orders:read'],
      organizations: [],
      requires_single_organization: false,
    });
    expect(responseErrors('GET', '/v1/oauth2/authorize', 200, body)).toEqual([]);
    const org = await fetch(url({ ...params, sub_type: 'organization' }));
    expect(await org.json()).toMatchObject({
      sub_type: 'organization',
      requires_single_organization: true,
    });
  });

  it('refuses an API token (403), as the real one refuses any but a browser session', async () => {
    const { params } = cliParams(ctx);
    const res = await fetch(url(params), {
      headers: { authorization: `Bearer ${ctx.demo.personal_access_token}` },
    });
    expect([res.status, ((await res.json()) as { error: string }).error]).toEqual([
      403,
      'NotPermitted',
    ]);
  });

  it('answers a bad client with an error, a bad scope at the redirect URI', async () => {
    const unknown = await fetch(url({ ...cliParams(ctx).params, client_id: 'polar_ci_nobody' }));
    expect([unknown.status, ((await unknown.json()) as { error: string }).error]).toEqual([
      400,
      'invalid_client',
    ]);
    const scope = await fetch(url({ ...cliParams(ctx).params, scope: 'openid nonsense:write' }), {
      redirect: 'manual',
    });
    expect(scope.status).toBe(302);
    const to = new URL(scope.headers.get('location')!);
    expect(to.origin + to.pathname).toBe(LOOPBACK);
    expect([to.searchParams.get('error'), to.searchParams.get('state')]).toEqual([
      'invalid_scope',
      'st-123',
    ]);
  });
});
