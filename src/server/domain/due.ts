// What falls due when the service clock moves forward (POST /__local/clock), in time order: open
// checkouts past expires_at expire; trialing and active subscriptions renew at their period's end
// (an order, the period moved one interval), or end there when set to cancel at the period's end.
// Each item is one transaction, run with the clock standing at the item's due time, that moves its
// due time (a new period, a status) and the clock with it: killed half-way, nothing is processed
// twice, and the next move forward goes on from there. A move does a bounded amount of work
// (issue 23: a century is thousands of renewals), yielding the event loop every few milliseconds
// so that other requests are answered meanwhile; what it did not get to is left for the next move,
// with the clock standing where the work got to.
import { SUBSCRIPTION_ACTIVE_STATUSES } from '../../shared/api-facts.js';
import type { DiscountRow, SubscriptionRow } from '../store/rows.js';
import { revokeBenefitGrants } from './benefit-grants.js';
import { cycle, finalCharge, resumeAt } from './subscription-cycle.js';
import type { Deps, Work } from './work.js';

/** What a move of the clock processed, each kind in time order. */
export interface Processed {
  checkouts_expired: { id: string; at: string }[];
  renewals: { subscription_id: string; order_id: string; at: string }[];
  subscriptions_ended: { id: string; at: string }[];
}

/** How much one move does: whichever of its item and time caps comes first. */
export interface DueLimits {
  /** Items one move takes up at most; the rest is left for the next. */
  maxItems: number;
  /** Time one move spends at most (ms, from its start): past it, no further item is taken. */
  budgetMs: number;
  /** Work between two yields of the event loop, in ms. */
  sliceMs: number;
}

/**
 * A few thousand items per request, a few seconds at most (a renewal takes ~0.4 ms on a laptop;
 * a century of the demo's is ~14 000 of them), in slices short enough that the API keeps
 * answering meanwhile. A year of the demo's (~200) is one request.
 */
export const DUE_LIMITS: DueLimits = { maxItems: 5000, budgetMs: 5000, sliceMs: 10 };

export interface DueOutcome {
  processed: Processed;
  /**
   * Checkouts and subscriptions with something still due by `until` that this move did not get
   * to (0: the move is complete). A subscription counts once however many periods it has left.
   */
  remaining: number;
}

interface Due {
  /** Epoch ms. */
  at: number;
  kind: 'checkout' | 'subscription';
  id: string;
}

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * Processes what is due after the clock's now up to `until`, as much as `limits` allow (at
 * least one item); the clock ends at the last item's time (the caller moves it on to `until`
 * when nothing remains). Other requests run between slices: each item is checked again when its
 * turn comes.
 */
export async function processDue(
  deps: Deps,
  until: Date,
  limits: DueLimits = DUE_LIMITS,
): Promise<DueOutcome> {
  const { store, clock } = deps;
  const processed: Processed = { checkouts_expired: [], renewals: [], subscriptions_ended: [] };
  const from = clock.now().getTime();
  const end = until.getTime();
  if (end <= from) return { processed, remaining: 0 };
  const queue = new DueQueue();
  const iso = until.toISOString();
  const fill = () => {
    for (const c of store.checkouts.openExpiringBy(iso))
      queue.push({ at: Date.parse(c.expires_at), kind: 'checkout', id: c.id });
    for (const s of store.subscriptions.dueBy(iso))
      queue.push({ at: Date.parse(s.current_period_end!), kind: 'subscription', id: s.id });
    for (const s of store.subscriptions.resumingBy(iso))
      queue.push({ at: Date.parse(s.resumes_at!), kind: 'subscription', id: s.id });
  };
  fill();
  let taken = 0;
  const started = performance.now();
  let slice = started;
  /** Whether other requests may have run since the queue was filled. */
  let yielded = false;
  let committed = clock.offsetMs;
  try {
    for (;;) {
      let due = queue.pop();
      // Emptied after other requests ran: what they made due on the way (a subscription bought
      // meanwhile) is found now, with no turn given away before the caller's final move.
      if (!due && yielded) {
        yielded = false;
        fill();
        due = queue.pop();
      }
      if (!due) break;
      if (taken >= limits.maxItems || performance.now() - started >= limits.budgetMs) {
        queue.push(due);
        break;
      }
      taken++;
      const item = due;
      const next = store.tx((tx) =>
        clock.at(new Date(item.at), () => {
          const out = processOne({ store, clock, tx }, item, processed);
          // Items that fell due before this move (wall time passes too) leave the clock be.
          clock.setOffset(clock.offsetTo(new Date(Math.max(item.at, from))));
          return out;
        }),
      );
      committed = clock.offsetMs;
      if (next !== undefined && next <= end) queue.push({ ...item, at: next });
      if (performance.now() - slice >= limits.sliceMs) {
        await nextTurn();
        yielded = true;
        slice = performance.now();
      }
    }
  } catch (err) {
    // The failed item's transaction was rolled back, its move of the clock with it.
    clock.setOffset(committed);
    throw err;
  }
  return { processed, remaining: queue.size };
}

