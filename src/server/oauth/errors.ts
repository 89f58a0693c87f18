// OAuth error bodies (RFC 6749 §5.2, RFC 7591 §3.2.2) — a different shape from the API's domain
// errors (api-facts "OAuth 2.0 / OpenID Connect server").
import { HttpError } from '../errors.js';

/** Token responses and errors must not be cached (RFC 6749 §5.1; api-facts). */
export const NO_STORE = { 'cache-control': 'no-store', pragma: 'no-cache' } as const;

export function oauthError(
  status: number,
  error: string,
  description?: string,
  headers: Record<string, string> = {},
): HttpError {
  const body: { error: string; error_description?: string } = { error };
  if (description) body.error_description = description;
  return new HttpError(status, body, { ...NO_STORE, ...headers });
}

export const invalidRequest = (description: string) =>
  oauthError(400, 'invalid_request', description);
export const invalidGrant = (description: string) => oauthError(400, 'invalid_grant', description);
export const invalidScope = (description: string) => oauthError(400, 'invalid_scope', description);

export function invalidClient(description: string, basic: boolean): HttpError {
  // RFC 6749 §5.2: a client that tried the Authorization header gets the matching challenge.
  return oauthError(
    401,
    'invalid_client',
    description,
    basic ? { 'www-authenticate': 'Basic realm="billing"' } : {},
  );
}
