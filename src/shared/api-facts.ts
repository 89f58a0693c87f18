// Complete value sets of the API (api-facts.md "Enumerations", "Sorting", "Authentication"):
// facts the CLI (flag checks) and the local service (request checks) share. No imports.

export const CHECKOUT_STATUSES = ['open', 'expired', 'confirmed', 'succeeded', 'failed'] as const;
export const SUBSCRIPTION_STATUSES = [
  'incomplete',
  'incomplete_expired',
  'trialing',
  'active',
  'past_due',
  'canceled',
  'unpaid',
] as const;
/** The `active` filter of the customer portal's subscriptions: true and false (api-facts "Filters"). */
export const SUBSCRIPTION_ACTIVE_STATUSES = ['trialing', 'active'] as const;
export const SUBSCRIPTION_INACTIVE_STATUSES = ['canceled', 'unpaid'] as const;
/** The seller's list's `active=false`: the statuses the real service calls revoked. */
export const SUBSCRIPTION_REVOKED_STATUSES = ['past_due', 'canceled', 'unpaid'] as const;
/** Statuses of a subscription that has ended: nothing left to cancel, revoke or change. */
export const SUBSCRIPTION_ENDED_STATUSES = ['canceled', 'incomplete_expired'] as const;
export const LICENSE_KEY_STATUSES = ['granted', 'revoked', 'disabled'] as const;
export const ORDER_BILLING_REASONS = [
  'purchase',
  'subscription_create',
  'subscription_cycle',
  'subscription_update',
] as const;
export const PRICE_TYPES = ['one_time', 'recurring'] as const;
export const PRICE_AMOUNT_TYPES = ['fixed', 'custom', 'free'] as const;
export const RECURRING_INTERVALS = ['month', 'year'] as const;
export const DISCOUNT_DURATIONS = ['once', 'forever', 'repeating'] as const;
export const DISCOUNT_TYPES = ['fixed', 'percentage'] as const;
export const BENEFIT_TYPES = [
  'custom',
  'ads',
  'discord',
  'github_repository',
  'downloadables',
  'license_keys',
] as const;
/** The benefit types the local service creates and updates (README "deliberate differences"). */
export const SANDBOX_BENEFIT_TYPES = ['custom', 'license_keys'] as const;
/** A benefit's description (benefit/schemas.py BENEFIT_DESCRIPTION_MIN/MAX_LENGTH). */
export const BENEFIT_DESCRIPTION_MIN_LENGTH = 3;
export const BENEFIT_DESCRIPTION_MAX_LENGTH = 42;
/** A license_keys benefit's `expires.timeframe` and its `activations.limit` cap (le=50). */
export const LICENSE_KEY_TIMEFRAMES = ['year', 'month', 'day'] as const;
export const LICENSE_KEY_ACTIVATIONS_MAX = 50;
/** A github_repository benefit's `permission`. */
export const GITHUB_PERMISSIONS = ['pull', 'triage', 'push', 'maintain', 'admin'] as const;
export const CUSTOM_FIELD_TYPES = ['text', 'number', 'date', 'checkbox', 'select'] as const;
export const CANCELLATION_REASONS = [
  'customer_service',
  'low_quality',
  'missing_features',
  'switched_service',
  'too_complex',
  'too_expensive',
  'unused',
  'other',
] as const;
export const PRORATION_BEHAVIORS = ['invoice', 'prorate'] as const;
/** The second element of a `tax_id` (SDK 0.20.2 TaxIDFormat, the payment processor's kinds). */
export const TAX_ID_FORMATS = [
  'ad_nrt',
  'ae_trn',
  'ar_cuit',
  'au_abn',
  'au_arn',
  'bg_uic',
  'bh_vat',
  'bo_tin',
  'br_cnpj',
  'br_cpf',
  'ca_bn',
  'ca_gst_hst',
  'ca_pst_bc',
  'ca_pst_mb',
  'ca_pst_sk',
  'ca_qst',
  'ch_uid',
  'ch_vat',
  'cl_tin',
  'cn_tin',
  'co_nit',
  'cr_tin',
  'de_stn',
  'do_rcn',
  'ec_ruc',
  'eg_tin',
  'es_cif',
  'eu_oss_vat',
  'eu_vat',
  'gb_vat',
  'ge_vat',
  'hk_br',
  'hr_oib',
  'hu_tin',
  'id_npwp',
  'il_vat',
  'in_gst',
  'is_vat',
  'jp_cn',
  'jp_rn',
  'jp_trn',
  'ke_pin',
  'kr_brn',
  'kz_bin',
  'li_uid',
  'mx_rfc',
  'my_frp',
  'my_itn',
  'my_sst',
  'ng_tin',
  'no_vat',
  'no_voec',
  'nz_gst',
  'om_vat',
  'pe_ruc',
  'ph_tin',
  'ro_tin',
  'rs_pib',
  'ru_inn',
  'ru_kpp',
  'sa_vat',
  'sg_gst',
  'sg_uen',
  'si_tin',
  'sv_nit',
  'th_vat',
  'tr_tin',
  'tw_vat',
  'ua_vat',
  'us_ein',
  'uy_ruc',
  've_rif',
  'vn_tin',
  'za_vat',
] as const;

