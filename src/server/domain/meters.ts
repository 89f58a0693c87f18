// Meters (meter/service.py at c6c3645e): create (the latest event it counts becomes its last
// billed one), update (filter and aggregation refused once it has billed an event; archiving
// refused while an active product's metered price or a meter_credit benefit uses it) and its
// quantities (meter-quantities.ts says how the real query computes them).
import { randomUUID } from 'node:crypto';
import type { Store } from '../store/index.js';
import type { MeterRow } from '../store/rows.js';
import type { CustomerScope, MeterScope } from '../store/usage-events.js';
import { Invalid, type Problem } from './errors.js';
import type { Aggregation, AggregationFunction, Filter } from './meter-filter.js';
import { combine, period, series, type TimeInterval } from './meter-quantities.js';
import type { Work } from './work.js';

export interface MeterFields {
  name: string;
  unit: string;
  custom_label: string | null;
  custom_multiplier: number | null;
  filter: Filter;
  aggregation: Aggregation;
  metadata: Record<string, unknown>;
}

export function meterScope(m: MeterRow): MeterScope {
  return {
    organizationId: m.organization_id,
    filter: JSON.parse(m.filter),
    aggregation: JSON.parse(m.aggregation),
  };
}

export function createMeter(w: Work, organizationId: string, f: MeterFields): MeterRow {
  const row: MeterRow = {
    id: randomUUID(),
    created_at: w.clock.iso(),
    modified_at: null,
    organization_id: organizationId,
    name: f.name,
    unit: f.unit,
    custom_label: f.custom_label,
    custom_multiplier: f.custom_multiplier,
    filter: JSON.stringify(f.filter),
    aggregation: JSON.stringify(f.aggregation),
    metadata: JSON.stringify(f.metadata),
    archived_at: null,
    last_billed_event_id: null,
  };
  row.last_billed_event_id = w.store.usageEvents.latestOf(meterScope(row)) ?? null;
  w.store.insert('meters', row);
  return row;
}

export interface MeterChanges extends Partial<MeterFields> {
  is_archived?: boolean | null;
}

export function updateMeter(w: Work, meter: MeterRow, c: MeterChanges): MeterRow {
  const problems: Problem[] = [];
  if (meter.last_billed_event_id !== null)
    for (const field of ['filter', 'aggregation'] as const)
      if (field in c)
        problems.push({
          type: 'forbidden',
          loc: [field],
          msg: "This field can't be updated because the meter is already aggregating events.",
          input: c[field] ?? null,
        });
  if (problems.length) throw new Invalid(problems);
  const set: Record<string, unknown> = {};
  for (const key of ['name', 'unit', 'custom_label', 'custom_multiplier'] as const)
    if (key in c) set[key] = c[key] ?? null;
  if (c.filter) set.filter = JSON.stringify(c.filter);
  if (c.aggregation) set.aggregation = JSON.stringify(c.aggregation);
  if (c.metadata) set.metadata = JSON.stringify(c.metadata);
  if (c.is_archived === true) {
    const refuse = (msg: string) =>
      new Invalid([{ type: 'value_error', loc: ['is_archived'], msg, input: true }]);
    if (w.store.meters.activePrices(meter.id) > 0)
      throw refuse('Cannot archive meter that is still attached to active products');
    if (w.store.meters.activeCreditBenefits(meter.id) > 0)
      throw refuse('Cannot archive meter that is still referenced by active benefits');
    set.archived_at = w.clock.iso();
  } else if (c.is_archived === false) set.archived_at = null;
  // The repository's update stamps modified_at even when nothing else changes.
  w.store.update('meters', meter.id, set, w.clock.iso());
  return w.store.row('meters', meter.id)!;
}

export interface QuantitiesQuery {
  start: number;
  end: number;
  interval: TimeInterval;
  zone: string;
  customers?: CustomerScope;
  metadata: Record<string, readonly string[]>;
  customerAggregation?: AggregationFunction;
}

export function meterQuantities(
  store: Store,
  meter: MeterRow,
  q: QuantitiesQuery,
): { quantities: { timestamp: string; quantity: number }[]; total: number } {
  const scope: MeterScope = { ...meterScope(meter), customers: q.customers, metadata: q.metadata };
  const rows = series(q.start, q.end, q.interval, q.zone);
  const buckets = rows.map((t) => period(t, q.interval, q.zone));
  const per = store.usageEvents.bucketed(scope, buckets, q.customerAggregation !== undefined);
  const values = per.map((rs) =>
    q.customerAggregation
      ? rs.length
        ? combine(
            q.customerAggregation,
            rs.map((r) => r.value),
          )
        : null
      : (rs[0]?.value ?? null),
  );
  const fn = scope.aggregation.func;
  let total: number | null;
  if (fn === 'count' || fn === 'sum') total = combine('sum', values);
  else if (fn === 'max' || fn === 'min') total = combine(fn, values);
  else total = store.usageEvents.aggregate(scope);
  return {
    quantities: rows.map((t, i) => ({
      timestamp: new Date(t).toISOString(),
      quantity: values[i] ?? 0,
    })),
    total: rows.length ? (total ?? 0) : 0,
  };
}
