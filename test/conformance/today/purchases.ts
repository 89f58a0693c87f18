// Purchases for the orders and refunds suites: the demo's open checkouts confirmed through the
// seed's generation (not SDK calls: not recorded), as buySubscription does for a subscription.
import { expect } from 'vitest';
import type { TodayBox } from './harness.js';

/** The demo's open checkouts, by what they sell (seed.ts). */
export const CHECKOUTS = { pro: 0, desktop: 1, team: 2, starter: 3 } as const;

/**
 * Confirms the demo's open checkout `which` for a new buyer with an address in Chicago; returns
 * the order it made and its customer.
 */
export async function buy(
  b: TodayBox,
  which: keyof typeof CHECKOUTS,
  email: string,
  /** More of the confirm's body (Acme Team asks for custom_field_data.company). */
  extra: Record<string, unknown> = {},
): Promise<{ orderId: string; customerId: string }> {
  const id = b.demo.open_checkout_ids[CHECKOUTS[which]]!;
  const auth = { authorization: `Bearer ${b.demo.personal_access_token}` };
  const checkout = (await (
    await fetch(`${b.svc.url}/v1/checkouts/custom/${id}`, { headers: auth })
  ).json()) as { client_secret: string };
  const confirm = await fetch(
    `${b.svc.url}/v1/checkouts/custom/client/${checkout.client_secret}/confirm`,
    {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        customer_email: email,
        customer_name: 'Bea Buyer',
        customer_billing_address: {
          country: 'US',
          state: 'US-IL',
          city: 'Chicago',
          line1: '1 Main St',
          postal_code: '60601',
        },
        confirmation_token_id: 'tok_visa',
        ...extra,
      }),
    },
  );
  expect(confirm.status).toBe(200);
  const order = b.svc.store.get<{ id: string; customer_id: string }>(
    'SELECT id, customer_id FROM orders WHERE checkout_id = ?',
    id,
  )!;
  return { orderId: order.id, customerId: order.customer_id };
}
