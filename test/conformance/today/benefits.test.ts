// Benefits and benefit grants through SDK 1.0.1 in today's generation (API version 2026-10):
// list (today's filters and sorting), get, create, update and delete, a benefit's grants and every
// grant, each answer checked against the 2026-10 document (harness.ts); and the product.*,
// benefit.* and benefit_grant.* deliveries to an endpoint of 2026-10, verified with SDK 1.0.1's
// validateEvent and checked against the Webhook*Payload schemas. The rules are the real service's
// at c6c3645e (benefit/service.py `list`, `user_create`, `update` — a 422 on `type` —, `delete`;
// benefit/grant/service.py `list`, `list_by_organization`; benefit/endpoints.py); the `ads` type
// was removed with its rows (e5100dbefd), so today's generation never shows one.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  buySubscription,
  type Delivery,
  errors,
  expect422,
  expectCalls,
  expectError,
  type Polar,
  Receiver,
  startToday,
  type TodayBox,
} from './harness.js';

let box: TodayBox;
let seller: Polar;
let org: string;
const receiver = new Receiver();
beforeAll(async () => {
  box = await startToday();
  seller = box.seller;
  org = box.demo.organization_id;
  const url = await receiver.start();
  const endpoint = await seller.webhooks.createWebhookEndpoint({
    url,
    format: 'raw',
    organization_id: org,
    events: [
      'product.created',
      'product.updated',
      'benefit.created',
      'benefit.updated',
      'benefit_grant.created',
      'benefit_grant.updated',
      'benefit_grant.revoked',
    ],
  });
  receiver.secret = endpoint.secret;
});
afterAll(async () => {
  expect(receiver.problems, 'deliveries refused by validateEvent or the document').toEqual([]);
  expectCalls(box, 'benefits');
  await receiver.stop();
  await box.stop();
});

const about = (type: string, id: string) => (d: Delivery) =>
  d.type === type && d.event.data.id === id;

describe('benefits (2026-10)', () => {
  it("lists today's benefits newest first, without the removed ads type", async () => {
    const all = await seller.benefits.list({ organization_id: org, limit: 100 });
    expect(all.items.length).toBeGreaterThan(0);
    expect(all.items.map((b) => b.type)).not.toContain('ads');
    const dates = all.items.map((b) => b.created_at);
    expect(dates).toEqual([...dates].sort().reverse());
    for (const b of all.items)
      expect(b).toMatchObject({ is_deleted: false, metadata: {}, visibility: 'public' });
    const keys = await seller.benefits.list({ type: 'license_keys' });
    expect(keys.items.every((b) => b.type === 'license_keys')).toBe(true);
    const ads = await expect422('the removed type', () =>
      seller.benefits.list({ type: 'ads' as never }),
    );
    expect(ads[0]!.loc).toEqual(['query', 'type', 0]);
  });

  it('creates a custom and a license-key benefit with metadata and visibility, and finds them', async () => {
    const custom = await seller.benefits.create({
      organization_id: org,
      type: 'custom',
      description: 'Kickoff call',
      visibility: 'private',
      metadata: { team: 'success', slots: 2 },
      properties: { note: 'Book at calendly.example/acme' },
    });
    expect(custom).toMatchObject({
      type: 'custom',
      visibility: 'private',
      visibility_configurable: true,
      metadata: { team: 'success', slots: 2 },
      properties: { note: 'Book at calendly.example/acme' },
      selectable: true,
      deletable: true,
    });
    const keys = await box.org.benefits.create({
      type: 'license_keys',
      description: 'Plugin license',
      properties: { prefix: 'PLG', activations: { limit: 2, enable_customer_admin: true } },
    });
    expect(keys.properties).toEqual({
      prefix: 'PLG',
      expires: null,
      activations: { limit: 2, enable_customer_admin: true },
      limit_usage: null,
    });
    expect(await seller.benefits.get(custom.id)).toEqual(custom);
    const found = await seller.benefits.list({ query: 'KICKOFF' });
    expect(found.items.map((b) => b.id)).toEqual([custom.id]);
    const byMeta = await seller.benefits.list({ metadata: { team: 'success' } });
    expect(byMeta.items.map((b) => b.id)).toEqual([custom.id]);
    const ordered = await seller.benefits.list({
      id: [keys.id, custom.id],
      sorting: ['user_order'],
    });
    expect(ordered.items.map((b) => b.id)).toEqual([keys.id, custom.id]);
    const others = await seller.benefits.list({ exclude_id: [custom.id], limit: 100 });
    expect(others.items.map((b) => b.id)).not.toContain(custom.id);
    await receiver.until((ds) => ds.some(about('benefit.created', custom.id)));
  });

  it("refuses a type the sandbox cannot grant, and a type that is not today's", async () => {
    const discord = await expect422('a Discord benefit', () =>
      seller.benefits.create({
        organization_id: org,
        type: 'discord',
        description: 'Discord role',
        properties: { guild_token: 't', role_id: '1' } as never,
      }),
    );
    expect(discord[0]!.loc).toEqual(['body', 'type']);
    const ads = await expect422('an ads benefit', () =>
      seller.benefits.create({
        organization_id: org,
        type: 'ads' as never,
        description: 'Ad slot',
        properties: {} as never,
      }),
    );
    expect(ads[0]).toMatchObject({ loc: ['body'], type: 'union_tag_invalid' });
  });

  it('updates description, properties and metadata; a new type is a 422 on type', async () => {
    const b = await seller.benefits.create({
      organization_id: org,
      type: 'custom',
      description: 'Sticker',
      properties: { note: null },
    });
    const updated = await seller.benefits.update(b.id, {
      type: 'custom',
      description: 'Sticker pack',
      metadata: { size: 'large' },
      properties: { note: 'Ships in a week' },
    });
    expect(updated).toMatchObject({
      description: 'Sticker pack',
      metadata: { size: 'large' },
      properties: { note: 'Ships in a week' },
    });
    const typed = await expect422('another type', () =>
      seller.benefits.update(b.id, {
        type: 'license_keys',
        properties: { prefix: 'X' },
      }),
    );
    expect(typed).toMatchObject([
      { loc: ['body', 'type'], msg: 'Benefit type cannot be changed.' },
    ]);
    await receiver.until((ds) => ds.some(about('benefit.updated', b.id)));
    const delivered = receiver.deliveries.find(about('benefit.updated', b.id))!;
    expect(delivered.event.data).toMatchObject({ metadata: { size: 'large' } });
  });

  it('deletes a benefit: gone from reads, 404 after', async () => {
    const b = await seller.benefits.create({
      organization_id: org,
      type: 'custom',
      description: 'Short-lived',
      properties: {},
    });
    await seller.benefits.delete(b.id);
    await expectError('a deleted benefit', errors.ResourceNotFound, () =>
      seller.benefits.get(b.id),
    );
    await expectError('deleting it again', errors.ResourceNotFound, () =>
      seller.benefits.delete(b.id),
    );
    await expectError("another seller's benefit", errors.ResourceNotFound, () =>
      box.otherSeller.benefits.get(
        box.svc.store.get<{ id: string }>(
          "SELECT id FROM benefits WHERE organization_id = ? AND type = 'custom' LIMIT 1",
          org,
        )!.id,
      ),
    );
  });
});

