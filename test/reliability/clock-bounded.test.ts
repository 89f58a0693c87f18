// The test clock cannot hang the service (issue 23): `set` is bounded like `advance_seconds`
// (a century either way, else a 422 naming `set`), a move processes what fell due in slices
// that let other requests through and does so much per request — the answer says what remains
// and where it was going (`remaining`, `until`), the clock standing where the work got to — and
// `billing clock` asks again until the clock is all the way there.
import { stripVTControlCharacters } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Json, type Service, startService } from '../server/helpers.js';
import { runInProcess, tempDir } from './helpers.js';

const CENTURY_MS = 100 * 365.25 * 86_400_000;
const YEAR_S = 365 * 86_400;

/** Every renewal, expiry and end an answer lists. */
const itemsOf = (processed: Json) =>
  processed.renewals.length +
  processed.checkouts_expired.length +
  processed.subscriptions_ended.length;
const times = (processed: Json): number[] =>
  [...processed.renewals, ...processed.checkouts_expired, ...processed.subscriptions_ended].map(
    (x: Json) => Date.parse(x.at),
  );

describe('set: a century from now at most, either way', () => {
  let svc: Service;
  beforeAll(async () => {
    svc = await startService();
  });
  afterAll(() => svc.stop());

  it.each([
    ['9999-12-31T00:00:00Z', 'less_than_equal', 'le'],
    [() => new Date(Date.now() + CENTURY_MS + 86_400_000).toISOString(), 'less_than_equal', 'le'],
    ['0001-01-01T00:00:00Z', 'greater_than_equal', 'ge'],
    [
      () => new Date(Date.now() - CENTURY_MS - 86_400_000).toISOString(),
      'greater_than_equal',
      'ge',
    ],
  ] as const)('%s is a 422 naming set, and nothing moves', async (at, type, bound) => {
    const set = typeof at === 'function' ? at() : at;
    const orders = svc.running.store.get<{ n: number }>('SELECT count(*) AS n FROM orders')!.n;
    const r = await svc.api('POST', '/__local/clock', { body: { set } });
    expect(r.status).toBe(422);
    expect(r.body.error).toBe('RequestValidationError');
    expect(r.body.detail).toHaveLength(1);
    const [problem] = r.body.detail;
    expect(problem).toMatchObject({ type, loc: ['body', 'set'], input: set });
    const limit = problem.ctx[bound];
    expect(problem.msg).toBe(
      `Input should be ${type === 'less_than_equal' ? 'less' : 'greater'} than or equal to ${limit}`,
    );
    // The bound is a century from the wall clock's now (a day's slack for the test's own time).
    const expected = Date.now() + (bound === 'le' ? CENTURY_MS : -CENTURY_MS);
    expect(Math.abs(Date.parse(limit) - expected)).toBeLessThan(86_400_000);
    expect((await svc.api('GET', '/__local/clock')).body.offset_seconds).toBe(0);
    expect(svc.running.store.get<{ n: number }>('SELECT count(*) AS n FROM orders')!.n).toBe(
      orders,
    );
  });

  it('just within a century, backward: accepted (nothing falls due going back)', async () => {
    const set = new Date(Date.now() - CENTURY_MS + 86_400_000).toISOString();
    const r = await svc.api('POST', '/__local/clock', { body: { set } });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ remaining: 0, until: set });
    await svc.api('POST', '/__local/clock', { body: { reset: true } });
  });
});

