// Masks every secret the API deals in before text reaches a debug log or an error message.
// Token formats and secret field names: api-facts.md "Authentication" and "Request bodies".

export const REDACTED = '[REDACTED]';

/** JSON keys, query parameters and form fields whose values are always secret. */
export const SECRET_KEYS = [
  'access_token',
  'refresh_token',
  'id_token',
  'client_secret',
  'customer_session_token',
  'key',
  'code',
  'code_verifier',
  'password',
  'token',
] as const;

const keys = SECRET_KEYS.join('|');

// polar_ci_ (client id) is public and stays readable: `c_` needs the underscore right after
// `c`, so `polar_ci_…` never matches. The prefix is kept so a log still shows the token's kind.
const TOKEN = /\b(polar_(?:pat|at_u|at_o|rt_u|rt_o|ac|cst|cs|c)_)[A-Za-z0-9]+/g;
// License keys: an uppercase UUID with an optional prefix. Resource ids are lowercase UUIDs.
const LICENSE_KEY =
  /\b(?:[A-Za-z0-9_]+-)?[0-9A-F]{8}-[0-9A-F]{4}-[0-9A-F]{4}-[0-9A-F]{4}-[0-9A-F]{12}\b/g;
const JWT = /\beyJ[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]*/g;
const BEARER = /\b(Bearer|Basic)\s+[A-Za-z0-9._~+/=-]+/gi;
const AUTH_HEADER = /(authorization["']?\s*[:=]\s*["']?)(?!Bearer\s|Basic\s)[^"'\s,}]+/gi;
const JSON_VALUE = new RegExp(`("(?:${keys})"\\s*:\\s*)"(?:[^"\\\\]|\\\\.)*"`, 'g');
const PARAM = new RegExp(`(^|[?&;\\s])(${keys})=[^&#\\s"']*`, 'g');
// The checkout confirm path carries the client secret as a path segment (spec §4.2 #1).
const CLIENT_SECRET_SEGMENT = /(\/client\/)[^/?#\s"']+/g;

/** Returns `text` with every token, license key and secret field value replaced. */
export function redact(text: string): string {
  return text
    .replace(JSON_VALUE, `$1"${REDACTED}"`)
    .replace(PARAM, `$1$2=${REDACTED}`)
    .replace(CLIENT_SECRET_SEGMENT, `$1${REDACTED}`)
    .replace(BEARER, `$1 ${REDACTED}`)
    .replace(AUTH_HEADER, `$1${REDACTED}`)
    .replace(TOKEN, `$1${REDACTED}`)
    .replace(JWT, REDACTED)
    .replace(LICENSE_KEY, REDACTED);
}
