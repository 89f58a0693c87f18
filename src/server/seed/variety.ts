// The kinds of objects the official SDK's conformance suite (test/conformance) must see and the
// rest of the seed lacks: custom fields and benefits of every type, a subscription in the one
// status the history never produces, a user who is a customer of both organizations, license
// keys without an activation limit, disabled or expired, and (at Globex, so that `--orders N`
// still counts Acme's orders exactly) an order of a free price and one with a percentage
// discount. Seeded last, so the ids and tokens before it stay put.
import { licenseKey } from '../ids.js';
import { json } from '../store/index.js';
import type { BenefitType, CustomFieldType, LicenseKeyStatus } from '../store/rows.js';
import type { Catalogue } from './catalogue.js';
import { DAY, type Price, type SeedContext } from './context.js';
import type { seedHistory } from './history.js';

type History = ReturnType<typeof seedHistory>;

export function seedVariety(c: SeedContext, cat: Catalogue, history: History): void {
  const { store, id, at } = c;
  const { acme, team } = cat;

  const field = (
    type: CustomFieldType,
    slug: string,
    name: string,
    properties: object,
    order: number,
  ) => {
    const metadata = { source: 'demo' };
    const fid = c.insertCustomField(acme, { type, slug, name, metadata, properties });
    store.insert('product_custom_fields', {
      product_id: team.id,
      custom_field_id: fid,
      order,
      required: 0,
    });
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

  const benefit = (order: number, type: BenefitType, text: string, props: object) => {
    const bid = id();
    store.insert('benefits', {
      id: bid,
      created_at: at(380),
      modified_at: null,
      organization_id: acme,
      type,
      description: text,
      selectable: 1,
      deletable: 1,
      properties: json(props),
    });
    store.insert('product_benefits', { product_id: team.id, benefit_id: bid, order });
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
  store.insert('customers', {
    id: alice.id,
    created_at: at(200),
    modified_at: null,
    organization_id: acme,
    email: users[0]!.email,
    email_verified: 1,
    name: users[0]!.name,
    billing_address: null,
    tax_id: null,
    metadata: '{}',
    avatar_url: null,
    user_id: alice.user_id,
  });
  const teamYearly = team.prices.find((p) => p.interval === 'year')!;
  // A trial: nothing paid yet, so no order.
  history.insertSubscription(acme, alice, teamYearly, now - 5 * DAY, 'trialing', null);
}

/** Jane's keys without an activation limit, disabled, and expired yesterday. */
function licenseKeys(c: SeedContext, cat: Catalogue, history: History): void {
  const { store, id, at } = c;
  const key = (limit: number | null, status: LicenseKeyStatus, expires: string | null) => {
    store.licenseKeys.insert({
      id: id(),
      created_at: at(8),
      organization_id: cat.acme,
      customer_id: history.jane.id,
      benefit_id: cat.proKeys,
      key: licenseKey('ACME', c.rnd),
      status,
      limit_activations: limit,
      expires_at: expires,
    });
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
  store.insert('products', {
    id: productId,
    created_at: at(200),
    modified_at: null,
    organization_id: globex,
    name: 'Globex Font Sampler',
    description: 'Three display fonts to try. Free.',
    is_recurring: 0,
    is_archived: 0,
    metadata: json({ sku: 'globex-font-sampler' }),
  });
  const sampler: Price = {
    id: id(),
    product: productId,
    amount: null,
    type: 'one_time',
    interval: null,
    amountType: 'free',
  };
  c.insertPrice(sampler, at(200));
  const [first, second] = history.customers[globex]!;
  history.insertOrder(globex, first!, sampler, at(9), 'purchase', null, null);

  const loyalty = id();
  c.insertDiscount({
    id: loyalty,
    created_at: at(100),
    organization_id: globex,
    name: 'Loyalty 20',
    code: 'LOYAL20',
    type: 'percentage',
    amount: null,
    currency: null,
    basis_points: 2000,
    duration: 'forever',
    duration_in_months: null,
    max_redemptions: null,
    redemptions_count: 1,
    metadata: json({ campaign: 'loyalty' }),
  });
  const monthly = cloud.prices[0]!;
  const sub = history.insertSubscription(
    globex,
    second!,
    monthly,
    now - 15 * DAY,
    'active',
    loyalty,
  );
  // insertOrder knows only Acme's discounts: the 20 % off is taken here.
  const discounted = Math.round((monthly.amount ?? 0) * 0.8);
  history.insertOrder(
    globex,
    second!,
    monthly,
    at(15),
    'subscription_create',
    sub,
    loyalty,
    discounted,
  );
}
