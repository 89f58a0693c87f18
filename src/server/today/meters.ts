// Meters in today's generation (the seed's has none), read from polarsource/polar at c6c3645e:
// MeterCreate and MeterUpdate (meter/schemas.py: a name of at least 3 characters, the unit and
// its custom label, a positive multiplier, a Filter, an Aggregation discriminated by func), the
// Meter form and MeterQuantities.
import * as z from 'zod';
import type { components } from '../../shared/openapi/2026-10.js';
import type { Problem } from '../domain/errors.js';
import {
  type Aggregation,
  aggregationJson,
  type Filter,
  readAggregation,
  readFilter,
} from '../domain/meter-filter.js';
import type { MeterChanges, MeterFields } from '../domain/meters.js';
import { j, stamps } from '../serialize/loader.js';
import type { MeterRow } from '../store/rows.js';
import { chars, problem } from '../validate.js';
import { metadataInput } from './metadata.js';

type Schemas = components['schemas'];

export const METER_UNITS = ['scalar', 'token', 'custom'] as const;

/** A field read by one of meter-filter.ts's readers, its problems under the field. */
function read<T>(reader: (v: unknown, loc: (string | number)[], out: Problem[]) => T) {
  return z.unknown().transform((value, ctx): T => {
    const problems: Problem[] = [];
    const out = reader(value, [], problems);
    for (const p of problems)
      ctx.issues.push({
        ...problem(p.input, p.type, p.msg, p.ctx),
        path: p.loc,
      } as z.core.$ZodRawIssue);
    return out;
  });
}

const filter = read<Filter>(readFilter);
const aggregation = read<Aggregation>(readAggregation);
const unit = z.enum(METER_UNITS);
const multiplier = z.int().gt(0);

/** The model validator of MeterCreate (validate_custom_unit_fields). */
function customUnit(
  body: { unit?: string | null; custom_label?: string | null },
  ctx: z.core.$RefinementCtx,
): void {
  const label = body.custom_label ?? null;
  if (body.unit === 'custom' && label === null)
    ctx.issues.push({
      ...problem(
        body,
        'value_error',
        "Value error, custom_label is required when unit is 'custom'.",
      ),
      path: [],
    } as z.core.$ZodRawIssue);
  else if (body.unit !== 'custom' && label !== null)
    ctx.issues.push({
      ...problem(
        body,
        'value_error',
        "Value error, custom_label and custom_multiplier are only allowed when unit is 'custom'.",
      ),
      path: [],
    } as z.core.$ZodRawIssue);
}

export const createBody = z
  .object({
    metadata: metadataInput.optional(),
    name: chars(Number.MAX_SAFE_INTEGER, 3),
    unit: unit.default('scalar'),
    custom_label: z.string().nullish(),
    custom_multiplier: multiplier.nullish(),
    filter,
    aggregation,
    organization_id: z.uuid().nullish(),
  })
  .superRefine(customUnit);

export const updateBody = z.object({
  metadata: metadataInput.optional(),
  name: chars(Number.MAX_SAFE_INTEGER, 3).nullish(),
  unit: unit.nullish(),
  custom_label: z.string().nullish(),
  custom_multiplier: multiplier.nullish(),
  filter: filter.nullish(),
  aggregation: aggregation.nullish(),
  is_archived: z.boolean().nullish(),
});

export function createFields(b: z.output<typeof createBody>): MeterFields {
  return {
    name: b.name,
    unit: b.unit,
    custom_label: b.custom_label ?? null,
    custom_multiplier: b.custom_multiplier ?? null,
    filter: b.filter,
    aggregation: b.aggregation,
    metadata: (b.metadata ?? {}) as Record<string, unknown>,
  };
}

/** What the body sets (exclude_unset; a null filter or aggregation changes nothing). */
export function updateChanges(b: z.output<typeof updateBody>, raw: object): MeterChanges {
  const c: MeterChanges = {};
  if ('name' in raw && b.name != null) c.name = b.name;
  if ('unit' in raw && b.unit != null) c.unit = b.unit;
  if ('custom_label' in raw) c.custom_label = b.custom_label ?? null;
  if ('custom_multiplier' in raw) c.custom_multiplier = b.custom_multiplier ?? null;
  if ('filter' in raw) c.filter = b.filter ?? undefined;
  if ('aggregation' in raw) c.aggregation = b.aggregation ?? undefined;
  if (b.metadata !== undefined) c.metadata = b.metadata as Record<string, unknown>;
  if (b.is_archived != null) c.is_archived = b.is_archived;
  return c;
}

export function meter(r: MeterRow): Schemas['Meter'] {
  return {
    metadata: (j(r.metadata) ?? {}) as Schemas['Meter']['metadata'],
    ...stamps(r),
    id: r.id,
    name: r.name,
    unit: r.unit as Schemas['MeterUnit'],
    custom_label: r.custom_label,
    custom_multiplier: r.custom_multiplier,
    filter: JSON.parse(r.filter),
    aggregation: aggregationJson(JSON.parse(r.aggregation)) as Schemas['Meter']['aggregation'],
    organization_id: r.organization_id,
    archived_at: r.archived_at,
  };
}
