import type { Schemas } from '../../../api/today.js';
import type { Column, ColumnOf } from '../../io/cells.js';

type CheckoutLink = Schemas['CheckoutLink'];

// `hide`: which columns give way first on a narrow terminal (1 first); the URL never does.
export const CHECKOUT_LINK_COLUMNS: Column[] = [
  { header: 'ID', path: 'id', kind: 'id' },
  { header: 'LABEL', path: 'label', hide: 3 },
  { header: 'PRODUCTS', path: 'products', kind: 'names', hide: 2 },
  { header: 'URL', path: 'url' },
  { header: 'CREATED', path: 'created_at', kind: 'time', hide: 1 },
] satisfies ColumnOf<CheckoutLink>[];

export const CHECKOUT_LINK_CARD: Column[] = [
  { header: 'ID', path: 'id', kind: 'id' },
  { header: 'Label', path: 'label' },
  { header: 'URL', path: 'url' },
  { header: 'Products', path: 'products', kind: 'names' },
  { header: 'Discount', path: 'discount.name', kind: 'discount' },
  { header: 'Discount codes', path: 'allow_discount_codes', kind: 'bool' },
  { header: 'Billing address required', path: 'require_billing_address', kind: 'bool' },
  { header: 'Trial', path: 'trial_interval_count' },
  { header: 'Trial interval', path: 'trial_interval' },
  { header: 'Success URL', path: 'success_url' },
  { header: 'Return URL', path: 'return_url' },
  { header: 'Metadata', path: 'metadata' },
  { header: 'Organization', path: 'organization_id', kind: 'id' },
  { header: 'Created', path: 'created_at', kind: 'time' },
] satisfies ColumnOf<CheckoutLink>[];
