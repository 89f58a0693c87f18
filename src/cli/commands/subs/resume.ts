// billing subs resume <id> → PATCH /v1/subscriptions/{id} (or the customer portal's) with
// cancel_at_period_end false: undoes a cancellation at period end.

import type { Context } from '../../context.js';
import { uuid } from '../../input.js';
import { day, done, isMine, outputOf, withMine, withOutput } from '../shared.js';
import { stateError } from '../state-errors.js';
import { type OneResource, printOne, resources, verb } from '../verb.js';
import { SUBSCRIPTION_CARD } from './columns.js';

export interface ResumeOptions extends OneResource {
  asCustomer: boolean;
}

export async function runResume(opts: ResumeOptions, ctx: Context): Promise<void> {
  const { id } = opts;
  const body = { cancel_at_period_end: false };
  const { subscriptions, client } = await resources(ctx, opts.asCustomer ? 'customer' : 'seller');
  const updated = await (opts.asCustomer
    ? subscriptions.updateCustomerPortal(client, id, body)
    : subscriptions.update(client, id, body)
  ).catch((err: unknown) => {
    // The server's refusal speaks of canceling; for resume the truth is that it has ended.
    throw stateError(err, [
      {
        code: 'AlreadyCanceledSubscription',
        message: `subscription ${id} has already ended; only a cancellation at period end can be undone`,
      },
    ]);
  });
  await printOne(ctx, opts.output, SUBSCRIPTION_CARD, updated);
  const renews = day(updated.current_period_end);
  await done(ctx, `Subscription ${id} continues${renews ? `; it renews on ${renews}` : ''}.`);
}

export const buildResume = verb(runResume, {
  command: (parent) =>
    withOutput(
      withMine(
        parent
          .command('resume')
          .summary('undo a cancellation at period end')
          .argument('<id>', 'subscription id (UUID)'),
        "the customer's own subscription, through the customer portal",
      ),
      'SUBSCRIPTION',
    ),
  options: (id, opts) => ({
    id: uuid('subscription id', id),
    asCustomer: isMine(opts),
    output: outputOf(opts),
  }),
  examples: ['billing subs resume <subscription-id>'],
});
