// The control surface under /__local/ (tests and demos only; not part of the real API):
// reset to the seed, a clock that can be advanced (processing what falls due), demo info, token
// minting, media files.
import * as z from 'zod';
import type { Router } from '../app.js';
import { ALL_SCOPES } from '../auth.js';
import { createCustomerSession } from '../domain/customer-sessions.js';
import { type DueOutcome, processDue } from '../domain/due.js';
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

/** Refuses a `set` more than a century from now, either way, as pydantic's le and ge would. */
function withinCentury(set: string): void {
  const at = Date.parse(set);
  const reach = CENTURY_SECONDS * 1000;
  const [min, max] = [Date.now() - reach, Date.now() + reach];
  if (at >= min && at <= max) return;
  const [key, type, words, limit] =
    at > max
      ? (['le', 'less_than_equal', 'less', max] as const)
      : (['ge', 'greater_than_equal', 'greater', min] as const);
  const iso = new Date(limit).toISOString();
  const msg = `Input should be ${words} than or equal to ${iso}`;
  throw invalid(['set'], msg, set, type, { [key]: iso });
}

/**
 * One clock move or reset at a time: a move yields the event loop while it processes what fell
 * due (domain/due.ts), and another move or a reset must not run in between.
 */
class Turns {
  private last: Promise<void> = Promise.resolve();

  /** Waits for the turns before this one; the function ends this one. */
  async take(): Promise<() => void> {
    const before = this.last;
    let end!: () => void;
    this.last = new Promise<void>((resolve) => {
      end = resolve;
    });
    await before;
    return end;
  }
}

export function registerLocal({ app, get, write, service }: Router): void {
  const { store, clock } = service;
  const clockView = () => ({ now: clock.iso(), offset_seconds: clock.offsetSeconds });
  const turns = new Turns();

  get('/__local/clock', null, () => clockView());

  /** The offset a clock request asks for (none: it moves nothing), checked as a whole first. */
  const requestedOffset = (body: z.infer<typeof clockBody>): number | undefined => {
    // Reset, then set, then advance: a refused request changes nothing.
    let offsetMs = body.reset ? 0 : clock.offsetMs;
    if (body.set) {
      withinCentury(body.set);
      offsetMs = clock.offsetTo(new Date(body.set));
    }
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
  // transaction (domain/due.ts), so this cannot run inside the write's one transaction. A move
  // does so much work and no more: when something remains, the clock stands where the work got
  // to, and the answer says how much remains and the time it was going to (`until`); moving it
  // there again goes on (billing clock does so until nothing remains).
  write<{ offsetMs: number | undefined; until: Date; outcome: DueOutcome }>(
    'POST',
    '/__local/clock',
    null,
    (_req, { held }) => {
      const { offsetMs, until, outcome } = held;
      if (offsetMs !== undefined && outcome.remaining === 0) clock.setOffset(offsetMs);
      return {
        ...clockView(),
        processed: outcome.processed,
        remaining: outcome.remaining,
        until: until.toISOString(),
      };
    },
    async (req) => {
      const release = await turns.take();
      try {
        const offsetMs = requestedOffset(parseBody(clockBody, req.body ?? {}));
        const until = new Date(Date.now() + (offsetMs ?? clock.offsetMs));
        const outcome = await processDue({ store, clock }, until, clock.dueLimits);
        return { held: { offsetMs, until, outcome }, release };
      } catch (err) {
        release();
        throw err;
      }
    },
  );
  write(
    'POST',
    '/__local/reset',
    null,
    () => {
      service.reseed();
      return { ok: true, ...clockView() };
    },
    async () => ({ held: undefined, release: await turns.take() }),
  );
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
