// The control surface under /__local/ (tests and demos only; not part of the real API):
// reset to the seed, a clock that can be advanced (processing what falls due), demo info, token
// minting, media files.
import * as z from 'zod';
import type { Router } from '../app.js';
import { ALL_SCOPES } from '../auth.js';
import { createCustomerSession } from '../domain/customer-sessions.js';
import { NotFound } from '../domain/errors.js';
import { mintPersonalAccessToken } from '../domain/personal-access-tokens.js';
import { storedDemo } from '../seed.js';
import { CENTURY_SECONDS } from '../services/clock-control.js';
import { parseBody, uuidParam } from '../validate.js';

const clockBody = z.object({
  advance_seconds: z.number().min(-CENTURY_SECONDS).max(CENTURY_SECONDS).optional(),
  set: z.iso.datetime({ offset: true }).optional(),
  reset: z.boolean().optional(),
});
const patBody = z.object({
  email: z.email(),
  scopes: z.array(z.enum(ALL_SCOPES)).optional(),
  expires_in: z.number().int().positive().max(CENTURY_SECONDS).optional(),
});
const sessionBody = z.object({ customer_id: z.uuid() });

export function registerLocal({ app, get, write, command, service }: Router): void {
  const { store, clockControl } = service;

  get('/__local/clock', null, () => clockControl.view());
  // Commands (services/clock-control.ts): what falls due on the way is processed in units of work
  // of its own, so a move is no one transaction.
  command('POST', '/__local/clock', null, (req) =>
    clockControl.move(parseBody(clockBody, req.body ?? {})),
  );
  command('POST', '/__local/reset', null, async () => ({
    ok: true,
    ...(await clockControl.reset()),
  }));
  get('/__local/demo', null, () => storedDemo(store) ?? {});
  write('POST', '/__local/personal-access-tokens', null, (req, { work }) => {
    const body = parseBody(patBody, req.body);
    return mintPersonalAccessToken(work, body.email, body.scopes ?? ALL_SCOPES, body.expires_in);
  });
  write('POST', '/__local/customer-sessions', null, (req, { work }) => {
    const body = parseBody(sessionBody, req.body);
    const customer = store.row('customers', body.customer_id.toLowerCase());
    if (!customer) throw new NotFound();
    const session = createCustomerSession(work, customer.id);
    return { token: session.token, expires_at: session.expiresAt };
  });
  app.get('/__local/media/:id', (req, reply) => {
    const media = store.products.media(uuidParam((req.params as { id: string }).id));
    if (!media) throw new NotFound();
    reply.type(media.mime_type).send(media.content);
  });
}
