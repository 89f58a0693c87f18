// {auth_url}/oauth2/authorize: validation, the consent page, redirect URI rules (RFC 8252 §7.3)
// and the open-redirect attempts it must refuse.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ALICE,
  authorizeUrl,
  BOB,
  type Ctx,
  cliParams,
  consent,
  getPage,
  pkce,
  postForm,
  readJson,
  requestId,
  startService,
  tokenRequest,
  userId,
} from './helpers.js';

let ctx: Ctx;
beforeAll(async () => {
  ctx = await startService();
});
afterAll(() => ctx.svc.stop());

const url = (extra: Record<string, string | undefined>) =>
  authorizeUrl(ctx, cliParams(ctx, extra).params);

/** An error shown on the page: 400, HTML, never a redirect. */
async function expectPageError(target: string, error: string) {
  const page = await getPage(target);
  expect(page.status).toBe(400);
  expect(page.res.headers.get('location')).toBeNull();
  expect(page.res.headers.get('content-type')).toMatch(/^text\/html/);
  expect(page.html).toContain(error);
  return page.html;
}

/** An error sent back to the client's redirect URI. */
async function expectRedirectError(target: string, error: string, redirectUri: string) {
  const res = await fetch(target, { redirect: 'manual' });
  expect(res.status).toBe(302);
  const location = new URL(res.headers.get('location')!);
  expect(location.origin + location.pathname).toBe(redirectUri);
  expect(location.searchParams.get('error')).toBe(error);
  expect(location.searchParams.get('error_description')).toBeTruthy();
  expect(location.searchParams.get('code')).toBeNull();
  return location;
}

describe('the consent page', () => {
  it('shows the application, the scopes in plain words, the demo users and no password', async () => {
    const page = await getPage(url({ scope: 'openid email orders:read organizations:write' }));
    expect(page.status).toBe(200);
    expect(page.res.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(page.res.headers.get('x-frame-options')).toBe('DENY');
    expect(page.html).toContain('Billing CLI');
    expect(page.html).toContain('Read your email address');
    expect(page.html).toContain('Read orders');
    expect(page.html).toContain('Create and change your organizations');
    expect(page.html).toContain(ALICE);
    expect(page.html).toContain(BOB);
    expect(page.html).toContain(`value="${userId(ctx, ALICE)}"`);
    expect(page.html).toMatch(/no passwords/);
    expect(page.html).toMatch(/<button[^>]*value="allow"[^>]*>Allow<\/button>/);
    expect(page.html).toMatch(/<button[^>]*value="deny"[^>]*>Deny<\/button>/);
    expect(page.html).not.toContain('name="organization_id"');
  });

  it('adds the organization picker with sub_type=organization', async () => {
    const page = await getPage(url({ sub_type: 'organization' }));
    expect(page.status).toBe(200);
    expect(page.html).toContain(`name="organization_id" value="${ctx.demo.organization_id}"`);
    expect(page.html).toContain(`value="${ctx.demo.other.organization_id}"`);
  });

  it('shows the homepage, logo, terms and privacy links when the client has them', async () => {
    const reg = await fetch(`${ctx.base}/v1/oauth2/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        client_name: 'Shop Sync',
        redirect_uris: ['https://shop.example/cb'],
        token_endpoint_auth_method: 'client_secret_basic',
        client_uri: 'https://shop.example/',
        logo_uri: 'https://shop.example/logo.png',
        tos_uri: 'https://shop.example/terms',
        policy_uri: 'https://shop.example/privacy',
        scope: 'openid orders:read',
      }),
    });
    const client = await readJson(reg);
    const page = await getPage(
      authorizeUrl(ctx, {
        response_type: 'code',
        client_id: client.client_id,
        redirect_uri: 'https://shop.example/cb',
        scope: 'orders:read',
      }),
    );
    expect(page.status).toBe(200);
    expect(page.html).toContain('Shop Sync');
    expect(page.html).toContain('<img src="https://shop.example/logo.png"');
    expect(page.html).toMatch(/href="https:\/\/shop.example\/"[^>]*>Homepage</);
    expect(page.html).toMatch(/href="https:\/\/shop.example\/terms"[^>]*>Terms of service</);
    expect(page.html).toMatch(/href="https:\/\/shop.example\/privacy"[^>]*>Privacy policy</);
    expect(page.html).toContain('shop.example');
  });

  it('escapes what the client registered', async () => {
    const reg = await fetch(`${ctx.base}/v1/oauth2/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        client_name: '<script>alert(1)</script> & "Co"',
        redirect_uris: ['https://app.example/cb'],
        token_endpoint_auth_method: 'client_secret_post',
        client_uri: 'https://app.example/?a="><img src=x onerror=alert(1)>',
        scope: 'openid',
      }),
    });
    const client = await readJson(reg);
    const page = await getPage(
      authorizeUrl(ctx, {
        response_type: 'code',
        client_id: client.client_id,
        redirect_uri: 'https://app.example/cb',
        scope: 'openid',
      }),
    );
    expect(page.status).toBe(200);
    expect(page.html).not.toContain('<script>');
    expect(page.html).not.toContain('<img src=x');
    expect(page.html).toContain('&lt;script&gt;alert(1)&lt;/script&gt; &amp; &quot;Co&quot;');
  });

  it('redirects Deny as access_denied with the state', async () => {
    const location = await consent(ctx, url({}), { decision: 'deny' });
    expect(location.origin + location.pathname).toBe('http://127.0.0.1:54321/callback');
    expect(location.searchParams.get('error')).toBe('access_denied');
    expect(location.searchParams.get('error_description')).toBeTruthy();
    expect(location.searchParams.get('state')).toBe('st-123');
  });

  it('answers each request once, and refuses a forged request id', async () => {
    const page = await getPage(url({}));
    const fields = {
      request_id: requestId(page.html),
      user_id: userId(ctx, ALICE),
      decision: 'allow',
    };
    const target = `${ctx.svc.authUrl}/oauth2/authorize`;
    expect((await postForm(target, fields)).status).toBe(302);
    const replay = await postForm(target, fields);
    expect(replay.status).toBe(400);
    expect(replay.headers.get('location')).toBeNull();
    const forged = await postForm(target, { ...fields, request_id: 'made-up' });
    expect(forged.status).toBe(400);
  });

  it('asks again when no user, or another user’s organization, is chosen', async () => {
    const target = `${ctx.svc.authUrl}/oauth2/authorize`;
    const page = await getPage(url({ sub_type: 'organization' }));
    const id = requestId(page.html);
    const noUser = await postForm(target, { request_id: id, decision: 'allow' });
    expect(noUser.status).toBe(400);
    expect(await noUser.text()).toContain('Choose the user');
    const foreign = await postForm(target, {
      request_id: id,
      decision: 'allow',
      user_id: userId(ctx, ALICE),
      organization_id: ctx.demo.other.organization_id,
    });
    expect(foreign.status).toBe(400);
    expect(await foreign.text()).toContain('organizations of the chosen user');
    const ok = await postForm(target, {
      request_id: id,
      decision: 'allow',
      user_id: userId(ctx, ALICE),
      organization_id: ctx.demo.organization_id,
    });
    expect(ok.status).toBe(302);
    expect(new URL(ok.headers.get('location')!).searchParams.get('code')).toMatch(/^polar_ac_/);
  });
});

