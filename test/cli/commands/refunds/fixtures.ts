// A refund as today's API answers it (the 2026-10 description's Refund).
import { ID, ID2, ORG } from '../verb.js';

export const REFUND = {
  id: ID,
  created_at: '2026-11-20T10:00:00Z',
  modified_at: '2026-11-20T10:00:01Z',
  metadata: { ticket: 'T-1' },
  status: 'succeeded',
  reason: 'customer_request',
  amount: 1900,
  tax_amount: 152,
  currency: 'usd',
  organization_id: ORG,
  order_id: ID2,
  subscription_id: null,
  customer_id: '7c1e2d3f-4a5b-4c6d-8e7f-9a0b1c2d3e4f',
  revoke_benefits: false,
  dispute: null,
};