/** `sorting` criteria of GET /v1/orders/; a leading `-` means descending. */
export const ORDER_SORT_CRITERIA = [
  'created_at',
  'amount',
  'customer',
  'product',
  'discount',
  'subscription',
] as const;
export const ORDER_DEFAULT_SORTING = ['-created_at'] as const;
/** `sorting` criteria of GET /v1/customer-portal/subscriptions/. */
export const SUBSCRIPTION_SORT_CRITERIA = [
  'started_at',
  'amount',
  'status',
  'organization',
  'product',
] as const;
export const SUBSCRIPTION_DEFAULT_SORTING = ['-started_at'] as const;
/** `sorting` criteria of the seller's GET /v1/subscriptions/ (SDK SubscriptionSortProperty). */
export const SELLER_SUBSCRIPTION_SORT_CRITERIA = [
  'customer',
  'status',
  'started_at',
  'current_period_end',
  'amount',
  'product',
  'discount',
] as const;
export const SELLER_SUBSCRIPTION_DEFAULT_SORTING = ['-started_at'] as const;
/** `sorting` criteria of GET /v1/customers/ (SDK CustomerSortProperty). */
export const CUSTOMER_SORT_CRITERIA = ['created_at', 'email', 'name'] as const;
export const CUSTOMER_DEFAULT_SORTING = ['-created_at'] as const;
/** `sorting` criteria of GET /v1/customer-portal/orders/ (SDK CustomerOrderSortProperty). */
export const CUSTOMER_ORDER_SORT_CRITERIA = [
  'created_at',
  'amount',
  'organization',
  'product',
  'subscription',
] as const;
export const CUSTOMER_ORDER_DEFAULT_SORTING = ['-created_at'] as const;
/** `sorting` criteria of GET /v1/products/ (SDK ProductSortProperty). */
export const PRODUCT_SORT_CRITERIA = [
  'created_at',
  'name',
  'price_type',
  'price_amount_type',
  'price_amount',
] as const;
export const PRODUCT_DEFAULT_SORTING = ['-created_at'] as const;
/** `sorting` criteria of GET /v1/discounts/ (SDK DiscountSortProperty). */
export const DISCOUNT_SORT_CRITERIA = ['created_at', 'name', 'code', 'redemptions_count'] as const;
export const DISCOUNT_DEFAULT_SORTING = ['-created_at'] as const;
/** `sorting` criteria of GET /v1/checkouts/custom/ (SDK CheckoutSortProperty). */
export const CHECKOUT_SORT_CRITERIA = ['created_at', 'expires_at'] as const;
export const CHECKOUT_DEFAULT_SORTING = ['-created_at'] as const;
/** `sorting` criteria of GET /v1/organizations/. */
export const ORGANIZATION_SORT_CRITERIA = ['created_at', 'name'] as const;
export const ORGANIZATION_DEFAULT_SORTING = ['created_at'] as const;
/** License-key lists take no `sorting`: always oldest first. */
export const LICENSE_KEY_SORTING = ['created_at'] as const;
/** GET /v1/benefits/ takes no `sorting`: always by type, then oldest first. */
export const BENEFIT_SORTING = ['type', 'created_at'] as const;

