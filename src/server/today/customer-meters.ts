// Customer meters in today's generation, read from polarsource/polar at c6c3645e:
// customer_meter/schemas.py CustomerMeter, customer_portal/schemas/customer_meter.py
// CustomerCustomerMeter, customer/schemas/state.py CustomerStateMeter. Their numbers are
// domain/meter-credits.ts's.
import type { components } from '../../shared/openapi/2026-10.js';
import type { CustomerMeterState } from '../domain/meter-credits.js';
import { customer } from './customers.js';
import { meter } from './meters.js';

type Schemas = components['schemas'];

const numbers = (m: CustomerMeterState) => ({
  id: m.id,
  created_at: m.created_at,
  modified_at: m.modified_at,
  meter_id: m.meter.id,
  consumed_units: m.consumed_units,
  credited_units: m.credited_units,
  balance: m.balance,
});

export function customerMeter(m: CustomerMeterState): Schemas['CustomerMeter'] {
  const { meter_id, ...rest } = numbers(m);
  return {
    ...rest,
    customer_id: m.customer.id,
    meter_id,
    customer: customer(m.customer),
    meter: meter(m.meter),
  };
}

export function portalCustomerMeter(m: CustomerMeterState): Schemas['CustomerCustomerMeter'] {
  return {
    ...numbers(m),
    customer_id: m.customer.id,
    meter: {
      created_at: m.meter.created_at,
      modified_at: m.meter.modified_at,
      id: m.meter.id,
      name: m.meter.name,
    },
  };
}

export const stateMeter = (m: CustomerMeterState): Schemas['CustomerStateMeter'] => numbers(m);
