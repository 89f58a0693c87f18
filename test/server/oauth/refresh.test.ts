// The refresh_token grant: rotation, reuse detection, scope narrowing (api-facts).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, type Ctx, login, readJson, startService, tokenRequest } from './helpers.js';

let ctx: Ctx;
beforeAll(async () => {
  ctx = await startService();
});
afterAll(() => ctx.svc.stop());

const refresh = (refreshToken: string, extra: Record<string, string> = {}) =>
  tokenRequest(ctx, {
    grant_type: 'refresh_token',
    refresh_token: refreshToken,
    client_id: ctx.demo.client_id,
    ...extra,
  });

describe('refresh_token grant', () => {
  it('rotates: a new pair, 3600 s, no id_token, and the old access token dies at once', async () => {
    const first = await login(ctx);
    const { status, body, res } = await refresh(first.refresh_token);
    expect(status).toBe(200);
    expect(Object.keys(body).sort()).toEqual(
      ['access_token', 'expires_in', 'refresh_token', 'scope', 'token_type'].sort(),
    );
    expect(body.expires_in).toBe(3600);
    expect(body.scope).toBe(first.scope);
    expect(body.refresh_token).not.toBe(first.refresh_token);
    expect(body.access_token).not.toBe(first.access_token);
    expect(res.headers.get('cache-control')).toBe('no-store');
    const old = await api(ctx, 'GET', '/v1/orders/', first.access_token);
    expect(old.status).toBe(401);
    expect(old.body.error).toBe('invalid_token');
    expect((await api(ctx, 'GET', '/v1/orders/', body.access_token)).status).toBe(200);
  });

  it('refuses a reused refresh token and kills the whole family', async () => {
    const first = await login(ctx);
    const second = await refresh(first.refresh_token);
    expect(second.status).toBe(200);
    const reuse = await refresh(first.refresh_token);
    expect(reuse.status).toBe(400);
    expect(reuse.body.error).toBe('invalid_grant');
    const widened = await refresh(first.refresh_token, { scope: 'openid products:write' });
    expect(widened.body.error).toBe('invalid_grant');
    // The thief's copy and the legitimate one can no longer be told apart: both die.
    expect((await api(ctx, 'GET', '/v1/orders/', second.body.access_token)).status).toBe(401);
    expect((await refresh(second.body.refresh_token)).body.error).toBe('invalid_grant');
  });

  it('expires refreshed access tokens after 3600 s of the service clock', async () => {
    const first = await login(ctx);
    const { body } = await refresh(first.refresh_token);
    ctx.svc.clock.advance(3599);
    expect((await api(ctx, 'GET', '/v1/orders/', body.access_token)).status).toBe(200);
    ctx.svc.clock.advance(2);
    expect((await api(ctx, 'GET', '/v1/orders/', body.access_token)).status).toBe(401);
    // Refresh tokens themselves do not expire.
    expect((await refresh(body.refresh_token)).status).toBe(200);
    ctx.svc.clock.reset();
  });

  it('may narrow the scope, never widen it', async () => {
    const first = await login(ctx, { scope: 'openid email orders:read organizations:read' });
    const narrow = await refresh(first.refresh_token, { scope: 'orders:read' });
    expect(narrow.status).toBe(200);
    expect(narrow.body.scope).toBe('orders:read');
    const me = await api(
      ctx,
      'GET',
      `/v1/organizations/${ctx.demo.organization_id}`,
      narrow.body.access_token,
    );
    expect(me.status).toBe(403);
    expect(me.body.error).toBe('insufficient_scope');
    const wider = await refresh(narrow.body.refresh_token, { scope: 'orders:read email' });
    expect(wider.status).toBe(400);
    expect(wider.body.error).toBe('invalid_scope');
    const unknown = await refresh(narrow.body.refresh_token, { scope: 'root' });
    expect(unknown.body.error).toBe('invalid_scope');
    // A refused widening does not consume the refresh token.
    expect((await refresh(narrow.body.refresh_token)).status).toBe(200);
  });

  it('refuses unknown tokens, missing tokens and other clients', async () => {
    expect((await refresh('polar_rt_u_nope')).body.error).toBe('invalid_grant');
    const missing = await tokenRequest(ctx, {
      grant_type: 'refresh_token',
      client_id: ctx.demo.client_id,
    });
    expect(missing.body.error).toBe('invalid_request');
    const first = await login(ctx);
    const reg = await fetch(`${ctx.base}/v1/oauth2/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        client_name: 'Other',
        redirect_uris: ['http://127.0.0.1/cb'],
        token_endpoint_auth_method: 'none',
      }),
    });
    const other = await readJson(reg);
    const stolen = await refresh(first.refresh_token, { client_id: other.client_id });
    expect(stolen.status).toBe(400);
    expect(stolen.body.error).toBe('invalid_grant');
    expect((await refresh(first.refresh_token)).status).toBe(200);
  });
});
