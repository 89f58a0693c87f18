// Form-encoded OAuth endpoints (token, revoke, introspect): their own error shape and no-store
// headers, and no bearer-token check (clients authenticate with client credentials instead).
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { formFields } from '../body.js';
import { HttpError } from '../errors.js';
import { invalidRequest, NO_STORE } from './errors.js';

export type FormHandler = (
  req: FastifyRequest,
  body: Record<string, string>,
  reply: FastifyReply,
) => unknown | Promise<unknown>;

export function formRoute(app: FastifyInstance, url: string, handler: FormHandler): void {
  app.route({
    method: 'POST',
    url,
    errorHandler(err, _req, reply) {
      if (err instanceof HttpError) {
        return reply.code(err.status).headers(err.headers).send(err.body);
      }
      const status = (err as { statusCode?: number }).statusCode ?? 500;
      if (status >= 500) throw err;
      const e = invalidRequest(
        status === 415 ? 'Send the body as application/x-www-form-urlencoded.' : err.message,
      );
      return reply.code(e.status).headers(e.headers).send(e.body);
    },
    handler: async (req, reply) => {
      reply.headers(NO_STORE);
      // RFC 6749 §3.2: the token endpoint takes form parameters only.
      const type = String(req.headers['content-type'] ?? '');
      if (!/^application\/x-www-form-urlencoded\b/i.test(type)) {
        throw invalidRequest('Send the body as application/x-www-form-urlencoded.');
      }
      const body = formFields(req.body) ?? {};
      return handler(req, body, reply);
    },
  });
}
