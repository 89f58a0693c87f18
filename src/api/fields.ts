// The fields each resource has, for checking --fields before anything is sent: the seed's
// generation (spec §2, api-facts.md, and the real service's names of then) written here, and
// today's (2026-10) as the real service's description lists them (generated), merged. Reading stays tolerant (schemas.ts): this list
// only keeps a typo from printing a column of nothing. test/conformance checks that it covers
// every field of the official SDK's models.

import { FIELDS, type Fields } from '../shared/openapi/2026-10.fields.js';

/** A field's subfields; FREE: any keys (metadata and the like); LEAF: a plain value. */
export type FieldTree = { readonly [name: string]: FieldTree | typeof FREE | typeof LEAF };
export const FREE = 'free';
export const LEAF = 'leaf';

/** Both trees' fields: a name in either is a field (one generation's or the other's). */
function merge(...trees: Fields[]): FieldTree {
  const out: Record<string, FieldTree | typeof FREE | typeof LEAF> = {};
  for (const tree of trees) {
    for (const [name, sub] of Object.entries(tree)) {
      const have = out[name];
      out[name] =
        have === undefined || have === LEAF
          ? (sub as FieldTree | typeof FREE | typeof LEAF)
          : have === FREE || sub === FREE
            ? FREE
            : sub === LEAF
              ? have
              : merge(have, sub);
    }
  }
  return out;
}

function leaves(...names: string[]): Record<string, typeof LEAF> {
  return Object.fromEntries(names.map((n) => [n, LEAF]));
}

const STAMPS = leaves('id', 'created_at', 'modified_at');

const ADDRESS = leaves('line1', 'line2', 'postal_code', 'city', 'state', 'country');

const PRICE: FieldTree = {
  ...STAMPS,
  ...leaves(
    'amount_type',
    'is_archived',
    'product_id',
    'price_currency',
    'price_amount',
    'minimum_amount',
    'maximum_amount',
    'preset_amount',
    'type',
    'recurring_interval',
  ),
};

const SEED_BENEFIT: FieldTree = {
  ...STAMPS,
  ...leaves(
    'type',
    'description',
    'selectable',
    'deletable',
    'organization_id',
    'is_tax_applicable',
  ),
  properties: FREE,
};

const MEDIA = leaves(
  'id',
  'organization_id',
  'name',
  'path',
  'mime_type',
  'size',
  'storage_version',
  'checksum_etag',
  'checksum_sha256_base64',
  'checksum_sha256_hex',
  'last_modified_at',
  'version',
  'service',
  'is_uploaded',
  'created_at',
  'size_readable',
  'public_url',
);

const CUSTOM_FIELD: FieldTree = {
  ...STAMPS,
  ...leaves('type', 'slug', 'name', 'organization_id'),
  metadata: FREE,
  properties: FREE,
};

const ATTACHED_CUSTOM_FIELD: FieldTree = {
  ...leaves('custom_field_id', 'order', 'required'),
  custom_field: CUSTOM_FIELD,
};

const SEED_ORGANIZATION: FieldTree = {
  ...STAMPS,
  ...leaves(
    'name',
    'slug',
    'avatar_url',
    'bio',
    'company',
    'blog',
    'location',
    'email',
    'social_username',
    'twitter_username',
    'pledge_minimum_amount',
    'pledge_badge_show_amount',
    'default_upfront_split_to_contributors',
  ),
  profile_settings: {
    ...leaves(
      'enabled',
      'description',
      'featured_projects',
      'featured_organizations',
      'links',
      'accent_color',
    ),
    subscribe: leaves('promote', 'show_count', 'count_free', 'all'),
  },
  feature_settings: leaves('issue_funding_enabled'),
};

const PRODUCT_BASE: FieldTree = {
  ...STAMPS,
  ...leaves('name', 'description', 'is_recurring', 'is_archived', 'organization_id'),
};

/** Every form of a product (order, checkout, admin, portal): a field is valid in any. */
const SEED_PRODUCT: FieldTree = {
  ...PRODUCT_BASE,
  prices: PRICE,
  benefits: SEED_BENEFIT,
  medias: MEDIA,
  metadata: FREE,
  attached_custom_fields: ATTACHED_CUSTOM_FIELD,
  organization: SEED_ORGANIZATION,
};

