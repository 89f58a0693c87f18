// The demo catalogue: users, the two organizations, benefits, products with their prices and
// medias, custom fields and discounts.
import { createHash } from 'node:crypto';
import { json } from '../db.js';
import type { Price, SeedContext } from './context.js';

export function seedCatalogue(c: SeedContext) {
  const { store, id, at } = c;
  const users = [
    { id: id(), email: 'alice@acme.test', name: 'Alice Example', gh: 'alice-acme' },
    { id: id(), email: 'bob@globex.test', name: 'Bob Builder', gh: 'bobglobex' },
  ];
  for (const u of users) {
    store.run(
      'INSERT INTO users (id, created_at, email, email_verified, public_name, avatar_url, code_host_username) VALUES (?, ?, ?, 1, ?, NULL, ?)',
      u.id,
      at(400),
      u.email,
      u.name,
      u.gh,
    );
  }
  const org = (name: string, slug: string, owner: string, bio: string) => {
    const oid = id();
    store.run(
      `INSERT INTO organizations (id, created_at, modified_at, name, slug, avatar_url, bio, company, blog, location, email,
       social_username, billing_email, pledge_minimum_amount, pledge_badge_show_amount, default_upfront_split_to_contributors,
       default_badge_custom_content, total_monthly_spending_limit, per_user_monthly_spending_limit, profile_settings,
       feature_settings, subscription_settings) VALUES (?, ?, NULL, ?, ?, NULL, ?, ?, ?, 'Lisbon, Portugal', ?, ?, ?, 2000, 1, NULL, NULL, NULL, NULL, ?, ?, ?)`,
      oid,
      at(400),
      name,
      slug,
      bio,
      name,
      `https://${slug}.example`,
      `hello@${slug}.example`,
      slug,
      `billing@${slug}.example`,
      json({
        enabled: true,
        description: bio,
        featured_projects: [],
        featured_organizations: [],
        links: [`https://${slug}.example`],
        subscribe: { promote: true, show_count: true, count_free: false, all: false },
        accent_color: '#0062ff',
      }),
      json({ issue_funding_enabled: false }),
      json({
        allow_multiple_subscriptions: false,
        allow_customer_updates: true,
        proration_behavior: 'prorate',
      }),
    );
    store.run(
      'INSERT INTO user_organizations (user_id, organization_id) VALUES (?, ?)',
      owner,
      oid,
    );
    return oid;
  };
  const acme = org('Acme Software', 'acme', users[0]!.id, 'Developer tools for small teams.');
  const globex = org(
    'Globex Studio',
    'globex',
    users[1]!.id,
    'Fonts and cloud storage for designers.',
  );

  const benefit = (orgId: string, type: string, description: string, properties: object) => {
    const bid = id();
    store.run(
      'INSERT INTO benefits (id, created_at, modified_at, organization_id, type, description, selectable, deletable, properties) VALUES (?, ?, NULL, ?, ?, ?, 1, 1, ?)',
      bid,
      at(380),
      orgId,
      type,
      description,
      json(properties),
    );
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
    store.run(
      'INSERT INTO products (id, created_at, modified_at, organization_id, name, description, is_recurring, is_archived, metadata) VALUES (?, ?, NULL, ?, ?, ?, ?, ?, ?)',
      pid,
      at(380),
      orgId,
      name,
      description,
      recurring ? 1 : 0,
      archived ? 1 : 0,
      json({ sku: name.toLowerCase().replaceAll(' ', '-') }),
    );
    const out = prices.map((p) => {
      const price: Price = { ...p, id: id(), product: pid };
      store.run(
        'INSERT INTO prices (id, created_at, modified_at, product_id, amount_type, is_archived, price_currency, price_amount, type, recurring_interval) VALUES (?, ?, NULL, ?, ?, ?, ?, ?, ?, ?)',
        price.id,
        at(380),
        pid,
        p.amountType ?? 'fixed',
        p.archived || archived ? 1 : 0,
        'usd',
        p.amount,
        p.type,
        p.interval,
      );
      if (!p.archived && !archived && p.amountType !== 'free') catalogue[orgId]!.push(price);
      return price;
    });
    benefits.forEach((b, i) => {
      store.run(
        'INSERT INTO product_benefits (product_id, benefit_id, "order") VALUES (?, ?, ?)',
        pid,
        b,
        i,
      );
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
    store.run(
      `INSERT INTO medias (id, created_at, organization_id, name, path, mime_type, size, storage_version, version, checksum_etag,
       checksum_sha256_base64, checksum_sha256_hex, last_modified_at, service, is_uploaded, content) VALUES (?, ?, ?, ?, ?, 'image/svg+xml', ?, NULL, NULL, ?, ?, ?, ?, 'product_media', 1, ?)`,
      mid,
      at(380),
      orgId,
      `${label.toLowerCase().replace(' ', '-')}.svg`,
      `${orgId}/${mid}/${label.toLowerCase().replace(' ', '-')}.svg`,
      Buffer.byteLength(content),
      `"${digest.toString('hex').slice(0, 32)}"`,
      digest.toString('base64'),
      digest.toString('hex'),
      at(380),
      content,
    );
    store.run(
      'INSERT INTO product_medias (product_id, media_id, "order") VALUES (?, ?, 0)',
      p,
      mid,
    );
  }

  const companyField = id();
  store.run(
    'INSERT INTO custom_fields (id, created_at, modified_at, organization_id, metadata, type, slug, name, properties) VALUES (?, ?, NULL, ?, ?, ?, ?, ?, ?)',
    companyField,
    at(380),
    acme,
    json({}),
    'text',
    'company',
    'Company',
    json({
      form_label: 'Company name',
      form_help_text: 'Shown on your invoices.',
      form_placeholder: 'Acme Inc.',
      textarea: false,
      min_length: 2,
      max_length: 100,
    }),
  );
  const seatsField = id();
  store.run(
    'INSERT INTO custom_fields (id, created_at, modified_at, organization_id, metadata, type, slug, name, properties) VALUES (?, ?, NULL, ?, ?, ?, ?, ?, ?)',
    seatsField,
    at(380),
    acme,
    json({}),
    'number',
    'seats',
    'Seats',
    json({
      form_label: 'How many seats?',
      form_help_text: null,
      form_placeholder: '5',
      ge: 1,
      le: 10,
    }),
  );
  store.run(
    'INSERT INTO product_custom_fields (product_id, custom_field_id, "order", required) VALUES (?, ?, 0, 1)',
    team.id,
    companyField,
  );
  store.run(
    'INSERT INTO product_custom_fields (product_id, custom_field_id, "order", required) VALUES (?, ?, 1, 0)',
    team.id,
    seatsField,
  );

  const discount = (
    orgId: string,
    name: string,
    code: string,
    type: string,
    value: number,
    duration: string,
    max: number | null,
    products: string[],
  ) => {
    const did = id();
    store.run(
      `INSERT INTO discounts (id, created_at, modified_at, organization_id, name, code, type, amount, currency, basis_points, duration,
       duration_in_months, starts_at, ends_at, max_redemptions, redemptions_count, metadata) VALUES (?, ?, NULL, ?, ?, ?, ?, ?, ?, ?, ?, ?, NULL, NULL, ?, 0, ?)`,
      did,
      at(300),
      orgId,
      name,
      code,
      type,
      type === 'fixed' ? value : null,
      type === 'fixed' ? 'usd' : null,
      type === 'percentage' ? value : null,
      duration,
      duration === 'repeating' ? 3 : null,
      max,
      json({ campaign: name.toLowerCase().replaceAll(' ', '-') }),
    );
    for (const p of products)
      store.run('INSERT INTO discount_products (discount_id, product_id) VALUES (?, ?)', did, p);
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
