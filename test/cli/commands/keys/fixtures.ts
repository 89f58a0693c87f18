// The license key the keys verb tests use: as typed, as the service sends it, and shared answers.
import { orgRequired } from '../fixtures.js';
import { ID, ID2, NOT_FOUND, ORG } from '../verb.js';

/** A license key as the customer types it. */
export const KEY = 'ACME-2B022539-21B2-4769-A6FC-0385306A8AE3';

/** The key as the service sends it (without its activations). */
export const LICENSE_KEY = {
  id: ID,
  display_key: '****-8AE3',
  status: 'granted',
  customer: { email: 'jane@example.com' },
  organization_id: ORG,
  benefit_id: ID2,
  limit_activations: 3,
  usage: 2,
  limit_usage: 10 as number | null,
  validations: 7,
  last_validated_at: '2026-11-20T10:00:00Z',
  expires_at: null as string | null,
};

/** The key\tvalue card of `key`: one row a field, in this order, null as empty. */
export function keyCard(key: typeof LICENSE_KEY): string {
  return (
    `id\t${key.id}\n` +
    `display_key\t${key.display_key}\n` +
    `status\t${key.status}\n` +
    `customer.email\t${key.customer.email}\n` +
    `organization_id\t${key.organization_id}\n` +
    `benefit_id\t${key.benefit_id}\n` +
    `limit_activations\t${key.limit_activations}\n` +
    `usage\t${key.usage}\n` +
    `limit_usage\t${key.limit_usage ?? ''}\n` +
    `validations\t${key.validations}\n` +
    `last_validated_at\t${key.last_validated_at}\n` +
    `expires_at\t${key.expires_at ?? ''}\n`
  );
}

/** The customer-portal POST of keys activate, validate or deactivate. */
export function portalPost(verb: 'activate' | 'validate' | 'deactivate') {
  return { method: 'POST', path: `/v1/customer-portal/license-keys/${verb}` };
}

/** What keys activate, validate and deactivate print without --org or a default organization. */
export const NO_ORG = orgRequired();

/** An answer, the exit code and the stderr it gives. */
export type Refusal = [status: number, body: object, code: number, stderr: string];

/** Activate and validate alike: a revoked or disabled key. */
export const REVOKED: Refusal = [
  403,
  { error: 'NotPermitted', detail: 'License key is no longer active.' },
  7,
  'billing: the license key is revoked or disabled\n' +
    'The seller can grant it again: billing keys update <key-id> --status granted\n',
];

/** Activate and validate alike: no such key in the organization. */
export const NOT_IN_ORG: Refusal = [
  404,
  NOT_FOUND,
  6,
  'billing: license key for that organization not found\n',
];