const SEED_DISCOUNT: FieldTree = {
  ...STAMPS,
  ...leaves(
    'duration',
    'duration_in_months',
    'type',
    'amount',
    'basis_points',
    'currency',
    'name',
    'code',
    'starts_at',
    'ends_at',
    'max_redemptions',
    'redemptions_count',
    'organization_id',
  ),
  metadata: FREE,
  products: PRODUCT_BASE,
};

const SEED_CUSTOMER: FieldTree = {
  ...STAMPS,
  ...leaves('email', 'email_verified', 'name', 'tax_id', 'organization_id', 'avatar_url'),
  metadata: FREE,
  billing_address: ADDRESS,
};

const USER = leaves(
  'id',
  'email',
  'public_name',
  'avatar_url',
  'code_host_username',
  'github_username',
);

const SUBSCRIPTION_BASE: FieldTree = {
  ...STAMPS,
  ...leaves(
    'amount',
    'currency',
    'recurring_interval',
    'status',
    'current_period_start',
    'current_period_end',
    'cancel_at_period_end',
    'canceled_at',
    'started_at',
    'ends_at',
    'ended_at',
    'customer_id',
    'product_id',
    'price_id',
    'discount_id',
    'checkout_id',
    'customer_cancellation_reason',
    'customer_cancellation_comment',
    'user_id',
  ),
  metadata: FREE,
};

/** The admin and the customer-portal forms together. */
const SEED_SUBSCRIPTION: FieldTree = {
  ...SUBSCRIPTION_BASE,
  custom_field_data: FREE,
  customer: SEED_CUSTOMER,
  user: USER,
  product: SEED_PRODUCT,
  price: PRICE,
  discount: SEED_DISCOUNT,
};

const SEED_ORDER: FieldTree = {
  ...STAMPS,
  ...leaves(
    'amount',
    'tax_amount',
    'currency',
    'billing_reason',
    'customer_id',
    'product_id',
    'product_price_id',
    'discount_id',
    'subscription_id',
    'checkout_id',
    'user_id',
  ),
  metadata: FREE,
  custom_field_data: FREE,
  billing_address: ADDRESS,
  customer: SEED_CUSTOMER,
  user: USER,
  product: SEED_PRODUCT,
  product_price: PRICE,
  discount: SEED_DISCOUNT,
  subscription: SUBSCRIPTION_BASE,
};

/** Get, update and confirmed forms together. */
const SEED_CHECKOUT: FieldTree = {
  ...STAMPS,
  ...leaves(
    'payment_processor',
    'status',
    'client_secret',
    'url',
    'expires_at',
    'success_url',
    'embed_origin',
    'amount',
    'tax_amount',
    'subtotal_amount',
    'total_amount',
    'currency',
    'product_id',
    'product_price_id',
    'discount_id',
    'allow_discount_codes',
    'is_discount_applicable',
    'is_free_product_price',
    'is_payment_required',
    'is_payment_setup_required',
    'is_payment_form_required',
    'customer_id',
    'customer_name',
    'customer_email',
    'customer_ip_address',
    'customer_tax_id',
    'subscription_id',
    'customer_session_token',
  ),
  custom_field_data: FREE,
  metadata: FREE,
  customer_metadata: FREE,
  payment_processor_metadata: FREE,
  customer_billing_address: ADDRESS,
  product: SEED_PRODUCT,
  product_price: PRICE,
  discount: SEED_DISCOUNT,
  attached_custom_fields: ATTACHED_CUSTOM_FIELD,
  organization: SEED_ORGANIZATION,
};

const ACTIVATION_BASE: FieldTree = {
  ...STAMPS,
  ...leaves('license_key_id', 'label'),
  meta: FREE,
};

const SEED_LICENSE_KEY: FieldTree = {
  ...leaves(
    'id',
    'organization_id',
    'user_id',
    'customer_id',
    'benefit_id',
    'key',
    'display_key',
    'status',
    'limit_activations',
    'usage',
    'limit_usage',
    'validations',
    'last_validated_at',
    'expires_at',
  ),
  user: USER,
  customer: SEED_CUSTOMER,
  activations: ACTIVATION_BASE,
  activation: ACTIVATION_BASE,
};

