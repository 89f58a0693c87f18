// The credentials record kept per profile, and its check when read back from a store.
// Checked by hand rather than with zod: every authenticated command reads it at start-up.

export type CredentialKind = 'oauth' | 'pat';

export interface Credentials {
  access_token: string;
  refresh_token?: string;
  /** ISO 8601 timestamp. */
  expires_at?: string;
  scope?: string;
  token_type: string;
  /** The user or organization the token acts for. */
  subject?: string;
  kind: CredentialKind;
}

const OPTIONAL_STRINGS = ['refresh_token', 'expires_at', 'scope', 'subject'] as const;

/** Returns a clean copy, or a description of the first problem found. */
export function checkCredentials(value: unknown): Credentials | string {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return 'not an object';
  const v = value as Record<string, unknown>;
  if (typeof v.access_token !== 'string' || !v.access_token) return 'access_token is missing';
  if (typeof v.token_type !== 'string' || !v.token_type) return 'token_type is missing';
  if (v.kind !== 'oauth' && v.kind !== 'pat') return 'kind must be "oauth" or "pat"';
  const out: Credentials = {
    access_token: v.access_token,
    token_type: v.token_type,
    kind: v.kind,
  };
  for (const key of OPTIONAL_STRINGS) {
    if (v[key] === undefined || v[key] === null) continue;
    if (typeof v[key] !== 'string') return `${key} must be a string`;
    out[key] = v[key];
  }
  if (out.expires_at !== undefined && Number.isNaN(Date.parse(out.expires_at))) {
    return 'expires_at must be an ISO timestamp';
  }
  return out;
}
