// Payments and disputes in today's generation (the seed's has neither), read from polarsource/
// polar at c6c3645e: payment/schemas.py (CardPayment | GenericPayment), models/payment.py,
// dispute/schemas.py. The sandbox has no payment processor: a paid order's payment is derived
// from the order — its id a fixed, reversible mask of the order's (so a payment needs no row and
// a get finds its order), its amount the order's total, `succeeded`, by card. The card is
// invented: the hosted page takes no card details, so every payment is Stripe's test Visa 4242.
import type { components } from '../../shared/openapi/2026-10.js';
import type { PaidOrderRow } from '../store/payments.js';

type Schemas = components['schemas'];

// XOR'ed into an order's id, nibble by nibble: zero on the version digit (it stays a 4) and
// under 4 on the variant digit (its two top bits stay 10), so a payment's id is a UUID4 too.
const MASK = '5a3c9e17b2d40c6e1f8a7b3c2d9e4f60';

function masked(id: string): string {
  const hex = id.replaceAll('-', '').toLowerCase();
  let out = '';
  for (let i = 0; i < 32; i++)
    out += (Number.parseInt(hex[i]!, 16) ^ Number.parseInt(MASK[i]!, 16)).toString(16);
  return `${out.slice(0, 8)}-${out.slice(8, 12)}-${out.slice(12, 16)}-${out.slice(16, 20)}-${out.slice(20)}`;
}

/** The id of the order's payment. */
export const paymentId = (orderId: string): string => masked(orderId);
/** The order whose payment `paymentId` is (the mask undoes itself). */
export const orderIdOf = (paymentId: string): string => masked(paymentId);

/** The CardPayment of a paid order. */
export function payment(o: PaidOrderRow): Schemas['CardPayment'] {
  return {
    created_at: o.created_at,
    modified_at: null,
    id: paymentId(o.id),
    processor: 'stripe',
    status: 'succeeded',
    amount: o.total,
    currency: o.currency,
    method: 'card',
    // models/payment.py: a checkout's charge is a purchase, a renewal's the cycle's.
    trigger: o.billing_reason === 'subscription_cycle' ? 'subscription_cycle' : 'purchase',
    decline_reason: null,
    decline_message: null,
    organization_id: o.organization_id,
    checkout_id: o.checkout_id,
    order_id: o.id,
    processor_metadata: {},
    method_metadata: { brand: 'visa', last4: '4242' },
  };
}
