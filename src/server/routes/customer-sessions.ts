// POST /v1/customer-sessions/ (server/polar/customer_session/endpoints.py at the spec's
// generation): a seller creates a session that acts as one of its customers.
import * as z from 'zod';
import { type Router, slashRedirect } from '../app.js';
import { organizationIds } from '../auth.js';
import { createCustomerSession } from '../customer-sessions.js';
import { sqlIn } from '../db.js';
import { invalid } from '../errors.js';
import { customer } from '../serialize.js';
import { parseBody } from '../validate.js';

const createBody = z.object({ customer_id: z.uuid() });

export function registerCustomerSessions({ app, route, service }: Router): void {
  const { store, clock } = service;
  route(
    'POST',
    '/v1/customer-sessions/',
    { kinds: ['user', 'organization'], scopes: ['customer_sessions:write'] },
    (req, { principal, reply }) => {
      const body = parseBody(createBody, req.body);
      const id = body.customer_id.toLowerCase();
      const own = organizationIds(store, principal!);
      const params: unknown[] = [id];
      const row = own.length
        ? store.get(
            `SELECT * FROM customers WHERE id = ? AND ${sqlIn('organization_id', own, params)}`,
            ...params,
          )
        : undefined;
      // The customer is looked up among the token's organizations' only; any other id is a
      // validation error of the body, not a 404 (customer_session/service.py create).
      if (!row)
        throw invalid(['body', 'customer_id'], 'Customer does not exist.', body.customer_id);
      const session = store.tx(() => createCustomerSession(store, clock, id));
      const slug = store.get<{ slug: string }>(
        'SELECT slug FROM organizations WHERE id = ?',
        row.organization_id,
      )!.slug;
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
