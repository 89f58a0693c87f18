// Rows of today's checkout facts (issue 26; see rows.ts for the conventions): the products a
// session offers, and checkout links with theirs.
import type { Flag } from './rows.js';

/** A product a session offers, at its place in the list (`order`, from 0). */
export interface CheckoutProductRow {
  checkout_id: string;
  product_id: string;
  order: number;
}

export interface CheckoutLinkRow {
  id: string;
  created_at: string;
  modified_at: string | null;
  /** A deleted link is gone for the API and its address (soft deletion, as the real one). */
  deleted_at: string | null;
  organization_id: string;
  client_secret: string;
  payment_processor: string;
  label: string | null;
  success_url: string | null;
  return_url: string | null;
  allow_discount_codes: Flag;
  require_billing_address: Flag;
  discount_id: string | null;
  seats: number | null;
  trial_interval: string | null;
  trial_interval_count: number | null;
  metadata: string;
}

export interface CheckoutLinkProductRow {
  checkout_link_id: string;
  product_id: string;
  order: number;
}
