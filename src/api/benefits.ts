// Benefits, read-only here (GET /v1/benefits/, GET /v1/benefits/{id}; the official SDK 0.20.2's
// benefits.list and benefits.get). The list has no sorting: by type, then oldest first.
import { UsageError } from '../errors.js';
import { BENEFIT_TYPES } from '../shared/api-facts.js';
import { ENUMS } from '../shared/openapi/2026-10.facts.js';
import type { ApiClient } from './client.js';
import type { BenefitType } from './enums.js';
import { generationName, many, type VALUES } from './generation.js';
import type { PageOptions } from './paginate.js';
import { resourceClient } from './resource.js';
import type { Resource } from './schemas.js';
import type { Query } from './today.js';

type Many<T> = T | readonly T[];

export interface BenefitFilters {
  /** Only these benefits (today's generation). */
  id?: Many<string>;
  organization_id?: Many<string>;
  /** The real service's name for the type filter; either generation's types. */
  type?: Many<(typeof VALUES.benefitType)[number]>;
}

/** A new benefit (benefits:write): `custom` with a note, or `license_keys` with its limits. */
export interface BenefitCreate {
  type: BenefitType;
  description: string;
  properties: Record<string, unknown>;
  organization_id?: string;
}

/** A benefit's description and properties (its `type` sent, unchanged); key limits reach its grants. */
export interface BenefitUpdate {
  type: string;
  description?: string;
  properties?: Record<string, unknown>;
}

const benefits = resourceClient<BenefitCreate, BenefitUpdate>('/v1/benefits/', 'benefit');

/**
 * The types asked for, each one the generation in use has: today's removed `ads` (with its
 * benefits) and the seed's lacks meter credits, feature flags, Slack channels; the service
 * would answer a 422 naming neither.
 */
function typesFor(client: ApiClient, types: BenefitFilters['type']): void {
  const known: readonly string[] = client.today ? ENUMS.BenefitType : BENEFIT_TYPES;
  const unknown = many(types)?.filter((t) => !known.includes(t)) ?? [];
  if (unknown.length)
    throw new UsageError(
      `--type ${unknown.join(', ')}: not a benefit type of ${generationName(client)}`,
      { hint: `Its types: ${known.join(', ')}` },
    );
}

export function list(
  client: ApiClient,
  filters: BenefitFilters = {},
  paging: PageOptions = {},
): AsyncGenerator<Resource, void, undefined> {
  typesFor(client, filters.type);
  const query = client.today
    ? ({
        id: filters.id,
        organization_id: filters.organization_id,
        type: filters.type as Query<'benefits:list'>['type'],
      } satisfies Query<'benefits:list'>)
    : { ...filters };
  return benefits.list(client, query, paging);
}

export const { get, create, update } = benefits;
