// The kinds of objects the official SDK's conformance suite (test/conformance) must see and the
// rest of the seed lacks: custom fields and benefits of every type, a subscription in the one
// status the history never produces, a user who is a customer of both organizations, license
// keys without an activation limit, disabled or expired, and (at Globex, so that `--orders N`
// still counts Acme's orders exactly) an order of a free price and one with a percentage
// discount. Seeded last, so the ids and tokens before it stay put.
import { json } from '../db.js';
import { licenseKey } from '../ids.js';
import type { Catalogue } from './catalogue.js';
import { DAY, type Price, type SeedContext } from './context.js';
import type { seedHistory } from './history.js';

type History = ReturnType<typeof seedHistory>;

export function seedVariety(c: SeedContext, cat: Catalogue, history: History): void {
  const { store, id, at } = c;
  const { acme, team } = cat;

  const field = (type: string, slug: string, name: string, properties: object, order: number) => {
    const fid = id();
    store.run(
      'INSERT INTO custom_fields (id, created_at, modified_at, organization_id, metadata, type, slug, name, properties) VALUES (?, ?, NULL, ?, ?, ?, ?, ?, ?)',
      fid,
      at(380),
      acme,
      json({ source: 'demo' }),
      type,
      slug,
      name,
      json(properties),
    );
    store.run(
      'INSERT INTO product_custom_fields (product_id, custom_field_id, "order", required) VALUES (?, ?, ?, 0)',
      team.id,
      fid,
      order,
    );
  };
  // Date bounds are Unix timestamps, as the real service stores them.
  field(
    'date',
    'start_date',
    'Start date',
    { form_label: 'When do you start?', ge: 1735689600 },
    2,
  );
  field('checkbox', 'newsletter', 'Newsletter', { form_label: 'Send me the newsletter' }, 3);
  const sizes = [
    { value: 'small', label: '1–5' },
    { value: 'large', label: '6–10' },
  ];
  field('select', 'team_size', 'Team size', { form_label: 'Team size?', options: sizes }, 4);

  const benefit = (order: number, type: string, text: string, props: object) => {
    const bid = id();
    store.run(
      'INSERT INTO benefits (id, created_at, modified_at, organization_id, type, description, selectable, deletable, properties) VALUES (?, ?, NULL, ?, ?, ?, 1, 1, ?)',
      bid,
      at(380),
      acme,
      type,
      text,
      json(props),
    );
    store.run(
      'INSERT INTO product_benefits (product_id, benefit_id, "order") VALUES (?, ?, ?)',
      team.id,
      bid,
      order,
    );
  };
  benefit(2, 'discord', 'Acme Team role on Discord', {
    guild_id: '1187432209950625812',
    role_id: '1187432443338477630',
    guild_token: 'demo-discord-guild-token',
  });
  benefit(3, 'github_repository', 'Read access to acme/toolkit-pro', {
    repository_owner: 'acme',
    repository_name: 'toolkit-pro',
    permission: 'pull',
    repository_id: null,
  });
  benefit(4, 'downloadables', 'Team onboarding kit (zip)', { archived: {}, files: [id(), id()] });

  acmeSubscriptions(c, cat, history);
  licenseKeys(c, cat, history);
  globexOrders(c, cat, history);
}

/** A subscription whose payment never came (incomplete_expired), and Alice's trial at Acme. */
function acmeSubscriptions(c: SeedContext, cat: Catalogue, history: History): void {
  const { store, id, at, now } = c;
  const { acme, pro, team, users, half } = cat;
  // The buyer tried the percentage discount code; the payment never came.
  const buyer = history.customers[acme]![4]!;
  history.insertSubscription(
    acme,
    buyer,
    pro.prices[0]!,
    now - 50 * DAY,
    'incomplete_expired',
    half,
  );
  // Alice buys from Acme too, so a user token's customer portal spans two organizations.
  const alice = { id: id(), user_id: users[0]!.id };
  store.run(
    `INSERT INTO customers (id, created_at, modified_at, organization_id, email, email_verified, name, billing_address, tax_id, metadata, avatar_url, user_id)
     VALUES (?, ?, NULL, ?, ?, 1, ?, NULL, NULL, '{}', NULL, ?)`,
    alice.id,
    at(200),
    acme,
    users[0]!.email,
    users[0]!.name,
    alice.user_id,
  );
  const teamYearly = team.prices.find((p) => p.interval === 'year')!;
  // A trial: nothing paid yet, so no order.
  history.insertSubscription(acme, alice, teamYearly, now - 5 * DAY, 'trialing', null);
}