const SEED_ACTIVATION: FieldTree = { ...ACTIVATION_BASE, license_key: SEED_LICENSE_KEY };

export const BENEFIT = merge(SEED_BENEFIT, FIELDS.Benefit);
export const ORGANIZATION = merge(SEED_ORGANIZATION, FIELDS.Organization);
export const PRODUCT = merge(SEED_PRODUCT, FIELDS.Product);
export const DISCOUNT = merge(SEED_DISCOUNT, FIELDS.Discount);
export const CUSTOMER = merge(SEED_CUSTOMER, FIELDS.Customer);
export const SUBSCRIPTION = merge(
  SEED_SUBSCRIPTION,
  FIELDS.Subscription,
  FIELDS.CustomerSubscription,
);
export const ORDER = merge(SEED_ORDER, FIELDS.Order, FIELDS.CustomerOrder);
export const CHECKOUT = merge(SEED_CHECKOUT, FIELDS.Checkout, FIELDS.CheckoutPublicConfirmed);
export const LICENSE_KEY = merge(
  SEED_LICENSE_KEY,
  FIELDS.LicenseKeyRead,
  FIELDS.LicenseKeyWithActivations,
  FIELDS.ValidatedLicenseKey,
);
export const ACTIVATION = merge(SEED_ACTIVATION, FIELDS.LicenseKeyActivationRead);

/**
 * A customer's state (today's API only: the 2026-10 description's CustomerState): the customer,
 * and what it has now. Its lists' fields, as that description lists them.
 */
export const CUSTOMER_STATE: FieldTree = merge(FIELDS.Customer, {
  active_subscriptions: {
    ...STAMPS,
    ...leaves(
      'status',
      'amount',
      'currency',
      'recurring_interval',
      'current_period_start',
      'current_period_end',
      'trial_start',
      'trial_end',
      'cancel_at_period_end',
      'canceled_at',
      'started_at',
      'ends_at',
      'product_id',
      'discount_id',
      'price_id',
    ),
    metadata: FREE,
    custom_field_data: FREE,
    meters: {
      ...STAMPS,
      ...leaves('consumed_units', 'credited_units', 'amount', 'meter_id'),
    },
  },
  granted_benefits: {
    ...STAMPS,
    ...leaves('granted_at', 'benefit_id', 'benefit_type'),
    benefit_metadata: FREE,
    properties: FREE,
  },
  active_meters: {
    ...STAMPS,
    ...leaves('meter_id', 'consumed_units', 'credited_units', 'balance'),
  },
});

/** Why `path` is not a field of `tree`, or undefined when it is. List indexes may appear anywhere. */
export function unknownField(
  tree: FieldTree,
  path: string,
): { at: string; valid: string[] } | undefined {
  const parts = path.split('.');
  let node: FieldTree = tree;
  for (let i = 0; i < parts.length; i++) {
    const part = parts[i]!;
    if (/^\d+$/.test(part)) continue;
    const next = node[part];
    const prefix = parts.slice(0, i).join('.');
    if (next === undefined) {
      const dot = prefix ? `${prefix}.` : '';
      return {
        at: dot + part,
        valid: Object.entries(node).map(
          ([k, v]) => `${dot}${k}${typeof v === 'object' ? '.…' : ''}`,
        ),
      };
    }
    if (next === FREE) return undefined;
    if (next === LEAF) {
      // A value has no parts: `status.x` names nothing.
      return i === parts.length - 1
        ? undefined
        : { at: parts.slice(0, i + 2).join('.'), valid: [] };
    }
    node = next;
  }
  return undefined;
}

/** The local service's test clock (`billing clock`): what moving it processed, by kind. */
export const CLOCK: FieldTree = { ...leaves('now', 'offset_seconds'), processed: FREE };

