// A checkout link as today's API answers it (the 2026-10 description's CheckoutLink), its
// products in the CheckoutLinkProduct form cut to what the CLI reads.
import { ID, ID2, ORG } from '../verb.js';

export const PRODUCT = '2a3b4c5d-6e7f-4a8b-9c0d-1e2f3a4b5c6d';
export const DISCOUNT = '3b4c5d6e-7f8a-4b9c-8d0e-1f2a3b4c5d6e';
export const SECRET = 'polar_cl_linkClientSecret000000000000000000000000';
export const URL_ = `https://api.billing.test/v1/checkout-links/${SECRET}/redirect`;

const product = (id: string, name: string) => ({
  id,
  created_at: '2026-01-10T09:00:00Z',
  modified_at: null,
  name,
  is_recurring: true,
  is_archived: false,
  organization_id: ORG,
});

export const LINK = {
  id: ID,
  created_at: '2026-11-20T10:00:00Z',
  modified_at: null,
  trial_interval: 'day',
  trial_interval_count: 14,
  metadata: { src: 'site' },
  payment_processor: 'stripe',
  client_secret: SECRET,
  success_url: 'https://shop.example/thanks?c={CHECKOUT_ID}',
  return_url: null,
  label: 'Pricing page',
  allow_discount_codes: false,
  require_billing_address: false,
  discount_id: DISCOUNT,
  seats: null,
  organization_id: ORG,
  products: [product(PRODUCT, 'Acme Pro'), product(ID2, 'Acme Team')],
  discount: {
    id: DISCOUNT,
    name: 'Launch 10',
    type: 'fixed',
    amount: 1000,
    currency: 'usd',
    duration: 'once',
    code: 'LAUNCH10',
  },
  url: URL_,
};

/** The card of LINK, piped. */
export const LINK_CARD =
  `id\t${ID}\n` +
  'label\tPricing page\n' +
  `url\t${URL_}\n` +
  'products\tAcme Pro, Acme Team\n' +
  'discount.name\tLaunch 10\n' +
  'allow_discount_codes\tfalse\n' +
  'require_billing_address\tfalse\n' +
  'trial_interval_count\t14\n' +
  'trial_interval\tday\n' +
  'success_url\thttps://shop.example/thanks?c={CHECKOUT_ID}\n' +
  'return_url\t\n' +
  'metadata\t{"src":"site"}\n' +
  `organization_id\t${ORG}\n` +
  'created_at\t2026-11-20T10:00:00Z\n';

/** What every verb prints on the seed's generation. */
export const seedRefusal = (verb: string) =>
  "billing: checkout links need today's API (2026-04 or later): run billing --api-version " +
  `2026-10 links ${verb} …, or set api_version\n`;

export const TODAY = { env: { BILLING_API_VERSION: '2026-10' } };
