// The authorization code flow in a real browser: Debian's Chromium (never a downloaded one),
// driven by playwright-core, against the local service and a loopback redirect server.
import { createHash, randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningService, start } from '../../src/server/index.js';
import { launchChromium, requireChromium, skipWithoutChromium } from '../helpers/chromium.js';

const skip = skipWithoutChromium('oauth-browser');

/** A one-shot loopback redirect target, like the CLI's login server (RFC 8252 §7.3). */
function loopbackServer(): Promise<{ server: Server; port: number; hits: URL[] }> {
  const hits: URL[] = [];
  const server = createServer((req, res) => {
    hits.push(new URL(req.url ?? '/', 'http://127.0.0.1'));
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end('<!doctype html><title>Signed in</title><p>You can close this window.</p>');
  });
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () =>
      resolve({ server, port: (server.address() as AddressInfo).port, hits }),
    );
  });
}

describe.skipIf(skip)('OAuth login in headless Chromium', () => {
  let svc: RunningService;
  let loopback: Awaited<ReturnType<typeof loopbackServer>>;

  beforeAll(async () => {
    svc = await start({ port: 0 });
    loopback = await loopbackServer();
  });
  afterAll(async () => {
    await svc?.stop();
    await new Promise((resolve) => loopback?.server.close(resolve));
  });

  it('picks alice, clicks Allow, lands on the loopback redirect and exchanges the code', async () => {
    requireChromium();
    const demo = svc.demo!;
    const verifier = randomBytes(32).toString('base64url');
    const redirectUri = `http://127.0.0.1:${loopback.port}/callback`;
    const state = randomBytes(8).toString('hex');
    const url = new URL(`${svc.authUrl}/oauth2/authorize`);
    url.search = new URLSearchParams({
      response_type: 'code',
      client_id: demo.client_id,
      redirect_uri: redirectUri,
      scope: 'openid email orders:read',
      state,
      code_challenge: createHash('sha256').update(verifier).digest('base64url'),
      code_challenge_method: 'S256',
    }).toString();

    const browser = await launchChromium();
    try {
      const page = await (await browser.newContext()).newPage();
      await page.goto(url.href);
      expect(await page.getByRole('heading', { level: 1 }).textContent()).toContain('Billing CLI');
      expect(await page.title()).toContain('Billing CLI');
      await page.getByLabel(/alice@acme\.test/).check();
      await Promise.all([
        page.waitForURL((u) => u.href.startsWith(redirectUri)),
        page.getByRole('button', { name: 'Allow' }).click(),
      ]);
      expect(await page.textContent('body')).toContain('You can close this window');
    } finally {
      await browser.close();
    }

    // The browser also asks the loopback server for /favicon.ico.
    const callbacks = loopback.hits.filter((u) => u.pathname === '/callback');
    expect(callbacks).toHaveLength(1);
    const landed = callbacks[0]!;
    expect(landed.searchParams.get('state')).toBe(state);
    const code = landed.searchParams.get('code');
    expect(code).toMatch(/^polar_ac_/);

    const tokenRes = await fetch(`${svc.url}/v1/oauth2/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: 'authorization_code',
        code: code!,
        redirect_uri: redirectUri,
        client_id: demo.client_id,
        code_verifier: verifier,
      }),
    });
    expect(tokenRes.status).toBe(200);
    const tokens = (await tokenRes.json()) as { token_type: string; access_token: string };
    expect(tokens.token_type).toBe('Bearer');
    const info = await fetch(`${svc.url}/v1/oauth2/userinfo`, {
      headers: { authorization: `Bearer ${tokens.access_token}` },
    });
    expect(info.status).toBe(200);
    const alice = demo.users.find((u) => u.email === 'alice@acme.test')!;
    expect(await info.json()).toEqual({
      sub: alice.id,
      email: 'alice@acme.test',
      email_verified: true,
    });
  });
});
