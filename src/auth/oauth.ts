// The CLI's OAuth client side (oauth4webapi): discovery with the spec's paths as fallback,
// and the refresh grant. Plain http is allowed only for loopback hosts (the local service).
import * as o from 'oauth4webapi';
import type { Dispatcher } from 'undici';
import { redact } from '../api/redact.js';
import type { Settings } from '../config/resolve.js';
import { isLoopback } from '../shared/local.js';

export interface Endpoints {
  as: o.AuthorizationServer;
  /** True when discovery answered; false when the spec's default paths are used. */
  discovered: boolean;
}

/** What an OAuth request needs from the command: Ctrl+C, and the --debug trace. */
export interface Net {
  signal?: AbortSignal;
  debug?: (line: string) => void;
  /** Tests inject a MockAgent: requests then go through undici's fetch with it. */
  dispatcher?: Dispatcher;
  /** --api-version, over the profile's api_version. */
  apiVersion?: string;
}

export function requestOptions(settings: Settings, net: Net = {}) {
  const { debug } = net;
  // Every request says which API version it speaks, the OAuth ones too (none: the seed's).
  const version = net.apiVersion ?? settings.api_version;
  return {
    [o.allowInsecureRequests]: isLoopback(settings.base_url),
    signal: net.signal,
    [o.customFetch]: async (url: string, given: RequestInit) => {
      const headers = new Headers(given.headers);
      if (version && version !== 'none') headers.set('polar-version', version);
      const init = { ...given, headers };
      // The same redacted one-line trace as the API client's, for discovery, token and revoke.
      const started = Date.now();
      const method = init.method ?? 'GET';
      debug?.(redact(`→ ${method} ${url}`));
      if (debug && (typeof init.body === 'string' || init.body instanceof URLSearchParams)) {
        debug(redact(`  ${String(init.body)}`));
      }
      let response: Response;
      try {
        response = net.dispatcher
          ? await dispatched(net.dispatcher, url, init)
          : await fetch(url, init);
      } catch (err) {
        throw await unreachable(method, url, err);
      }
      debug?.(redact(`← ${response.status} ${method} ${url} ${Date.now() - started}ms`));
      return response;
    },
  };
}

async function dispatched(dispatcher: Dispatcher, url: string, init: RequestInit) {
  const { fetch } = await import('undici');
  return (await fetch(url, { ...(init as object), dispatcher })) as unknown as Response;
}

/** fetch's bare "fetch failed" becomes the same network error (exit 3) as the API client's. */
async function unreachable(method: string, url: string, err: unknown): Promise<unknown> {
  if ((err as { name?: string }).name === 'AbortError') return err;
  const [{ classifyConnectionError }, { connectionFailure }] = await Promise.all([
    import('../api/retry.js'),
    import('../api/failures.js'),
  ]);
  const failure = classifyConnectionError((err as { cause?: unknown }).cause ?? err, 0);
  // Discovery is a GET; a token or revocation POST may have been applied (a code spent).
  return connectionFailure(method, new URL(url), failure, {
    attempt: 1,
    idempotent: method === 'GET',
    cause: err,
  });
}

/** `{base_url}/.well-known/openid-configuration`, or the spec's paths when it is missing. */
export async function discover(settings: Settings, net: Net = {}): Promise<Endpoints> {
  const issuer = new URL(settings.base_url);
  try {
    const response = await o.discoveryRequest(issuer, {
      ...requestOptions(settings, net),
      algorithm: 'oidc',
    });
    if (response.status === 404) return { as: fallback(settings), discovered: false };
    return { as: await o.processDiscoveryResponse(issuer, response), discovered: true };
  } catch (err) {
    if (
      err instanceof o.ResponseBodyError ||
      (err as { code?: string }).code === o.RESPONSE_IS_NOT_JSON
    ) {
      return { as: fallback(settings), discovered: false };
    }
    throw err;
  }
}

function fallback(settings: Settings): o.AuthorizationServer {
  const base = settings.base_url.replace(/\/$/, '');
  return {
    issuer: base,
    authorization_endpoint: `${settings.auth_url.replace(/\/$/, '')}/oauth2/authorize`,
    token_endpoint: `${base}/v1/oauth2/token`,
    userinfo_endpoint: `${base}/v1/oauth2/userinfo`,
    revocation_endpoint: `${base}/v1/oauth2/revoke`,
    code_challenge_methods_supported: ['S256'],
  };
}

export interface TokenSet {
  access_token: string;
  refresh_token?: string;
  expires_in?: number;
  scope?: string;
  token_type: string;
  id_token?: string;
}

export async function refreshGrant(
  settings: Settings,
  refreshToken: string,
  net: Net = {},
): Promise<TokenSet> {
  const { as } = await discover(settings, net);
  const client: o.Client = { client_id: settings.client_id };
  const response = await o.refreshTokenGrantRequest(
    as,
    client,
    o.None(),
    refreshToken,
    requestOptions(settings, net),
  );
  const result = await o.processRefreshTokenResponse(as, client, response);
  return {
    access_token: result.access_token,
    refresh_token: result.refresh_token,
    expires_in: result.expires_in,
    scope: result.scope,
    token_type: result.token_type,
  };
}
