// Products as the service answers them: a subscription with a monthly and a yearly price, and a
// one-time purchase.
import { ID, ID2, ORG } from '../verb.js';

export const MONTHLY = '7a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d';
export const YEARLY = '8b2c3d4e-5f6a-4b7c-9d8e-0f1a2b3c4d5e';
export const ONE_TIME = '9c3d4e5f-6a7b-4c8d-8e9f-1a2b3c4d5e6f';
export const BENEFIT_ID = 'ac4d5e6f-7a8b-4c9d-8eaf-2b3c4d5e6f70';

function price(id: string, amount: number, interval: 'month' | 'year' | null, product = ID) {
  return {
    id,
    created_at: '2026-01-10T09:00:00Z',
    modified_at: null,
    amount_type: 'fixed',
    is_archived: false,
    product_id: product,
    price_currency: 'usd',
    price_amount: amount,
    type: interval ? 'recurring' : 'one_time',
    recurring_interval: interval,
  };
}

export const PRO = {
  id: ID,
  created_at: '2026-01-10T09:00:00Z',
  modified_at: null,
  name: 'Acme Pro',
  description: 'The full toolkit.',
  is_recurring: true,
  is_archived: false,
  organization_id: ORG,
  metadata: { sku: 'acme-pro' },
  prices: [price(MONTHLY, 1900, 'month'), price(YEARLY, 19000, 'year')],
  benefits: [
    {
      id: BENEFIT_ID,
      created_at: '2026-01-10T09:00:00Z',
      modified_at: null,
      type: 'license_keys',
      description: 'Acme Pro license',
      selectable: true,
      deletable: true,
      organization_id: ORG,
    },
  ],
  medias: [],
  attached_custom_fields: [],
};

export const DESKTOP = {
  ...PRO,
  id: ID2,
  name: 'Acme Desktop',
  description: null,
  is_recurring: false,
  metadata: {},
  prices: [price(ONE_TIME, 7900, null, ID2)],
  benefits: [],
};

/** The TSV card of PRO. */
export const PRO_CARD =
  `id\t${ID}\nname\tAcme Pro\ndescription\tThe full toolkit.\nis_recurring\ttrue\n` +
  `is_archived\tfalse\nprices\t$19.00 USD/month, $190.00 USD/year\norganization_id\t${ORG}\n` +
  'created_at\t2026-01-10T09:00:00Z\nmetadata\t{"sku":"acme-pro"}\n';
