// Rows of what is sold and bought, and of the credentials (see rows.ts for the conventions).
export * from './rows-checkouts.js';

import type {
  BenefitRow,
  BillingReason,
  CheckoutStatus,
  CustomerRow,
  CustomFieldRow,
  DiscountProductRow,
  DiscountRow,
  Flag,
  LicenseKeyStatus,
  MediaRow,
  MetaRow,
  OrganizationRow,
  PriceRow,
  PriceType,
  ProductBenefitRow,
  ProductCustomFieldRow,
  ProductMediaRow,
  ProductRow,
  Stamped,
  SubscriptionStatus,
  TodayInterval,
  UserOrganizationRow,
  UserRow,
} from './rows.js';
import type {
  CheckoutLinkProductRow,
  CheckoutLinkRow,
  CheckoutProductRow,
} from './rows-checkouts.js';
import type {
  BenefitGrantRow,
  EventRow,
  WebhookDeliveryRow,
  WebhookEndpointRow,
  WebhookEventRow,
} from './rows-events.js';
import type { EventTypeRow, MeterRow, OrderMeterItemRow, UsageEventRow } from './rows-usage.js';

export interface CheckoutRow extends Stamped {
  organization_id: string;
  status: CheckoutStatus;
  client_secret: string;
  expires_at: string;
  success_url: string | null;
  embed_origin: string | null;
  amount: number | null;
  tax_amount: number | null;
  currency: string | null;
  product_id: string;
  product_price_id: string;
  discount_id: string | null;
  discount_locked: Flag;
  allow_discount_codes: Flag;
  customer_id: string | null;
  customer_name: string | null;
  customer_email: string | null;
  customer_ip_address: string | null;
  customer_billing_address: string | null;
  customer_tax_id: string | null;
  payment_processor_metadata: string;
  metadata: string;
  customer_metadata: string;
  custom_field_data: string;
  subscription_id: string | null;
  // Today's generation's facts (issue 26).
  return_url?: string | null;
  require_billing_address?: Flag;
  is_business_customer?: Flag;
  external_customer_id?: string | null;
  customer_billing_name?: string | null;
  locale?: string | null;
  payment_method_type?: string | null;
  allow_trial?: Flag;
  trial_interval?: string | null;
  trial_interval_count?: number | null;
  trial_end?: string | null;
}

export interface SubscriptionRow extends Stamped {
  organization_id: string;
  amount: number | null;
  currency: string | null;
  recurring_interval: TodayInterval;
  /** Today's generation pauses a subscription too (`paused`). */
  status: SubscriptionStatus | 'paused';
  current_period_start: string;
  current_period_end: string | null;
  cancel_at_period_end: Flag;
  canceled_at: string | null;
  started_at: string | null;
  ends_at: string | null;
  ended_at: string | null;
  customer_id: string;
  product_id: string;
  price_id: string;
  discount_id: string | null;
  checkout_id: string | null;
  customer_cancellation_reason: string | null;
  customer_cancellation_comment: string | null;
  user_id: string | null;
  metadata: string;
  custom_field_data: string;
  // Today's generation's facts (issue 26); the seed's API leaves them out.
  /** How many intervals a period lasts (every 3 months: 3). */
  recurring_interval_count?: number;
  trial_start?: string | null;
  trial_end?: string | null;
  /** 1: pauses when the period ends instead of renewing (status `paused` from then). */
  pause_at_period_end?: Flag;
  paused_at?: string | null;
  /** When a paused subscription resumes by itself; null: when someone resumes it. */
  resumes_at?: string | null;
  /** The start of the first period its discount applied to (null: from its start, or not yet). */
  discount_applied_at?: string | null;
}

/** A change of a subscription waiting for `applies_at` (today's `pending_update`). */
export interface SubscriptionUpdateRow extends Stamped {
  subscription_id: string;
  proration_behavior: 'invoice' | 'prorate' | 'next_period' | 'reset';
  applies_at: string;
  product_id: string | null;
  new_cycle_start: string | null;
  new_cycle_end: string | null;
  discount_id: string | null;
  discount_unset: Flag;
  applied_at: string | null;
  deleted_at: string | null;
}

/** What a product change credits (unused time) or charges (time left) on the next invoice. */
export interface BillingEntryRow {
  id: string;
  created_at: string;
  subscription_id: string;
  type: 'proration';
  direction: 'credit' | 'debit';
  start_timestamp: string;
  end_timestamp: string;
  /** Positive; a credit is taken off. Its discount is already taken off. */
  amount: number;
  discount_amount: number;
  currency: string;
  price_id: string;
  product_id: string;
  /** The order that billed it; null while pending. */
  order_id: string | null;
}

export interface OrderRow extends Stamped {
  organization_id: string;
  metadata: string;
  custom_field_data: string;
  amount: number;
  tax_amount: number;
  currency: string;
  billing_reason: BillingReason;
  billing_address: string | null;
  customer_id: string;
  product_id: string;
  product_price_id: string;
  price_type: PriceType;
  discount_id: string | null;
  subscription_id: string | null;
  checkout_id: string | null;
  user_id: string | null;
  // Today's generation's facts (issue 26); the columns' defaults where a writer leaves them out.
  /** `paid` (every order the sandbox makes is paid), `partially_refunded` or `refunded`. */
  status?: OrderStatus;
  /** What the discount took off; `amount` is after it (today's net_amount). */
  discount_amount?: number;
  refunded_amount?: number;
  refunded_tax_amount?: number;
  billing_name?: string | null;
  invoice_number?: string | null;
  /** When the invoice was generated (is_invoice_generated); null until asked for. */
  invoice_generated_at?: string | null;
  /** Null for a free order: no payment, no receipt. */
  receipt_number?: string | null;
}

