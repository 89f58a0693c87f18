// POST /v1/oauth2/register (RFC 7591, spec §5.1) and confidential clients at the token endpoint.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  authorizeUrl,
  type Ctx,
  consent,
  type Json,
  pkce,
  postForm,
  readJson,
  startService,
  tokenRequest,
} from './helpers.js';

let ctx: Ctx;
beforeAll(async () => {
  ctx = await startService();
});
afterAll(() => ctx.svc.stop());

async function register(
  body: unknown,
  token?: string,
  version?: string,
): Promise<{ status: number; body: Json }> {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (token) headers.authorization = `Bearer ${token}`;
  if (version) headers['polar-version'] = version;
  const res = await fetch(`${ctx.base}/v1/oauth2/register`, {
    method: 'POST',
    headers,
    body: JSON.stringify(body),
  });
  return { status: res.status, body: await readJson(res) };
}

const valid = {
  client_name: 'Shop Sync',
  redirect_uris: ['https://shop.example/oauth/callback'],
  scope: 'openid email orders:read',
};

describe('registration', () => {
  it('creates a confidential client with a polar_cs_ secret (client_secret_post by default)', async () => {
    const { status, body } = await register({ ...valid, client_uri: 'https://shop.example' });
    expect(status).toBe(201);
    expect(body.client_id).toMatch(/^polar_ci_[A-Za-z0-9]{43}$/);
    expect(body.client_secret).toMatch(/^polar_cs_[A-Za-z0-9]{43}$/);
    expect(body.client_secret_expires_at).toBe(0);
    expect(typeof body.client_id_issued_at).toBe('number');
    expect(body).toMatchObject({
      client_name: 'Shop Sync',
      token_endpoint_auth_method: 'client_secret_post',
      redirect_uris: valid.redirect_uris,
      grant_types: ['authorization_code', 'refresh_token'],
      response_types: ['code'],
      scope: 'openid email orders:read',
      client_uri: 'https://shop.example',
      logo_uri: null,
    });
  });

  it('creates a public client without a secret', async () => {
    const { status, body } = await register({
      ...valid,
      redirect_uris: ['http://localhost/callback'],
      token_endpoint_auth_method: 'none',
    });
    expect(status).toBe(201);
    expect(body.client_secret).toBeUndefined();
    expect(body.token_endpoint_auth_method).toBe('none');
  });

  // Who may register: the real WebUserOrAnonymous, which no API token of a user passes
  // (server/polar/auth/dependencies.py at c6c3645e for today's generation, at c8191f69 for the
  // seed's, where it asked for the web_default scope).
  it("refuses a user's API token, at both generations, and registers nothing", async () => {
    const count = () =>
      ctx.svc.store.get<{ n: number }>('SELECT count(*) AS n FROM oauth2_clients')!.n;
    const before = count();
    const pat = ctx.demo.personal_access_token;
    expect(await register(valid, pat, '2026-10')).toEqual({
      status: 403,
      body: { error: 'NotPermitted', detail: 'Not permitted' },
    });
    const seed = await register(valid, pat);
    expect([seed.status, seed.body.error]).toEqual([403, 'insufficient_scope']);
    expect(count()).toBe(before);
    const bad = await register(valid, 'polar_pat_nope');
    expect(bad.status).toBe(401);
    expect(bad.body.error).toBe('invalid_token');
  });

  it("takes another subject's token as no token today; the seed's generation refuses it", async () => {
    const customer = ctx.svc.store.get<{ id: string }>(
      'SELECT id FROM customers WHERE organization_id = ? LIMIT 1',
      ctx.demo.organization_id,
    )!.id;
    const session = await fetch(`${ctx.base}/v1/customer-sessions/`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${ctx.demo.personal_access_token}`,
        'content-type': 'application/json',
      },
      body: JSON.stringify({ customer_id: customer }),
    });
    expect(session.status).toBe(201);
    const { token } = (await session.json()) as { token: string };
    const today = await register(valid, token, '2026-10');
    expect(today.status).toBe(201);
    expect(
      ctx.svc.store.get<{ user_id: string | null }>(
        'SELECT user_id FROM oauth2_clients WHERE client_id = ?',
        today.body.client_id,
      ),
    ).toEqual({ user_id: null });
    const seed = await register(valid, token);
    expect([seed.status, seed.body.error]).toEqual([401, 'invalid_token']);
  });

  it.each([
    ['plain http on another host', 'http://shop.example/cb'],
    ['http on a loopback-looking host', 'http://127.0.0.1.shop.example/cb'],
    ['a custom scheme', 'shop-sync:/cb'],
    ['javascript:', 'javascript:alert(1)'],
    ['a fragment', 'https://shop.example/cb#frag'],
    ['userinfo', 'https://user:pw@shop.example/cb'],
    ['a relative URI', '/cb'],
  ])('refuses %s as a redirect URI', async (_name, uri) => {
    const { status, body } = await register({ ...valid, redirect_uris: [uri] });
    expect(status).toBe(400);
    expect(body.error).toBe('invalid_redirect_uri');
    expect(body.error_description).toBeTruthy();
  });

  it('refuses missing redirect URIs', async () => {
    const { body } = await register({ ...valid, redirect_uris: [] });
    expect(body.error).toBe('invalid_redirect_uri');
  });

  it.each([
    ['an unknown scope', { scope: 'openid admin' }],
    ['no client_name', { client_name: undefined }],
    ['an unknown auth method', { token_endpoint_auth_method: 'private_key_jwt' }],
    ['an unsupported grant type', { grant_types: ['authorization_code', 'implicit'] }],
    ['an unsupported response type', { response_types: ['token'] }],
    ['a javascript: homepage', { client_uri: 'javascript:alert(1)' }],
    ['a non-string logo', { logo_uri: 5 }],
  ])('refuses %s as invalid_client_metadata', async (_name, patch) => {
    const { status, body } = await register({ ...valid, ...patch });
    expect(status).toBe(400);
    expect(body.error).toBe('invalid_client_metadata');
  });
});

describe('a registered confidential client', () => {
  async function codeFor(client: Json, redirectUri: string) {
    const location = await consent(
      ctx,
      authorizeUrl(ctx, {
        response_type: 'code',
        client_id: client.client_id,
        redirect_uri: redirectUri,
        scope: 'openid orders:read',
        state: 'xyz',
      }),
    );
    expect(location.searchParams.get('state')).toBe('xyz');
    return location.searchParams.get('code')!;
  }

  const basic = (id: string, secret: string) =>
    `Basic ${Buffer.from(`${encodeURIComponent(id)}:${encodeURIComponent(secret)}`).toString('base64')}`;

  it('exchanges its code as spec §5.2 step 3 says when registered with the defaults', async () => {
    const { body: client } = await register(valid);
    const code = await codeFor(client, valid.redirect_uris[0]!);
    const ok = await tokenRequest(ctx, {
      grant_type: 'authorization_code',
      code,
      client_id: client.client_id,
      client_secret: client.client_secret,
      redirect_uri: valid.redirect_uris[0],
    });
    expect([ok.status, ok.body.token_type]).toEqual([200, 'Bearer']);
    expect(ok.body.access_token).toMatch(/^polar_at_u_/);
  });

  it('authenticates with client_secret_basic, without PKCE', async () => {
    const { body: client } = await register({
      ...valid,
      token_endpoint_auth_method: 'client_secret_basic',
    });
    const code = await codeFor(client, valid.redirect_uris[0]!);
    const fields = { grant_type: 'authorization_code', code, redirect_uri: valid.redirect_uris[0] };
    const wrong = await tokenRequest(ctx, fields, {
      authorization: basic(client.client_id, 'polar_cs_wrong'),
    });
    expect(wrong.status).toBe(401);
    expect(wrong.body.error).toBe('invalid_client');
    expect(wrong.res.headers.get('www-authenticate')).toMatch(/^Basic/);
    const ok = await tokenRequest(ctx, fields, {
      authorization: basic(client.client_id, client.client_secret),
    });
    expect(ok.status).toBe(200);
    expect(ok.body.id_token).toBeTruthy();
    // It must use the method it registered.
    const viaPost = await tokenRequest(ctx, {
      grant_type: 'refresh_token',
      refresh_token: ok.body.refresh_token,
      client_id: client.client_id,
      client_secret: client.client_secret,
    });
    expect(viaPost.status).toBe(401);
    expect(viaPost.body.error).toBe('invalid_client');
    const noSecret = await tokenRequest(ctx, {
      grant_type: 'refresh_token',
      refresh_token: ok.body.refresh_token,
      client_id: client.client_id,
    });
    expect(noSecret.status).toBe(401);
  });

  it('authenticates with client_secret_post, and may also use PKCE', async () => {
    const { body: client } = await register({
      ...valid,
      token_endpoint_auth_method: 'client_secret_post',
    });
    const p = pkce();
    const location = await consent(
      ctx,
      authorizeUrl(ctx, {
        response_type: 'code',
        client_id: client.client_id,
        redirect_uri: valid.redirect_uris[0],
        scope: 'orders:read',
        code_challenge: p.challenge,
        code_challenge_method: 'S256',
      }),
    );
    const fields = {
      grant_type: 'authorization_code',
      code: location.searchParams.get('code')!,
      redirect_uri: valid.redirect_uris[0],
      client_id: client.client_id,
      code_verifier: p.verifier,
    };
    const wrong = await tokenRequest(ctx, { ...fields, client_secret: 'nope' });
    expect(wrong.status).toBe(401);
    expect(wrong.res.headers.get('www-authenticate')).toBeNull();
    const ok = await tokenRequest(ctx, { ...fields, client_secret: client.client_secret });
    expect(ok.status).toBe(200);
    expect(ok.body.scope).toBe('orders:read');
    expect(ok.body.id_token).toBeUndefined();
  });

  it('introspects and revokes its own tokens, and sees nothing of other clients', async () => {
    const { body: client } = await register({
      ...valid,
      token_endpoint_auth_method: 'client_secret_post',
    });
    const code = await codeFor(client, valid.redirect_uris[0]!);
    const creds = { client_id: client.client_id, client_secret: client.client_secret };
    const { body: tokens } = await tokenRequest(ctx, {
      grant_type: 'authorization_code',
      code,
      redirect_uri: valid.redirect_uris[0],
      ...creds,
    });
    const active = await postForm(`${ctx.base}/v1/oauth2/introspect`, {
      token: tokens.access_token,
      ...creds,
    });
    expect((await readJson(active)).active).toBe(true);
    const { body: other } = await register({
      ...valid,
      token_endpoint_auth_method: 'client_secret_post',
    });
    const foreign = await postForm(`${ctx.base}/v1/oauth2/introspect`, {
      token: tokens.access_token,
      client_id: other.client_id,
      client_secret: other.client_secret,
    });
    expect(await readJson(foreign)).toEqual({ active: false });
    const noAuth = await postForm(`${ctx.base}/v1/oauth2/introspect`, {
      token: tokens.access_token,
      client_id: client.client_id,
    });
    expect(noAuth.status).toBe(401);
    // Another client's revocation is a no-op, yet still 200.
    const foreignRevoke = await postForm(`${ctx.base}/v1/oauth2/revoke`, {
      token: tokens.access_token,
      client_id: other.client_id,
      client_secret: other.client_secret,
    });
    expect(foreignRevoke.status).toBe(200);
    const orders = await fetch(`${ctx.base}/v1/orders/`, {
      headers: { authorization: `Bearer ${tokens.access_token}` },
    });
    expect(orders.status).toBe(200);
  });

  it('is refused a scope it did not register', async () => {
    const { body: client } = await register({ ...valid, scope: 'orders:read' });
    const res = await fetch(
      authorizeUrl(ctx, {
        response_type: 'code',
        client_id: client.client_id,
        redirect_uri: valid.redirect_uris[0],
        scope: 'orders:read organizations:write',
        state: 's',
      }),
      { redirect: 'manual' },
    );
    expect(res.status).toBe(302);
    const location = new URL(res.headers.get('location')!);
    expect(location.searchParams.get('error')).toBe('invalid_scope');
    expect(location.searchParams.get('state')).toBe('s');
  });
});
