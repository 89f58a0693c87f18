import type { Schemas } from '../../../api/today.js';
import type { Column, ColumnOf } from '../../io/cells.js';

export const KEY_COLUMNS: Column[] = [
  { header: 'ID', path: 'id', kind: 'id' },
  // The masked key is short and is how people recognise a key: never truncated.
  { header: 'KEY', path: 'display_key', kind: 'id' },
  { header: 'STATUS', path: 'status', kind: 'status' },
  { header: 'CUSTOMER', path: 'customer.email' },
  { header: 'LIMIT', path: 'limit_activations', hide: 3 },
  { header: 'USAGE', path: 'usage', hide: 2 },
  { header: 'VALIDATED', path: 'last_validated_at', kind: 'time', hide: 1 },
  { header: 'EXPIRES', path: 'expires_at', kind: 'time', hide: 4 },
] satisfies ColumnOf<Schemas['LicenseKeyRead']>[];

export const KEY_CARD: Column[] = [
  { header: 'ID', path: 'id', kind: 'id' },
  { header: 'Key', path: 'display_key' },
  { header: 'Status', path: 'status', kind: 'status' },
  { header: 'Customer', path: 'customer.email' },
  { header: 'Organization', path: 'organization_id', kind: 'id' },
  { header: 'Benefit', path: 'benefit_id', kind: 'id' },
  { header: 'Activation limit', path: 'limit_activations' },
  { header: 'Usage', path: 'usage' },
  { header: 'Usage limit', path: 'limit_usage' },
  { header: 'Validations', path: 'validations' },
  { header: 'Last validated', path: 'last_validated_at', kind: 'time' },
  { header: 'Expires', path: 'expires_at', kind: 'time' },
] satisfies ColumnOf<Schemas['LicenseKeyRead']>[];

export const ACTIVATION_COLUMNS: Column[] = [
  { header: 'ACTIVATION', path: 'id', kind: 'id' },
  { header: 'LABEL', path: 'label' },
  { header: 'CREATED', path: 'created_at', kind: 'time', hide: 2 },
  { header: 'META', path: 'meta', hide: 1 },
] satisfies ColumnOf<Schemas['LicenseKeyActivationRead']>[];

export const ACTIVATION_CARD: Column[] = [
  { header: 'Activation', path: 'id', kind: 'id' },
  { header: 'Label', path: 'label' },
  { header: 'Created', path: 'created_at', kind: 'time' },
  { header: 'Meta', path: 'meta' },
  { header: 'Key', path: 'license_key.display_key' },
  { header: 'Key status', path: 'license_key.status', kind: 'status' },
  { header: 'Activation limit', path: 'license_key.limit_activations' },
] satisfies ColumnOf<Schemas['LicenseKeyActivationRead']>[];
