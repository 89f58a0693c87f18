// Discounts (GET/POST /v1/discounts/, GET/PATCH/DELETE /v1/discounts/{id}; the official SDK
// 0.20.2's discounts.* calls): fixed or percentage, once, forever or for some months.
import type { ApiClient } from './client.js';
import type { DiscountDuration } from './enums.js';
import { checkSorting, SORTS } from './generation.js';
import type { PageOptions } from './paginate.js';
import { resourceClient } from './resource.js';
import type { Resource } from './schemas.js';
import type { Query } from './today.js';

type Many<T> = T | readonly T[];

export interface DiscountFilters {
  organization_id?: Many<string>;
  /** Case-insensitive substring of the name. */
  query?: string;
  /** Criteria of either generation, checked per generation when sent. */
  sorting?: readonly string[];
}

/** What fixed and percentage discounts, and all durations, have in common. */
interface DiscountFields {
  name?: string;
  /** Alphanumeric, 3 to 256 characters; null: only applicable through the API. */
  code?: string | null;
  starts_at?: string | null;
  ends_at?: string | null;
  max_redemptions?: number | null;
  /** Today's (2026-04 and later): how many times one customer may redeem it. */
  max_redemptions_per_customer?: number | null;
  /** The products it applies to; empty or absent: every product. */
  products?: string[] | null;
  duration_in_months?: number;
  /** Fixed: minor units of `currency`. */
  amount?: number;
  currency?: string;
  /** Percentage: 1–10000 basis points. */
  basis_points?: number;
}

export interface DiscountCreate extends DiscountFields {
  name: string;
  type: 'fixed' | 'percentage';
  duration: DiscountDuration;
  organization_id?: string | null;
}

/** Only what is sent changes; null clears. The type and the duration cannot change. */
export type DiscountUpdate = DiscountFields;

const discounts = resourceClient<
  DiscountCreate | Record<string, unknown>,
  DiscountUpdate | Record<string, unknown>
>('/v1/discounts/', 'discount');

export function list(
  client: ApiClient,
  filters: DiscountFilters = {},
  paging: PageOptions = {},
): AsyncGenerator<Resource, void, undefined> {
  const sorting = checkSorting(client, filters.sorting, SORTS.discounts);
  const query = client.today
    ? ({
        organization_id: filters.organization_id,
        query: filters.query,
        sorting: sorting as Query<'discounts:list'>['sorting'],
      } satisfies Query<'discounts:list'>)
    : { ...filters };
  return discounts.list(client, query, paging);
}

export const { get, create, update, remove } = discounts;
