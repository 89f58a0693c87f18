// Organizations (spec §4.2 #14–15; body fields: api-facts.md "Request bodies").
import type { ApiClient } from './client.js';
import { checkSorting, SORTS } from './generation.js';
import type { PageOptions } from './paginate.js';
import { resourceClient } from './resource.js';
import type { Resource } from './schemas.js';
import type { Query } from './today.js';

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

const organizations = resourceClient<never, OrganizationUpdate>(
  '/v1/organizations/',
  'organization',
);

/** The organizations the token can act for (GET /v1/organizations/). */
export function list(
  client: ApiClient,
  filters: OrganizationFilters = {},
  paging: PageOptions = {},
): AsyncGenerator<Resource, void, undefined> {
  const sorting = checkSorting(client, filters.sorting, SORTS.organizations);
  const query = client.today
    ? ({
        slug: filters.slug,
        sorting: sorting as Query<'organizations:list'>['sorting'],
      } satisfies Query<'organizations:list'>)
    : { ...filters };
  return organizations.list(client, query, paging);
}

export const { get, update } = organizations;
