// Why a subscription refused a change, told from its state: the service's one refusal
// (AlreadyCanceledSubscription) covers a subscription that has ended and one that ends with its
// period, and only the second can be resumed. Advice must lead somewhere (issue 24): the
// subscription is read to say which, and what can be done.
import { ApiError } from '../../../errors.js';
import type { Context } from '../../context.js';
import { day } from '../shared.js';
import { type StateRule, stateError } from '../state-errors.js';
import { findSubscription } from './get.js';

const ENDED = new Set(['canceled', 'incomplete_expired']);

/**
 * `err` as a state error (exit 7) saying what state the subscription is in and the way forward
 * from there, for the change refused: a cancellation (at period end) or a price change.
 */
export async function subscriptionRefusal(
  err: unknown,
  ctx: Context,
  id: string,
  mine: boolean,
  refused: 'cancel' | 'change-price',
): Promise<unknown> {
  const change = refused === 'cancel' ? 'cancel it' : 'change its price';
  if (!(err instanceof ApiError) || err.code !== 'AlreadyCanceledSubscription') return err;
  const sub = await findSubscription({ id, mine }, ctx).catch(() => undefined);
  let rule: StateRule;
  if (!sub) {
    rule = {
      code: err.code,
      message: `subscription ${id} has ended, or ends with its period: cannot ${change}`,
      hint: `See which: billing subs get ${id}${mine ? ' --mine' : ''}`,
    };
  } else if (ENDED.has(String(sub.status)) || sub.ended_at) {
    rule = {
      code: err.code,
      message: `subscription ${id} has ended (${String(sub.status)}): cannot ${change}`,
      hint: 'An ended subscription cannot come back; the customer can buy again through a new checkout: billing checkout create --help',
    };
  } else {
    const ends = day(sub.ends_at ?? sub.current_period_end);
    const resume = `billing subs resume ${id}${mine ? ' --mine' : ''}`;
    rule =
      refused === 'cancel'
        ? {
            code: err.code,
            message: `subscription ${id} is already canceled: it ends with its period${ends ? ` (${ends})` : ''}`,
            hint: mine
              ? `To keep it after all: ${resume}`
              : `To end it now instead: billing subs cancel ${id} --now --yes; to keep it: ${resume}`,
          }
        : {
            code: err.code,
            message: `subscription ${id} ends with its period${ends ? ` (${ends})` : ''}: cannot ${change}`,
            hint: `Resume it first: ${resume}`,
          };
  }
  return stateError(err, [rule]);
}
