// The customer portal's benefit grants and organization in the seed's generation (no
// Polar-Version), which served them too (customer_portal/endpoints/benefit_grant.py and
// organization.py at f179ede58c), each answer read by SDK 0.20.2's own models: every grant not
// revoked (no benefit visibility then, `ads` included), a user's token as well as a customer
// session, sorting by granted_at/type/organization (newest first by default), a Discord or GitHub
// account id that may not be null, and the organization as the Organization.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { components } from '../conformance/sdk.js';
import { BUYER, type Service, startService } from './helpers.js';

let svc: Service;
let customerId: string;
let session: string;
beforeAll(async () => {
  svc = await startService();
  // A buyer of Acme Pro (a subscription: its license key and priority support).
  const id = svc.demo.open_checkout_ids[0]!;
  const checkout = await svc.api('GET', `/v1/checkouts/custom/${id}`, { token: svc.alice });
  const confirm = await svc.api(
    'POST',
    `/v1/checkouts/custom/client/${checkout.body.client_secret}/confirm`,
    { body: { ...BUYER, customer_email: 'seed-grants@example.com', confirmation_token_id: 'tok' } },
  );
  expect(confirm.status).toBe(200);
  customerId = svc.running.store.row('checkouts', id)!.customer_id!;
  session = await svc.customerSession(customerId);
});
afterAll(() => svc.stop());

const list = (token: string, query: Record<string, string> = {}) =>
  svc.api('GET', '/v1/customer-portal/benefit-grants/', { token, query: { limit: 100, ...query } });

describe("the portal's benefit grants in the seed's generation (f179ede58c)", () => {
  it("lists the customer's grants not revoked, newest first, in SDK 0.20.2's form", async () => {
    const r = await list(session);
    expect(r.status).toBe(200);
    const live = svc.running.store.count(
      'benefit_grants',
      'customer_id = ? AND revoked_at IS NULL',
      customerId,
    );
    expect(r.body.pagination.total_count).toBe(live);
    const granted = r.body.items.map((g: { granted_at: string }) => g.granted_at);
    expect(granted).toEqual([...granted].sort().reverse());
    for (const g of r.body.items) {
      expect(g).not.toHaveProperty('member_id');
      expect(g.customer.oauth_accounts).toEqual({});
      expect(g.benefit.organization).toHaveProperty('slug');
      if (g.benefit.type !== 'ads') components.CustomerBenefitGrant$inboundSchema.parse(g);
    }
    const one = await svc.api('GET', `/v1/customer-portal/benefit-grants/${r.body.items[0].id}`, {
      token: session,
    });
    expect(one.body).toEqual(r.body.items[0]);
  });

  it("takes a user's token too, and the seed's sorting only", async () => {
    const alice = await list(svc.alice);
    expect(alice.status).toBe(200);
    const byType = await list(session, { sorting: 'type' });
    const types = byType.body.items.map((g: { benefit: { type: string } }) => g.benefit.type);
    expect(types).toEqual([...types].sort());
    const today = await list(session, { sorting: 'product_benefit' });
    expect(today.status).toBe(422);
    const todays = await svc.api('GET', '/v1/customer-portal/benefit-grants/', {
      token: svc.alice,
      headers: { 'polar-version': '2026-10' },
    });
    expect(todays.status).toBe(401);
  });

  it('updates by the benefit type; an account id may not be null', async () => {
    const grant = (await list(session, { type: 'custom' })).body.items[0];
    const same = await svc.api('PATCH', `/v1/customer-portal/benefit-grants/${grant.id}`, {
      token: session,
      body: { benefit_type: 'custom' },
    });
    expect(same.body).toEqual(grant);
    const discord = await svc.api('PATCH', `/v1/customer-portal/benefit-grants/${grant.id}`, {
      token: session,
      body: { benefit_type: 'discord', properties: { account_id: null } },
    });
    expect(discord.status).toBe(422);
    expect(discord.body.detail[0].loc).toEqual(['body', 'discord', 'properties', 'account_id']);
  });
});

describe("the portal's organization in the seed's generation", () => {
  it('is the Organization, to anyone', async () => {
    const r = await svc.api('GET', '/v1/customer-portal/organizations/acme');
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ slug: 'acme', id: svc.demo.organization_id });
    components.Organization$inboundSchema.parse(r.body);
    expect((await svc.api('GET', '/v1/customer-portal/organizations/nobody')).status).toBe(404);
  });
});
