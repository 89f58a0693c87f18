// License keys: admin, customer portal, and the public activate/validate/deactivate family
// (spec §4.2 #7–11; api-facts.md "Request bodies" and "Filters"). Today's generation also has
// the seller's own validate/activate/deactivate (/v1/license-keys/…, license_keys:write), which
// its description says a server should use; the public ones are for devices.
import { UsageError } from '../errors.js';
import type { ApiClient } from './client.js';
import type { LicenseKeyStatus } from './enums.js';
import { generationName, noPortalOrganization } from './generation.js';
import type { PageOptions } from './paginate.js';
import { resourceClient } from './resource.js';
import {
  type LicenseKeyWithActivations,
  licenseKeyWithActivations,
  type Resource,
  resource,
} from './schemas.js';
import type { Query } from './today.js';

type Many<T> = T | readonly T[];

export interface LicenseKeyFilters {
  organization_id?: Many<string>;
  benefit_id?: Many<string>;
  /** Today's generation only (license_keys:list `status`). */
  status?: Many<LicenseKeyStatus>;
}

/** Through which door the key calls go: the seller's (today's, a token) or the public one. */
export interface KeyCall {
  seller: boolean;
}

export interface CustomerPortalLicenseKeyFilters {
  organization_id?: string;
  benefit_id?: string;
}

/** Only the fields sent change; null clears a limit or the expiry. */
export interface LicenseKeyUpdate {
  status?: LicenseKeyStatus;
  usage?: number;
  limit_activations?: number | null;
  limit_usage?: number | null;
  expires_at?: string | null;
}

export interface ActivateRequest {
  key: string;
  organization_id: string;
  label: string;
  conditions?: Record<string, unknown>;
  meta?: Record<string, unknown>;
}

export interface ValidateRequest {
  key: string;
  organization_id: string;
  activation_id?: string;
  benefit_id?: string;
  customer_id?: string;
  increment_usage?: number;
  conditions?: Record<string, unknown>;
}

export interface DeactivateRequest {
  key: string;
  organization_id: string;
  activation_id: string;
}

const licenseKeys = resourceClient<never, LicenseKeyUpdate>(
  // Today's description has the trailing slash; the seed's SDK called it without.
  (client) => (client.today ? '/v1/license-keys/' : '/v1/license-keys'),
  'license key',
);
const myLicenseKeys = resourceClient('/v1/customer-portal/license-keys/', 'license key');

// License-key lists have no sorting parameter; they always come in created_at order.
export function list(
  client: ApiClient,
  filters: LicenseKeyFilters = {},
  paging: PageOptions = {},
): AsyncGenerator<Resource, void, undefined> {
  if (!client.today && filters.status !== undefined)
    throw new UsageError(
      `--status needs today's API (2026-04 or later): ${generationName(client)} has no such filter`,
      { hint: 'Set api_version, or pass --api-version 2026-10.' },
    );
  const query = client.today
    ? ({
        organization_id: filters.organization_id,
        benefit_id: filters.benefit_id,
        status: filters.status,
      } satisfies Query<'license_keys:list'>)
    : { ...filters };
  return licenseKeys.list(client, query, paging);
}

export function listCustomerPortal(
  client: ApiClient,
  filters: CustomerPortalLicenseKeyFilters = {},
  paging: PageOptions = {},
): AsyncGenerator<Resource, void, undefined> {
  noPortalOrganization(client, filters.organization_id);
  const query = client.today
    ? ({
        benefit_id: filters.benefit_id,
      } satisfies Query<'customer_portal:license_keys:list'>)
    : { ...filters };
  return myLicenseKeys.list(client, query, paging);
}

/** A license key of the seller's, with its activations. */
export async function get(client: ApiClient, id: string): Promise<LicenseKeyWithActivations> {
  return licenseKeys.get(client, id, licenseKeyWithActivations);
}

export async function getCustomerPortal(
  client: ApiClient,
  id: string,
): Promise<LicenseKeyWithActivations> {
  return myLicenseKeys.get(client, id, licenseKeyWithActivations);
}

export const update = licenseKeys.update;

// The three below never echo the key itself into messages. The public door sends no token (it
// would only risk a 401 invalid_token); the seller's sends the client's.
function keyPath(action: string, call: KeyCall): string {
  return call.seller ? `/v1/license-keys/${action}` : `/v1/customer-portal/license-keys/${action}`;
}

export async function activate(
  client: ApiClient,
  body: ActivateRequest,
  call: KeyCall = { seller: false },
): Promise<Resource> {
  return client.request('POST', keyPath('activate', call), {
    body,
    schema: resource,
    auth: call.seller,
    notFound: 'license key for that organization',
  });
}

export async function validate(
  client: ApiClient,
  body: ValidateRequest,
  call: KeyCall = { seller: false },
): Promise<Resource> {
  return client.request('POST', keyPath('validate', call), {
    body,
    schema: resource,
    auth: call.seller,
    notFound: 'license key for that organization',
  });
}

export async function deactivate(
  client: ApiClient,
  body: DeactivateRequest,
  call: KeyCall = { seller: false },
): Promise<void> {
  await client.request('POST', keyPath('deactivate', call), {
    body,
    auth: call.seller,
    notFound: 'license key or activation',
  });
}
