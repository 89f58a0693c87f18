// Confirming a checkout with the email of an existing customer (issue 12, item 3), as the real
// service does at the spec's generation (server/polar/checkout/service.py): the customer is
// found by email and reused (_create_or_update_customer), the seller's customer_metadata is
// merged into it, key by key, and the confirm answer carries a customer session for THAT
// customer (_confirm_inner) — with its earlier keys, in full, and its subscriptions.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type Json, type Service, startService } from './helpers.js';

let svc: Service;
let jane: Json;
let janeKeys: string[];
beforeAll(async () => {
  svc = await startService();
});
beforeEach(async () => {
  await svc.reset();
  const row = svc.running.store.get<{ id: string }>(
    'SELECT id FROM customers WHERE organization_id = ? AND email = ?',
    svc.demo.organization_id,
    svc.demo.customer_email,
  )!;
  const orders = await svc.api('GET', '/v1/orders/', {
    token: svc.alice,
    query: { customer_id: row.id, limit: 1 },
  });
  jane = orders.body.items[0].customer;
  janeKeys = svc.running.store
    .all<{ key: string }>('SELECT key FROM license_keys WHERE customer_id = ?', row.id)
    .map((k) => k.key);
  expect(janeKeys.length).toBeGreaterThan(0);
});
afterAll(() => svc.stop());

/** The free demo checkout: no payment needed, so only an email is asked. */
const freeCheckout = () => svc.demo.open_checkout_ids[3]!;
const secretOf = (id: string) =>
  svc.running.store.get<{ client_secret: string }>(
    'SELECT client_secret FROM checkouts WHERE id = ?',
    id,
  )!.client_secret;
const confirm = (id: string, body: Json) =>
  svc.api('POST', `/v1/checkouts/custom/client/${secretOf(id)}/confirm`, { body });
const customerRow = (id: string) =>
  svc.running.store.get<{ metadata: string; name: string | null }>(
    'SELECT metadata, name FROM customers WHERE id = ?',
    id,
  )!;

describe('confirm with the email of an existing customer', () => {
  it('reuses the customer and hands out a session for it, as the real service does', async () => {
    const r = await confirm(freeCheckout(), {
      customer_email: jane.email.toUpperCase(),
      customer_name: 'Someone Else',
    });
    expect(r.status, r.text).toBe(200);
    expect(r.body.customer_id).toBe(jane.id);
    const session = r.body.customer_session_token;
    // The session is that customer's: its earlier keys, with the full key, and its subscriptions.
    const keys = await svc.api('GET', '/v1/customer-portal/license-keys/', {
      token: session,
      query: { limit: 100 },
    });
    expect(keys.body.items.map((k: Json) => k.key)).toEqual(expect.arrayContaining(janeKeys));
    const subs = await svc.api('GET', '/v1/customer-portal/subscriptions/', { token: session });
    expect(subs.status).toBe(200);
    for (const s of subs.body.items) expect(s.customer_id).toBe(jane.id);
    // The buyer's name does not replace the customer's.
    expect(customerRow(jane.id).name).toBe(jane.name);
  });

  it("merges the seller's customer_metadata into the customer, key by key", async () => {
    const id = freeCheckout();
    const before = JSON.parse(customerRow(jane.id).metadata);
    const [kept] = Object.keys(before);
    expect(kept).toBeDefined();
    const set = await svc.api('PATCH', `/v1/checkouts/custom/${id}`, {
      token: svc.alice,
      body: { customer_metadata: { source: 'ads', [kept!]: 'replaced' } },
    });
    expect(set.status).toBe(200);
    expect((await confirm(id, { customer_email: jane.email })).status).toBe(200);
    expect(JSON.parse(customerRow(jane.id).metadata)).toEqual({
      ...before,
      source: 'ads',
      [kept!]: 'replaced',
    });
  });

  it('ignores customer_metadata sent by the buyer: it is not a confirm field', async () => {
    const before = customerRow(jane.id).metadata;
    const r = await confirm(freeCheckout(), {
      customer_email: jane.email,
      customer_metadata: { vip: true },
    });
    expect(r.status).toBe(200);
    expect(customerRow(jane.id).metadata).toBe(before);
  });
});
