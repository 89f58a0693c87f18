// The demo catalogue: users, the two organizations, benefits, products with their prices and
// medias, custom fields and discounts.
import { createHash } from 'node:crypto';
import { json } from '../store/index.js';
import type { BenefitType, DiscountDuration, DiscountType } from '../store/rows.js';
import type { Price, SeedContext } from './context.js';

export function seedCatalogue(c: SeedContext) {
  const { store, id, at } = c;
  const users = [
    { id: id(), email: 'alice@acme.test', name: 'Alice Example', gh: 'alice-acme' },
    { id: id(), email: 'bob@globex.test', name: 'Bob Builder', gh: 'bobglobex' },
  ];
  for (const u of users) {
    store.insert('users', {
      id: u.id,
      created_at: at(400),
      email: u.email,
      email_verified: 1,
      public_name: u.name,
      avatar_url: null,
      code_host_username: u.gh,
    });
  }
  const org = (name: string, slug: string, owner: string, bio: string) => {
    const oid = id();
    store.insert('organizations', {
      id: oid,
      created_at: at(400),
      modified_at: null,
      name,
      slug,
      avatar_url: null,
      bio,
      company: name,
      blog: `https://${slug}.example`,
      location: 'Lisbon, Portugal',
      email: `hello@${slug}.example`,
      social_username: slug,
      billing_email: `billing@${slug}.example`,
      pledge_minimum_amount: 2000,
      pledge_badge_show_amount: 1,
      default_upfront_split_to_contributors: null,
      default_badge_custom_content: null,
      total_monthly_spending_limit: null,
      per_user_monthly_spending_limit: null,
      profile_settings: json({
        enabled: true,
        description: bio,
        featured_projects: [],
        featured_organizations: [],
        links: [`https://${slug}.example`],
        subscribe: { promote: true, show_count: true, count_free: false, all: false },
        accent_color: '#0062ff',
      }),
      feature_settings: json({ issue_funding_enabled: false }),
      subscription_settings: json({
        allow_multiple_subscriptions: false,
        allow_customer_updates: true,
        proration_behavior: 'prorate',
      }),
    });
    store.insert('user_organizations', { user_id: owner, organization_id: oid });
    return oid;
  };
  const acme = org('Acme Software', 'acme', users[0]!.id, 'Developer tools for small teams.');
  const globex = org(
    'Globex Studio',
    'globex',
    users[1]!.id,
    'Fonts and cloud storage for designers.',
  );

  const benefit = (orgId: string, type: BenefitType, description: string, properties: object) => {
    const bid = id();
    store.insert('benefits', {
      id: bid,
      created_at: at(380),
      modified_at: null,
      organization_id: orgId,
      type,
      description,
      selectable: 1,
      deletable: 1,
      properties: json(properties),
    });
    return bid;
  };
  const proKeys = benefit(acme, 'license_keys', 'Acme Pro license key', {
    prefix: 'ACME',
    expires: null,
    activations: { limit: 3, enable_customer_admin: true },
    limit_usage: null,
  });
  const desktopKeys = benefit(acme, 'license_keys', 'Acme Desktop license key', {
    prefix: 'DESK',
    expires: { ttl: 1, timeframe: 'year' },
    activations: { limit: 5, enable_customer_admin: true },
    limit_usage: 1000,
  });
  const support = benefit(acme, 'custom', 'Priority email support', {
    note: 'Write to support@acme.example from your account email.',
  });
  const ads = benefit(acme, 'ads', 'Logo in the Acme newsletter', {
    image_height: 100,
    image_width: 240,
  });
  const fontKeys = benefit(globex, 'license_keys', 'Globex Font Pack license', {
    prefix: 'GLOBEX',
    expires: null,
    activations: { limit: 2, enable_customer_admin: false },
    limit_usage: null,
  });
  const storage = benefit(globex, 'custom', '1 TB cloud storage', { note: null });

  const catalogue: Record<string, Price[]> = { [acme]: [], [globex]: [] };
  const product = (
    orgId: string,
    name: string,
    description: string,
    recurring: boolean,
    prices: Omit<Price, 'id' | 'product'>[],
    benefits: string[],
    archived = false,
  ) => {
    const pid = id();
    store.insert('products', {
      id: pid,
      created_at: at(380),
      modified_at: null,
      organization_id: orgId,
      name,
      description,
      is_recurring: recurring ? 1 : 0,
      is_archived: archived ? 1 : 0,
      metadata: json({ sku: name.toLowerCase().replaceAll(' ', '-') }),
    });
    const out = prices.map((p) => {
      const price: Price = { ...p, id: id(), product: pid };
      c.insertPrice(price, at(380), p.archived || archived);
      if (!p.archived && !archived && p.amountType !== 'free') catalogue[orgId]!.push(price);
      return price;
    });
    // The demo's products as the real service holds them today (issue 26).
    store.products.settleIntervals(pid);
    benefits.forEach((b, i) => {
      store.insert('product_benefits', { product_id: pid, benefit_id: b, order: i });
    });
    return { id: pid, prices: out };
  };
  const pro = product(
    acme,
    'Acme Pro',
    'The full Acme toolkit, updated every month.',
    true,
    [
      { amount: 1900, type: 'recurring', interval: 'month' },
      { amount: 19000, type: 'recurring', interval: 'year' },
      { amount: 1500, type: 'recurring', interval: 'month', archived: true },
    ],
    [proKeys, support],
  );
  const team = product(
    acme,
    'Acme Team',
    'Acme Pro for up to 10 seats, with newsletter placement.',
    true,
    [
      { amount: 4900, type: 'recurring', interval: 'month' },
      { amount: 49000, type: 'recurring', interval: 'year' },
    ],
    [support, ads],
  );
  const desktop = product(
    acme,
    'Acme Desktop',
    'A perpetual desktop licence with a year of updates.',
    false,
    [{ amount: 7900, type: 'one_time', interval: null }],
    [desktopKeys],
  );
  const starter = product(
    acme,
    'Acme Starter Kit',
    'Templates to get started. Free.',
    false,
    [{ amount: null, type: 'one_time', interval: null, amountType: 'free' }],
    [],
  );
  product(
    acme,
    'Acme Legacy',
    'The old plan, no longer sold.',
    true,
    [{ amount: 900, type: 'recurring', interval: 'month' }],
    [],
    true,
  );
  const cloud = product(
    globex,
    'Globex Cloud',
    'Cloud storage for design files.',
    true,
    [
      { amount: 2900, type: 'recurring', interval: 'month' },
      { amount: 29000, type: 'recurring', interval: 'year' },
    ],
    [storage],
  );
  const fonts = product(
    globex,
    'Globex Font Pack',
    '42 display fonts with a desktop licence.',
    false,
    [{ amount: 2500, type: 'one_time', interval: null }],
    [fontKeys],
  );

  const svg = (label: string) =>
    `<svg xmlns="http://www.w3.org/2000/svg" width="480" height="270"><rect width="100%" height="100%" fill="#0062ff"/><text x="50%" y="50%" fill="#fff" font-size="36" text-anchor="middle" font-family="sans-serif">${label}</text></svg>`;
  for (const [orgId, p, label] of [
    [acme, pro.id, 'Acme Pro'],
    [globex, cloud.id, 'Globex Cloud'],
  ] as const) {
    const mid = id();
    const content = svg(label);
    const sha = createHash('sha256').update(content);
    const digest = sha.digest();
    store.insert('medias', {
      id: mid,
      created_at: at(380),
      organization_id: orgId,
      name: `${label.toLowerCase().replace(' ', '-')}.svg`,
      path: `${orgId}/${mid}/${label.toLowerCase().replace(' ', '-')}.svg`,
      mime_type: 'image/svg+xml',
      size: Buffer.byteLength(content),
      storage_version: null,
      version: null,
      checksum_etag: `"${digest.toString('hex').slice(0, 32)}"`,
      checksum_sha256_base64: digest.toString('base64'),
      checksum_sha256_hex: digest.toString('hex'),
      last_modified_at: at(380),
      service: 'product_media',
      is_uploaded: 1,
      content,
    });
    store.insert('product_medias', { product_id: p, media_id: mid, order: 0 });
  }

  const companyField = c.insertCustomField(acme, {
    type: 'text',
    slug: 'company',
    name: 'Company',
    metadata: {},
    properties: {
      form_label: 'Company name',
      form_help_text: 'Shown on your invoices.',
      form_placeholder: 'Acme Inc.',
      textarea: false,
      min_length: 2,
      max_length: 100,
    },
  });
  const seatsField = c.insertCustomField(acme, {
    type: 'number',
    slug: 'seats',
    name: 'Seats',
    metadata: {},
    properties: {
      form_label: 'How many seats?',
      form_help_text: null,
      form_placeholder: '5',
      ge: 1,
      le: 10,
    },
  });
  store.insert('product_custom_fields', {
    product_id: team.id,
    custom_field_id: companyField,
    order: 0,
    required: 1,
  });
  store.insert('product_custom_fields', {
    product_id: team.id,
    custom_field_id: seatsField,
    order: 1,
    required: 0,
  });

  const discount = (
    orgId: string,
    name: string,
    code: string,
    type: DiscountType,
    value: number,
    duration: DiscountDuration,
    max: number | null,
    products: string[],
  ) => {
    const did = id();
    c.insertDiscount({
      id: did,
      created_at: at(300),
      organization_id: orgId,
      name,
      code,
      type,
      amount: type === 'fixed' ? value : null,
      currency: type === 'fixed' ? 'usd' : null,
      basis_points: type === 'percentage' ? value : null,
      duration,
      duration_in_months: duration === 'repeating' ? 3 : null,
      max_redemptions: max,
      redemptions_count: 0,
      metadata: json({ campaign: name.toLowerCase().replaceAll(' ', '-') }),
    });
    for (const p of products)
      store.insert('discount_products', { discount_id: did, product_id: p });
    return did;
  };
  const launch = discount(acme, 'Launch 10', 'LAUNCH10', 'fixed', 1000, 'once', 1000, []);
  const half = discount(
    acme,
    'Half off for 3 months',
    'HALFOFF',
    'percentage',
    5000,
    'repeating',
    null,
    [pro.id, team.id],
  );
  discount(globex, 'Globex five', 'GLOBEX5', 'fixed', 500, 'once', null, []);

  return {
    users,
    acme,
    globex,
    proKeys,
    catalogue,
    pro,
    team,
    desktop,
    starter,
    cloud,
    fonts,
    launch,
    half,
  };
}

export type Catalogue = ReturnType<typeof seedCatalogue>;