describe('benefit grants (2026-10)', () => {
  let customerId: string;

  it("lists a benefit's grants and every grant, by customer and external id, granted or not", async () => {
    customerId = await buySubscription(box, 'granted@example.com');
    await seller.customers.update(customerId, { external_id: 'usr_granted' });
    const mine = await seller.benefitGrants.list({ customer_id: customerId });
    expect(mine.items.length).toBeGreaterThan(0);
    for (const g of mine.items)
      expect(g).toMatchObject({
        customer_id: customerId,
        is_granted: true,
        is_revoked: false,
        member_id: null,
        error: null,
        customer: { external_id: 'usr_granted' },
      });
    const external = await seller.benefitGrants.list({ external_customer_id: 'usr_granted' });
    expect(external.items.map((g) => g.id).sort()).toEqual(mine.items.map((g) => g.id).sort());
    const benefitId = mine.items[0]!.benefit_id;
    const ofBenefit = await seller.benefits.grants(benefitId, { customer_id: customerId });
    expect(ofBenefit.items.map((g) => g.benefit_id)).toEqual([benefitId]);
    const revoked = await seller.benefitGrants.list({ is_granted: false, limit: 100 });
    expect(revoked.items.every((g) => !g.is_granted)).toBe(true);
    const sorted = await seller.benefitGrants.list({ sorting: ['granted_at'], limit: 100 });
    const granted = sorted.items.map((g) => g.granted_at).filter((d) => d !== null);
    expect(granted).toEqual([...granted].sort());
    await expectError('the grants of an unknown benefit', errors.ResourceNotFound, () =>
      seller.benefits.grants('5b2ea8e6-3e6a-4c53-9c36-7e43f6e0b0b1'),
    );
    const grantId = mine.items[0]!.id;
    await receiver.until((ds) => ds.some(about('benefit_grant.created', grantId)));
    const delivered = receiver.deliveries.find(about('benefit_grant.created', grantId))!;
    expect(delivered.event.data).toMatchObject({ member: null, error: null });
    expect(delivered.event.data).toHaveProperty('previous_properties');
  });

  it('another seller sees none of them', async () => {
    const theirs = await box.otherSeller.benefitGrants.list({ customer_id: customerId });
    expect(theirs.items).toEqual([]);
  });

  it('a product change and a benefit taken off a product send product.updated and benefit_grant.revoked', async () => {
    const sub = box.svc.store.get<{ product_id: string }>(
      'SELECT product_id FROM subscriptions WHERE customer_id = ?',
      customerId,
    )!;
    const product = await seller.products.get(sub.product_id);
    const kept = product.benefits.slice(1).map((b) => b.id);
    const removed = product.benefits[0]!.id;
    await seller.products.updateBenefits(product.id, { benefits: kept });
    const got = await receiver.until(
      (ds) =>
        ds.some(about('product.updated', product.id)) &&
        ds.some((d) => d.type === 'benefit_grant.revoked' && d.event.data.benefit_id === removed),
    );
    const revoked = got.find(
      (d) => d.type === 'benefit_grant.revoked' && d.event.data.benefit_id === removed,
    )!;
    expect(revoked.event.data).toMatchObject({ is_granted: false, is_revoked: true });
    const updated = got.filter(about('product.updated', product.id)).at(-1)!;
    expect((updated.event.data.benefits as { id: string }[]).map((b) => b.id)).toEqual(kept);
  });
});
