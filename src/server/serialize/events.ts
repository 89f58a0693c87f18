// The `data` of each event (api-facts "Events"): the resource in the form the API itself returns
// it — a checkout as GET /v1/checkouts/custom/{id}, an order as GET /v1/orders/{id}, a
// subscription in the seller's (admin) form, a product as GET /v1/products/{id}, a benefit grant
// as the SDK's BenefitGrantWebhook — and the organization the event belongs to.
import type { DomainEvent } from '../domain/events.js';
import type { BenefitGrantRow } from '../store/rows.js';
import { benefit, organization, product } from './catalogue.js';
import { checkoutView } from './checkout.js';
import { customer, order, subscriptionAdmin } from './commerce.js';
import { j, type Loader, type R, stamps } from './loader.js';

/**
 * A benefit grant with its customer and benefit, and its properties before the change (SDK
 * 0.20.2 BenefitGrantWebhook; the real service sets `previous_properties` on every event).
 */
export function benefitGrant(l: Loader, r: BenefitGrantRow, previous: unknown): R {
  return {
    ...stamps(r),
    id: r.id,
    granted_at: r.granted_at ?? null,
    is_granted: r.granted_at != null,
    revoked_at: r.revoked_at ?? null,
    is_revoked: r.revoked_at != null,
    subscription_id: r.subscription_id ?? null,
    order_id: r.order_id ?? null,
    customer_id: r.customer_id,
    // Deprecated, and never null: a buyer without a user account stands as its customer.
    user_id: r.user_id ?? r.customer_id,
    benefit_id: r.benefit_id,
    customer: customer(l.row('customers', r.customer_id)!),
    properties: j(r.properties),
    benefit: benefit(l.row('benefits', r.benefit_id)!, true),
    previous_properties: previous ?? null,
  };
}

export interface EventData {
  organizationId: string;
  data: R;
}

/** The event's resource as the API shows it now; undefined when it does not exist. */
export function eventData(l: Loader, event: DomainEvent, now: string): EventData | undefined {
  const kind = event.type.slice(0, event.type.indexOf('.'));
  const of = (data: R, organizationId: string) => ({ organizationId, data });
  switch (kind) {
    case 'checkout': {
      const r = l.row('checkouts', event.id);
      return r ? of(checkoutView(l, r, now), r.organization_id) : undefined;
    }
    case 'order': {
      const r = l.row('orders', event.id);
      return r ? of(order(l, r), r.organization_id) : undefined;
    }
    case 'subscription': {
      const r = l.row('subscriptions', event.id);
      return r ? of(subscriptionAdmin(l, r), r.organization_id) : undefined;
    }
    case 'product': {
      const r = l.row('products', event.id);
      return r ? of(product(l, r, 'admin'), r.organization_id) : undefined;
    }
    case 'benefit': {
      const r = l.row('benefits', event.id);
      return r ? of(benefit(r, true), r.organization_id) : undefined;
    }
    case 'benefit_grant': {
      const r = l.row('benefit_grants', event.id);
      return r ? of(benefitGrant(l, r, event.previous_properties), r.organization_id) : undefined;
    }
    case 'organization': {
      const r = l.row('organizations', event.id);
      return r ? of(organization(r), r.id) : undefined;
    }
    default:
      return undefined;
  }
}
