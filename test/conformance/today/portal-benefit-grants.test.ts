// The customer portal's benefit grants and an organization's portal data through SDK 1.0.1 in
// today's generation (API version 2026-10), each answer checked against the document
// (harness.ts). The real service at c6c3645e: customer_portal/endpoints/benefit_grant.py and
// customer_portal/service/benefit_grant.py — a customer's own grants, not revoked, of public
// benefits; filters query/type/benefit/checkout/order/subscription/member; sorting by the
// product's benefit order then newest grant by default; the update names the benefit type, which
// must be the grant's, and a Discord or GitHub grant takes only an account the customer has
// connected (the sandbox connects none: `null` only) — and customer_portal/endpoints/
// organization.py with service/organization.py get_by_slug (no token; public, unarchived
// products).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  errors,
  expect422,
  expectCalls,
  expectError,
  type Polar,
  PolarClientError,
  startToday,
  type TodayBox,
} from './harness.js';
import { buy } from './purchases.js';

let box: TodayBox;
let team: { orderId: string; customerId: string };
let desktop: { orderId: string; customerId: string };
let teamBuyer: Polar;
let desktopBuyer: Polar;
beforeAll(async () => {
  box = await startToday();
  // Acme Team: priority support, the newsletter ad (not in today's generation), a Discord role,
  // a GitHub repository and downloadables, in the product's order.
  team = await buy(box, 'team', 'team-grants@example.com', {
    custom_field_data: { company: 'Initech' },
  });
  desktop = await buy(box, 'desktop', 'desktop-grants@example.com');
  teamBuyer = await box.customer(team.customerId);
  desktopBuyer = await box.customer(desktop.customerId);
});
afterAll(async () => {
  expectCalls(box, 'portal-benefit-grants');
  await box.stop();
});

const UNKNOWN = '00000000-0000-4000-8000-000000000000';

