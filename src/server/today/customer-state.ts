// The customer state in today's generation (customer/schemas/state.py and customer/service.py
// `get_state` at c6c3645e): the customer with its trialing and active subscriptions, the
// benefits it holds and its meters (the caller's, domain/meter-credits.ts). Its own module because it
// reads both the customer's form and the subscription's terms (customers.ts, subscriptions.ts).
import { ENUMS } from '../../shared/openapi/2026-10.facts.js';
import type { components } from '../../shared/openapi/2026-10.js';
import { b, j, type Loader, stamps } from '../serialize/loader.js';
import type { CustomerRow } from '../store/rows.js';
import { customer } from './customers.js';
import { todaysTerms } from './subscriptions.js';

type Schemas = components['schemas'];

const TODAY_BENEFIT_TYPES: ReadonlySet<string> = new Set(ENUMS.BenefitType);

/**
 * The state's subscriptions show what the subscription itself shows (its amount after the
 * discount, its trial: CustomerStateSubscription reads the same model), and its grants the
 * benefit's type and metadata (`benefit_metadata`: AliasPath("benefit", "user_metadata")). A
 * benefit of a type today's generation no longer has (`ads`) is not among them.
 */
export function customerState(
  l: Loader,
  r: CustomerRow,
  active_meters: Schemas['CustomerStateMeter'][] = [],
): Schemas['CustomerState'] {
  const active_subscriptions = l
    .activeSubscriptions(r.id)
    .map((s): Schemas['CustomerStateSubscription'] & { price_id: string } => ({
      id: s.id,
      ...stamps(s),
      custom_field_data: (j(s.custom_field_data) ?? {}) as Record<string, never>,
      metadata: (j(s.metadata) ?? {}) as Record<string, string>,
      status: s.status as 'active' | 'trialing',
      ...todaysTerms(l, s),
      currency: s.currency ?? 'usd',
      recurring_interval: s.recurring_interval,
      current_period_start: s.current_period_start,
      current_period_end: s.current_period_end ?? s.current_period_start,
      cancel_at_period_end: b(s.cancel_at_period_end),
      canceled_at: s.canceled_at ?? null,
      started_at: s.started_at ?? null,
      ends_at: s.ends_at ?? null,
      product_id: s.product_id,
      // Deprecated, and still serialized (SkipJsonSchema).
      price_id: s.price_id,
      // CustomerStateSubscriptionMeter: the subscription's meters without the meter.
      meters: l.usage(s)?.meters ?? [],
    }));
  const granted_benefits = l
    .grantedBenefits(r.id)
    .flatMap((g): Schemas['CustomerStateBenefitGrant'][] => {
      const benefit = l.row('benefits', g.benefit_id);
      if (!benefit || !TODAY_BENEFIT_TYPES.has(benefit.type)) return [];
      return [
        {
          id: g.id,
          ...stamps(g),
          granted_at: g.granted_at!,
          benefit_id: g.benefit_id,
          benefit_type: benefit.type as Schemas['BenefitType'],
          benefit_metadata: (j(benefit.metadata ?? '{}') ?? {}) as Record<string, string>,
          properties: (j(g.properties) ?? {}) as Schemas['CustomerStateBenefitGrant']['properties'],
        },
      ];
    });
  return { ...customer(r), active_subscriptions, granted_benefits, active_meters };
}