/** Processes one item if it is still due at its time; returns when it is due next, if ever. */
function processOne(w: Work, due: Due, processed: Processed): number | undefined {
  const at = new Date(due.at).toISOString();
  if (due.kind === 'checkout') {
    const row = w.store.row('checkouts', due.id);
    if (row?.status !== 'open' || Date.parse(row.expires_at) !== due.at) return undefined;
    // No event in the seed's generation: the real expiry job was one bulk UPDATE (checkout/
    // service.py expire_open_checkouts at f179ede58c), which sent no webhook. Today's sends
    // checkout.expired (checkout/tasks.py at c6c3645e), which only today's endpoints receive.
    w.store.checkouts.markExpired(row.id, at);
    w.tx.emit({ type: 'checkout.expired', id: row.id });
    processed.checkouts_expired.push({ id: row.id, at });
    return undefined;
  }
  const sub = w.store.row('subscriptions', due.id);
  // Today's pause ends at its resumes_at (subscription.resume at c6c3645e): a renewal from then.
  if (sub?.status === 'paused') {
    if (sub.resumes_at == null || Date.parse(sub.resumes_at) !== due.at) return undefined;
    const orderId = resumeAt(w, sub, at);
    processed.renewals.push({ subscription_id: sub.id, order_id: orderId, at });
    return Date.parse(w.store.row('subscriptions', sub.id)!.current_period_end!);
  }
  if (
    !sub ||
    !(SUBSCRIPTION_ACTIVE_STATUSES as readonly string[]).includes(sub.status) ||
    sub.ended_at != null ||
    sub.current_period_end == null ||
    Date.parse(sub.current_period_end) !== due.at
  )
    return undefined;
  if (sub.cancel_at_period_end === 1) {
    endSubscription(w, sub, at);
    processed.subscriptions_ended.push({ id: sub.id, at });
    return undefined;
  }
  // subscription/service.py `cycle` (subscription-cycle.ts): a renewal, or the pause it was set
  // to make at the period's end (due again when it resumes by itself).
  const renewed = cycle(w, sub, at);
  if (!renewed.orderId) {
    const resumes = w.store.row('subscriptions', sub.id)!.resumes_at;
    return resumes ? Date.parse(resumes) : undefined;
  }
  processed.renewals.push({ subscription_id: sub.id, order_id: renewed.orderId, at });
  return Date.parse(renewed.periodEnd!);
}

/**
 * The end of a subscription set to cancel at its period's end. The real service (polar
 * ef797eea: the payment processor's deletion through update_subscription_from_stripe and
 * _after_subscription_updated) sends `subscription.updated` and `subscription.revoked` — no
 * second `subscription.canceled`, the cancellation was announced when it was asked for — and
 * revokes the benefits it granted (`benefit_grant.revoked` each, license keys revoked).
 */
function endSubscription(w: Work, sub: SubscriptionRow, at: string): void {
  w.store.subscriptions.end(sub.id, at);
  w.tx.emit({ type: 'subscription.updated', id: sub.id });
  w.tx.emit({ type: 'subscription.revoked', id: sub.id });
  revokeBenefitGrants(w, sub.id, at);
  // Then the last period's usage, as the real cycle's order job bills it (issue 27).
  finalCharge(w, sub, at);
}

