// POST /v1/customer-sessions/ (server/polar/customer_session/endpoints.py at the spec's
// generation): a seller creates a session that acts as one of its customers.
import * as z from 'zod';
import { type Router, slashRedirect } from '../app.js';
import { createCustomerSession } from '../domain/customer-sessions.js';
import { invalid } from '../domain/errors.js';
import { customer } from '../serialize.js';
import { parseBody } from '../validate.js';

const createBody = z.object({ customer_id: z.uuid() });

export function registerCustomerSessions({ app, write, service }: Router): void {
  const { store } = service;
  write(
    'POST',
    '/v1/customer-sessions/',
    { kinds: ['user', 'organization'], scopes: ['customer_sessions:write'] },
    (req, { visible, work, reply }) => {
      const body = parseBody(createBody, req.body);
      const id = body.customer_id.toLowerCase();
      const row = visible.own(store.row('customers', id));
      // The customer is looked up among the token's organizations' only; any other id is a
      // validation error of the body, not a 404 (customer_session/service.py create).
      if (!row) throw invalid(['customer_id'], 'Customer does not exist.', body.customer_id);
      const session = createCustomerSession(work, id);
      const slug = store.row('organizations', row.organization_id)!.slug;
      reply.code(201);
      return {
        created_at: session.createdAt,
        modified_at: null,
        id: session.id,
        token: session.token,
        expires_at: session.expiresAt,
        // The SDK of the spec's generation reads it; there is no portal page behind it here.
        customer_portal_url: `${service.authUrl}/${slug}/portal?customer_session_token=${session.token}`,
        customer_id: id,
        customer: customer(row),
      };
    },
  );
  slashRedirect(app, '/v1/customer-sessions', '/v1/customer-sessions/');
}