describe("the portal's benefit grants (2026-10)", () => {
  it("lists the customer's own grants in the product's order, each with its benefit as a buyer sees it", async () => {
    const page = await teamBuyer.customerPortal.benefitGrants.list();
    expect(page.items.map((g) => g.benefit.type)).toEqual([
      'custom',
      'discord',
      'github_repository',
      'downloadables',
    ]);
    const subscriptionId = page.items[0]!.subscription_id;
    for (const g of page.items)
      expect(g).toMatchObject({
        customer_id: team.customerId,
        customer: { id: team.customerId, email: 'team-grants@example.com' },
        subscription_id: subscriptionId,
        is_granted: true,
        is_revoked: false,
        member_id: null,
        benefit: { organization: { id: box.demo.organization_id, slug: 'acme' } },
      });
    // The subscriber's form: no secret of the seller's (the Discord bot's token) reaches a buyer.
    const discord = page.items[1]!.benefit;
    expect(discord.properties).toEqual({ guild_id: '1187432209950625812' });
    expect(page.items[2]!.benefit.properties).toEqual({
      repository_owner: 'acme',
      repository_name: 'toolkit-pro',
    });
    expect(await teamBuyer.customerPortal.benefitGrants.get(page.items[1]!.id)).toEqual(
      page.items[1],
    );
  });

  it('filters by description, type, benefit, checkout, order, subscription and member', async () => {
    const portal = teamBuyer.customerPortal.benefitGrants;
    const all = (await portal.list()).items;
    const types = async (q: Parameters<typeof portal.list>[0]) =>
      (await portal.list(q)).items.map((g) => g.benefit.type);
    expect(await types({ query: 'DISCORD' })).toEqual(['discord']);
    expect(await types({ type: ['downloadables', 'custom'] })).toEqual(['custom', 'downloadables']);
    expect(await types({ benefit_id: all[2]!.benefit_id })).toEqual(['github_repository']);
    const subscription = all[0]!.subscription_id!;
    expect(await types({ subscription_id: subscription })).toHaveLength(4);
    const checkoutId = box.svc.store.row('orders', team.orderId)!.checkout_id!;
    expect(await types({ checkout_id: [UNKNOWN, checkoutId] })).toHaveLength(4);
    // A subscription's grants name no order.
    expect(await types({ order_id: team.orderId })).toEqual([]);
    expect(await types({ member_id: UNKNOWN })).toEqual([]);
    const one = await desktopBuyer.customerPortal.benefitGrants.list({ order_id: desktop.orderId });
    expect(one.items.map((g) => [g.benefit.type, g.order_id])).toEqual([
      ['license_keys', desktop.orderId],
    ]);
  });

  it('sorts by type, organization and grant date', async () => {
    const portal = teamBuyer.customerPortal.benefitGrants;
    const byType = (await portal.list({ sorting: ['-type'] })).items.map((g) => g.benefit.type);
    expect(byType).toEqual(['github_repository', 'downloadables', 'discord', 'custom']);
    const byOrg = await portal.list({ sorting: ['organization', '-granted_at'] });
    expect(byOrg.pagination.total_count).toBe(4);
    const bad = await expect422('sorting', () => portal.list({ sorting: ['amount' as 'type'] }));
    expect(bad).toMatchObject([{ loc: ['query', 'sorting', 0], type: 'enum' }]);
    const type = await expect422('type', () => portal.list({ type: 'ads' as 'custom' }));
    expect(type).toMatchObject([{ loc: ['query', 'type', 0], type: 'enum' }]);
  });

  it("is a 404 for another customer's grant, an unknown one and a revoked one", async () => {
    const mine = (await desktopBuyer.customerPortal.benefitGrants.list()).items[0]!;
    await expectError("another customer's grant", errors.ResourceNotFound, () =>
      teamBuyer.customerPortal.benefitGrants.get(mine.id),
    );
    await expectError('an unknown grant', errors.ResourceNotFound, () =>
      teamBuyer.customerPortal.benefitGrants.get(UNKNOWN),
    );
    await expectError("another customer's grant", errors.ResourceNotFound, () =>
      teamBuyer.customerPortal.benefitGrants.update(mine.id, { benefit_type: 'license_keys' }),
    );
  });

  it('takes an update naming the grant’s type: nothing a customer sets for custom or license keys', async () => {
    const portal = teamBuyer.customerPortal.benefitGrants;
    const [support, discord] = (await portal.list()).items;
    expect(await portal.update(support!.id, { benefit_type: 'custom' })).toEqual(support);
    const wrongType = await expect422('another type', () =>
      portal.update(support!.id, { benefit_type: 'license_keys' }),
    );
    expect(wrongType).toEqual([
      {
        type: 'value_error',
        loc: ['body', 'benefit_type'],
        msg: 'Benefit type must match the existing granted benefit type.',
        input: 'license_keys',
      },
    ]);
    const account = await expect422('an account the customer has not connected', () =>
      portal.update(discord!.id, { benefit_type: 'discord', properties: { account_id: '42' } }),
    );
    expect(account).toMatchObject([
      { loc: ['body', 'properties', 'account_id'], msg: 'OAuth account does not exist.' },
    ]);
    const disconnected = await portal.update(discord!.id, {
      benefit_type: 'discord',
      properties: { account_id: null },
    });
    expect(disconnected.properties).toMatchObject({ account_id: null });
    const tag = await expect422('an unknown type', () =>
      portal.update(support!.id, { benefit_type: 'ads' } as unknown as { benefit_type: 'custom' }),
    );
    expect(tag).toMatchObject([{ loc: ['body'], type: 'union_tag_invalid' }]);
  });

  it('hides a revoked grant: the refund that revokes the benefits takes it away', async () => {
    const before = (await desktopBuyer.customerPortal.benefitGrants.list()).items;
    expect(before).toHaveLength(1);
    const order = await box.seller.orders.get(desktop.orderId);
    await box.seller.refunds.create({
      order_id: desktop.orderId,
      amount: order.total_amount - order.tax_amount,
      reason: 'customer_request',
      revoke_benefits: true,
    });
    expect((await desktopBuyer.customerPortal.benefitGrants.list()).items).toEqual([]);
    await expectError('a revoked grant', errors.ResourceNotFound, () =>
      desktopBuyer.customerPortal.benefitGrants.get(before[0]!.id),
    );
  });

  it('takes a customer session only: a seller token is refused', async () => {
    const refused = await expectError('a personal access token', PolarClientError, () =>
      box.seller.customerPortal.benefitGrants.list(),
    );
    expect(refused.statusCode).toBe(401);
  });
});

describe("the portal's organization (2026-10)", () => {
  it('shows the organization and its public, unarchived products, to any caller', async () => {
    // No scope is needed (the SDK always sends a token: any valid one does, even another seller's).
    const anyone = box.otherSeller;
    const data = await anyone.customerPortal.organizations.get('acme');
    expect(await teamBuyer.customerPortal.organizations.get('acme')).toEqual(data);
    expect(data.organization).toMatchObject({
      id: box.demo.organization_id,
      slug: 'acme',
      organization_features: { member_model_enabled: false },
    });
    const expected = box.svc.store
      .all<{ id: string }>(
        "SELECT id FROM products WHERE organization_id = ? AND is_archived = 0 AND visibility = 'public' ORDER BY created_at, id",
        box.demo.organization_id,
      )
      .map((p) => p.id);
    expect(data.products.map((p) => p.id)).toEqual(expected);
    expect(data.products.map((p) => p.name)).not.toContain('Acme Legacy');
    expect(data.products[0]).not.toHaveProperty('metadata');
    await expectError('an unknown slug', errors.ResourceNotFound, () =>
      anyone.customerPortal.organizations.get('no-such-org'),
    );
  });
});
