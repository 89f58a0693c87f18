// Response bodies in the shapes of spec §2, every listed field present (api-facts.md).
export const ORG_ID = '1dbfc517-0bbf-4301-9ba8-555ca42b9737';
export const PRODUCT_ID = '5b5e7a6c-62a4-4a43-b7f0-3d39a5bd4b2d';
export const PRICE_ID = 'f7d0e7e2-7b0a-4a4b-8d0f-28b7e7cd4b11';
export const CUSTOMER_ID = '992fae2a-2a17-4b7a-8d9d-e062bf3b6a8d';
export const USER_ID = 'a4b6c1f0-5a1f-4a3b-9c1e-2f0e2bfa3d71';
export const ORDER_ID = '0b4c8c2e-88d5-4f4e-bb3c-6f1c3a4d5e60';
export const CHECKOUT_ID = 'c7a1d2e3-4b5f-4c6d-8e9f-0a1b2c3d4e5f';
export const SUBSCRIPTION_ID = 'e1f2a3b4-c5d6-4e7f-8a9b-0c1d2e3f4a5b';
export const LICENSE_KEY_ID = 'b1c2d3e4-f5a6-4b7c-8d9e-0f1a2b3c4d5e';
export const ACTIVATION_ID = 'd4e5f6a7-b8c9-4dae-8f00-112233445566';
export const BENEFIT_ID = '3c2b1a09-8f7e-4d6c-9b5a-4e3d2c1b0a99';
export const LICENSE_KEY_VALUE = 'ACME-2F1B0A9C-3D4E-4F5A-8B7C-6D5E4F3A2B1C';
/** `polar_` token bodies: 37 alphanumerics and a 6-character checksum. */
export const PAT = 'polar_pat_AbCdEfGhIjKlMnOpQrStUvWxYz0123456789A0bCdEf';
export const SESSION_TOKEN = 'polar_cst_ZyXwVuTsRqPoNmLkJiHgFeDcBa9876543210Z9aBcDe';
export const CLIENT_SECRET = 'polar_c_QwErTyUiOpAsDfGhJkLzXcVbNm1234567890Q1wErTy';

const T = '2025-01-02T03:04:05.678000Z';
const stamps = (id: string) => ({ id, created_at: T, modified_at: null });

export const address = () => ({
  line1: '1 Main St',
  line2: null,
  postal_code: '10115',
  city: 'Berlin',
  state: null,
  country: 'DE',
});

export const organization = () => ({
  ...stamps(ORG_ID),
  name: 'Acme',
  slug: 'acme',
  avatar_url: null,
  bio: null,
  company: null,
  blog: null,
  location: null,
  email: 'billing@acme.test',
  social_username: null,
  pledge_minimum_amount: 2000,
  pledge_badge_show_amount: true,
  default_upfront_split_to_contributors: null,
  profile_settings: {
    enabled: true,
    description: null,
    featured_projects: [],
    featured_organizations: [],
    links: ['https://acme.test'],
    subscribe: { promote: true, show_count: true, count_free: true, all: null },
    accent_color: null,
  },
  feature_settings: { issue_funding_enabled: false },
});

export const price = () => ({
  ...stamps(PRICE_ID),
  amount_type: 'fixed',
  is_archived: false,
  product_id: PRODUCT_ID,
  price_currency: 'usd',
  price_amount: 1500,
  type: 'recurring',
  recurring_interval: 'month',
});

export const orderProduct = () => ({
  ...stamps(PRODUCT_ID),
  name: 'Pro',
  description: null,
  is_recurring: true,
  is_archived: false,
  organization_id: ORG_ID,
});

export const product = () => ({
  ...orderProduct(),
  prices: [price()],
  benefits: [
    {
      ...stamps(BENEFIT_ID),
      type: 'ads',
      description: 'Logo',
      selectable: true,
      deletable: true,
      organization_id: ORG_ID,
      properties: { image_height: 400, image_width: 400 },
    },
  ],
  medias: [],
});

export const customer = () => ({
  ...stamps(CUSTOMER_ID),
  metadata: {},
  email: 'ada@example.test',
  email_verified: true,
  name: 'Ada',
  billing_address: address(),
  tax_id: ['DE123456789', 'eu_vat'],
  organization_id: ORG_ID,
  avatar_url: null,
});

export const user = () => ({
  id: USER_ID,
  email: 'ada@example.test',
  public_name: 'Ada',
  avatar_url: null,
  code_host_username: null,
});

