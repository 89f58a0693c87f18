// How `billing trigger` makes each event happen for real in the local sandbox: the API calls a
// seller's site and a buyer would make (a checkout created and confirmed, a subscription changed,
// cancelled or revoked, a product or benefit written, the organization updated), so every object
// in the event can be read back afterwards. Each recipe returns what it did, by name.
import type { ApiClient } from '../../../api/client.js';
import type * as Api from '../../../api/index.js';
import type { PriceCreate } from '../../../api/products.js';
import type { Resource } from '../../../api/schemas.js';
import { UsageError } from '../../../errors.js';
import type { WEBHOOK_EVENT_TYPES } from '../../../shared/api-facts.js';

export type EventType = (typeof WEBHOOK_EVENT_TYPES)[number];

/** Ids of what a recipe made or changed, printed as `key value` rows. */
export type Done = Record<string, string>;

/** The buyer of every triggered one-time purchase (one customer, reused). */
export const BUYER = 'trigger.buyer@example.com';

/**
 * The buyer of a triggered subscription: one of its own each time (trigger.buyer+…), as today's
 * service lets a customer hold one subscription per organization unless the organization allows
 * more (checkout/service.py _validate_subscription_uniqueness at c6c3645e).
 */
export const subscriber = (now = Date.now()): string =>
  `trigger.buyer+${now.toString(36)}${Math.floor(Math.random() * 1296).toString(36)}@example.com`;

interface Want {
  recurring?: boolean;
  benefits?: boolean;
  licenseKeys?: boolean;
}

/**
 * The products trigger buys and changes: its own, never the seller's (issue 24: a triggered
 * subscription must not land on the seller's products, nor a benefit change reach their
 * customers). Made on first use, marked with `billing_trigger` in their metadata, found again
 * by it; each has one fixed price.
 */
type Kind = 'one_time' | 'monthly' | 'yearly' | 'benefits';

const KINDS: Record<Kind, { name: string; price: PriceCreate }> = {
  one_time: {
    name: 'Trigger one-time',
    price: { type: 'one_time', amount_type: 'fixed', price_amount: 1000 },
  },
  monthly: {
    name: 'Trigger monthly',
    price: {
      type: 'recurring',
      recurring_interval: 'month',
      amount_type: 'fixed',
      price_amount: 1000,
    },
  },
  yearly: {
    name: 'Trigger yearly',
    price: {
      type: 'recurring',
      recurring_interval: 'year',
      amount_type: 'fixed',
      price_amount: 10000,
    },
  },
  benefits: {
    name: 'Trigger with benefits',
    price: {
      type: 'recurring',
      recurring_interval: 'month',
      amount_type: 'fixed',
      price_amount: 1500,
    },
  },
};

/**
 * What marks trigger's own products: their name (KINDS) and this description. Not metadata: the
 * seed's generation drops a new product's metadata (polar f179ede58c product/service/product.py),
 * as the sandbox does. Today's service keeps `billing_trigger` in it too.
 */
export const TRIGGER_DESCRIPTION = 'Made by billing trigger, for triggered purchases.';
const KIND_OF = new Map(Object.entries(KINDS).map(([kind, { name }]) => [name, kind]));

interface Product {
  id: string;
  priceId: string;
  benefits: Resource[];
}

export class Sandbox {
  private productsValue?: Promise<Map<string, Product>>;
  private readonly made = new Map<Kind, Promise<Product>>();

  constructor(
    private readonly api: typeof Api,
    private readonly client: ApiClient,
    private readonly publicClient: ApiClient,
    readonly org: string,
  ) {}

  /** Trigger's products in the organization, by kind: live, with a live fixed price. */
  private found(): Promise<Map<string, Product>> {
    this.productsValue ??= (async () => {
      const found = new Map<string, Product>();
      const filters = { organization_id: this.org, is_archived: false, query: 'Trigger' };
      for await (const p of this.api.products.list(this.client, filters, { pageSize: 100 })) {
        const kind = KIND_OF.get(String(p.name));
        if (!kind || p.description !== TRIGGER_DESCRIPTION || found.has(kind)) continue;
        const prices = (Array.isArray(p.prices) ? p.prices : []) as Record<string, unknown>[];
        const price = prices.find((x) => x.is_archived !== true && x.amount_type === 'fixed');
        if (!price) continue;
        const benefits = Array.isArray(p.benefits) ? (p.benefits as Resource[]) : [];
        found.set(kind, { id: p.id, priceId: String(price.id), benefits });
      }
      return found;
    })();
    return this.productsValue;
  }

  /** Trigger's product of `kind`, made now when the organization has none yet. */
  private product(kind: Kind): Promise<Product> {
    let made = this.made.get(kind);
    if (!made) {
      made = this.found().then((found) => found.get(kind) ?? this.make(kind));
      this.made.set(kind, made);
    }
    return made;
  }

