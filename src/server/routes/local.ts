// The control surface under /__local/ (tests and demos only; not part of the real API):
// reset to the seed, a clock that can be advanced, demo info, token minting, media files.
import * as z from 'zod';
import type { Router } from '../app.js';
import { ALL_SCOPES } from '../auth.js';
import { createCustomerSession } from '../customer-sessions.js';
import { invalid, notFound } from '../errors.js';
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

export function registerLocal({ app, route, service }: Router): void {
  const { store, clock } = service;
  const clockView = () => ({ now: clock.iso(), offset_seconds: clock.offsetSeconds });

  route('GET', '/__local/clock', null, () => clockView());
  route('POST', '/__local/clock', null, (req) => {
    const body = parseBody(clockBody, req.body ?? {});
    // Reset, then set, then advance, checked as a whole first: a refused request changes nothing.
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
        throw invalid(['body', 'advance_seconds'], msg!, body.advance_seconds, type);
      }
      offsetMs += body.advance_seconds * 1000;
    }
    if (body.reset || body.set || body.advance_seconds) clock.setOffset(offsetMs);
    return clockView();
  });
  route('POST', '/__local/reset', null, () => {
    service.reseed();
    return { ok: true, ...clockView() };
  });
  route('GET', '/__local/demo', null, () => storedDemo(store) ?? {});
  route('POST', '/__local/personal-access-tokens', null, (req) => {
    const body = parseBody(patBody, req.body);
    const user = store.get<{ id: string }>(
      'SELECT id FROM users WHERE email = ? COLLATE NOCASE',
      body.email,
    );
    if (!user) throw invalid(['body', 'email'], 'No user with this email.', body.email);
    const value = token('polar_pat_');
    const scope = (body.scopes ?? [...ALL_SCOPES]).join(' ');
    const expires = body.expires_in
      ? new Date(clock.now().getTime() + body.expires_in * 1000).toISOString()
      : null;
    store.tx(() =>
      store.run(
        'INSERT INTO personal_access_tokens (id, created_at, user_id, token_hash, comment, scope, expires_at, revoked_at) VALUES (?, ?, ?, ?, ?, ?, ?, NULL)',
        uuid(),
        clock.iso(),
        user.id,
        hashToken(value),
        'Minted by /__local',
        scope,
        expires,
      ),
    );
    return { token: value, scope, expires_at: expires };
  });
  route('POST', '/__local/customer-sessions', null, (req) => {
    const body = parseBody(sessionBody, req.body);
    const customer = store.get<{ id: string }>(
      'SELECT id FROM customers WHERE id = ?',
      body.customer_id.toLowerCase(),
    );
    if (!customer) throw notFound();
    const session = store.tx(() => createCustomerSession(store, clock, customer.id));
    return { token: session.token, expires_at: session.expiresAt };
  });
  app.get('/__local/media/:id', (req, reply) => {
    const id = uuidParam((req.params as { id: string }).id, ['path', 'id']);
    const media = store.get<{ content: string; mime_type: string }>(
      'SELECT content, mime_type FROM medias WHERE id = ?',
      id,
    );
    if (!media) throw notFound();
    reply.type(media.mime_type).send(media.content);
  });
}
