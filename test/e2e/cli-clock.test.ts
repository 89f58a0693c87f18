// `billing clock` end to end: advancing a year renews every running demo subscription once per
// period, and the renewal orders appear in `billing orders list --type recurring`.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Json, ndjson, type Suite, startSuite } from './cli.js';

let s: Suite;

beforeAll(async () => {
  s = await startSuite();
});
afterAll(() => s.svc.stop());

const recurringOrders = async () => {
  const r = await s.run(['orders', 'list', '--type', 'recurring', '--all', '-o', 'ndjson']);
  expect(r.code, r.stderr).toBe(0);
  return ndjson(r.stdout);
};

describe('billing clock', () => {
  it('show: the clock at real time, no offset', async () => {
    const r = await s.run(['clock', '--json']);
    expect(r.code, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout)).toMatchObject({ offset_seconds: 0 });
  });

  it('advance 1y: twelve renewals per running monthly subscription, seen in orders list', async () => {
    const subs: Json[] = (await s.call('GET', '/v1/subscriptions/?limit=100&active=true')).items;
    const monthly = subs.filter((x) => x.recurring_interval === 'month' && !x.cancel_at_period_end);
    expect(monthly.length).toBeGreaterThan(0);
    const before = await recurringOrders();
    const r = await s.run(['clock', 'advance', '1y', '--json']);
    expect(r.code, r.stderr).toBe(0);
    const moved = JSON.parse(r.stdout);
    expect(moved.offset_seconds).toBe(365 * 86_400);
    const after = await recurringOrders();
    const cycles = after.filter((o) => o.billing_reason === 'subscription_cycle');
    // The clock renews every organization's subscriptions; the token sees its own.
    const own = new Set(
      ((await s.call('GET', '/v1/subscriptions/?limit=100')).items as Json[]).map((x) => x.id),
    );
    const ownRenewals = moved.processed.renewals.filter((x: Json) => own.has(x.subscription_id));
    expect(after.length - before.length).toBe(ownRenewals.length);
    expect(new Set(cycles.map((o) => o.id))).toEqual(
      new Set([
        ...before.filter((o) => o.billing_reason === 'subscription_cycle').map((o) => o.id),
        ...ownRenewals.map((x: Json) => x.order_id),
      ]),
    );
    for (const sub of monthly) {
      const renewals = cycles.filter((o) => o.subscription_id === sub.id);
      // A year from now crosses twelve period ends (or thirteen when one is due within days).
      expect(renewals.length, sub.id).toBeGreaterThanOrEqual(12);
      expect(renewals.length, sub.id).toBeLessThanOrEqual(13);
    }
  });

  it("advance 1mo is a calendar month from the clock's date (Jan 31 → Feb 28), 1y a calendar year", async () => {
    const set = await s.run(['clock', 'set', '2027-01-31T09:30:00Z', '--json']);
    expect(set.code, set.stderr).toBe(0);
    const month = await s.run(['clock', 'advance', '1mo', '--json']);
    expect(month.code, month.stderr).toBe(0);
    expect(month.stderr).toBe('');
    // The clock runs on between the calls: the date and the time to the minute are the month's.
    expect(JSON.parse(month.stdout).now).toMatch(/^2027-02-28T09:3\d:/);
    const year = await s.run(['clock', 'advance', '1y', '--json']);
    expect(JSON.parse(year.stdout).now).toMatch(/^2028-02-28T09:3\d:/);
    const minute = await s.run(['clock', 'advance', '1m', '--json']);
    expect(minute.code, minute.stderr).toBe(0);
    expect(minute.stderr).toBe('Note: m is minutes (1m is 1 min); for months write mo, e.g. 1mo\n');
    expect(JSON.parse(minute.stdout).now).toMatch(/^2028-02-28T09:3\d:/);
    expect((await s.run(['clock', 'reset'])).code).toBe(0);
  });

  it('the TSV lines count what was processed; reset puts the clock back', async () => {
    const r = await s.run(['clock', 'advance', '31d']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toMatch(
      /^now\t\S+\noffset_seconds\t\d+\nprocessed\.checkouts_expired\t\d+\nprocessed\.renewals\t\d+\nprocessed\.subscriptions_ended\t\d+\n$/,
    );
    const reset = await s.run(['clock', 'reset', '--json']);
    expect(JSON.parse(reset.stdout)).toMatchObject({ offset_seconds: 0 });
  });
});
