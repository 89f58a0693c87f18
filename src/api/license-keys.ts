// License keys: admin, customer portal, and the public activate/validate/deactivate family
// (spec §4.2 #7–11; api-facts.md "Request bodies" and "Filters").
import type { ApiClient } from './client.js';
import type { LicenseKeyStatus } from './enums.js';
import type { PageOptions } from './paginate.js';
import {
  type LicenseKeyWithActivations,
  licenseKeyWithActivations,
  type Resource,
  resource,
} from './schemas.js';
import { segment } from './url.js';

type Many<T> = T | readonly T[];

export interface LicenseKeyFilters {
  organization_id?: Many<string>;
  benefit_id?: Many<string>;
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

// License-key lists have no sorting parameter; they always come in created_at order.
export function list(
  client: ApiClient,
  filters: LicenseKeyFilters = {},
  paging: PageOptions = {},
): AsyncGenerator<Resource, void, undefined> {
  return client.paginate('/v1/license-keys', {
    ...paging,
    query: { ...filters },
    schema: resource,
  });
}

export function listCustomerPortal(
  client: ApiClient,
  filters: CustomerPortalLicenseKeyFilters = {},
  paging: PageOptions = {},
): AsyncGenerator<Resource, void, undefined> {
  return client.paginate('/v1/customer-portal/license-keys/', {
    ...paging,
    query: { ...filters },
    schema: resource,
  });
}

/** A license key of the seller's, with its activations. */
export async function get(client: ApiClient, id: string): Promise<LicenseKeyWithActivations> {
  return client.request('GET', `/v1/license-keys/${segment(id)}`, {
    schema: licenseKeyWithActivations,
    notFound: `license key ${id}`,
  });
}

export async function getCustomerPortal(
  client: ApiClient,
  id: string,
): Promise<LicenseKeyWithActivations> {
  return client.request('GET', `/v1/customer-portal/license-keys/${segment(id)}`, {
    schema: licenseKeyWithActivations,
    notFound: `license key ${id}`,
  });
}

export async function update(
  client: ApiClient,
  id: string,
  body: LicenseKeyUpdate,
): Promise<Resource> {
  return client.request('PATCH', `/v1/license-keys/${segment(id)}`, {
    body,
    schema: resource,
    notFound: `license key ${id}`,
  });
}

// The three below are public (a token would only risk a 401 invalid_token) and never echo
// the key itself into messages.
export async function activate(client: ApiClient, body: ActivateRequest): Promise<Resource> {
  return client.request('POST', '/v1/customer-portal/license-keys/activate', {
    body,
    schema: resource,
    auth: false,
    notFound: 'license key for that organization',
  });
}

export async function validate(client: ApiClient, body: ValidateRequest): Promise<Resource> {
  return client.request('POST', '/v1/customer-portal/license-keys/validate', {
    body,
    schema: resource,
    auth: false,
    notFound: 'license key for that organization',
  });
}

export async function deactivate(client: ApiClient, body: DeactivateRequest): Promise<void> {
  await client.request('POST', '/v1/customer-portal/license-keys/deactivate', {
    body,
    auth: false,
    notFound: 'license key or activation',
  });
}