describe('errors before the redirect URI is trusted: a 400 page, never a redirect', () => {
  it('unknown or missing client_id', async () => {
    await expectPageError(url({ client_id: 'polar_ci_unknown' }), 'invalid_client');
    await expectPageError(url({ client_id: undefined }), 'client_id is required');
  });

  it('missing, unregistered or twice-sent redirect_uri', async () => {
    await expectPageError(url({ redirect_uri: undefined }), 'redirect_uri is required');
    await expectPageError(url({ redirect_uri: 'https://evil.example/callback' }), 'not registered');
    const twice = `${url({})}&redirect_uri=${encodeURIComponent('https://evil.example/')}`;
    await expectPageError(twice, 'sent twice');
  });

  it.each([
    ['a different path on loopback', 'http://127.0.0.1:54321/other'],
    ['a sub-path on loopback', 'http://127.0.0.1:54321/callback/x'],
    ['an added query', 'http://127.0.0.1:54321/callback?next=https://evil.example'],
    ['userinfo before the host', 'http://127.0.0.1:54321@evil.example/callback'],
    ['userinfo with a loopback name', 'http://127.0.0.1@evil.example/callback'],
    ['a loopback-looking host', 'http://127.0.0.1.evil.example/callback'],
    ['localhost as a subdomain', 'http://localhost.evil.example/callback'],
    ['https on loopback', 'https://127.0.0.1:54321/callback'],
    ['a backslash trick', 'http://127.0.0.1:54321\\@evil.example/callback'],
    ['a fragment', 'http://127.0.0.1:54321/callback#x'],
    ['an out-of-range port', 'http://127.0.0.1:99999/callback'],
    ['an upper-case path', 'http://127.0.0.1:54321/CALLBACK'],
    ['a dot segment', 'http://127.0.0.1:54321/x/../callback'],
  ])('refuses %s', async (_name, redirectUri) => {
    await expectPageError(url({ redirect_uri: redirectUri }), 'not registered');
  });
});

