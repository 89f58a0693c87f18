// The control surface under /__local/ (tests and demos only; not part of the real API):
// reset to the seed, a clock that can be advanced (processing what falls due), demo info, token
// minting, media files.
import * as z from 'zod';
import type { Router } from '../app.js';
import { ALL_SCOPES } from '../auth.js';
import { createCustomerSession } from '../domain/customer-sessions.js';
import { type Processed, processDue } from '../domain/due.js';
import { invalid, NotFound } from '../domain/errors.js';
import { hashToken, token, uuid } from '../ids.js';
import { storedDemo } from '../seed.js';
import { parseBody, uuidParam } from '../validate.js';

// Within a century either way, so the clock stays a valid four-digit-year ISO date-time.
const CENTURY_SECONDS = 100 * 365.25 * 86_400;
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

export function registerLocal({ app, get, write, service }: Router): void {
  const { store, clock } = service;
  const clockView = () => ({ now: clock.iso(), offset_seconds: clock.offsetSeconds });

  get('/__local/clock', null, () => clockView());

  /** The offset a clock request asks for (none: it moves nothing), checked as a whole first. */
  const requestedOffset = (body: z.infer<typeof clockBody>): number | undefined => {
    // Reset, then set, then advance: a refused request changes nothing.
    let offsetMs = body.reset ? 0 : clock.offsetMs;
    if (body.set) offsetMs = clock.offsetTo(new Date(body.set));
    if (body.advance_seconds) {
      // Each advance is bounded, and so is their sum: the clock stays within a century.
      const from = offsetMs / 1000;
      const offset = from + body.advance_seconds;
      if (Math.abs(offset) > CENTURY_SECONDS) {
        const [type, msg] =
          offset > 0
            ? [
                'less_than_equal',
                `Input should be less than or equal to ${Math.floor(CENTURY_SECONDS - from)}`,
              ]
            : [
                'greater_than_equal',
                `Input should be greater than or equal to ${Math.ceil(-CENTURY_SECONDS - from)}`,
              ];
        throw invalid(['advance_seconds'], msg!, body.advance_seconds, type);
      }
      offsetMs += body.advance_seconds * 1000;
    }
    return body.reset || body.set || body.advance_seconds ? offsetMs : undefined;
  };
  // What falls due on the way forward is processed before the final move, each item in its own
  // transaction (domain/due.ts), so this cannot run inside the write's one transaction.
  write<{ offsetMs: number | undefined; processed: Processed }>(
    'POST',
    '/__local/clock',
    null,
    (_req, { held }) => {
      if (held.offsetMs !== undefined) clock.setOffset(held.offsetMs);
      return { ...clockView(), processed: held.processed };
    },
    async (req) => {
      const offsetMs = requestedOffset(parseBody(clockBody, req.body ?? {}));
      const until = new Date(Date.now() + (offsetMs ?? clock.offsetMs));
      const processed = processDue({ store, clock }, until);
      return { held: { offsetMs, processed }, release() {} };
    },
  );
  write('POST', '/__local/reset', null, () => {
    service.reseed();
    return { ok: true, ...clockView() };
  });
  get('/__local/demo', null, () => storedDemo(store) ?? {});
  write('POST', '/__local/personal-access-tokens', null, (req) => {
    const body = parseBody(patBody, req.body);
    const user = store.users.byEmail(body.email);
    if (!user) throw invalid(['email'], 'No user with this email.', body.email);
    const value = token('polar_pat_');
    const scope = (body.scopes ?? [...ALL_SCOPES]).join(' ');
    const expires = body.expires_in
      ? new Date(clock.now().getTime() + body.expires_in * 1000).toISOString()
      : null;
    store.insert('personal_access_tokens', {
      id: uuid(),
      created_at: clock.iso(),
      user_id: user.id,
      token_hash: hashToken(value),
      comment: 'Minted by /__local',
      scope,
      expires_at: expires,
      revoked_at: null,
    });
    return { token: value, scope, expires_at: expires };
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
