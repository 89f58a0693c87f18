// billing subs cancel <id> → PATCH /v1/subscriptions/{id} (or the customer portal's) with the
// cancellation form of the body (api-facts "Request bodies").

import { Option } from '@commander-js/extra-typings';
import type { CancellationReason } from '../../../api/enums.js';
import { UsageError } from '../../../errors.js';
import { CANCELLATION_REASONS } from '../../../shared/api-facts.js';
import type { Context } from '../../context.js';
import { uuid } from '../../input.js';
import { day, done, isMine, outputOf, withMine, withOutput } from '../shared.js';
import { type OneResource, printOne, resources, verb } from '../verb.js';
import { SUBSCRIPTION_CARD } from './columns.js';
import { subscriptionRefusal } from './refused.js';

export interface CancelOptions extends OneResource {
  /** End it at once (revoke, seller only) instead of at the end of the period. */
  now: boolean;
  /** --yes: no question before ending it now. */
  yes: boolean;
  reason?: CancellationReason;
  comment?: string;
  asCustomer: boolean;
}

export async function runCancel(opts: CancelOptions, ctx: Context): Promise<void> {
  const { id } = opts;
  if (opts.now) {
    const { confirmEndNow } = await import('./revoke.js');
    await confirmEndNow(
      ctx,
      id,
      Boolean(opts.yes),
      'subs cancel --now ends the subscription at once',
    );
  }
  const { subscriptions, client } = await resources(ctx, opts.asCustomer ? 'customer' : 'seller');
  const updated = await (opts.asCustomer
    ? subscriptions.updateCustomerPortal(client, id, {
        cancel_at_period_end: true,
        cancellation_reason: opts.reason ?? null,
        cancellation_comment: opts.comment ?? null,
      })
    : subscriptions.update(client, id, {
        ...(opts.now ? { revoke: true as const } : { cancel_at_period_end: true }),
        customer_cancellation_reason: opts.reason ?? null,
        customer_cancellation_comment: opts.comment ?? null,
      })
  ).catch(async (err: unknown) => {
    throw await subscriptionRefusal(err, ctx, id, opts.asCustomer, 'cancel');
  });
  await printOne(ctx, opts.output, SUBSCRIPTION_CARD, updated);
  const ends = day(updated.ends_at ?? updated.current_period_end);
  await done(
    ctx,
    opts.now
      ? `Subscription ${id} has ended.`
      : `Subscription ${id} will end with its current period${ends ? ` (${ends})` : ''}.`,
  );
}

export const buildCancel = verb(runCancel, {
  command: (parent) =>
    withOutput(
      withMine(
        parent
          .command('cancel')
          .summary('cancel a subscription at the end of its period (or now)')
          .description(
            'Cancel a subscription when its current period ends; --now ends it at once ' +
              '(seller only). Undo a cancellation at period end with `billing subs resume`.',
          )
          .argument('<id>', 'subscription id (UUID)')
          .option('--now', 'end the subscription immediately (revoke) instead of at period end')
          .option(
            '-y, --yes',
            'do not ask before ending it now (needed for --now without a terminal)',
          )
          .addOption(
            new Option('--reason <reason>', 'why the customer leaves').choices(
              CANCELLATION_REASONS,
            ),
          )
          .option('--comment <text>', "the customer's own words"),
        "the customer's own subscription, through the customer portal",
      ),
      'SUBSCRIPTION',
    ),
  options: (id, opts) => {
    const subscriptionId = uuid('subscription id', id);
    if (isMine(opts) && opts.now) {
      throw new UsageError('--now is for the seller; customers cancel at the end of the period');
    }
    if (opts.comment !== undefined && opts.comment.length > 1000) {
      throw new UsageError('--comment: at most 1000 characters');
    }
    return {
      id: subscriptionId,
      now: Boolean(opts.now),
      yes: Boolean(opts.yes),
      reason: opts.reason,
      comment: opts.comment,
      asCustomer: isMine(opts),
      output: outputOf(opts),
    };
  },
  examples: [
    'billing subs cancel <subscription-id> --reason too_expensive',
    'billing subs cancel <subscription-id> --now --yes',
    'billing subs cancel <subscription-id> --mine --comment "Moving to a team plan"',
  ],
});
