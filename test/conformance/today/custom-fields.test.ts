// Custom fields through SDK 1.0.1 in today's generation (API version 2026-10), each answer checked
// against the document (harness.ts). The real service at c6c3645e: custom_field/endpoints.py,
// service.py (list filters and sorting, slug unique among an organization's live fields, the type
// never changes, a new slug renames the key in every stored custom_field_data, a delete is soft
// and detaches the field from every product), schemas.py (the union by type, the slug lowered and
// matched against ^[a-z0-9-_]+$, StripUnsetProperties) and models/custom_field.py (the properties
// of each type: Int32 bounds, le not below ge, a select's options). One fact: the fields the demo's
// Acme Team attaches are the same rows, and a checkout's answers are keyed by their slugs.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  errors,
  expect422,
  expectCalls,
  expectError,
  type Polar,
  startToday,
  type TodayBox,
} from './harness.js';
import { buy } from './purchases.js';

let box: TodayBox;
let seller: Polar;
let teamId: string;
beforeAll(async () => {
  box = await startToday();
  seller = box.seller;
  teamId = box.svc.store.get<{ id: string }>(
    "SELECT id FROM products WHERE name = 'Acme Team'",
  )!.id;
});
afterAll(async () => {
  expectCalls(box, 'custom-fields');
  await box.stop();
});

const UNKNOWN = '00000000-0000-4000-8000-000000000000';

