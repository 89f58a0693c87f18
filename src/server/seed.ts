// Demo data (`--seed demo`): two organizations, a coherent catalogue, customers, orders,
// subscriptions, license keys and open checkouts. Ids and secrets come from a seeded PRNG, so
// they are the same on every start; `orders` scales the order history for benchmarks.
import { createHash } from 'node:crypto';
import { ALL_SCOPES } from './auth.js';
import { ensureCliClient } from './cli-client.js';
import type { Clock } from './clock.js';
import { json, type Store } from './db.js';
import { hashToken, licenseKey, type Random, seededRandom, token, uuid } from './ids.js';
import { grantLicenseKeys } from './license-key-grants.js';

export interface DemoInfo {
  organization_id: string;
  personal_access_token: string;
  client_id: string;
  open_checkout_ids: string[];
  license_key: string;
  customer_email: string;
  /** The second organization and its owner's token, to show isolation. */
  other: { organization_id: string; personal_access_token: string };
  users: { email: string; id: string }[];
  expired_checkout_id: string;
  confirmed_checkout_id: string;
}

const DAY = 86_400_000;

const FIRST = [
  'Jane',
  'Omar',
  'Li',
  'Sofia',
  'Mateo',
  'Aisha',
  'Noah',
  'Emma',
  'Yuki',
  'Lucas',
  'Priya',
  'Ivan',
  'Chloe',
  'Kofi',
  'Elena',
  'Hugo',
];
const LAST = [
  'Doe',
  'Haddad',
  'Wei',
  'Rossi',
  'Garcia',
  'Khan',
  'Smith',
  'Martin',
  'Tanaka',
  'Silva',
  'Patel',
  'Petrov',
  'Dubois',
  'Mensah',
  'Novak',
  'Berg',
];

