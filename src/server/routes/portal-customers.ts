// The customer portal's own customer and session, today's generation only (customer_portal/
// endpoints/customer.py and customer_session.py at c6c3645e; absent at f179ede58c): GET and PATCH
// /v1/customer-portal/customers/me, its saved payment methods (none: no payment processor), and
// the session a token is (`customer-session/introspect`) and whom it acts for (`/user`). Only a
// customer session may call them (today's CustomerPortalUnionRead/Write take no user token).
import * as z from 'zod';
import type { Context, RouteAuth, Router } from '../app.js';
import { updatePortalCustomer } from '../domain/customers.js';
import { NotFound } from '../domain/errors.js';
import { addressInput, optionalText } from '../fields.js';
import { introspection } from '../today/customer-sessions.js';
import { portalCustomer } from '../today/customers.js';
import { pageParams, paginated, parseBody, type Query } from '../validate.js';

const READ: RouteAuth = {
  kinds: ['customer'],
  scopes: ['customer_portal:read', 'customer_portal:write'],
};
const WRITE: RouteAuth = { kinds: ['customer'], scopes: ['customer_portal:write'] };
const TODAY = { only: 'today' } as const;

const updateBody = z.object({
  billing_name: optionalText,
  billing_address: addressInput.nullish(),
  tax_id: optionalText,
  default_payment_method_id: z.uuid().nullish(),
});

export function registerPortalCustomers({ get, write, service }: Router): void {
  const { store } = service;
  const me = ({ principal }: Context) => {
    if (principal?.kind !== 'customer') throw new NotFound();
    const row = store.row('customers', principal.customerId);
    if (!row) throw new NotFound();
    return row;
  };

  get('/v1/customer-portal/customers/me', READ, (_req, ctx) => portalCustomer(me(ctx)), TODAY);

  write(
    'PATCH',
    '/v1/customer-portal/customers/me',
    WRITE,
    (req, ctx) => {
      const body = parseBody(updateBody, req.body);
      const sent = req.body as object;
      const has = (k: string) => Object.hasOwn(sent, k);
      const row = me(ctx);
      updatePortalCustomer(ctx.work, row, {
        ...(has('billing_name') ? { billing_name: body.billing_name ?? null } : {}),
        ...(has('billing_address') ? { billing_address: body.billing_address ?? null } : {}),
        ...(has('tax_id') ? { tax_number: body.tax_id ?? null } : {}),
        ...(has('default_payment_method_id')
          ? { default_payment_method_id: body.default_payment_method_id ?? null }
          : {}),
      });
      return portalCustomer(store.row('customers', row.id)!);
    },
    TODAY,
  );

  get(
    '/v1/customer-portal/customers/me/payment-methods',
    READ,
    (req) => paginated([], 0, pageParams(req.query as Query)),
    TODAY,
  );

  get(
    '/v1/customer-portal/customer-session/introspect',
    READ,
    (_req, ctx) => {
      if (ctx.principal?.kind !== 'customer') throw new NotFound();
      const session = store.row('customer_sessions', ctx.principal.sessionId);
      if (!session) throw new NotFound();
      return introspection(session);
    },
    TODAY,
  );

  get(
    '/v1/customer-portal/customer-session/user',
    READ,
    (_req, ctx) => {
      const row = me(ctx);
      return {
        type: 'customer',
        name: row.name ?? null,
        email: row.email,
        customer_id: row.id,
        member_id: null,
        role: null,
      };
    },
    TODAY,
  );
}
