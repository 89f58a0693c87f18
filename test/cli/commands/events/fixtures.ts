// Events, meters and customer meters as today's API answers them (the 2026-10 description's
// UserEvent, Meter, MeterQuantities and CustomerMeter).
import { ID, ID2, ORG } from '../verb.js';

export const CUSTOMER_ID = '7c1e2d3f-4a5b-4c6d-8e7f-9a0b1c2d3e4f';

export const CUSTOMER = {
  id: CUSTOMER_ID,
  created_at: '2026-10-01T09:00:00Z',
  modified_at: null,
  metadata: {},
  external_id: 'user_4711',
  email: 'jane@example.com',
  email_verified: true,
  type: 'individual',
  name: 'Jane',
  billing_address: null,
  tax_id: null,
  locale: null,
  organization_id: ORG,
  deleted_at: null,
  avatar_url: 'https://www.gravatar.com/avatar/x',
};

export function event(id: string, timestamp: string, extra: object = {}) {
  return {
    id,
    timestamp,
    organization_id: ORG,
    customer_id: CUSTOMER_ID,
    customer: CUSTOMER,
    external_customer_id: 'user_4711',
    member_id: null,
    external_member_id: null,
    child_count: 0,
    parent_id: null,
    label: 'api_request',
    name: 'api_request',
    source: 'user',
    metadata: { tokens: 120 },
    ...extra,
  };
}

export const EVENT = event(ID, '2026-11-20T10:00:00Z');

export const METER = {
  id: ID2,
  created_at: '2026-10-01T09:00:00Z',
  modified_at: null,
  metadata: {},
  name: 'API requests',
  unit: 'scalar',
  custom_label: null,
  custom_multiplier: null,
  filter: {
    conjunction: 'and',
    clauses: [{ property: 'name', operator: 'eq', value: 'api_request' }],
  },
  aggregation: { func: 'count' },
  organization_id: ORG,
  archived_at: null,
};

export const QUANTITIES = {
  quantities: [
    { timestamp: '2026-11-01T00:00:00Z', quantity: 10 },
    { timestamp: '2026-11-02T00:00:00Z', quantity: 40 },
    { timestamp: '2026-11-03T00:00:00Z', quantity: 0 },
  ],
  total: 50,
};

export const CUSTOMER_METER = {
  id: ID,
  created_at: '2026-11-01T00:00:00Z',
  modified_at: '2026-11-20T00:00:00Z',
  customer_id: CUSTOMER_ID,
  meter_id: ID2,
  consumed_units: 12500,
  credited_units: 10000,
  balance: -2500,
  customer: CUSTOMER,
  meter: METER,
};

/** An EventTypeWithStats of a user name (a system name's has no id and no stamps). */
export function eventType(name: string, extra: object = {}) {
  return {
    id: ID,
    created_at: '2026-10-01T09:00:00Z',
    modified_at: null,
    name,
    label: name,
    label_property_selector: null,
    organization_id: ORG,
    source: 'user',
    occurrences: 12,
    first_seen: '2026-11-01T08:00:00Z',
    last_seen: '2026-11-20T10:00:00Z',
    ...extra,
  };
}

export const SYSTEM_TYPE = eventType('meter.credited', {
  id: null,
  created_at: null,
  label: 'Meter Credited',
  source: 'system',
  occurrences: 1,
  first_seen: '2026-11-01T00:00:00Z',
  last_seen: '2026-11-01T00:00:00Z',
});