  private async make(kind: Kind): Promise<Product> {
    const { name, price } = KINDS[kind];
    const created = await this.api.products.create(this.client, {
      name,
      description: TRIGGER_DESCRIPTION,
      prices: [price],
      organization_id: this.org,
      metadata: { billing_trigger: kind },
    });
    let benefits: Resource[] = [];
    if (kind === 'benefits') {
      const made = await Promise.all([
        this.api.benefits.create(this.client, {
          type: 'custom',
          description: 'Trigger benefit',
          properties: { note: 'Made by billing trigger' },
          organization_id: this.org,
        }),
        this.api.benefits.create(this.client, {
          type: 'license_keys',
          description: 'Trigger license key',
          properties: { prefix: 'TRIGGER', activations: { limit: 3, enable_customer_admin: true } },
          organization_id: this.org,
        }),
      ]);
      const withBenefits = await this.api.products.setBenefits(
        this.client,
        created.id,
        made.map((b) => b.id),
      );
      benefits = Array.isArray(withBenefits.benefits)
        ? (withBenefits.benefits as Resource[])
        : made;
    }
    const prices = (Array.isArray(created.prices) ? created.prices : []) as Resource[];
    return { id: created.id, priceId: String(prices[0]?.id), benefits };
  }

  private async price(want: Want & { not?: string }): Promise<{ id: string; productId: string }> {
    const kind: Kind =
      want.benefits || want.licenseKeys
        ? 'benefits'
        : want.recurring
          ? want.not === undefined
            ? 'monthly'
            : 'yearly'
          : 'one_time';
    const product = await this.product(kind);
    return { id: product.priceId, productId: product.id };
  }

  async checkout(want: Want = {}) {
    const price = await this.price(want);
    return this.api.checkouts.create(this.client, { product_price_id: price.id });
  }

  /** A checkout created and confirmed by the buyer: the order, and the subscription if recurring. */
  async purchase(want: Want = {}): Promise<Done> {
    const made = await this.checkout(want);
    await this.api.checkouts.confirm(this.publicClient, made.client_secret, {
      customer_email: want.recurring ? subscriber() : BUYER,
      // What a paid purchase needs besides the email (the real service's required fields; today's
      // wants a US address in full: models/checkout.py is_billing_address_required at c6c3645e).
      customer_name: 'Trigger Buyer',
      customer_billing_address: {
        country: 'US',
        state: 'US-IL',
        line1: '1 Trigger Way',
        city: 'Chicago',
        postal_code: '60601',
      },
      confirmation_token_id: 'tok_trigger',
    });
    // The confirmed (public) form has no subscription: the seller's form of the session has.
    const confirmed = await this.api.checkouts.get(this.client, made.id);
    const done: Done = { checkout: made.id, price: String(made.product_price_id) };
    const customer = typeof confirmed.customer_id === 'string' ? confirmed.customer_id : undefined;
    if (customer) {
      done.customer = customer;
      for await (const order of this.api.orders.list(
        this.client,
        { customer_id: customer },
        { limit: 1 },
      )) {
        done.order = order.id;
      }
    }
    if (typeof confirmed.subscription_id === 'string')
      done.subscription = confirmed.subscription_id;
    return done;
  }

  /** A new subscription (its own purchase), to change without touching the demo's. */
  async subscription(want: Want = {}): Promise<Done & { subscription: string }> {
    const done = await this.purchase({ ...want, recurring: true });
    if (!done.subscription) throw new Error('the confirmed checkout made no subscription');
    return done as Done & { subscription: string };
  }

  async changePrice(done: Done & { subscription: string }): Promise<Done> {
    const other = await this.price({ recurring: true, not: done.price });
    // The seed's generation moves a subscription to a price, today's to a product.
    await this.api.subscriptions.update(
      this.client,
      done.subscription,
      this.client.today ? { product_id: other.productId } : { product_price_id: other.id },
    );
    return { ...done, price: other.id };
  }

  async updateCheckout(): Promise<Done> {
    const made = await this.checkout();
    await this.api.checkouts.update(this.client, made.id, { customer_name: 'Triggered Buyer' });
    return { checkout: made.id };
  }

  /** Cancels at the end of the period (true), or takes that back (false). */
  cancel(id: string, atPeriodEnd: boolean) {
    return this.api.subscriptions.update(this.client, id, { cancel_at_period_end: atPeriodEnd });
  }

  revoke(id: string) {
    return this.api.subscriptions.revoke(this.client, id);
  }

  /** A new product (product.created): one of its own each time, not one of trigger's. */
  async newProduct(): Promise<Resource> {
    return this.api.products.create(this.client, {
      name: `Triggered product ${new Date().toISOString().slice(0, 19)}`,
      prices: [{ type: 'one_time', amount_type: 'fixed', price_amount: 1000 }],
      organization_id: this.org,
    });
  }

  async touchProduct(): Promise<Done> {
    const price = await this.price({});
    const product = await this.api.products.get(this.client, price.productId);
    await this.api.products.update(this.client, product.id, {
      description: (product.description as string | null | undefined) ?? null,
    });
    return { product: product.id };
  }

