// meter_credit benefits and customer meters (issue 27), as the real service keeps them
// (benefit/strategies/meter_credit/service.py, customer_meter/service.py, event/system.py at
// c6c3645e):
// - a grant records a meter.credited system event of the benefit's units (its rollover flag
//   with it) and remembers them on the grant; a revoke credits their opposite;
// - a cycle, unless the meter was reset since the last credit, computes the units to roll over
//   — min(balance, the rollover credits' running sum), at least 0 — records meter.reset, then
//   meter.credited of those units (rollover: true), then credits the benefit's units again;
// - a customer meter is the customer's window of a meter since its last meter.reset (by
//   ingestion): consumed the meter's aggregate of the customer's user events (by id or by
//   external id), credited the running sum (never below 0) of its meter.credited units,
//   balance credited − consumed. It exists once any event of the meter names the customer.
import { createHash, randomUUID } from 'node:crypto';
import type {
  BenefitGrantRow,
  BenefitRow,
  CustomerRow,
  MeterRow,
  UsageEventRow,
} from '../store/rows.js';
import { nonNegativeRunningSum } from './meter-billing.js';
import { meterScope } from './meters.js';
import { recordEvents } from './usage-events.js';
import type { Deps, Work } from './work.js';

export interface MeterCreditProperties {
  meter_id: string;
  units: number;
  rollover: boolean;
}

/** A system event of the customer (event/system.py build_system_event). */
function systemEvent(
  w: Work,
  customer: CustomerRow,
  name: 'meter.credited' | 'meter.reset',
  metadata: Record<string, unknown>,
): UsageEventRow {
  const now = w.clock.now();
  return {
    id: randomUUID(),
    ingested_at: now.toISOString(),
    ts: now.getTime(),
    organization_id: customer.organization_id,
    name,
    source: 'system',
    customer_id: customer.id,
    external_customer_id: customer.external_id ?? null,
    member_id: null,
    external_member_id: null,
    external_id: null,
    parent_id: null,
    parent_ref: null,
    metadata: JSON.stringify(metadata),
  };
}

/** The grant's properties after crediting `units` (BenefitGrantMeterCreditProperties). */
function credit(w: Work, customer: CustomerRow, p: MeterCreditProperties, units: number) {
  recordEvents(w, [
    systemEvent(w, customer, 'meter.credited', {
      meter_id: p.meter_id,
      units,
      rollover: p.rollover,
    }),
  ]);
  return {
    last_credited_meter_id: p.meter_id,
    last_credited_units: units,
    last_credited_at: w.clock.iso(),
  };
}

export const creditProperties = (b: BenefitRow) =>
  JSON.parse(b.properties) as MeterCreditProperties;

/** grant: the benefit's units credited. */
export function grantCredits(w: Work, benefit: BenefitRow, customer: CustomerRow) {
  const p = creditProperties(benefit);
  return credit(w, customer, p, p.units);
}

/** revoke: the last credit taken back, if there was one. */
export function revokeCredits(
  w: Work,
  benefit: BenefitRow,
  customer: CustomerRow,
  grant: BenefitGrantRow,
) {
  const held = JSON.parse(grant.properties) as Partial<ReturnType<typeof credit>>;
  if (!held.last_credited_meter_id) return held;
  const p = creditProperties(benefit);
  return credit(
    w,
    customer,
    { ...p, meter_id: held.last_credited_meter_id },
    -(held.last_credited_units ?? p.units),
  );
}

/** cycle: the reset and the rollover (unless reset since the last credit), then a new credit. */
export function cycleCredits(
  w: Work,
  benefit: BenefitRow,
  customer: CustomerRow,
  grant: BenefitGrantRow,
) {
  const p = creditProperties(benefit);
  const held = JSON.parse(grant.properties) as Partial<ReturnType<typeof credit>>;
  const meter = w.store.row('meters', p.meter_id);
  const reset = w.store.usageEvents.latestReset(customer.id, p.meter_id);
  // The real guard is `latest_meter_reset.ingested_at < last_credited_at`: a reset made before
  // the last credit (the grant's, or the last cycle's: reset, then credit). The sandbox's clock
  // stands still within a renewal, so that reset and that credit share an instant: a tie is a
  // reset before the credit (`<=`); `<` skipped every renewal's reset and rollover after the first.
  const stale = held.last_credited_at && reset !== undefined && reset <= held.last_credited_at;
  if (meter && (reset === undefined || stale)) {
    const rollover = rolloverUnits(w, customer, meter);
    recordEvents(w, [systemEvent(w, customer, 'meter.reset', { meter_id: p.meter_id })]);
    if (rollover > 0)
      recordEvents(w, [
        systemEvent(w, customer, 'meter.credited', {
          meter_id: p.meter_id,
          units: rollover,
          rollover: true,
        }),
      ]);
  }
  return credit(w, customer, p, p.units);
}

export interface CustomerMeterState {
  id: string;
  created_at: string;
  modified_at: string | null;
  customer: CustomerRow;
  meter: MeterRow;
  consumed_units: number;
  credited_units: number;
  balance: number;
}

/** A customer meter's id: one per customer and meter, the same at every read. */
export function customerMeterId(customerId: string, meterId: string): string {
  const h = createHash('sha256').update(`customer-meter:${customerId}:${meterId}`).digest('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-${((Number.parseInt(h[16]!, 16) & 3) | 8).toString(16)}${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

function window(deps: Deps, customer: CustomerRow, meter: MeterRow) {
  const scope = {
    ...meterScope(meter),
    customers: { ids: [customer.id], external: customer.external_id ? [customer.external_id] : [] },
  };
  const since = deps.store.usageEvents.latestReset(customer.id, meter.id);
  return deps.store.usageEvents.customerWindow(scope, meter.id, since);
}

/** customer_meter/service.py get_rollover_units. */
function rolloverUnits(deps: Deps, customer: CustomerRow, meter: MeterRow): number {
  const w = window(deps, customer, meter);
  if (!w.first) return 0;
  const plain = nonNegativeRunningSum(w.credits.filter((c) => !c.rollover).map((c) => c.units));
  const rolled = nonNegativeRunningSum(w.credits.filter((c) => c.rollover).map((c) => c.units));
  const balance = plain + rolled - w.units;
  return Math.max(0, Math.min(Math.trunc(balance), rolled));
}

/** The customer's meter, or undefined when no event of the meter has named the customer. */
export function customerMeter(
  deps: Deps,
  customer: CustomerRow,
  meter: MeterRow,
): CustomerMeterState | undefined {
  const w = window(deps, customer, meter);
  const activity = deps.store.usageEvents.meterActivity(customer, meter);
  if (!activity) return undefined;
  const credited = nonNegativeRunningSum(w.credits.map((c) => c.units));
  return {
    id: customerMeterId(customer.id, meter.id),
    created_at: activity.first,
    modified_at: activity.last === activity.first ? null : activity.last,
    customer,
    meter,
    consumed_units: w.units,
    credited_units: credited,
    balance: credited - w.units,
  };
}

/** Every customer meter of the customers and meters given (active meters unless named). */
export function customerMeters(
  deps: Deps,
  customers: readonly CustomerRow[],
  meters: readonly MeterRow[],
): CustomerMeterState[] {
  const out: CustomerMeterState[] = [];
  for (const c of customers)
    for (const m of meters) {
      if (m.organization_id !== c.organization_id) continue;
      const state = customerMeter(deps, c, m);
      if (state) out.push(state);
    }
  return out;
}
