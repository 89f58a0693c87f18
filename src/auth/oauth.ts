// The CLI's OAuth client side (oauth4webapi): discovery with the spec's paths as fallback,
// and the refresh grant. Plain http is allowed only for loopback hosts (the local service).
import * as o from 'oauth4webapi';
import { type Answer, type Transport, tracer } from '../api/transport.js';
import type { Settings } from '../config/resolve.js';
import { isLoopback } from '../shared/local.js';

export interface Endpoints {
  as: o.AuthorizationServer;
  /** True when discovery answered; false when the spec's default paths are used. */
  discovered: boolean;
}

/** What an OAuth request needs from the command: the run's transport, Ctrl+C, --debug. */
export interface Net {
  /** The run's one transport (Context.transport()), the API client's too. */
  transport: Transport;
  signal?: AbortSignal;
  debug?: (line: string) => void;
  /** --api-version, over the profile's api_version. */
  apiVersion?: string;
  /** --connect-timeout / --request-timeout in ms, over the profile's. */
  connectTimeoutMs?: number;
  requestTimeoutMs?: number;
}

export function requestOptions(settings: Settings, net: Net) {
  // Every request says which API version it speaks, the OAuth ones too (none: the seed's).
  const version = net.apiVersion ?? settings.api_version;
  // The same redacted trace as the API client's, for discovery, token, userinfo and revoke.
  const trace = tracer(net.debug);
  return {
    [o.allowInsecureRequests]: isLoopback(settings.base_url),
    signal: net.signal,
    [o.customFetch]: async (url: string, init: RequestInit): Promise<Response> => {
      const headers = new Headers(init.headers);
      if (version && version !== 'none') headers.set('polar-version', version);
      const method = init.method ?? 'GET';
      // oauth4webapi sends a form (URLSearchParams) or nothing; redirects are never followed.
      const body = init.body === undefined || init.body === null ? undefined : String(init.body);
      const timeoutMs = net.requestTimeoutMs ?? settings.request_timeout * 1000;
      let answer: Answer;
      try {
        answer = await net.transport.send({
          method,
          url: new URL(url),
          headers: Object.fromEntries(headers),
          body,
          connectTimeoutMs: net.connectTimeoutMs ?? settings.connect_timeout * 1000,
          timeoutMs,
          maxBodyBytes: Math.round(settings.max_response_mb * 1024 * 1024),
          signals: [net.signal, init.signal].filter((s): s is AbortSignal => s != null),
          trace,
        });
      } catch (err) {
        if (net.signal?.aborted) throw err;
        throw await unreachable(method, url, err, timeoutMs);
      }
      return response(answer);
    },
  };
}

/** The answer as the Response oauth4webapi reads. */
function response({ status, headers, text }: Answer): Response {
  const fields = new Headers();
  for (const [name, value] of Object.entries(headers)) {
    for (const v of Array.isArray(value) ? value : value === undefined ? [] : [value]) {
      fields.append(name, v);
    }
  }
  // A 204 or 304 Response may carry no body at all, not even an empty one.
  const empty = text === '' || status === 204 || status === 304;
  return new Response(empty ? null : text, { status, headers: fields });
}

/** A failed exchange becomes the same network error (exit 3) as the API client's. */
async function unreachable(method: string, url: string, err: unknown, timeoutMs: number) {
  const [{ classifyConnectionError }, { connectionFailure }] = await Promise.all([
    import('../api/retry.js'),
    import('../api/failures.js'),
  ]);
  const failure = classifyConnectionError(err, timeoutMs);
  // Discovery is a GET; a token or revocation POST may have been applied (a code spent).
  return connectionFailure(method, new URL(url), failure, {
    attempt: 1,
    idempotent: method === 'GET',
    cause: err,
  });
}

/** `{base_url}/.well-known/openid-configuration`, or the spec's paths when it is missing. */
export async function discover(settings: Settings, net: Net): Promise<Endpoints> {
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
  net: Net,
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