export type OrderStatus = 'draft' | 'pending' | 'paid' | 'refunded' | 'partially_refunded' | 'void';

/** A refund of an order (today's generation only). */
export interface RefundRow extends Stamped {
  organization_id: string;
  order_id: string;
  subscription_id: string | null;
  customer_id: string;
  status: 'pending' | 'succeeded' | 'failed' | 'canceled';
  reason: string;
  amount: number;
  tax_amount: number;
  currency: string;
  comment: string | null;
  revoke_benefits: Flag;
  metadata: string;
}

export interface LicenseKeyRow extends Stamped {
  organization_id: string;
  user_id: string | null;
  customer_id: string;
  benefit_id: string;
  key: string;
  status: LicenseKeyStatus;
  limit_activations: number | null;
  usage: number;
  limit_usage: number | null;
  validations: number;
  last_validated_at: string | null;
  expires_at: string | null;
  /** Insertion order: license-key lists sort by created_at, then this. */
  seq: number;
}

export interface ActivationRow extends Stamped {
  license_key_id: string;
  label: string;
  meta: string;
  conditions: string;
  deleted_at: string | null;
}

export interface PersonalAccessTokenRow {
  id: string;
  created_at: string;
  user_id: string;
  token_hash: string;
  comment: string;
  scope: string;
  expires_at: string | null;
  revoked_at: string | null;
}

export interface CustomerSessionRow {
  id: string;
  created_at: string;
  customer_id: string;
  token_hash: string;
  expires_at: string;
  /** Today's generation: where the portal's back button goes (CustomerSession.return_url). */
  return_url?: string | null;
}

export interface OAuthClientRow {
  client_id: string;
  created_at: string;
  client_secret: string | null;
  client_id_issued_at: number;
  client_secret_expires_at: number;
  token_endpoint_auth_method: string;
  metadata: string;
  user_id: string | null;
  registration_access_token_hash: string | null;
  registered_from: string | null;
  /** Set by DELETE /v1/oauth2/register/{client_id} (RFC 7592): the client is gone. */
  deleted_at?: string | null;
}

export interface OAuthCodeRow {
  code_hash: string;
  created_at: string;
  expires_at: string;
  client_id: string;
  user_id: string | null;
  organization_id: string | null;
  sub_type: string;
  scope: string;
  redirect_uri: string;
  nonce: string | null;
  code_challenge: string | null;
  code_challenge_method: string | null;
  auth_time: number;
  used_at: string | null;
}

export interface OAuthTokenRow {
  id: string;
  created_at: string;
  client_id: string;
  sub_type: string;
  user_id: string | null;
  organization_id: string | null;
  scope: string;
  access_token_hash: string;
  refresh_token_hash: string | null;
  access_expires_at: string;
  auth_time: number;
  revoked_at: string | null;
  code_hash: string | null;
}

export interface PendingRequestRow {
  id: string;
  created_at: string;
  expires_at: string;
  client_id: string;
  request: string;
}

export interface SigningKeyRow {
  kid: string;
  created_at: string;
  private_jwk: string;
  public_jwk: string;
}

/** Every table and its row: memos name the tables they read (store/memo.ts). */
export interface Tables {
  meta: MetaRow;
  users: UserRow;
  organizations: OrganizationRow;
  user_organizations: UserOrganizationRow;
  products: ProductRow;
  prices: PriceRow;
  benefits: BenefitRow;
  product_benefits: ProductBenefitRow;
  medias: MediaRow;
  product_medias: ProductMediaRow;
  custom_fields: CustomFieldRow;
  product_custom_fields: ProductCustomFieldRow;
  discounts: DiscountRow;
  discount_products: DiscountProductRow;
  customers: CustomerRow;
  checkouts: CheckoutRow;
  subscriptions: SubscriptionRow;
  orders: OrderRow;
  refunds: RefundRow;
  license_keys: LicenseKeyRow;
  license_key_activations: ActivationRow;
  personal_access_tokens: PersonalAccessTokenRow;
  customer_sessions: CustomerSessionRow;
  oauth2_clients: OAuthClientRow;
  oauth2_codes: OAuthCodeRow;
  oauth2_tokens: OAuthTokenRow;
  oauth2_pending_requests: PendingRequestRow;
  signing_keys: SigningKeyRow;
  events: EventRow;
  webhook_endpoints: WebhookEndpointRow;
  webhook_events: WebhookEventRow;
  webhook_deliveries: WebhookDeliveryRow;
  benefit_grants: BenefitGrantRow;
  subscription_updates: SubscriptionUpdateRow;
  billing_entries: BillingEntryRow;
  checkout_products: CheckoutProductRow;
  checkout_links: CheckoutLinkRow;
  checkout_link_products: CheckoutLinkProductRow;
  usage_events: UsageEventRow;
  event_types: EventTypeRow;
  meters: MeterRow;
  order_meter_items: OrderMeterItemRow;
}

export type Table = keyof Tables;

/** Tables whose rows belong to one organization. */
export type OfOrganization = {
  [K in Table as Tables[K] extends { organization_id: string } ? K : never]: Tables[K];
};

/** Tables whose rows are found by `id`. */
export type ById = {
  [K in Table as Tables[K] extends { id: string } ? K : never]: Tables[K];
};
