// billing subs cancel|resume <id> → PATCH /v1/subscriptions/{id} (or the customer portal's)
// with the cancellation form of the body (api-facts "Request bodies").

import { type Command, Option } from '@commander-js/extra-typings';
import { SUBSCRIPTION } from '../../../api/fields.js';
import { UsageError } from '../../../errors.js';
import { CANCELLATION_REASONS } from '../../../shared/api-facts.js';
import type { Context } from '../../context.js';
import { uuid } from '../../input.js';
import type { OutputOptions } from '../../session.js';
import { day, done, examples, session, withOutput } from '../shared.js';
import { stateError } from '../state-errors.js';
import { SUBSCRIPTION_CARD } from './columns.js';

type Reason = (typeof CANCELLATION_REASONS)[number];

interface CancelOptions extends OutputOptions {
  now?: boolean;
  yes?: boolean;
  reason?: Reason;
  comment?: string;
  asCustomer?: boolean;
}

export function buildCancel(parent: Command, ctx: Context) {
  const cmd = parent
    .command('cancel')
    .summary('cancel a subscription at the end of its period (or now)')
    .description(
      'Cancel a subscription when its current period ends; --now ends it at once ' +
        '(seller only). Undo a cancellation at period end with `billing subs resume`.',
    )
    .argument('<id>', 'subscription id (UUID)')
    .option('--now', 'end the subscription immediately (revoke) instead of at period end')
    .option('-y, --yes', 'do not ask before ending it now (needed for --now without a terminal)')
    .addOption(
      new Option('--reason <reason>', 'why the customer leaves').choices(CANCELLATION_REASONS),
    )
    .option('--comment <text>', "the customer's own words")
    .option('--as-customer', 'act as the customer, through the customer portal');
  withOutput(cmd, SUBSCRIPTION);
  cmd.addHelpText(
    'after',
    examples(
      'billing subs cancel <subscription-id> --reason too_expensive',
      'billing subs cancel <subscription-id> --now --yes',
      'billing subs cancel <subscription-id> --as-customer --comment "Moving to a team plan"',
    ),
  );
  cmd.action(async (id, raw) => {
    const opts = raw as CancelOptions;
    const subscriptionId = uuid('subscription id', id);
    if (opts.asCustomer && opts.now) {
      throw new UsageError('--now is for the seller; customers cancel at the end of the period');
    }
    if (opts.comment !== undefined && opts.comment.length > 1000) {
      throw new UsageError('--comment: at most 1000 characters');
    }
    if (opts.now) {
      const { confirmDestructive } = await import('../../io/prompt.js');
      await confirmDestructive(ctx, {
        yes: opts.yes,
        question: `End subscription ${subscriptionId} now? Its benefits are revoked at once.`,
        action: 'subs cancel --now ends the subscription at once',
      });
    }
    const s = session(ctx, cmd);
    const { subscriptions } = await import('../../../api/index.js');
    const updated = await (opts.asCustomer
      ? subscriptions.updateCustomerPortal(await s.api('customer'), subscriptionId, {
          cancel_at_period_end: true,
          cancellation_reason: opts.reason ?? null,
          cancellation_comment: opts.comment ?? null,
        })
      : subscriptions.update(await s.api('seller'), subscriptionId, {
          ...(opts.now ? { revoke: true as const } : { cancel_at_period_end: true }),
          customer_cancellation_reason: opts.reason ?? null,
          customer_cancellation_comment: opts.comment ?? null,
        })
    ).catch((err: unknown) => {
      throw stateError(err, [
        {
          code: 'AlreadyCanceledSubscription',
          message: `subscription ${subscriptionId} is already canceled, or already ends with its period`,
          hint: `To undo a cancellation at period end: billing subs resume ${subscriptionId}`,
        },
      ]);
    });
    await (await s.printer(opts, SUBSCRIPTION_CARD)).printOne(updated, SUBSCRIPTION_CARD);
    const ends = day(updated.ends_at ?? updated.current_period_end);
    await done(
      ctx,
      opts.now
        ? `Subscription ${subscriptionId} has ended.`
        : `Subscription ${subscriptionId} will end with its current period${ends ? ` (${ends})` : ''}.`,
    );
  });
  return cmd;
}

export function buildResume(parent: Command, ctx: Context) {
  const cmd = parent
    .command('resume')
    .summary('undo a cancellation at period end')
    .argument('<id>', 'subscription id (UUID)')
    .option('--as-customer', 'act as the customer, through the customer portal');
  withOutput(cmd, SUBSCRIPTION);
  cmd.addHelpText('after', examples('billing subs resume <subscription-id>'));
  cmd.action(async (id, raw) => {
    const opts = raw as OutputOptions & { asCustomer?: boolean };
    const subscriptionId = uuid('subscription id', id);
    const s = session(ctx, cmd);
    const { subscriptions } = await import('../../../api/index.js');
    const body = { cancel_at_period_end: false };
    const updated = await (opts.asCustomer
      ? subscriptions.updateCustomerPortal(await s.api('customer'), subscriptionId, body)
      : subscriptions.update(await s.api('seller'), subscriptionId, body)
    ).catch((err: unknown) => {
      // The server's refusal speaks of canceling; for resume the truth is that it has ended.
      throw stateError(err, [
        {
          code: 'AlreadyCanceledSubscription',
          message: `subscription ${subscriptionId} has already ended; only a cancellation at period end can be undone`,
        },
      ]);
    });
    await (await s.printer(opts, SUBSCRIPTION_CARD)).printOne(updated, SUBSCRIPTION_CARD);
    const renews = day(updated.current_period_end);
    await done(
      ctx,
      `Subscription ${subscriptionId} continues${renews ? `; it renews on ${renews}` : ''}.`,
    );
  });
  return cmd;
}
