// Organizations (spec §4.2 #14–15; body fields: api-facts.md "Request bodies").
import type { ApiClient } from './client.js';
import { checkSorting, SORTS } from './generation.js';
import type { PageOptions } from './paginate.js';
import { type Resource, resource } from './schemas.js';
import type { Query } from './today.js';
import { segment } from './url.js';

export interface OrganizationUpdate {
  name?: string;
  avatar_url?: string | null;
  billing_email?: string | null;
  default_upfront_split_to_contributors?: number | null;
  pledge_badge_show_amount?: boolean;
  pledge_minimum_amount?: number;
  default_badge_custom_content?: string | null;
  total_monthly_spending_limit?: number | null;
  per_user_monthly_spending_limit?: number | null;
  profile_settings?: Record<string, unknown> | null;
  feature_settings?: Record<string, unknown> | null;
  subscription_settings?: Record<string, unknown> | null;
}

export interface OrganizationFilters {
  slug?: string;
  /** Criteria of either generation, checked per generation when sent. */
  sorting?: readonly string[];
}

/** The organizations the token can act for (GET /v1/organizations/). */
export function list(
  client: ApiClient,
  filters: OrganizationFilters = {},
  paging: PageOptions = {},
): AsyncGenerator<Resource, void, undefined> {
  const sorting = checkSorting(client, filters.sorting, SORTS.organizations);
  return client.paginate('/v1/organizations/', {
    ...paging,
    query: client.today
      ? ({
          slug: filters.slug,
          sorting: sorting as Query<'organizations:list'>['sorting'],
        } satisfies Query<'organizations:list'>)
      : { ...filters },
    schema: resource,
  });
}

export async function get(client: ApiClient, id: string): Promise<Resource> {
  return client.request('GET', `/v1/organizations/${segment(id)}`, {
    schema: resource,
    notFound: `organization ${id}`,
  });
}

export async function update(
  client: ApiClient,
  id: string,
  body: OrganizationUpdate,
): Promise<Resource> {
  return client.request('PATCH', `/v1/organizations/${segment(id)}`, {
    body,
    schema: resource,
    notFound: `organization ${id}`,
  });
}
