// Drives the local OAuth server over real HTTP the way a browser and a client would: GET the
// consent page, post its form ("click Allow"), follow nothing, exchange codes.
import { createHash, randomBytes } from 'node:crypto';
import { expect } from 'vitest';
import { type RunningService, start } from '../../../src/server/index.js';
import type { DemoInfo } from '../../../src/server/seed.js';

// biome-ignore lint/suspicious/noExplicitAny: JSON bodies of the service under test
export type Json = any;

export const readJson = (res: Response): Promise<Json> => res.json();

export const ALICE = 'alice@acme.test';
export const BOB = 'bob@globex.test';
export const LOOPBACK = 'http://127.0.0.1:54321/callback';

export interface Ctx {
  svc: RunningService;
  base: string;
  demo: DemoInfo;
}

export async function startService(): Promise<Ctx> {
  const svc = await start({ port: 0 });
  return { svc, base: svc.url, demo: svc.demo! };
}

export function pkce(method: 'S256' | 'plain' = 'S256') {
  const verifier = randomBytes(32).toString('base64url');
  const challenge =
    method === 'S256' ? createHash('sha256').update(verifier).digest('base64url') : verifier;
  return { verifier, challenge, method };
}

export function userId(ctx: Ctx, email: string): string {
  return ctx.demo.users.find((u) => u.email === email)!.id;
}

export function authorizeUrl(ctx: Ctx, params: Record<string, string | undefined>): string {
  const url = new URL(`${ctx.svc.authUrl}/oauth2/authorize`);
  for (const [k, v] of Object.entries(params)) if (v !== undefined) url.searchParams.set(k, v);
  return url.href;
}

/** Parameters of a valid request for the pre-registered CLI client. */
export function cliParams(ctx: Ctx, extra: Record<string, string | undefined> = {}) {
  const p = pkce();
  return {
    verifier: p.verifier,
    params: {
      response_type: 'code',
      client_id: ctx.demo.client_id,
      redirect_uri: LOOPBACK,
      scope: 'openid email orders:read',
      state: 'st-123',
      nonce: 'n-456',
      code_challenge: p.challenge,
      code_challenge_method: 'S256',
      ...extra,
    } as Record<string, string | undefined>,
  };
}

export async function getPage(
  url: string,
): Promise<{ status: number; html: string; res: Response }> {
  const res = await fetch(url, { redirect: 'manual' });
  return { status: res.status, html: await res.text(), res };
}

export function requestId(html: string): string {
  const m = /name="request_id" value="([^"]+)"/.exec(html);
  if (!m) throw new Error(`no consent form in page:\n${html}`);
  return m[1]!;
}

export function postForm(
  url: string,
  fields: Record<string, string | undefined>,
  headers: Record<string, string> = {},
): Promise<Response> {
  const body = new URLSearchParams();
  for (const [k, v] of Object.entries(fields)) if (v !== undefined) body.set(k, v);
  return fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
    body,
    redirect: 'manual',
  });
}

export interface Consent {
  user?: string;
  organization?: string;
  decision?: 'allow' | 'deny';
}

/** GETs the consent page and posts its form as the browser would; returns the 302 Location. */
export async function consent(ctx: Ctx, url: string, choice: Consent = {}): Promise<URL> {
  const page = await getPage(url);
  expect(page.status, page.html).toBe(200);
  const res = await postForm(`${ctx.svc.authUrl}/oauth2/authorize`, {
    request_id: requestId(page.html),
    user_id: userId(ctx, choice.user ?? ALICE),
    organization_id: choice.organization,
    decision: choice.decision ?? 'allow',
  });
  expect(res.status, await res.clone().text()).toBe(302);
  return new URL(res.headers.get('location')!);
}

export async function tokenRequest(
  ctx: Ctx,
  fields: Record<string, string | undefined>,
  headers: Record<string, string> = {},
): Promise<{ status: number; body: Json; res: Response }> {
  const res = await postForm(`${ctx.base}/v1/oauth2/token`, fields, headers);
  return { status: res.status, body: await readJson(res), res };
}

/** The whole flow for the CLI client: authorize, consent, exchange. */
export async function login(
  ctx: Ctx,
  extra: Record<string, string | undefined> = {},
  choice: Consent = {},
): Promise<Json> {
  const { verifier, params } = cliParams(ctx, extra);
  const location = await consent(ctx, authorizeUrl(ctx, params), choice);
  const code = location.searchParams.get('code');
  expect(code, location.href).toMatch(/^polar_ac_/);
  const { status, body } = await tokenRequest(ctx, {
    grant_type: 'authorization_code',
    code: code!,
    redirect_uri: params.redirect_uri,
    client_id: ctx.demo.client_id,
    code_verifier: verifier,
  });
  expect(status, JSON.stringify(body)).toBe(200);
  return body;
}

export async function api(
  ctx: Ctx,
  method: string,
  path: string,
  token?: string,
  body?: unknown,
): Promise<{ status: number; body: Json; headers: Headers }> {
  const headers: Record<string, string> = {};
  if (token) headers.authorization = `Bearer ${token}`;
  if (body !== undefined) headers['content-type'] = 'application/json';
  const res = await fetch(ctx.base + path, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
    redirect: 'manual',
  });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : null, headers: res.headers };
}
