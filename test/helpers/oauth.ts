// Gets real OAuth tokens from the local service over plain HTTP, as the consent form would.
import { createHash, randomBytes } from 'node:crypto';
import type { RunningService } from '../../src/server/index.js';

export interface Tokens {
  access_token: string;
  refresh_token: string;
  expires_in: number;
  scope: string;
  token_type: string;
}

export async function oauthTokens(
  svc: RunningService,
  scope = 'openid email orders:read',
): Promise<Tokens> {
  const demo = svc.demo!;
  const verifier = randomBytes(32).toString('base64url');
  const redirectUri = 'http://127.0.0.1:9/callback';
  const url = new URL(`${svc.authUrl}/oauth2/authorize`);
  url.search = new URLSearchParams({
    response_type: 'code',
    client_id: demo.client_id,
    redirect_uri: redirectUri,
    scope,
    state: 'test-state',
    code_challenge: createHash('sha256').update(verifier).digest('base64url'),
    code_challenge_method: 'S256',
  }).toString();
  const html = await (await fetch(url)).text();
  const requestId = /name="request_id" value="([^"]+)"/.exec(html)?.[1];
  if (!requestId) throw new Error(`no consent form: ${html.slice(0, 300)}`);
  const consent = await fetch(`${svc.authUrl}/oauth2/authorize`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      request_id: requestId,
      user_id: demo.users[0]!.id,
      decision: 'allow',
    }),
  });
  const code = new URL(consent.headers.get('location') ?? '').searchParams.get('code');
  if (!code) throw new Error(`no code in ${consent.headers.get('location')}`);
  const token = await fetch(`${svc.url}/v1/oauth2/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      grant_type: 'authorization_code',
      code,
      redirect_uri: redirectUri,
      client_id: demo.client_id,
      code_verifier: verifier,
    }),
  });
  if (token.status !== 200)
    throw new Error(`token endpoint answered ${token.status}: ${await token.text()}`);
  return (await token.json()) as Tokens;
}
