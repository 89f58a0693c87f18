// OAuth tokens on resource endpoints: scope checks, revocation, organization tokens,
// introspection (spec §5.3, api-facts "Authentication").
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ALICE,
  api,
  type Ctx,
  login,
  postForm,
  readJson,
  startService,
  userId,
} from './helpers.js';

let ctx: Ctx;
beforeAll(async () => {
  ctx = await startService();
});
afterAll(() => ctx.svc.stop());

const revoke = (token: string, hint?: string) =>
  postForm(`${ctx.base}/v1/oauth2/revoke`, {
    token,
    token_type_hint: hint,
    client_id: ctx.demo.client_id,
  });

const introspect = async (token: string) => {
  const res = await postForm(`${ctx.base}/v1/oauth2/introspect`, {
    token,
    client_id: ctx.demo.client_id,
  });
  return { status: res.status, body: await readJson(res) };
};

describe('scopes on resource endpoints', () => {
  it('orders:read reads orders but cannot change the organization', async () => {
    const t = await login(ctx, { scope: 'orders:read' });
    expect((await api(ctx, 'GET', '/v1/orders/', t.access_token)).status).toBe(200);
    const patch = await api(
      ctx,
      'PATCH',
      `/v1/organizations/${ctx.demo.organization_id}`,
      t.access_token,
      {
        name: 'Hijacked',
      },
    );
    expect(patch.status).toBe(403);
    expect(patch.body.error).toBe('insufficient_scope');
    expect(patch.headers.get('www-authenticate')).toContain('organizations:write');
    const read = await api(
      ctx,
      'GET',
      `/v1/organizations/${ctx.demo.organization_id}`,
      t.access_token,
    );
    expect(read.status).toBe(403);
  });

  it('organizations:write can change the organization', async () => {
    const t = await login(ctx, { scope: 'organizations:write' });
    const patch = await api(
      ctx,
      'PATCH',
      `/v1/organizations/${ctx.demo.organization_id}`,
      t.access_token,
      {
        name: 'Acme Renamed',
      },
    );
    expect(patch.status).toBe(200);
    expect(patch.body.name).toBe('Acme Renamed');
  });
});

describe('revocation', () => {
  it('answers 200 {} and kills both tokens of the pair, from either one', async () => {
    const a = await login(ctx);
    const res = await revoke(a.access_token);
    expect(res.status).toBe(200);
    expect(await readJson(res)).toEqual({});
    const orders = await api(ctx, 'GET', '/v1/orders/', a.access_token);
    expect(orders.status).toBe(401);
    expect(orders.body.error).toBe('invalid_token');
    expect((await api(ctx, 'GET', '/v1/oauth2/userinfo', a.access_token)).status).toBe(401);
    const refreshed = await postForm(`${ctx.base}/v1/oauth2/token`, {
      grant_type: 'refresh_token',
      refresh_token: a.refresh_token,
      client_id: ctx.demo.client_id,
    });
    expect((await readJson(refreshed)).error).toBe('invalid_grant');

    const b = await login(ctx);
    expect((await revoke(b.refresh_token, 'refresh_token')).status).toBe(200);
    expect((await api(ctx, 'GET', '/v1/orders/', b.access_token)).status).toBe(401);
  });

  it('answers 200 for unknown tokens, and needs a token and a client', async () => {
    const unknown = await revoke('polar_at_u_doesnotexist');
    expect(unknown.status).toBe(200);
    expect(await readJson(unknown)).toEqual({});
    const noToken = await postForm(`${ctx.base}/v1/oauth2/revoke`, {
      client_id: ctx.demo.client_id,
    });
    expect(noToken.status).toBe(400);
    expect((await readJson(noToken)).error).toBe('invalid_request');
    const noClient = await postForm(`${ctx.base}/v1/oauth2/revoke`, { token: 'x' });
    expect(noClient.status).toBe(401);
    expect((await readJson(noClient)).error).toBe('invalid_client');
  });
});

