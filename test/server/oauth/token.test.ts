// POST /v1/oauth2/token with authorization codes, userinfo and the id_token (spec §5.2).
import { createRemoteJWKSet, decodeProtectedHeader, jwtVerify } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ALICE,
  api,
  authorizeUrl,
  type Ctx,
  cliParams,
  consent,
  LOOPBACK,
  login,
  pkce,
  readJson,
  startService,
  tokenRequest,
  userId,
} from './helpers.js';

let ctx: Ctx;
beforeAll(async () => {
  ctx = await startService();
});
afterAll(() => ctx.svc.stop());

/** Authorize and consent; returns the code and the verifier, not yet exchanged. */
async function codeFor(extra: Record<string, string | undefined> = {}) {
  const { verifier, params } = cliParams(ctx, extra);
  const location = await consent(ctx, authorizeUrl(ctx, params));
  return { code: location.searchParams.get('code')!, verifier, params, location };
}

const exchange = (
  code: string,
  verifier: string | undefined,
  extra: Record<string, string | undefined> = {},
) =>
  tokenRequest(ctx, {
    grant_type: 'authorization_code',
    code,
    redirect_uri: LOOPBACK,
    client_id: ctx.demo.client_id,
    code_verifier: verifier,
    ...extra,
  });

describe('authorization code exchange', () => {
  it('returns exactly the spec §5.2 fields, with no-store headers', async () => {
    const { code, verifier, location } = await codeFor();
    expect(location.origin + location.pathname).toBe(LOOPBACK);
    expect(location.searchParams.get('state')).toBe('st-123');
    const { status, body, res } = await exchange(code, verifier);
    expect(status).toBe(200);
    expect(Object.keys(body).sort()).toEqual(
      ['access_token', 'expires_in', 'id_token', 'refresh_token', 'scope', 'token_type'].sort(),
    );
    expect(body.token_type).toBe('Bearer');
    expect(body.expires_in).toBe(864000);
    expect(body.scope).toBe('openid email orders:read');
    expect(body.access_token).toMatch(/^polar_at_u_[A-Za-z0-9]{43}$/);
    expect(body.refresh_token).toMatch(/^polar_rt_u_[A-Za-z0-9]{43}$/);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.headers.get('pragma')).toBe('no-cache');
  });

  it('signs an id_token that verifies against the JWKS, with every claim of the facts', async () => {
    const body = await login(ctx);
    const jwks = createRemoteJWKSet(new URL(`${ctx.base}/.well-known/jwks.json`));
    const { payload, protectedHeader } = await jwtVerify(body.id_token, jwks, {
      issuer: ctx.base,
      audience: ctx.demo.client_id,
    });
    expect(protectedHeader.alg).toBe('RS256');
    expect(protectedHeader.kid).toBeTruthy();
    expect(payload.sub).toBe(userId(ctx, ALICE));
    expect(payload.email).toBe(ALICE);
    expect(payload.email_verified).toBe(true);
    expect(payload.nonce).toBe('n-456');
    expect(payload.exp).toBe(payload.iat! + 3600);
    expect(typeof payload.auth_time).toBe('number');
    const { createHash } = await import('node:crypto');
    const digest = createHash('sha256').update(body.access_token).digest();
    expect(payload.at_hash).toBe(digest.subarray(0, 16).toString('base64url'));
  });

  it('leaves out the id_token without openid, and the email claims without email', async () => {
    const plain = await login(ctx, { scope: 'orders:read', nonce: undefined });
    expect(plain.id_token).toBeUndefined();
    expect(plain.scope).toBe('orders:read');
    const noEmail = await login(ctx, { scope: 'openid', nonce: undefined });
    const claims = JSON.parse(Buffer.from(noEmail.id_token.split('.')[1], 'base64url').toString());
    expect(claims.email).toBeUndefined();
    expect(claims.nonce).toBeUndefined();
    expect(decodeProtectedHeader(noEmail.id_token).kid).toBeTruthy();
  });

  it('answers userinfo for the token: sub plus the email claims', async () => {
    const body = await login(ctx);
    const info = await api(ctx, 'GET', '/v1/oauth2/userinfo', body.access_token);
    expect(info.status).toBe(200);
    expect(info.body).toEqual({ sub: userId(ctx, ALICE), email: ALICE, email_verified: true });
    const bare = await login(ctx, { scope: 'openid' });
    expect((await api(ctx, 'GET', '/v1/oauth2/userinfo', bare.access_token)).body).toEqual({
      sub: userId(ctx, ALICE),
    });
    const post = await fetch(`${ctx.base}/v1/oauth2/userinfo`, {
      method: 'POST',
      headers: { authorization: `Bearer ${bare.access_token}` },
    });
    expect(post.status).toBe(200);
  });

  it('refuses userinfo to personal access tokens and to no token', async () => {
    const pat = await api(ctx, 'GET', '/v1/oauth2/userinfo', ctx.demo.personal_access_token);
    expect(pat.status).toBe(401);
    expect((await api(ctx, 'GET', '/v1/oauth2/userinfo')).status).toBe(401);
    const bad = await api(ctx, 'GET', '/v1/oauth2/userinfo', 'polar_at_u_nope');
    expect(bad.status).toBe(401);
    expect(bad.body.error).toBe('invalid_token');
  });

  it('fails PKCE with a wrong verifier, and needs a verifier from public clients', async () => {
    const { code } = await codeFor();
    const wrong = await exchange(code, pkce().verifier);
    expect(wrong.status).toBe(400);
    expect(wrong.body.error).toBe('invalid_grant');
    const second = await codeFor();
    const missing = await exchange(second.code, undefined);
    expect(missing.status).toBe(400);
    expect(missing.body.error).toBe('invalid_request');
    const third = await codeFor();
    const short = await exchange(third.code, 'too-short');
    expect(short.status).toBe(400);
    expect(short.body.error).toBe('invalid_request');
  });

  it('accepts the plain PKCE method', async () => {
    const p = pkce('plain');
    const { code } = await codeFor({ code_challenge: p.challenge, code_challenge_method: 'plain' });
    expect((await exchange(code, p.verifier)).status).toBe(200);
  });

  it('refuses a replayed code and revokes the tokens issued from it', async () => {
    const { code, verifier } = await codeFor();
    const first = await exchange(code, verifier);
    expect(first.status).toBe(200);
    expect((await api(ctx, 'GET', '/v1/orders/', first.body.access_token)).status).toBe(200);
    const again = await exchange(code, verifier);
    expect(again.status).toBe(400);
    expect(again.body.error).toBe('invalid_grant');
    expect((await api(ctx, 'GET', '/v1/orders/', first.body.access_token)).status).toBe(401);
    const refreshed = await tokenRequest(ctx, {
      grant_type: 'refresh_token',
      refresh_token: first.body.refresh_token,
      client_id: ctx.demo.client_id,
    });
    expect(refreshed.body.error).toBe('invalid_grant');
  });

  it('lets a code live 300 seconds of the service clock', async () => {
    const fresh = await codeFor();
    ctx.svc.clock.advance(299);
    expect((await exchange(fresh.code, fresh.verifier)).status).toBe(200);
    const stale = await codeFor();
    ctx.svc.clock.advance(301);
    const late = await exchange(stale.code, stale.verifier);
    expect(late.status).toBe(400);
    expect(late.body.error).toBe('invalid_grant');
    ctx.svc.clock.reset();
  });

  it('needs the same redirect_uri as the authorization request', async () => {
    const { code, verifier } = await codeFor();
    const other = await exchange(code, verifier, {
      redirect_uri: 'http://127.0.0.1:54322/callback',
    });
    expect(other.status).toBe(400);
    expect(other.body.error).toBe('invalid_grant');
    const next = await codeFor();
    const missing = await exchange(next.code, next.verifier, { redirect_uri: undefined });
    expect(missing.body.error).toBe('invalid_grant');
  });

  it('refuses unknown codes, other grant types and unknown clients', async () => {
    expect((await exchange('polar_ac_unknown', pkce().verifier)).body.error).toBe('invalid_grant');
    const grant = await tokenRequest(ctx, {
      grant_type: 'password',
      client_id: ctx.demo.client_id,
    });
    expect(grant.status).toBe(400);
    expect(grant.body.error).toBe('unsupported_grant_type');
    const none = await tokenRequest(ctx, { client_id: ctx.demo.client_id });
    expect(none.body.error).toBe('invalid_request');
    const client = await exchange('polar_ac_x', pkce().verifier, { client_id: 'polar_ci_nope' });
    expect(client.status).toBe(401);
    expect(client.body.error).toBe('invalid_client');
    expect(client.res.headers.get('www-authenticate')).toBeNull();
    const secret = await exchange('polar_ac_x', pkce().verifier, { client_secret: 'x' });
    expect(secret.status).toBe(401);
    expect(secret.body.error).toBe('invalid_client');
  });

  it('takes only form bodies', async () => {
    const res = await fetch(`${ctx.base}/v1/oauth2/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ grant_type: 'authorization_code' }),
    });
    expect(res.status).toBe(400);
    expect((await readJson(res)).error).toBe('invalid_request');
    expect(res.headers.get('cache-control')).toBe('no-store');
    const text = await fetch(`${ctx.base}/v1/oauth2/token`, {
      method: 'POST',
      headers: { 'content-type': 'text/plain' },
      body: 'grant_type=authorization_code',
    });
    expect(text.status).toBe(400);
    expect((await readJson(text)).error).toBe('invalid_request');
  });
});
