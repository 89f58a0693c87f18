// Benefits, read-only here (GET /v1/benefits/, GET /v1/benefits/{id}; the official SDK 0.20.2's
// benefits.list and benefits.get). The list has no sorting: by type, then oldest first.
import type { ApiClient } from './client.js';
import type { BenefitType } from './enums.js';
import type { VALUES } from './generation.js';
import type { PageOptions } from './paginate.js';
import { type Resource, resource } from './schemas.js';
import type { Query } from './today.js';
import { segment } from './url.js';

type Many<T> = T | readonly T[];

export interface BenefitFilters {
  organization_id?: Many<string>;
  /** The real service's name for the type filter; either generation's types. */
  type?: Many<(typeof VALUES.benefitType)[number]>;
}

export function list(
  client: ApiClient,
  filters: BenefitFilters = {},
  paging: PageOptions = {},
): AsyncGenerator<Resource, void, undefined> {
  return client.paginate('/v1/benefits/', {
    ...paging,
    query: client.today
      ? ({
          organization_id: filters.organization_id,
          type: filters.type as Query<'benefits:list'>['type'],
        } satisfies Query<'benefits:list'>)
      : { ...filters },
    schema: resource,
  });
}

export async function get(client: ApiClient, id: string): Promise<Resource> {
  return client.request('GET', `/v1/benefits/${segment(id)}`, {
    schema: resource,
    notFound: `benefit ${id}`,
  });
}

/** A new benefit (benefits:write): `custom` with a note, or `license_keys` with its limits. */
export async function create(
  client: ApiClient,
  body: {
    type: BenefitType;
    description: string;
    properties: Record<string, unknown>;
    organization_id?: string;
  },
): Promise<Resource> {
  return client.request('POST', '/v1/benefits/', { body, schema: resource });
}

/** A benefit's description and properties (its `type` sent, unchanged); key limits reach its grants. */
export async function update(
  client: ApiClient,
  id: string,
  body: { type: string; description?: string; properties?: Record<string, unknown> },
): Promise<Resource> {
  return client.request('PATCH', `/v1/benefits/${segment(id)}`, {
    body,
    schema: resource,
    notFound: `benefit ${id}`,
  });
}