describe('introspection (RFC 7662)', () => {
  it('describes an active token, and reports revoked or expired ones as inactive', async () => {
    const t = await login(ctx, { scope: 'openid orders:read' });
    const { status, body } = await introspect(t.access_token);
    expect(status).toBe(200);
    expect(body).toMatchObject({
      active: true,
      client_id: ctx.demo.client_id,
      aud: ctx.demo.client_id,
      scope: 'openid orders:read',
      token_type: 'Bearer',
      token_use: 'access_token',
      sub_type: 'user',
      sub: userId(ctx, ALICE),
      iss: ctx.base,
    });
    expect(body.exp - body.iat).toBe(864000);
    const rt = await introspect(t.refresh_token);
    expect(rt.body).toMatchObject({ active: true, token_use: 'refresh_token' });
    expect(rt.body.exp).toBeUndefined();
    await revoke(t.access_token);
    expect((await introspect(t.access_token)).body).toEqual({ active: false });
    expect((await introspect('polar_at_u_nope')).body).toEqual({ active: false });
    const u = await login(ctx);
    ctx.svc.clock.advance(864001);
    expect((await introspect(u.access_token)).body).toEqual({ active: false });
    ctx.svc.clock.reset();
  });
});

describe('organization tokens (sub_type=organization)', () => {
  async function orgLogin(scope = 'openid email orders:read customer_portal:read') {
    return login(
      ctx,
      { sub_type: 'organization', scope },
      { organization: ctx.demo.organization_id },
    );
  }

  it('are polar_at_o_ / polar_rt_o_ tokens that act as the organization', async () => {
    const t = await orgLogin();
    expect(t.access_token).toMatch(/^polar_at_o_/);
    expect(t.refresh_token).toMatch(/^polar_rt_o_/);
    const orders = await api(ctx, 'GET', '/v1/orders/?limit=100', t.access_token);
    expect(orders.status).toBe(200);
    expect(orders.body.items.length).toBeGreaterThan(0);
    for (const o of orders.body.items) {
      expect(o.product.organization_id).toBe(ctx.demo.organization_id);
    }
    const other = await api(
      ctx,
      'GET',
      `/v1/orders/?organization_id=${ctx.demo.other.organization_id}`,
      t.access_token,
    );
    expect(other.body.items).toEqual([]);
  });

  it('get 401 on customer-portal endpoints', async () => {
    const t = await orgLogin();
    const portal = await api(ctx, 'GET', '/v1/customer-portal/license-keys/', t.access_token);
    expect(portal.status).toBe(401);
    const subs = await api(ctx, 'GET', '/v1/customer-portal/subscriptions/', t.access_token);
    expect(subs.status).toBe(401);
  });

  it('describe the organization in userinfo and the id_token', async () => {
    const t = await orgLogin();
    const info = await api(ctx, 'GET', '/v1/oauth2/userinfo', t.access_token);
    expect(info.status).toBe(200);
    const org = await api(
      ctx,
      'GET',
      `/v1/organizations/${ctx.demo.organization_id}`,
      ctx.demo.personal_access_token,
    );
    expect(info.body).toEqual({ sub: ctx.demo.organization_id, name: org.body.slug });
    const claims = JSON.parse(Buffer.from(t.id_token.split('.')[1], 'base64url').toString());
    expect(claims.sub).toBe(ctx.demo.organization_id);
  });

  it('refresh into organization tokens again', async () => {
    const t = await orgLogin();
    const res = await postForm(`${ctx.base}/v1/oauth2/token`, {
      grant_type: 'refresh_token',
      refresh_token: t.refresh_token,
      client_id: ctx.demo.client_id,
    });
    const body = await readJson(res);
    expect(body.access_token).toMatch(/^polar_at_o_/);
    expect(body.refresh_token).toMatch(/^polar_rt_o_/);
  });
});