describe('custom fields (2026-10)', () => {
  it("lists the organization's fields by slug: the very fields its products attach", async () => {
    const page = await seller.customFields.list();
    expect(page.items.map((f) => f.slug)).toEqual([
      'company',
      'newsletter',
      'seats',
      'start_date',
      'team_size',
    ]);
    const team = await seller.products.get(teamId);
    const attached = team.attached_custom_fields.map((a) => a.custom_field);
    expect(new Set(attached.map((f) => f.id))).toEqual(new Set(page.items.map((f) => f.id)));
    for (const f of attached) expect(page.items).toContainEqual(f);
    expect(await seller.customFields.get(attached[0]!.id)).toEqual(attached[0]);
  });

  it('filters by type, by a query in the name or slug, and by organization; sorts as asked', async () => {
    const slugs = async (q: Parameters<typeof seller.customFields.list>[0]) =>
      (await seller.customFields.list(q)).items.map((f) => f.slug);
    expect(await slugs({ type: 'select' })).toEqual(['team_size']);
    expect(await slugs({ type: ['date', 'checkbox'] })).toEqual(['newsletter', 'start_date']);
    expect(await slugs({ query: 'SEAT' })).toEqual(['seats']);
    expect(await slugs({ query: 'Team size' })).toEqual(['team_size']);
    expect(await slugs({ organization_id: box.demo.other.organization_id })).toEqual([]);
    expect(await slugs({ sorting: ['-name'] })).toEqual([
      'team_size',
      'start_date',
      'seats',
      'newsletter',
      'company',
    ]);
    expect((await seller.customFields.list({ sorting: ['type', 'slug'] })).items[0]!.type).toBe(
      'checkbox',
    );
    const bad = await expect422('sorting', () =>
      seller.customFields.list({ sorting: ['order' as 'slug'] }),
    );
    expect(bad).toMatchObject([{ loc: ['query', 'sorting', 0], type: 'enum' }]);
    expect((await box.otherSeller.customFields.list()).items.map((f) => f.slug)).not.toContain(
      'company',
    );
  });

  it('creates a field of each type, the slug lowered, properties sent empty dropped', async () => {
    const org = box.demo.organization_id;
    const text = await seller.customFields.create({
      type: 'text',
      slug: 'Referral-Code',
      name: 'Referral code',
      organization_id: org,
      metadata: { source: 'api', weight: 1.5 },
      properties: {
        form_label: 'Who sent you?',
        form_help_text: '' as string,
        form_placeholder: null as unknown as string,
        textarea: false,
        max_length: 20,
      },
    });
    expect(text).toMatchObject({
      type: 'text',
      slug: 'referral-code',
      name: 'Referral code',
      organization_id: org,
      metadata: { source: 'api', weight: 1.5 },
      properties: { form_label: 'Who sent you?', textarea: false, max_length: 20 },
    });
    expect(text.properties).not.toHaveProperty('form_help_text');
    const made = await Promise.all([
      box.org.customFields.create({
        type: 'number',
        slug: 'licenses',
        name: 'Licenses',
        properties: { ge: 1, le: 1000 },
      }),
      box.org.customFields.create({
        type: 'date',
        slug: 'renewal',
        name: 'Renewal',
        properties: { ge: 1735689600 },
      }),
      box.org.customFields.create({
        type: 'checkbox',
        slug: 'terms',
        name: 'Terms',
        properties: {},
      }),
      box.org.customFields.create({
        type: 'select',
        slug: 'plan',
        name: 'Plan',
        properties: { options: [{ value: 'a', label: 'A' }] },
      }),
    ]);
    expect(made.map((f) => [f.type, f.organization_id])).toEqual([
      ['number', org],
      ['date', org],
      ['checkbox', org],
      ['select', org],
    ]);
    expect(await seller.customFields.get(made[3]!.id)).toEqual(made[3]);
  });

  it("refuses a taken slug, a slug's characters, bounds the wrong way round, a select without options", async () => {
    const org = box.demo.organization_id;
    const taken = await expect422('a taken slug', () =>
      seller.customFields.create({
        type: 'checkbox',
        slug: 'COMPANY',
        name: 'Company again',
        organization_id: org,
        properties: {},
      }),
    );
    expect(taken).toEqual([
      {
        type: 'value_error',
        loc: ['body', 'slug'],
        msg: 'Custom field with this slug already exists.',
        input: 'company',
      },
    ]);
    const pattern = await expect422('a space', () =>
      seller.customFields.create({
        type: 'text',
        slug: 'has space',
        name: 'x',
        organization_id: org,
        properties: {},
      }),
    );
    expect(pattern).toMatchObject([
      { loc: ['body', 'text', 'slug'], type: 'string_pattern_mismatch' },
    ]);
    const bounds = await expect422('ge above le', () =>
      seller.customFields.create({
        type: 'number',
        slug: 'n',
        name: 'N',
        organization_id: org,
        properties: { ge: 10, le: 1 },
      }),
    );
    expect(bounds).toMatchObject([
      { loc: ['body', 'number', 'properties', 'le'], type: 'value_error' },
    ]);
    const options = await expect422('no options', () =>
      seller.customFields.create({
        type: 'select',
        slug: 's',
        name: 'S',
        organization_id: org,
        properties: { options: [] },
      }),
    );
    expect(options).toMatchObject([{ loc: ['body', 'select', 'properties', 'options'] }]);
    const type = await expect422('an unknown type', () =>
      seller.customFields.create({
        type: 'file',
        slug: 'f',
        name: 'F',
        organization_id: org,
        properties: {},
      } as never),
    );
    expect(type).toMatchObject([{ loc: ['body'], type: 'union_tag_invalid' }]);
    const orgToken = await expect422('an organization token naming one', () =>
      box.org.customFields.create({
        type: 'checkbox',
        slug: 'c',
        name: 'C',
        organization_id: org,
        properties: {},
      }),
    );
    expect(orgToken).toMatchObject([{ loc: ['body', 'organization_id'] }]);
  });

  it('renames a slug everywhere its answers are stored; a type stays what it was', async () => {
    const order = await buy(box, 'team', 'fields-buyer@example.com', {
      custom_field_data: { company: 'Initech', seats: 4 },
    });
    const company = (await seller.customFields.list({ query: 'company' })).items[0]!;
    const renamed = await seller.customFields.update(company.id, {
      type: 'text',
      slug: 'company_name',
      name: 'Company name',
    });
    expect(renamed).toMatchObject({ slug: 'company_name', name: 'Company name' });
    expect(renamed.properties).toEqual(company.properties);
    const after = await seller.orders.get(order.orderId);
    expect(after.custom_field_data).toEqual({ company_name: 'Initech', seats: 4 });
    const checkout = await seller.checkouts.get(after.checkout_id!);
    expect(checkout.custom_field_data).toEqual({ company_name: 'Initech', seats: 4 });
    const subscription = await seller.subscriptions.get(after.subscription_id!);
    expect(subscription.custom_field_data).toEqual({ company_name: 'Initech', seats: 4 });
    const team = await seller.products.get(teamId);
    expect(team.attached_custom_fields.map((a) => a.custom_field.slug)).toContain('company_name');
    const type = await expect422('another type', () =>
      seller.customFields.update(company.id, { type: 'number' }),
    );
    expect(type).toEqual([
      {
        type: 'value_error',
        loc: ['body', 'type'],
        msg: "The type of a custom field can't be changed.",
        input: 'number',
      },
    ]);
    const taken = await expect422('a taken slug', () =>
      seller.customFields.update(company.id, { type: 'text', slug: 'seats' }),
    );
    expect(taken).toMatchObject([{ loc: ['body', 'slug'] }]);
    const props = await seller.customFields.update(company.id, {
      type: 'text',
      properties: { form_label: 'Company', min_length: 3 },
    });
    expect(props.properties).toEqual({ form_label: 'Company', min_length: 3 });
  });

  it('deletes a field: gone from the list and from every product, its slug free again', async () => {
    const seats = (await seller.customFields.list({ query: 'seats' })).items[0]!;
    await seller.customFields.delete(seats.id);
    await expectError('a deleted field', errors.ResourceNotFound, () =>
      seller.customFields.get(seats.id),
    );
    await expectError('deleting it again', errors.ResourceNotFound, () =>
      seller.customFields.delete(seats.id),
    );
    expect((await seller.customFields.list({ query: 'seats' })).items).toEqual([]);
    const team = await seller.products.get(teamId);
    expect(team.attached_custom_fields.map((a) => a.custom_field_id)).not.toContain(seats.id);
    const attach = await expect422('attaching a deleted field', () =>
      seller.products.update(teamId, {
        attached_custom_fields: [{ custom_field_id: seats.id, required: false }],
      }),
    );
    expect(attach).toMatchObject([{ loc: ['body', 'attached_custom_fields', 0] }]);
    const again = await seller.customFields.create({
      type: 'number',
      slug: 'seats',
      name: 'Seats',
      organization_id: box.demo.organization_id,
      properties: {},
    });
    expect(again.id).not.toBe(seats.id);
  });

  it("is a 404 for another seller's field and an unknown one", async () => {
    const mine = (await seller.customFields.list({ limit: 1 })).items[0]!;
    await expectError("another seller's field", errors.ResourceNotFound, () =>
      box.otherSeller.customFields.get(mine.id),
    );
    await expectError("updating another seller's field", errors.ResourceNotFound, () =>
      box.otherSeller.customFields.update(mine.id, { type: mine.type, name: 'Mine now' }),
    );
    await expectError('an unknown field', errors.ResourceNotFound, () =>
      seller.customFields.get(UNKNOWN),
    );
  });
});
