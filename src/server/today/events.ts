// The `data` of each event in today's generation's shapes: what an endpoint created under
// Polar-Version 2026-04/2026-10 receives (the real service's webhook payloads at c6c3645e, the
// 2026-10 document's Webhook*Payload schemas). A resource whose today's form is not written yet
// is sent in the seed's form (serialize/events.ts) until it is: TODAY_FORMS lists those that are.
import type { DomainEvent } from '../domain/events.js';
import { type EventData, eventData } from '../serialize/events.js';
import type { Loader } from '../serialize/loader.js';
import { benefitGrantWebhook } from './benefit-grants.js';
import { benefit } from './benefits.js';
import { checkout } from './checkouts.js';
import { customer, customerState } from './customers.js';
import { discount } from './discounts.js';
import { order } from './orders.js';
import { organization } from './organizations.js';
import { product } from './products.js';
import { refund } from './refunds.js';
import { subscription } from './subscriptions.js';

/** The resources whose events have today's form here; the others still take the seed's. */
export const TODAY_FORMS = [
  'checkout',
  'customer',
  'organization',
  'product',
  'benefit',
  'benefit_grant',
  'discount',
  'order',
  'refund',
  'subscription',
] as const;

/** The event's resource as today's API shows it now; undefined when it does not exist. */
export function todaysEventData(l: Loader, event: DomainEvent, now: string): EventData | undefined {
  switch (event.type) {
    case 'customer.created':
    case 'customer.updated':
    case 'customer.deleted': {
      const r = l.row('customers', event.id);
      return r ? { organizationId: r.organization_id, data: customer(r) } : undefined;
    }
    case 'checkout.created':
    case 'checkout.updated':
    case 'checkout.expired': {
      const r = l.row('checkouts', event.id);
      return r ? { organizationId: r.organization_id, data: checkout(l, r, now) } : undefined;
    }
    case 'customer.state_changed': {
      const r = l.row('customers', event.id);
      return r ? { organizationId: r.organization_id, data: customerState(l, r) } : undefined;
    }
    case 'order.created':
    case 'order.updated':
    case 'order.paid':
    case 'order.refunded': {
      const r = l.row('orders', event.id);
      return r ? { organizationId: r.organization_id, data: order(l, r) } : undefined;
    }
    case 'refund.created':
    case 'refund.updated': {
      const r = l.row('refunds', event.id);
      return r ? { organizationId: r.organization_id, data: refund(r) } : undefined;
    }
    case 'discount.created':
    case 'discount.updated':
    case 'discount.deleted': {
      const r = l.row('discounts', event.id);
      return r ? { organizationId: r.organization_id, data: discount(l, r) } : undefined;
    }
    case 'organization.updated': {
      const r = l.row('organizations', event.id);
      return r ? { organizationId: r.id, data: organization(r, now) } : undefined;
    }
    case 'product.created':
    case 'product.updated': {
      const r = l.row('products', event.id);
      return r ? { organizationId: r.organization_id, data: product(l, r) } : undefined;
    }
    case 'benefit.created':
    case 'benefit.updated': {
      const r = l.row('benefits', event.id);
      return r ? { organizationId: r.organization_id, data: benefit(r) } : undefined;
    }
    case 'benefit_grant.created':
    case 'benefit_grant.cycled':
    case 'benefit_grant.updated':
    case 'benefit_grant.revoked': {
      const r = l.row('benefit_grants', event.id);
      if (!r) return undefined;
      const data = benefitGrantWebhook(l, r, event.previous_properties);
      return { organizationId: r.organization_id, data };
    }
    case 'subscription.created':
    case 'subscription.updated':
    case 'subscription.active':
    case 'subscription.canceled':
    case 'subscription.uncanceled':
    case 'subscription.revoked':
    case 'subscription.cycled':
    case 'subscription.paused':
    case 'subscription.resumed': {
      const r = l.row('subscriptions', event.id);
      return r ? { organizationId: r.organization_id, data: subscription(l, r) } : undefined;
    }
    default:
      return eventData(l, event, now);
  }
}

/** The organization of an event's resource, read without serializing it (undefined: gone). */
export function organizationOf(l: Loader, event: DomainEvent): string | undefined {
  if (event.type.startsWith('customer.')) return l.row('customers', event.id)?.organization_id;
  if (event.type.startsWith('subscription.'))
    return l.row('subscriptions', event.id)?.organization_id;
  if (event.type.startsWith('order.')) return l.row('orders', event.id)?.organization_id;
  if (event.type.startsWith('refund.')) return l.row('refunds', event.id)?.organization_id;
  return todaysEventData(l, event, '')?.organizationId;
}

/**
 * The customer whose state an event changes (customer.state_changed follows: customer/service.py
 * `webhook`, subscription/service.py, benefit/grant/service.py at c6c3645e), if any.
 */
export function customerOf(l: Loader, event: DomainEvent): string | undefined {
  const [resource, action] = event.type.split('.');
  if (resource === 'customer') return action === 'state_changed' ? undefined : event.id;
  if (resource === 'subscription') return l.row('subscriptions', event.id)?.customer_id;
  if (resource === 'benefit_grant') return l.row('benefit_grants', event.id)?.customer_id;
  return undefined;
}
