// POST /v1/customer-sessions/ (server/polar/customer_session/endpoints.py at the spec's
// generation, and today's at c6c3645e): a seller creates a session that acts as one of its
// customers. Today's finds the customer by `customer_id` or `external_customer_id` and keeps a
// `return_url` for the portal's back button (today/customer-sessions.ts).
import * as z from 'zod';
import { type Context, type Router, slashRedirect, type WriteContext } from '../app.js';
import { createCustomerSession } from '../domain/customer-sessions.js';
import { invalid } from '../domain/errors.js';
import { customer } from '../serialize.js';
import type { CustomerRow } from '../store/rows.js';
import * as today from '../today/customer-sessions.js';
import { parseBody } from '../validate.js';

const createBody = z.object({ customer_id: z.uuid() });

export function registerCustomerSessions({ app, write, service }: Router): void {
  const { store } = service;

  /**
   * The token's customer with this id or external id: any other is a validation error of the
   * body naming the field, not a 404 (customer_session/service.py `_get_customer`).
   */
  const find = (ctx: Context, by: today.CustomerBy): CustomerRow => {
    const row =
      by.field === 'customer_id'
        ? ctx.visible.own(store.row('customers', by.value.toLowerCase()))
        : store.customers.byExternalId(ctx.visible, by.value);
    // Today's repository reads no deleted customer; the seed's route never asked.
    if (!row || (ctx.today && row.deleted_at))
      throw invalid([by.field], 'Customer does not exist.', by.value);
    return row;
  };

  write(
    'POST',
    '/v1/customer-sessions/',
    { kinds: ['user', 'organization'], scopes: ['customer_sessions:write'] },
    (req, ctx: WriteContext) => {
      const body = ctx.today ? parseBody(today.createBody, req.body) : undefined;
      const by: today.CustomerBy = body
        ? body.by
        : { field: 'customer_id', value: parseBody(createBody, req.body).customer_id };
      const row = find(ctx, by);
      const session = createCustomerSession(ctx.work, row.id, body?.return_url ?? null);
      const slug = store.row('organizations', row.organization_id)!.slug;
      ctx.reply.code(201);
      const portal = `${service.authUrl}/${slug}/portal`;
      if (ctx.today) return today.customerSession(session, row, portal);
      return {
        created_at: session.createdAt,
        modified_at: null,
        id: session.id,
        token: session.token,
        expires_at: session.expiresAt,
        // The SDK of the spec's generation reads it; there is no portal page behind it here.
        customer_portal_url: `${portal}?customer_session_token=${session.token}`,
        customer_id: row.id,
        customer: customer(row),
      };
    },
  );
  slashRedirect(app, '/v1/customer-sessions', '/v1/customer-sessions/');
}
