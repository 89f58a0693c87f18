// OAuth client management through SDK 1.0.1 (API version 2026-10): RFC 7591 registration and
// RFC 7592 configuration, as the real service serves them (oauth2/endpoints/oauth2.py and
// authorization_server.py ClientRegistrationEndpoint/ClientConfigurationEndpoint at c6c3645e):
// the registration returns registration_client_uri and a `polar_crt_` registration access token,
// which alone reads, replaces and deletes the registration (a registration token is anonymous
// to the API: auth/middlewares.py). The document describes these answers as any JSON (status
// 200 or 422 only): the refusals are checked with a plain fetch, not recorded.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectCalls, startToday, type TodayBox } from './harness.js';

let box: TodayBox;
beforeAll(async () => {
  box = await startToday();
});
afterAll(async () => {
  expectCalls(box, 'oauth2-clients');
  await box.stop();
});

interface Registration {
  client_id: string;
  client_secret?: string;
  registration_client_uri: string;
  registration_access_token: string;
  [key: string]: unknown;
}

const REDIRECT = 'https://shop.example/oauth/callback';

/**
 * Registers a client with a plain fetch: the real service answers 201 (authlib's
 * create_registration_response, RFC 7591 §3.2.1), which the document, generated without it,
 * does not list (it says 200); the SDK's createClient would read it alike.
 */