describe('loopback redirect URIs (RFC 8252 §7.3)', () => {
  it.each([
    'http://127.0.0.1:1/callback',
    'http://127.0.0.1:65535/callback',
    'http://127.0.0.1/callback',
    'http://localhost:8080/callback',
  ])('matches %s on any port', async (redirectUri) => {
    const location = await consent(ctx, url({ redirect_uri: redirectUri }));
    expect(location.href.startsWith(redirectUri.replace(/callback$/, 'callback?'))).toBe(true);
    expect(location.searchParams.get('code')).toMatch(/^polar_ac_/);
  });

  it.each([
    'http://LOCALHOST:8080/callback',
    'http://LocalHost/callback',
    'HTTP://127.0.0.1:9000/callback',
  ])('treats the scheme and host of %s without case (RFC 3986)', async (redirectUri) => {
    const location = await consent(ctx, url({ redirect_uri: redirectUri }));
    expect(location.href.toLowerCase().startsWith(`${redirectUri.toLowerCase()}?`)).toBe(true);
    expect(location.searchParams.get('code')).toMatch(/^polar_ac_/);
  });

  // The token endpoint compares the redirect_uri with the authorization request's as the real
  // service does (exact strings): a loopback URI's case is the client's to keep.
  it('registers http://LocalHost as loopback; the token endpoint wants the same string again', async () => {
    const reg = await fetch(`${ctx.base}/v1/oauth2/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        client_name: 'Mixed case',
        redirect_uris: ['http://LocalHost/cb'],
        token_endpoint_auth_method: 'none',
      }),
    });
    expect(reg.status).toBe(201);
    const { client_id } = await readJson(reg);
    const exchange = async (redirectUri: string) => {
      const p = pkce();
      const location = await consent(
        ctx,
        authorizeUrl(ctx, {
          response_type: 'code',
          client_id,
          redirect_uri: 'http://localhost:4321/cb',
          scope: 'openid',
          code_challenge: p.challenge,
          code_challenge_method: 'S256',
        }),
      );
      return tokenRequest(ctx, {
        grant_type: 'authorization_code',
        code: location.searchParams.get('code')!,
        redirect_uri: redirectUri,
        client_id,
        code_verifier: p.verifier,
      });
    };
    const same = await exchange('http://localhost:4321/cb');
    expect(same.status, JSON.stringify(same.body)).toBe(200);
    const other = await exchange('http://LOCALHOST:4321/cb');
    expect([other.status, other.body.error]).toEqual([400, 'invalid_grant']);
  });

  it('matches everything else exactly', async () => {
    const reg = await fetch(`${ctx.base}/v1/oauth2/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        client_name: 'Exact',
        redirect_uris: ['https://app.example:8443/cb'],
        token_endpoint_auth_method: 'client_secret_post',
      }),
    });
    const { client_id } = await readJson(reg);
    const base = { response_type: 'code', client_id, scope: 'openid' };
    for (const bad of ['https://app.example/cb', 'https://app.example:8444/cb']) {
      await expectPageError(authorizeUrl(ctx, { ...base, redirect_uri: bad }), 'not registered');
    }
    // Exactly: the case of the host too, as the real service compares them (exact strings).
    for (const bad of ['https://app.example:8443/CB', 'https://APP.Example:8443/cb']) {
      await expectPageError(authorizeUrl(ctx, { ...base, redirect_uri: bad }), 'not registered');
    }
    const ok = await getPage(
      authorizeUrl(ctx, { ...base, redirect_uri: 'https://app.example:8443/cb' }),
    );
    expect(ok.status).toBe(200);
  });
});

describe('errors after the redirect URI is trusted: redirected with state', () => {
  const cb = 'http://127.0.0.1:54321/callback';

  it('an unknown scope or one beyond the client is invalid_scope', async () => {
    const loc = await expectRedirectError(url({ scope: 'openid admin:all' }), 'invalid_scope', cb);
    expect(loc.searchParams.get('state')).toBe('st-123');
    await expectRedirectError(url({ scope: undefined }), 'invalid_scope', cb);
  });

  it('a response_type other than code', async () => {
    await expectRedirectError(url({ response_type: 'token' }), 'unsupported_response_type', cb);
    await expectRedirectError(url({ response_type: undefined }), 'invalid_request', cb);
  });

  it('PKCE problems, and a public client without PKCE', async () => {
    await expectRedirectError(url({ code_challenge: undefined }), 'invalid_request', cb);
    await expectRedirectError(url({ code_challenge_method: 'S512' }), 'invalid_request', cb);
    await expectRedirectError(url({ code_challenge: 'short' }), 'invalid_request', cb);
  });

  it('a bad sub_type, and prompt=none', async () => {
    await expectRedirectError(url({ sub_type: 'team' }), 'invalid_request', cb);
    await expectRedirectError(url({ prompt: 'none' }), 'login_required', cb);
  });

  it('leaves state out when none was sent', async () => {
    const loc = await expectRedirectError(
      url({ scope: 'nope', state: undefined }),
      'invalid_scope',
      cb,
    );
    expect(loc.searchParams.has('state')).toBe(false);
  });
});
