// Event types in today's generation (the seed's has none), read from polarsource/polar at
// c6c3645e: EventTypeUpdate (event_type/schemas.py: a label of 1–128 characters, stripped and
// refused when only whitespace; a selector of 1–256, stripped, a blank one none), the EventType
// form and EventTypeWithStats (id and timestamps null for a system name without a row).
import * as z from 'zod';
import type { components } from '../../shared/openapi/2026-10.js';
import { stamps } from '../serialize/loader.js';
import type { EventTypeRow } from '../store/rows.js';
import type { NameStats } from '../store/usage-events.js';
import { chars, problem } from '../validate.js';

type Schemas = components['schemas'];

export const updateBody = z.object({
  label: chars(128, 1).transform((value, ctx) => {
    const label = value.trim();
    if (!label) {
      ctx.issues.push(
        problem(value, 'value_error', 'Value error, Label cannot be empty or only whitespace', {
          error: {},
        }),
      );
      return z.NEVER;
    }
    return label;
  }),
  label_property_selector: chars(256, 1)
    .transform((value) => value.trim() || null)
    .nullish(),
});

export function eventType(r: EventTypeRow): Schemas['EventType'] {
  return {
    ...stamps(r),
    id: r.id,
    name: r.name,
    label: r.label,
    label_property_selector: r.label_property_selector,
    organization_id: r.organization_id,
  };
}

/** One name's statistics with its row (if any) and the label the list resolved for it. */
export function eventTypeWithStats(
  s: NameStats & { organization_id: string },
  row: EventTypeRow | undefined,
  label: string,
): Schemas['EventTypeWithStats'] {
  return {
    id: row?.id ?? null,
    created_at: row?.created_at ?? null,
    modified_at: row?.modified_at ?? null,
    name: s.name,
    label,
    label_property_selector: row?.label_property_selector ?? null,
    organization_id: s.organization_id,
    source: s.source as Schemas['EventSource'],
    occurrences: s.occurrences,
    first_seen: new Date(s.first_seen).toISOString(),
    last_seen: new Date(s.last_seen).toISOString(),
  };
}
