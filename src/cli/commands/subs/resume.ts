// billing subs resume <id> → PATCH /v1/subscriptions/{id} (or the customer portal's) with
// cancel_at_period_end false: undoes a cancellation at period end.

import type { Command } from '@commander-js/extra-typings';
import { SUBSCRIPTION } from '../../../api/fields.js';
import type { Context, OutputOptions } from '../../context.js';
import { uuid } from '../../input.js';
import { day, done, examples, outputOf, type RunF, withOutput } from '../shared.js';
import { stateError } from '../state-errors.js';
import { SUBSCRIPTION_CARD } from './columns.js';

export interface ResumeOptions {
  id: string;
  asCustomer: boolean;
  output: OutputOptions;
}

export function buildResume(parent: Command, ctx: Context, runF: RunF<ResumeOptions> = runResume) {
  const cmd = withOutput(
    parent
      .command('resume')
      .summary('undo a cancellation at period end')
      .argument('<id>', 'subscription id (UUID)')
      .option('--as-customer', 'act as the customer, through the customer portal'),
    SUBSCRIPTION,
  );
  cmd.addHelpText('after', examples('billing subs resume <subscription-id>'));
  cmd.action((id, opts) =>
    runF(
      {
        id: uuid('subscription id', id),
        asCustomer: Boolean(opts.asCustomer),
        output: outputOf(opts),
      },
      ctx,
    ),
  );
  return cmd;
}

export async function runResume(opts: ResumeOptions, ctx: Context): Promise<void> {
  const { id } = opts;
  const { subscriptions } = await import('../../../api/index.js');
  const body = { cancel_at_period_end: false };
  const updated = await (opts.asCustomer
    ? subscriptions.updateCustomerPortal(await ctx.api('customer'), id, body)
    : subscriptions.update(await ctx.api('seller'), id, body)
  ).catch((err: unknown) => {
    // The server's refusal speaks of canceling; for resume the truth is that it has ended.
    throw stateError(err, [
      {
        code: 'AlreadyCanceledSubscription',
        message: `subscription ${id} has already ended; only a cancellation at period end can be undone`,
      },
    ]);
  });
  await (await ctx.printer(opts.output, SUBSCRIPTION_CARD)).printOne(updated, SUBSCRIPTION_CARD);
  const renews = day(updated.current_period_end);
  await done(ctx, `Subscription ${id} continues${renews ? `; it renews on ${renews}` : ''}.`);
}
