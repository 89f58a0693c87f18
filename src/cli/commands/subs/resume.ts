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
    // The real service: an ended subscription is gone (410; an older answer: already
    // canceled), one not set to end has nothing to resume (400).
    const ended = {
      message: `subscription ${id} has ended; only a cancellation at period end can be undone`,
      hint: 'An ended subscription cannot come back; the customer can buy again through a new checkout: billing checkout create --help',
    };
    throw stateError(err, [
      { code: 'ResourceUnavailable', ...ended },
      { code: 'AlreadyCanceledSubscription', ...ended },
      {
        // The bare one uncancel raises; another 400 says what it is about itself.
        code: 'BadRequest',
        detail: /^bad request$/i,
        message: `subscription ${id} is not set to end: there is nothing to resume`,
        hint: `See it with: billing subs get ${id}${opts.asCustomer ? ' --mine' : ''}`,
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