async function register(body: Record<string, unknown> = {}): Promise<Registration> {
  const res = await box.raw(`${box.svc.url}/v1/oauth2/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'polar-version': '2026-10' },
    body: JSON.stringify({
      client_name: 'Shop Sync',
      redirect_uris: [REDIRECT],
      scope: 'openid email orders:read',
      logo_uri: 'https://shop.example/logo.png',
      ...body,
    }),
  });
  expect(res.status).toBe(201);
  return (await res.json()) as Registration;
}

/** A call outside the recorder: the refusals the document does not describe. */
async function call(method: string, clientId: string, token?: string, body?: unknown) {
  const headers: Record<string, string> = {
    'content-type': 'application/json',
    'polar-version': '2026-10',
  };
  if (token) headers.authorization = `Bearer ${token}`;
  const res = await box.raw(`${box.svc.url}/v1/oauth2/register/${clientId}`, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : null };
}

describe('OAuth client registration and configuration (RFC 7591, RFC 7592)', () => {
  it('registers a client and says where and with what token to manage it', async () => {
    const client = await register();
    expect(client.registration_client_uri).toBe(
      `${box.svc.url}/v1/oauth2/register/${client.client_id}`,
    );
    expect(client.registration_access_token).toMatch(/^polar_crt_[A-Za-z0-9]{43}$/);
    // Only its hash is kept.
    const row = box.svc.store.get(
      'SELECT * FROM oauth2_clients WHERE client_id = ?',
      client.client_id,
    );
    expect(JSON.stringify(row)).not.toContain(client.registration_access_token);
    const me = box.as(client.registration_access_token);
    expect(await me.oauth2.clients.oauth2.getClient(client.client_id)).toEqual(client);
  });

  it('replaces the metadata with the body, keeping the URIs it leaves out', async () => {
    const client = await register();
    const me = box.as(client.registration_access_token);
    const updated = (await me.oauth2.clients.oauth2.updateClient(client.client_id, {
      client_id: client.client_id,
      client_secret: client.client_secret,
      client_name: 'Shop Sync 2',
      redirect_uris: [REDIRECT, 'https://shop.example/oauth/other'],
    } as never)) as Registration;
    expect(updated).toMatchObject({
      client_id: client.client_id,
      client_secret: client.client_secret,
      client_name: 'Shop Sync 2',
      redirect_uris: [REDIRECT, 'https://shop.example/oauth/other'],
      logo_uri: 'https://shop.example/logo.png',
      registration_access_token: client.registration_access_token,
    });
    // The real one's defaults: a PUT without scope asks for every scope again.
    expect((updated.scope as string).split(' ')).toContain('orders:write');
    expect(await me.oauth2.clients.oauth2.getClient(client.client_id)).toEqual(updated);
  });

  it('shows a public client without a secret', async () => {
    const client = await register({ token_endpoint_auth_method: 'none' });
    expect(client).not.toHaveProperty('client_secret');
    const me = box.as(client.registration_access_token);
    const read = (await me.oauth2.clients.oauth2.getClient(client.client_id)) as Registration;
    expect(read).not.toHaveProperty('client_secret');
    expect(read.token_endpoint_auth_method).toBe('none');
  });

  it('takes the registration token only: none, another client’s, an API token are refused', async () => {
    const client = await register();
    const other = await register({ client_name: 'Other app' });
    expect(await call('GET', client.client_id)).toMatchObject({
      status: 400,
      body: { error: 'access_denied' },
    });
    expect(await call('GET', client.client_id, other.registration_access_token)).toMatchObject({
      status: 401,
      body: {
        error: 'invalid_client',
        error_description: 'The client does not exist on this server.',
      },
    });
    // A user's API token: WebUserOrAnonymous's refusal (auth/dependencies.py at c6c3645e).
    expect(await call('GET', client.client_id, box.demo.personal_access_token)).toEqual({
      status: 403,
      body: { error: 'NotPermitted', detail: 'Not permitted' },
    });
    expect(await call('DELETE', client.client_id, other.registration_access_token)).toMatchObject({
      status: 401,
    });
    expect(await call('GET', 'polar_ci_unknown', client.registration_access_token)).toMatchObject({
      status: 401,
    });
    const me = box.as(client.registration_access_token);
    expect(await me.oauth2.clients.oauth2.getClient(client.client_id)).toEqual(client);
  });

  it('refuses a PUT for another client id or with another secret (RFC 7592 §2.2)', async () => {
    const client = await register();
    const base = { client_name: 'X', redirect_uris: [REDIRECT] };
    const token = client.registration_access_token;
    expect(
      await call('PUT', client.client_id, token, { ...base, client_id: 'polar_ci_other' }),
    ).toMatchObject({ status: 400, body: { error: 'invalid_request' } });
    expect(
      await call('PUT', client.client_id, token, {
        ...base,
        client_id: client.client_id,
        client_secret: 'polar_cs_guess',
      }),
    ).toMatchObject({ status: 400, body: { error: 'invalid_request' } });
    expect(
      await call('PUT', client.client_id, token, {
        ...base,
        client_id: client.client_id,
        redirect_uris: ['ftp://shop.example/cb'],
      }),
    ).toMatchObject({ status: 400, body: { error: 'invalid_redirect_uri' } });
    const me = box.as(token);
    const unchanged = await me.oauth2.clients.oauth2.getClient(client.client_id);
    expect(unchanged).toEqual(client);
    const renamed = (await me.oauth2.clients.oauth2.updateClient(client.client_id, {
      ...base,
      client_id: client.client_id,
    } as never)) as Registration;
    expect(renamed.client_name).toBe('X');
  });

  it('deletes a client: its registration is gone and it can no longer authorize', async () => {
    const client = await register();
    const me = box.as(client.registration_access_token);
    expect(await me.oauth2.clients.oauth2.getClient(client.client_id)).toEqual(client);
    await me.oauth2.clients.oauth2.deleteClient(client.client_id);
    expect(await call('GET', client.client_id, client.registration_access_token)).toMatchObject({
      status: 401,
    });
    const authorize = new URL('/oauth2/authorize', box.svc.url);
    authorize.search = new URLSearchParams({
      client_id: client.client_id,
      redirect_uri: REDIRECT,
      response_type: 'code',
      scope: 'openid',
      code_challenge: 'x'.repeat(43),
      code_challenge_method: 'S256',
    }).toString();
    const page = await box.raw(authorize, { redirect: 'manual' });
    expect(page.status).toBe(400);
  });
});
