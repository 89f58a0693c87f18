// The customer of a session confirmed in today's generation, as checkout/service.py
// `_create_or_update_customer` at c6c3645e finds and keeps it: the session's own customer (gone:
// 409), else the organization's customer with its email, else a new one with the seller's
// external id (taken by a customer of another email: 422). It takes the name it lacked, the
// billing name, address, tax ID and locale of the session, and its customer metadata; the
// session's own metadata is not copied. A customer found by email gets no customer session.
import type { Address } from '../../shared/shapes.js';
import { parseJson } from '../store/index.js';
import type { CheckoutRow, CustomerRow } from '../store/rows.js';
import { createCustomer, updateCustomer } from './customers.js';
import { NamedRefusal } from './errors.js';
import type { Work } from './work.js';

export function todaysBuyer(
  w: Work,
  row: CheckoutRow,
): { customer: CustomerRow; session: boolean } {
  const { store } = w;
  const orgId = row.organization_id;
  const address = parseJson<Address | null>(row.customer_billing_address ?? 'null');
  const metadata = parseJson<Record<string, string | number | boolean>>(row.customer_metadata);
  const name = row.customer_billing_name ?? row.customer_name ?? null;
  const details = {
    billing_address: address ?? undefined,
    tax_number: row.customer_tax_id ?? undefined,
    billing_name: row.customer_billing_name ?? undefined,
    locale: row.locale ?? undefined,
  };
  let customer = row.customer_id ? store.row('customers', row.customer_id) : undefined;
  if (customer?.deleted_at)
    throw new NamedRefusal(
      409,
      'CheckoutCustomerDeleted',
      'The customer associated with this checkout has been deleted.',
    );
  let session = true;
  if (!customer) {
    const email = row.customer_email!;
    customer = store.inOrganization('customers', orgId, 'email', email, true);
    if (customer) session = false;
    else {
      const external = row.external_customer_id;
      if (external != null && store.inOrganization('customers', orgId, 'external_id', external))
        throw new NamedRefusal(
          422,
          'CheckoutCustomerExternalIdMismatch',
          'A customer with this external ID already exists but with a different email address.',
        );
      const created = createCustomer(
        w,
        orgId,
        { email, external_id: external, name, metadata, ...details },
        'today',
      );
      return { customer: created, session };
    }
  }
  const merged = { ...parseJson<object>(customer.metadata), ...metadata };
  updateCustomer(
    w,
    customer,
    {
      ...(customer.name == null && name != null ? { name } : {}),
      ...Object.fromEntries(Object.entries(details).filter(([, v]) => v !== undefined)),
      metadata: merged,
    },
    'today',
  );
  return { customer: store.row('customers', customer.id)!, session };
}
