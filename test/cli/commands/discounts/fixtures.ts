// Discounts as the service answers them: a fixed one with a code, a percentage one for three
// months restricted to one product.
import { ID, ID2, ORG } from '../verb.js';

export const PRODUCT_ID = '9c3d4e5f-6a7b-4c8d-8e9f-1a2b3c4d5e6f';

export const LAUNCH = {
  id: ID,
  created_at: '2026-10-01T09:00:00Z',
  modified_at: null,
  metadata: {},
  name: 'Launch 10',
  code: 'LAUNCH10',
  type: 'fixed',
  amount: 1000,
  currency: 'usd',
  duration: 'once',
  starts_at: null,
  ends_at: null,
  max_redemptions: 100,
  redemptions_count: 3,
  organization_id: ORG,
  products: [],
};

export const HALF = {
  ...LAUNCH,
  id: ID2,
  name: 'Half off',
  code: null,
  type: 'percentage',
  amount: undefined,
  currency: undefined,
  basis_points: 5000,
  duration: 'repeating',
  duration_in_months: 3,
  max_redemptions: null,
  redemptions_count: 0,
  ends_at: '2027-01-01T00:00:00Z',
  products: [
    {
      id: PRODUCT_ID,
      created_at: '2026-01-10T09:00:00Z',
      modified_at: null,
      name: 'Acme Pro',
      description: null,
      is_recurring: true,
      is_archived: false,
      organization_id: ORG,
    },
  ],
};

/** The TSV card of LAUNCH. */
export const LAUNCH_CARD =
  // A fixed once discount has no basis points and no months: no such rows.
  `id\t${ID}\nname\tLaunch 10\ncode\tLAUNCH10\ntype\tfixed\namount\t1000\n` +
  'duration\tonce\nstarts_at\t\nends_at\t\nredemptions_count\t3\n' +
  `max_redemptions\t100\norganization_id\t${ORG}\ncreated_at\t2026-10-01T09:00:00Z\nmetadata\t{}\n`;