export function seedDemo(store: Store, clock: Clock, opts: { orders?: number } = {}): DemoInfo {
  const rnd = seededRandom(20261123);
  const id = () => uuid(rnd);
  const pick = <T>(xs: T[]): T => xs[Math.floor(rnd() * xs.length)]!;
  const now = clock.now().getTime();
  const at = (daysAgo: number) => new Date(now - daysAgo * DAY).toISOString();
  const info = store.tx(() => {
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

    type Price = {
      id: string;
      product: string;
      amount: number | null;
      type: string;
      interval: string | null;
      archived?: boolean;
      amountType?: string;
    };
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

    // Customers: at least 12 for Acme (more with --orders), 6 for Globex; alice is also a Globex customer.
    const customers: Record<string, { id: string; email: string; user_id: string | null }[]> = {
      [acme]: [],
      [globex]: [],
    };
    const addCustomer = (
      orgId: string,
      n: number,
      userId: string | null = null,
      email?: string,
      name?: string,
    ) => {
      const cid = id();
      const first = FIRST[n % FIRST.length]!;
      const last = LAST[Math.floor(n / FIRST.length) % LAST.length]!;
      const mail =
        email ??
        `${first}.${last}${n >= FIRST.length * LAST.length ? n : ''}@example.com`.toLowerCase();
      store.run(
        `INSERT INTO customers (id, created_at, modified_at, organization_id, email, email_verified, name, billing_address, tax_id, metadata, avatar_url, user_id)
         VALUES (?, ?, NULL, ?, ?, 1, ?, ?, NULL, ?, NULL, ?)`,
        cid,
        at(370 - (n % 300)),
        orgId,
        mail,
        name ?? `${first} ${last}`,
        json({
          line1: `${10 + n} Market Street`,
          line2: null,
          postal_code: `${10000 + n}`,
          city: pick(['Lisbon', 'Berlin', 'Austin', 'Osaka', 'Nairobi']),
          state: null,
          country: pick(['PT', 'DE', 'US', 'JP', 'KE']),
        }),
        json({ source: pick(['newsletter', 'search', 'referral']) }),
        userId,
      );
      const c = { id: cid, email: mail, user_id: userId };
      customers[orgId]!.push(c);
      return c;
    };
    const orderCount = Math.max(opts.orders ?? 32, 0);
    const acmeCustomers = Math.max(12, Math.ceil(orderCount / 100));
    for (let n = 0; n < acmeCustomers; n++) addCustomer(acme, n);
    for (let n = 0; n < 6; n++) addCustomer(globex, n + 3);
    const aliceAtGlobex = addCustomer(
      globex,
      999,
      users[0]!.id,
      'alice@acme.test',
      'Alice Example',
    );
    const jane = customers[acme]![0]!;

    const STATUSES = [
      'active',
      'active',
      'active',
      'active',
      'active',
      'active',
      'trialing',
      'past_due',
      'canceled',
      'canceled',
      'unpaid',
      'incomplete',
    ];
    const subs: Record<
      string,
      { id: string; customer: string; price: Price; discount: string | null }[]
    > = {};
    let seq = 0;
    const insertOrder = (
      orgId: string,
      c: { id: string; user_id: string | null },
      p: Price,
      when: string,
      reason: string,
      subId: string | null,
      discountId: string | null,
    ) => {
      const off =
        discountId === launch ? 1000 : discountId === half ? Math.round((p.amount ?? 0) / 2) : 0;
      store.run(
        `INSERT INTO orders (id, created_at, modified_at, organization_id, metadata, custom_field_data, amount, tax_amount, currency, billing_reason,
         billing_address, customer_id, product_id, product_price_id, price_type, discount_id, subscription_id, checkout_id, user_id)
         VALUES (?, ?, NULL, ?, ?, '{}', ?, 0, 'usd', ?, NULL, ?, ?, ?, ?, ?, ?, NULL, ?)`,
        id(),
        when,
        orgId,
        json({ channel: pick(['web', 'web', 'api', 'partner']) }),
        Math.max((p.amount ?? 0) - off, 0),
        reason,
        c.id,
        p.product,
        p.id,
        p.type,
        discountId,
        subId,
        c.user_id,
      );
    };
    const insertSubscription = (
      orgId: string,
      c: { id: string; user_id: string | null },
      p: Price,
      startMs: number,
      status: string,
      discountId: string | null,
    ) => {
      const sid = id();
      const periodMs = (p.interval === 'year' ? 365 : 30) * DAY;
      const periods = Math.max(Math.floor((now - startMs) / periodMs), 0);
      const periodStart = startMs + periods * periodMs;
      const ended = status === 'canceled' || status === 'incomplete_expired';
      store.run(
        `INSERT INTO subscriptions (id, created_at, modified_at, organization_id, amount, currency, recurring_interval, status, current_period_start,
         current_period_end, cancel_at_period_end, canceled_at, started_at, ends_at, ended_at, customer_id, product_id, price_id, discount_id,
         checkout_id, customer_cancellation_reason, customer_cancellation_comment, user_id, metadata, custom_field_data)
         VALUES (?, ?, NULL, ?, ?, 'usd', ?, ?, ?, ?, 0, ?, ?, ?, ?, ?, ?, ?, ?, NULL, ?, NULL, ?, '{}', '{}')`,
        sid,
        new Date(startMs).toISOString(),
        orgId,
        p.amount,
        p.interval,
        status,
        new Date(periodStart).toISOString(),
        new Date(periodStart + periodMs).toISOString(),
        ended ? new Date(periodStart).toISOString() : null,
        status === 'incomplete' ? null : new Date(startMs).toISOString(),
        ended ? new Date(periodStart).toISOString() : null,
        ended ? new Date(periodStart).toISOString() : null,
        c.id,
        p.product,
        p.id,
        discountId,
        ended ? pick(['too_expensive', 'unused', 'switched_service']) : null,
        c.user_id,
      );
      return sid;
    };

    // Order history, oldest first, spread over the last 180 days.
    const history = (orgId: string, count: number) => {
      const prices = catalogue[orgId]!;
      for (let i = 0; i < count; i++) {
        const whenMs = now - 180 * DAY + Math.floor(((i + rnd()) / Math.max(count, 1)) * 179 * DAY);
        const when = new Date(whenMs).toISOString();
        const p = prices[i % prices.length]!;
        const discountId =
          orgId === acme && rnd() < 0.1
            ? p.type === 'recurring' && rnd() < 0.5
              ? half
              : launch
            : null;
        const key = `${orgId}:${p.id}`;
        const existing = subs[key] ?? [];
        if (p.type === 'one_time') {
          const c = pick(customers[orgId]!);
          insertOrder(orgId, c, p, when, 'purchase', null, discountId);
          if (seq++ % 3 === 0 || count <= 100)
            grantLicenseKeys(
              store,
              new Date(whenMs),
              p.product,
              { id: c.id, user_id: c.user_id },
              rnd,
            );
        } else if (existing.length && rnd() < 0.4) {
          const s = pick(existing);
          insertOrder(
            orgId,
            { id: s.customer, user_id: null },
            s.price,
            when,
            'subscription_cycle',
            s.id,
            s.discount,
          );
        } else {
          const c = pick(customers[orgId]!);
          const status = STATUSES[seq++ % STATUSES.length]!;
          const sid = insertSubscription(orgId, c, p, whenMs, status, discountId);
          existing.push({ id: sid, customer: c.id, price: p, discount: discountId });
          subs[key] = existing;
          insertOrder(orgId, c, p, when, 'subscription_create', sid, discountId);
          if (count <= 100 || seq % 5 === 0)
            grantLicenseKeys(
              store,
              new Date(whenMs),
              p.product,
              { id: c.id, user_id: c.user_id },
              rnd,
            );
        }
      }
    };
    history(acme, orderCount);
    history(globex, 12);

    // Alice buys from Globex, so her own token sees items in the customer portal.
    const cloudMonthly = cloud.prices[0]!;
    const aliceSub = insertSubscription(
      globex,
      aliceAtGlobex,
      cloudMonthly,
      now - 40 * DAY,
      'active',
      null,
    );
    insertOrder(globex, aliceAtGlobex, cloudMonthly, at(40), 'subscription_create', aliceSub, null);
    insertOrder(globex, aliceAtGlobex, fonts.prices[0]!, at(20), 'purchase', null, null);
    grantLicenseKeys(store, new Date(now - 20 * DAY), fonts.id, aliceAtGlobex, rnd);

    // The demo key: granted, 3 activations allowed, none used.
    const demoKey = licenseKey('ACME', rnd);
    const insertKey = (key: string, activations: string[]) => {
      const kid = id();
      store.run(
        `INSERT INTO license_keys (id, created_at, modified_at, organization_id, user_id, customer_id, benefit_id, key, status, limit_activations,
         usage, limit_usage, validations, last_validated_at, expires_at, seq) VALUES (?, ?, NULL, ?, NULL, ?, ?, ?, 'granted', 3, 0, NULL, 0, NULL, NULL,
         (SELECT coalesce(max(seq), 0) + 1 FROM license_keys))`,
        kid,
        at(10),
        acme,
        jane.id,
        proKeys,
        key,
      );
      for (const label of activations) {
        store.run(
          "INSERT INTO license_key_activations (id, created_at, modified_at, license_key_id, label, meta, conditions) VALUES (?, ?, NULL, ?, ?, ?, '{}')",
          id(),
          at(5),
          kid,
          label,
          json({ os: label.includes('mac') ? 'macos' : 'linux' }),
        );
      }
    };
    insertKey(demoKey, []);
    insertKey(licenseKey('ACME', rnd), ['jane-macbook', 'jane-workstation']);
    const revoked = licenseKey('ACME', rnd);
    insertKey(revoked, []);
    store.run("UPDATE license_keys SET status = 'revoked' WHERE key = ?", revoked);

    // Checkout sessions: open ones (plain, fixed discount set by the seller, required custom field,
    // free), one confirmed, one expired, and one of the other organization.
    const checkout = (
      orgId: string,
      p: Price,
      opts2: {
        discount?: string;
        status?: string;
        expiresMs?: number;
        allowCodes?: boolean;
        email?: string;
      } = {},
    ) => {
      const cid = id();
      store.run(
        `INSERT INTO checkouts (id, created_at, modified_at, organization_id, status, client_secret, expires_at, success_url, embed_origin, amount,
         tax_amount, currency, product_id, product_price_id, discount_id, discount_locked, allow_discount_codes, customer_id, customer_name,
         customer_email, customer_ip_address, customer_billing_address, customer_tax_id, payment_processor_metadata, metadata, customer_metadata,
         custom_field_data, subscription_id) VALUES (?, ?, NULL, ?, ?, ?, ?, ?, NULL, ?, 0, 'usd', ?, ?, ?, ?, ?, NULL, NULL, ?, NULL, NULL, NULL, '{}', ?, '{}', '{}', NULL)`,
        cid,
        new Date(now - 60_000).toISOString(),
        orgId,
        opts2.status ?? 'open',
        token('polar_c_', rnd),
        new Date(opts2.expiresMs ?? now + 3600_000).toISOString(),
        `https://${orgId === acme ? 'acme' : 'globex'}.example/thanks?checkout_id={CHECKOUT_ID}`,
        p.amountType === 'free' ? 0 : p.amount,
        p.product,
        p.id,
        opts2.discount ?? null,
        opts2.discount ? 1 : 0,
        opts2.allowCodes === false ? 0 : 1,
        opts2.email ?? null,
        json({ campaign: 'demo' }),
      );
      return cid;
    };
    const open = [
      checkout(acme, pro.prices[0]!),
      checkout(acme, desktop.prices[0]!, { discount: launch }),
      checkout(acme, team.prices[0]!),
      checkout(acme, { ...starter.prices[0]!, amountType: 'free' }),
    ];
    const confirmed = checkout(acme, pro.prices[1]!, { status: 'confirmed', email: jane.email });
    const expired = checkout(acme, pro.prices[0]!, { expiresMs: now - 3600_000 });
    checkout(globex, cloud.prices[0]!);

    const pat = (userId: string) => {
      const value = token('polar_pat_', rnd);
      store.run(
        'INSERT INTO personal_access_tokens (id, created_at, user_id, token_hash, comment, scope, expires_at, revoked_at) VALUES (?, ?, ?, ?, ?, ?, NULL, NULL)',
        id(),
        at(30),
        userId,
        hashToken(value),
        'Demo token',
        ALL_SCOPES.join(' '),
      );
      return value;
    };
    const alicePat = pat(users[0]!.id);
    const bobPat = pat(users[1]!.id);

    const clientId = ensureCliClient(store, new Date(now - 400 * DAY));

    const result: DemoInfo = {
      organization_id: acme,
      personal_access_token: alicePat,
      client_id: clientId,
      open_checkout_ids: open,
      license_key: demoKey,
      customer_email: jane.email,
      other: { organization_id: globex, personal_access_token: bobPat },
      users: users.map((u) => ({ email: u.email, id: u.id })),
      expired_checkout_id: expired,
      confirmed_checkout_id: confirmed,
    };
    store.setMeta('demo', JSON.stringify(result));
    return result;
  });
  return info;
}

export function storedDemo(store: Store): DemoInfo | undefined {
  const raw = store.getMeta('demo');
  return raw ? (JSON.parse(raw) as DemoInfo) : undefined;
}

export type { Random };