describe('a move does so much, and says what remains', () => {
  const MAX = 25;
  let svc: Service;
  beforeAll(async () => {
    svc = await startService({ due: { maxItems: MAX } });
  });
  afterAll(() => svc.stop());

  it('a year in parts: each stops where its work got to; asked again, it goes on to the end', async () => {
    const ordersBefore = svc.running.store.get<{ n: number }>(
      'SELECT count(*) AS n FROM orders',
    )!.n;
    const first = await svc.api('POST', '/__local/clock', { body: { advance_seconds: YEAR_S } });
    expect(first.status).toBe(200);
    const until = first.body.until as string;
    expect(Math.abs(Date.parse(until) - (Date.now() + YEAR_S * 1000))).toBeLessThan(60_000);
    const answers: Json[] = [first.body];
    while (answers.at(-1).remaining > 0) {
      const last = answers.at(-1);
      expect(itemsOf(last.processed)).toBe(MAX);
      // The clock stands at the last item processed, short of where it was going.
      expect(Date.parse(last.now)).toBeGreaterThanOrEqual(Math.max(...times(last.processed)));
      expect(Date.parse(last.now)).toBeLessThan(Date.parse(until));
      expect(Date.parse(last.now) - Math.max(...times(last.processed))).toBeLessThan(60_000);
      const r = await svc.api('POST', '/__local/clock', { body: { set: until } });
      expect(r.status).toBe(200);
      expect(r.body.until).toBe(until);
      answers.push(r.body);
    }
    expect(answers.length).toBeGreaterThan(2);
    const final = answers.at(-1);
    expect(itemsOf(final.processed)).toBeLessThanOrEqual(MAX);
    expect(Math.abs(Date.parse(final.now) - Date.parse(until))).toBeLessThan(60_000);
    // Each item once: as many orders as renewals listed, each listed once, in time order.
    const renewals = answers.flatMap((a) => a.processed.renewals);
    const orderIds = renewals.map((x: Json) => x.order_id);
    expect(new Set(orderIds).size).toBe(orderIds.length);
    const ordersAfter = svc.running.store.get<{ n: number }>('SELECT count(*) AS n FROM orders')!.n;
    expect(ordersAfter - ordersBefore).toBe(renewals.length);
    for (const kind of ['renewals', 'checkouts_expired', 'subscriptions_ended']) {
      const at = answers.flatMap((a) => a.processed[kind].map((x: Json) => Date.parse(x.at)));
      expect(at).toEqual([...at].sort((a, b) => a - b));
    }
    // Nothing is left due on the way.
    expect(svc.running.store.subscriptions.dueBy(until)).toEqual([]);
    expect(svc.running.store.checkouts.openExpiringBy(until)).toEqual([]);
  });
});

describe('a century on the demo data', () => {
  let svc: Service;
  const config = tempDir('clock-century');
  beforeAll(async () => {
    svc = await startService();
  });
  afterAll(async () => {
    await svc.stop();
    config.remove();
  });

  it('the service answers a GET while a move runs; billing clock goes all the way', async () => {
    const clock = svc.running.clock;
    const offset = clock.offsetMs;
    const finished: string[] = [];
    const move = svc
      .api('POST', '/__local/clock', { body: { advance_seconds: 100 * YEAR_S } })
      .then((r) => {
        finished.push('clock');
        return r;
      });
    // Once the move is under way (the clock has left where it stood) …
    while (clock.offsetMs === offset) await new Promise((resolve) => setImmediate(resolve));
    // … another request is answered before it ends.
    const read = svc
      .api('GET', '/v1/orders/', { token: svc.alice, query: { limit: 1 } })
      .then((r) => {
        finished.push('get');
        return r;
      });
    const [moved, got] = await Promise.all([move, read]);
    expect(got.status).toBe(200);
    expect(moved.status).toBe(200);
    expect(finished).toEqual(['get', 'clock']);
    expect(moved.body.remaining).toBeGreaterThan(0);

    // The CLI takes it from there in one command, on a terminal with a progress line.
    const until = moved.body.until as string;
    const run = await runInProcess(
      ['clock', 'set', until, '--json'],
      { BILLING_BASE_URL: svc.url, NO_COLOR: '1' },
      { configDir: config.path, tty: true },
    );
    expect(run.code, run.stderr).toBe(0);
    const state = JSON.parse(run.stdout);
    expect(state).toMatchObject({ remaining: 0, until });
    expect(Math.abs(Date.parse(state.now) - Date.parse(until))).toBeLessThan(60_000);
    const stderr = stripVTControlCharacters(run.stderr);
    expect(stderr).toContain(`Moving the clock: 20`);
    expect(stderr).toContain(` of ${until.slice(0, 10)}, `);
    expect(stderr).toMatch(/✓ The clock is at \S+; \d+ renewals/);
    // A century of every running subscription's renewals, and nothing left due before `until`.
    const renewals = moved.body.processed.renewals.length + state.processed.renewals.length;
    expect(renewals).toBeGreaterThan(10_000);
    expect(svc.running.store.subscriptions.dueBy(until)).toEqual([]);
  }, 120_000);
});