/** Usage (today's API only: the 2026-10 description's Meter, Event, CustomerMeter). */
const METER: FieldTree = {
  ...STAMPS,
  ...leaves('name', 'unit', 'custom_label', 'custom_multiplier', 'organization_id', 'archived_at'),
  metadata: FREE,
  filter: FREE,
  aggregation: leaves('func', 'property'),
};
const EVENT: FieldTree = {
  ...leaves('id', 'timestamp', 'organization_id', 'customer_id', 'external_customer_id'),
  ...leaves('member_id', 'external_member_id', 'child_count', 'parent_id', 'label', 'name'),
  ...leaves('source'),
  customer: CUSTOMER,
  metadata: FREE,
};
const CUSTOMER_METER: FieldTree = {
  ...STAMPS,
  ...leaves('customer_id', 'meter_id', 'consumed_units', 'credited_units', 'balance'),
  customer: CUSTOMER,
  meter: METER,
};
const INGESTED: FieldTree = leaves('inserted', 'duplicates');
const QUANTITIES: FieldTree = { ...leaves('total'), quantities: leaves('timestamp', 'quantity') };
/** EventTypeWithStats (a list's row) and EventType (the label's answer). */
const EVENT_TYPE: FieldTree = {
  ...STAMPS,
  ...leaves('id', 'name', 'label', 'label_property_selector', 'organization_id', 'source'),
  ...leaves('occurrences', 'first_seen', 'last_seen'),
};
const USAGE = { CUSTOMER_METER, EVENT, EVENT_TYPE, INGESTED, METER, QUANTITIES };

/** A webhook endpoint (its `secret` is printed only by `webhooks create`). */
const SEED_WEBHOOK_ENDPOINT: FieldTree = {
  ...STAMPS,
  ...leaves('url', 'format', 'secret', 'organization_id', 'user_id'),
  events: FREE,
};

const WEBHOOK_EVENT: FieldTree = {
  ...STAMPS,
  ...leaves('type', 'last_http_code', 'succeeded', 'payload'),
};

/** One delivery attempt, with its event. */
const SEED_WEBHOOK_DELIVERY: FieldTree = {
  ...STAMPS,
  ...leaves('http_code', 'succeeded', 'response'),
  webhook_event: WEBHOOK_EVENT,
};

export const WEBHOOK_ENDPOINT = merge(SEED_WEBHOOK_ENDPOINT, FIELDS.WebhookEndpoint);
export const WEBHOOK_DELIVERY = merge(SEED_WEBHOOK_DELIVERY, FIELDS.WebhookDelivery);

/** A refund (today's API only: the 2026-10 description's Refund). */
const REFUND: FieldTree = {
  ...STAMPS,
  ...leaves(
    'status',
    'reason',
    'amount',
    'tax_amount',
    'currency',
    'organization_id',
    'order_id',
    'subscription_id',
    'customer_id',
    'revoke_benefits',
  ),
  metadata: FREE,
  dispute: FREE,
};

/** A checkout link (today's API only: the 2026-10 description's CheckoutLink). */
const CHECKOUT_LINK: FieldTree = {
  ...STAMPS,
  ...leaves(
    'trial_interval',
    'trial_interval_count',
    'payment_processor',
    'client_secret',
    'success_url',
    'return_url',
    'label',
    'allow_discount_codes',
    'require_billing_address',
    'discount_id',
    'seats',
    'organization_id',
    'url',
  ),
  metadata: FREE,
  products: PRODUCT,
  discount: DISCOUNT,
};

/** What `billing trigger` made or changed, by name. */
export const TRIGGERED: FieldTree = leaves(
  'event',
  'checkout',
  'price',
  'customer',
  'order',
  'subscription',
  'product',
  'benefit',
  'organization',
);

/** Every command's fields, by the name its --fields check asks for (loaded on demand). */
export const FIELD_TREES = {
  ACTIVATION,
  BENEFIT,
  CHECKOUT,
  CHECKOUT_LINK,
  CLOCK,
  CUSTOMER,
  CUSTOMER_STATE,
  DISCOUNT,
  LICENSE_KEY,
  ORDER,
  ORGANIZATION,
  PRODUCT,
  REFUND,
  SUBSCRIPTION,
  TRIGGERED,
  WEBHOOK_DELIVERY,
  WEBHOOK_ENDPOINT,
  ...USAGE,
} satisfies Record<string, FieldTree>;
export type FieldTrees = typeof FIELD_TREES;