/**
 * Whether a discount still applies to the period starting at `periodStart` (the real service's
 * Discount.is_repetition_expired): `once` to the first period only, `forever` to all, `repeating`
 * to those starting within duration_in_months − 1 calendar months of the first.
 */
export function discountApplies(d: DiscountRow, appliedAt: Date, periodStart: Date): boolean {
  if (d.duration === 'once') return periodStart.getTime() <= appliedAt.getTime();
  if (d.duration === 'forever' || d.duration_in_months == null) return true;
  const last = addMonths(appliedAt, d.duration_in_months - 1, appliedAt.getUTCDate());
  return periodStart.getTime() <= last.getTime();
}

const lastDayOfMonth = (year: number, month: number) =>
  new Date(Date.UTC(year, month + 1, 0)).getUTCDate();

/** `months` calendar months later on `anchorDay`, or the month's last day when it is shorter. */
function addMonths(from: Date, months: number, anchorDay: number): Date {
  const d = new Date(from);
  const year = from.getUTCFullYear();
  const month = from.getUTCMonth() + months;
  d.setUTCFullYear(year, month, Math.min(anchorDay, lastDayOfMonth(year, month)));
  return d;
}

/** One interval after `from`, on its day of the month or the month's last (Jan 31 → Feb 28). */
export function periodEnd(from: Date, interval: string, count = 1): Date {
  return nextPeriod(from, interval, count, from.getUTCDate());
}

/**
 * RecurringInterval.get_next_period (enums.py at c6c3645e): `count` days or weeks on, or months
 * or years on the anchor day (the month's last when it is shorter).
 */
export function nextPeriod(from: Date, interval: string, count: number, anchorDay: number): Date {
  if (interval === 'day' || interval === 'week') {
    const d = new Date(from);
    d.setUTCDate(d.getUTCDate() + count * (interval === 'week' ? 7 : 1));
    return d;
  }
  return addMonths(from, (interval === 'year' ? 12 : 1) * count, anchorDay);
}

/**
 * The end of the period after the current one, one interval on, at the same time of day, on the
 * billing day of the month (the real service's RecurringInterval.get_next_period with its
 * anchor_day): the current end's day, unless a shorter month cut it (a period Jan 31 → Feb 28
 * goes on to Mar 31). A trial's end sets the day, as there.
 */
export function nextPeriodEnd(sub: SubscriptionRow, currentEnd: Date): Date {
  const start = new Date(sub.current_period_start);
  const endDay = currentEnd.getUTCDate();
  const cut =
    sub.status !== 'trialing' &&
    endDay === lastDayOfMonth(currentEnd.getUTCFullYear(), currentEnd.getUTCMonth()) &&
    start.getUTCDate() > endDay;
  const anchorDay = cut ? start.getUTCDate() : endDay;
  return nextPeriod(
    currentEnd,
    sub.recurring_interval,
    sub.recurring_interval_count ?? 1,
    anchorDay,
  );
}

/** A binary min-heap of what is due: by time, checkouts before subscriptions, then by id. */
class DueQueue {
  private readonly items: Due[] = [];

  private static before(a: Due, b: Due): boolean {
    if (a.at !== b.at) return a.at < b.at;
    if (a.kind !== b.kind) return a.kind === 'checkout';
    return a.id < b.id;
  }

  get size(): number {
    return this.items.length;
  }

  push(item: Due): void {
    const items = this.items;
    items.push(item);
    let i = items.length - 1;
    while (i > 0) {
      const parent = (i - 1) >> 1;
      if (!DueQueue.before(items[i]!, items[parent]!)) break;
      [items[i], items[parent]] = [items[parent]!, items[i]!];
      i = parent;
    }
  }

  pop(): Due | undefined {
    const items = this.items;
    const top = items[0];
    const last = items.pop();
    if (items.length && last) {
      items[0] = last;
      let i = 0;
      for (;;) {
        const l = 2 * i + 1;
        const r = l + 1;
        let min = i;
        if (l < items.length && DueQueue.before(items[l]!, items[min]!)) min = l;
        if (r < items.length && DueQueue.before(items[r]!, items[min]!)) min = r;
        if (min === i) break;
        [items[i], items[min]] = [items[min]!, items[i]!];
        i = min;
      }
    }
    return top;
  }
}
