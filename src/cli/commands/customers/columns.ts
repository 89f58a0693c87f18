import type { Schemas } from '../../../api/today.js';
import type { Column, ColumnOf } from '../../io/cells.js';

export const CUSTOMER_COLUMNS: Column[] = [
  { header: 'ID', path: 'id', kind: 'id' },
  { header: 'EMAIL', path: 'email' },
  { header: 'NAME', path: 'name', hide: 2 },
  { header: 'CREATED', path: 'created_at', kind: 'time', hide: 1 },
] satisfies ColumnOf<Schemas['Customer']>[];

export const CUSTOMER_CARD: Column[] = [
  { header: 'ID', path: 'id', kind: 'id' },
  { header: 'Email', path: 'email' },
  // Today's generation: a customer is an individual or a team, with the seller's own id.
  { header: 'Type', path: 'type', ifPresent: true },
  { header: 'External ID', path: 'external_id', ifPresent: true },
  { header: 'Email verified', path: 'email_verified', kind: 'bool' },
  { header: 'Name', path: 'name' },
  { header: 'Tax ID', path: 'tax_id' },
  { header: 'Billing address', path: 'billing_address' },
  { header: 'Organization', path: 'organization_id', kind: 'id' },
  { header: 'Created', path: 'created_at', kind: 'time' },
  { header: 'Metadata', path: 'metadata' },
] satisfies ColumnOf<Schemas['Customer']>[];