/** Catalogue limits of the real service (product and discount schemas at the spec's generation). */
export const PRICE_AMOUNT_MIN = 50;
export const PRICE_AMOUNT_MAX = 99_999_999;
/** The only currency prices and fixed discounts take (pattern `usd`); also the default. */
export const CURRENCIES = ['usd'] as const;
export const PRODUCT_NAME_MIN_LENGTH = 3;
/** Recurring products have one or two fixed prices (one per interval) or a single free one. */
export const RECURRING_FIXED_PRICES_MAX = 2;
export const DISCOUNT_BASIS_POINTS_MIN = 1;
export const DISCOUNT_BASIS_POINTS_MAX = 10_000;
/** Discount codes: alphanumeric, 3 to 256 characters. */
export const DISCOUNT_CODE_MIN_LENGTH = 3;
export const DISCOUNT_CODE_MAX_LENGTH = 256;

export const SCOPES = [
  'openid',
  'profile',
  'email',
  'user:read',
  'organizations:read',
  'organizations:write',
  'checkouts:read',
  'checkouts:write',
  // Today's generation (auth/scope.py at c6c3645e): checkout links.
  'checkout_links:read',
  'checkout_links:write',
  'subscriptions:read',
  'subscriptions:write',
  'orders:read',
  // Today's generation (auth/scope.py at c6c3645e): order updates and refunds.
  'orders:write',
  'refunds:read',
  'refunds:write',
  'license_keys:read',
  'license_keys:write',
  'customer_portal:read',
  'customer_portal:write',
  'products:read',
  'products:write',
  'benefits:read',
  'benefits:write',
  'customers:read',
  'customers:write',
  'customer_sessions:write',
  'discounts:read',
  'discounts:write',
  'webhooks:read',
  'webhooks:write',
  // Today's generation (auth/scope.py at c6c3645e): usage-based billing (issue 27).
  'events:read',
  'events:write',
  'meters:read',
  'meters:write',
  'customer_meters:read',
] as const;

/** OAuth 2.0 server (api-facts "OAuth 2.0 / OpenID Connect server"), in the discovery order. */
export const OAUTH_GRANT_TYPES = ['authorization_code', 'refresh_token'] as const;
export const TOKEN_ENDPOINT_AUTH_METHODS = [
  'client_secret_basic',
  'client_secret_post',
  'none',
] as const;
export const CODE_CHALLENGE_METHODS = ['plain', 'S256'] as const;

/** Page sizes above this are clamped by the service (api-facts.md "Pagination"). */
export const MAX_PAGE_SIZE = 100;
export const DEFAULT_PAGE_SIZE = 10;

/** Customer sessions (the confirm response's token) last one hour (api-facts "Authentication"). */
export const CUSTOMER_SESSION_SECONDS = 3600;

/** Formats of a webhook endpoint's payload (the real service's WebhookFormat). */
export const WEBHOOK_FORMATS = ['raw', 'discord', 'slack'] as const;

/** Webhook event types at the spec's generation (api-facts "Events"). */
export const WEBHOOK_EVENT_TYPES = [
  'checkout.created',
  'checkout.updated',
  'order.created',
  'subscription.created',
  'subscription.updated',
  'subscription.active',
  'subscription.canceled',
  'subscription.uncanceled',
  'subscription.revoked',
  'benefit_grant.created',
  'benefit_grant.updated',
  'benefit_grant.revoked',
  'organization.updated',
  'product.created',
  'product.updated',
  'benefit.created',
  'benefit.updated',
] as const;