export const discount = () => ({
  duration: 'once',
  type: 'fixed',
  amount: 500,
  currency: 'usd',
  id: 'aa11bb22-cc33-4d44-8e55-ff6677889900',
  name: 'Launch',
  code: 'LAUNCH',
  created_at: T,
  modified_at: null,
  metadata: {},
  starts_at: null,
  ends_at: null,
  max_redemptions: null,
  redemptions_count: 3,
  organization_id: ORG_ID,
  products: [orderProduct()],
});

const subscriptionBase = () => ({
  ...stamps(SUBSCRIPTION_ID),
  amount: 1500,
  currency: 'usd',
  recurring_interval: 'month',
  status: 'active',
  current_period_start: T,
  current_period_end: null,
  cancel_at_period_end: false,
  canceled_at: null,
  started_at: T,
  ends_at: null,
  ended_at: null,
  customer_id: CUSTOMER_ID,
  product_id: PRODUCT_ID,
  price_id: PRICE_ID,
  discount_id: null,
  checkout_id: null,
  customer_cancellation_reason: null,
  customer_cancellation_comment: null,
  user_id: USER_ID,
});

export const adminSubscription = () => ({
  ...subscriptionBase(),
  metadata: {},
  custom_field_data: {},
  customer: customer(),
  user: user(),
  product: { ...product(), metadata: {}, attached_custom_fields: [] },
  price: price(),
  discount: null,
});

export const customerPortalSubscription = () => ({
  ...subscriptionBase(),
  product: { ...product(), organization: organization() },
  price: price(),
});

export const order = (id = ORDER_ID) => ({
  ...stamps(id),
  metadata: {},
  custom_field_data: {},
  amount: 1500,
  tax_amount: 0,
  currency: 'usd',
  billing_reason: 'purchase',
  billing_address: address(),
  customer_id: CUSTOMER_ID,
  product_id: PRODUCT_ID,
  product_price_id: PRICE_ID,
  discount_id: null,
  subscription_id: SUBSCRIPTION_ID,
  checkout_id: null,
  user_id: USER_ID,
  customer: customer(),
  user: user(),
  product: orderProduct(),
  product_price: price(),
  discount: discount(),
  subscription: { ...subscriptionBase(), metadata: {} },
});

const checkoutBase = () => ({
  ...stamps(CHECKOUT_ID),
  custom_field_data: {},
  payment_processor: 'stripe',
  status: 'open',
  client_secret: CLIENT_SECRET,
  url: `https://buy.acme.test/${CLIENT_SECRET}`,
  expires_at: T,
  success_url: null,
  embed_origin: null,
  amount: 1500,
  tax_amount: null,
  subtotal_amount: 1500,
  total_amount: 1500,
  currency: 'usd',
  product_id: PRODUCT_ID,
  product_price_id: PRICE_ID,
  discount_id: null,
  allow_discount_codes: true,
  is_discount_applicable: true,
  is_free_product_price: false,
  is_payment_required: false,
  is_payment_setup_required: false,
  is_payment_form_required: false,
  customer_id: null,
  customer_name: null,
  customer_email: null,
  customer_ip_address: null,
  customer_billing_address: null,
  customer_tax_id: null,
  payment_processor_metadata: {},
  product: product(),
  product_price: price(),
  discount: null,
  attached_custom_fields: [],
});

export const checkout = () => ({
  ...checkoutBase(),
  metadata: { source: 'cli' },
  subscription_id: null,
  customer_metadata: {},
});

export const confirmedCheckout = () => ({
  ...checkoutBase(),
  status: 'confirmed',
  customer_session_token: SESSION_TOKEN,
  organization: organization(),
});

export const licenseKey = () => ({
  id: LICENSE_KEY_ID,
  organization_id: ORG_ID,
  user_id: USER_ID,
  customer_id: CUSTOMER_ID,
  benefit_id: BENEFIT_ID,
  user: { id: USER_ID, email: 'ada@example.test', public_name: 'Ada', avatar_url: null },
  customer: customer(),
  key: LICENSE_KEY_VALUE,
  display_key: '****-4F3A2B1C',
  status: 'granted',
  limit_activations: 3,
  usage: 0,
  limit_usage: null,
  validations: 0,
  last_validated_at: null,
  expires_at: null,
});

export const activation = () => ({
  id: ACTIVATION_ID,
  license_key_id: LICENSE_KEY_ID,
  label: 'laptop',
  meta: {},
  created_at: T,
  modified_at: null,
});

export const page = <T>(items: T[], total_count: number, max_page: number) => ({
  items,
  pagination: { total_count, max_page },
});