  async benefit(): Promise<Resource> {
    return this.api.benefits.create(this.client, {
      type: 'custom',
      description: 'Triggered benefit',
      properties: { note: 'Made by billing trigger' },
      organization_id: this.org,
    });
  }

  /** Updates trigger's own benefit to the description it has (type sent, as the API wants). */
  async touchBenefit(): Promise<Done> {
    const { benefits } = await this.product('benefits');
    const b = benefits.find((x) => x.type === 'custom') ?? benefits[0];
    if (!b) {
      throw new UsageError(`trigger: the product "${KINDS.benefits.name}" has no benefit left`, {
        hint: `Archive it (billing products archive "${KINDS.benefits.name}") and trigger again.`,
      });
    }
    await this.api.benefits.update(this.client, b.id, {
      type: String(b.type),
      description: String(b.description),
    });
    return { benefit: b.id };
  }

  /**
   * A new subscription grants a license-key benefit; then the benefit's activation limit changes
   * (one more, as the real service updates grants only when a key's limits change).
   */
  async updateGrant(): Promise<Done> {
    const done = await this.subscription({ licenseKeys: true });
    const price = await this.price({ recurring: true, licenseKeys: true });
    const product = await this.api.products.get(this.client, price.productId);
    const found = (product.benefits as Resource[]).find((b) => b.type === 'license_keys');
    if (!found) {
      throw new UsageError(`trigger: the product "${KINDS.benefits.name}" has no license key`, {
        hint: `Archive it (billing products archive "${KINDS.benefits.name}") and trigger again.`,
      });
    }
    const benefit = await this.api.benefits.get(this.client, found.id);
    const properties = { ...(benefit.properties as Record<string, unknown>) };
    const activations = properties.activations as { limit?: number } | null | undefined;
    // One more, or one fewer at the most the API takes: a change either way.
    const current = activations?.limit ?? 0;
    const limit = current >= 50 ? current - 1 : current + 1;
    properties.activations = { ...(activations ?? {}), limit };
    await this.api.benefits.update(this.client, benefit.id, { type: 'license_keys', properties });
    return { ...done, benefit: benefit.id };
  }

  async touchOrganization(): Promise<Done> {
    const org = await this.api.organizations.get(this.client, this.org);
    await this.api.organizations.update(this.client, this.org, { name: String(org.name) });
    return { organization: this.org };
  }
}

/** Each event type and what makes it happen; `what` is said in `billing trigger --help`. */
export const RECIPES: Record<EventType, { what: string; run: (s: Sandbox) => Promise<Done> }> = {
  'checkout.created': {
    what: 'creates a checkout',
    run: async (s) => ({ checkout: (await s.checkout()).id }),
  },
  'checkout.updated': {
    what: "creates a checkout, sets the buyer's name",
    run: (s) => s.updateCheckout(),
  },
  'order.created': {
    what: 'confirms a new checkout of a one-time price',
    run: (s) => s.purchase({ recurring: false }),
  },
  'subscription.created': {
    what: 'confirms a new checkout of a recurring price',
    run: (s) => s.subscription(),
  },
  'subscription.active': {
    what: 'confirms a new checkout of a recurring price',
    run: (s) => s.subscription(),
  },
  'subscription.updated': {
    what: 'moves a new subscription to another price',
    run: async (s) => s.changePrice(await s.subscription()),
  },
  'subscription.canceled': {
    what: 'cancels a new subscription at its period end',
    run: async (s) => {
      const done = await s.subscription();
      await s.cancel(done.subscription, true);
      return done;
    },
  },
  'subscription.uncanceled': {
    what: 'cancels a new subscription, then resumes it',
    run: async (s) => {
      const done = await s.subscription();
      await s.cancel(done.subscription, true);
      await s.cancel(done.subscription, false);
      return done;
    },
  },
  'subscription.revoked': {
    what: 'revokes a new subscription (ends it now)',
    run: async (s) => {
      const done = await s.subscription();
      await s.revoke(done.subscription);
      return done;
    },
  },
  'benefit_grant.created': {
    what: 'confirms a new checkout of a product with benefits',
    run: (s) => s.subscription({ benefits: true }),
  },
  'benefit_grant.updated': {
    what: "grants a key, changes its benefit's activation limit",
    run: (s) => s.updateGrant(),
  },
  'benefit_grant.revoked': {
    what: 'grants benefits by a new subscription, revokes it',
    run: async (s) => {
      const done = await s.subscription({ benefits: true });
      await s.revoke(done.subscription);
      return done;
    },
  },
  'organization.updated': {
    what: 'updates the organization (same name)',
    run: (s) => s.touchOrganization(),
  },
  'product.created': {
    what: 'creates a product with a one-time price',
    run: async (s) => ({ product: (await s.newProduct()).id }),
  },
  'product.updated': { what: 'updates a product (same description)', run: (s) => s.touchProduct() },
  'benefit.created': {
    what: 'creates a custom benefit',
    run: async (s) => ({ benefit: (await s.benefit()).id }),
  },
  'benefit.updated': {
    what: 'updates a benefit (same description)',
    run: (s) => s.touchBenefit(),
  },
};
