// The checkout session the checkout verb tests answer with, and the card a pipe gets for one.
import { ID, ID2 } from '../verb.js';

/** An open session for Pro (12.00 USD) of jane@example.com. */
export const CHECKOUT = {
  id: ID,
  status: 'open',
  product: { name: 'Pro' },
  product_price: { price_amount: 1200 },
  amount: 1200,
  tax_amount: 0,
  subtotal_amount: 1200,
  total_amount: 1200,
  currency: 'usd',
  is_payment_required: true,
  customer_email: 'jane@example.com',
  customer_name: 'Jane' as string | null,
  customer_id: ID2 as string | null,
  expires_at: '2026-11-23T13:00:00Z',
  url: `https://billing.example/checkout/${ID}`,
  metadata: {} as Record<string, unknown>,
  custom_field_data: {},
};

/** The key\tvalue card of `checkout`: one row a field, in this order, null as empty. */
export function checkoutCard(checkout: typeof CHECKOUT): string {
  const c = checkout;
  return (
    `id\t${c.id}\n` +
    `status\t${c.status}\n` +
    `product.name\t${c.product.name}\n` +
    `product_price.price_amount\t${c.product_price.price_amount}\n` +
    'discount.name\t\n' +
    `amount\t${c.amount}\n` +
    // The key is the column's (today's net_amount), read as the seed's subtotal_amount.
    `net_amount\t${c.subtotal_amount}\n` +
    `tax_amount\t${c.tax_amount}\n` +
    `total_amount\t${c.total_amount}\n` +
    `is_payment_required\t${c.is_payment_required}\n` +
    `customer_email\t${c.customer_email}\n` +
    `customer_name\t${c.customer_name ?? ''}\n` +
    `customer_id\t${c.customer_id ?? ''}\n` +
    `expires_at\t${c.expires_at}\n` +
    `url\t${c.url}\n` +
    `metadata\t${JSON.stringify(c.metadata)}\n` +
    `custom_field_data\t${JSON.stringify(c.custom_field_data)}\n`
  );
}