/** Jane's keys without an activation limit, disabled, and expired yesterday. */
function licenseKeys(c: SeedContext, cat: Catalogue, history: History): void {
  const { store, id, at } = c;
  const key = (limit: number | null, status: string, expires: string | null) => {
    store.run(
      `INSERT INTO license_keys (id, created_at, modified_at, organization_id, user_id, customer_id, benefit_id, key, status, limit_activations,
       usage, limit_usage, validations, last_validated_at, expires_at, seq) VALUES (?, ?, NULL, ?, NULL, ?, ?, ?, ?, ?, 0, NULL, 0, NULL, ?,
       (SELECT coalesce(max(seq), 0) + 1 FROM license_keys))`,
      id(),
      at(8),
      cat.acme,
      history.jane.id,
      cat.proKeys,
      licenseKey('ACME', c.rnd),
      status,
      limit,
      expires,
    );
  };
  key(null, 'granted', null);
  key(3, 'disabled', null);
  key(3, 'granted', at(1));
}

/** A free font sampler and its order; a loyalty discount (percentage, forever) on Cloud. */
function globexOrders(c: SeedContext, cat: Catalogue, history: History): void {
  const { store, id, at, now } = c;
  const { globex, cloud } = cat;
  const productId = id();
  store.run(
    'INSERT INTO products (id, created_at, modified_at, organization_id, name, description, is_recurring, is_archived, metadata) VALUES (?, ?, NULL, ?, ?, ?, 0, 0, ?)',
    productId,
    at(200),
    globex,
    'Globex Font Sampler',
    'Three display fonts to try. Free.',
    json({ sku: 'globex-font-sampler' }),
  );
  const sampler: Price = {
    id: id(),
    product: productId,
    amount: null,
    type: 'one_time',
    interval: null,
  };
  store.run(
    `INSERT INTO prices (id, created_at, modified_at, product_id, amount_type, is_archived, price_currency, price_amount, type, recurring_interval)
     VALUES (?, ?, NULL, ?, 'free', 0, 'usd', NULL, 'one_time', NULL)`,
    sampler.id,
    at(200),
    productId,
  );
  const [first, second] = history.customers[globex]!;
  history.insertOrder(globex, first!, sampler, at(9), 'purchase', null, null);

  const loyalty = id();
  store.run(
    `INSERT INTO discounts (id, created_at, modified_at, organization_id, name, code, type, amount, currency, basis_points, duration,
     duration_in_months, starts_at, ends_at, max_redemptions, redemptions_count, metadata) VALUES (?, ?, NULL, ?, ?, ?, 'percentage', NULL, NULL, 2000,
     'forever', NULL, NULL, NULL, NULL, 1, ?)`,
    loyalty,
    at(100),
    globex,
    'Loyalty 20',
    'LOYAL20',
    json({ campaign: 'loyalty' }),
  );
  const monthly = cloud.prices[0]!;
  const sub = history.insertSubscription(
    globex,
    second!,
    monthly,
    now - 15 * DAY,
    'active',
    loyalty,
  );
  history.insertOrder(globex, second!, monthly, at(15), 'subscription_create', sub, loyalty);
  // insertOrder knows only Acme's discounts: take the 20 % off here.
  const discounted = Math.round((monthly.amount ?? 0) * 0.8);
  store.run('UPDATE orders SET amount = ? WHERE subscription_id = ?', discounted, sub);
}
