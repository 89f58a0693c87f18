// billing subs revoke <id> → DELETE /v1/subscriptions/{id}: ends it now, benefits revoked.

import type { Context } from '../../context.js';
import { uuid } from '../../input.js';
import { done, outputOf, withOutput } from '../shared.js';
import { stateError } from '../state-errors.js';
import { type OneResource, printOne, resources, verb } from '../verb.js';
import { SUBSCRIPTION_CARD } from './columns.js';

export interface RevokeOptions extends OneResource {
  /** --yes: no question first. */
  yes: boolean;
}

/**
 * Asks before a subscription ends at once, naming whose it is and of what (issue 24): the
 * subscription is read first on a terminal (an unknown one ends here, nothing asked). `--yes`
 * answers; without a terminal the action is refused naming --yes.
 */
export async function confirmEndNow(
  ctx: Context,
  id: string,
  yes: boolean,
  action: string,
): Promise<void> {
  if (yes) return;
  const { canPrompt, confirmDestructive } = await import('../../io/prompt.js');
  let what = `subscription ${id}`;
  if (canPrompt(ctx)) {
    const { findSubscription } = await import('./get.js');
    const sub = await findSubscription({ id, mine: false }, ctx);
    const email = (sub.customer as { email?: unknown } | undefined)?.email;
    const product = (sub.product as { name?: unknown } | undefined)?.name;
    if (typeof email === 'string' && typeof product === 'string') {
      what = `${email}'s ${product} subscription (${id})`;
    } else if (typeof email === 'string' || typeof product === 'string') {
      what = `the ${String(product ?? email)} subscription ${id}`;
    }
  }
  await confirmDestructive(ctx, {
    yes,
    question: `End ${what} now? Its benefits are revoked at once.`,
    action,
  });
}

export async function runRevoke(opts: RevokeOptions, ctx: Context): Promise<void> {
  const { id } = opts;
  await confirmEndNow(ctx, id, opts.yes, 'subs revoke ends the subscription at once');
  const { subscriptions, client } = await resources(ctx, 'seller');
  const ended = await subscriptions.revoke(client, id).catch((err: unknown) => {
    throw stateError(err, [
      {
        code: 'AlreadyCanceledSubscription',
        message: `subscription ${id} has already ended`,
        hint: `See it with: billing subs get ${id}`,
      },
    ]);
  });
  await printOne(ctx, opts.output, SUBSCRIPTION_CARD, ended);
  await done(ctx, `Subscription ${id} has ended.`);
}

export const buildRevoke = verb(runRevoke, {
  command: (parent) =>
    withOutput(
      parent
        .command('revoke')
        .summary('end a subscription now')
        .description(
          'End a subscription at once: its benefits are revoked and it is not renewed. Asks ' +
            'first on a terminal; scripts must pass --yes. The same as `subs cancel --now`; ' +
            'to let it run to the end of its period, use `subs cancel`.',
        )
        .argument('<id>', 'subscription id (UUID)')
        .option('-y, --yes', 'do not ask (needed without a terminal)'),
      'SUBSCRIPTION',
    ),
  options: (id, opts) => ({
    id: uuid('subscription id', id),
    yes: Boolean(opts.yes),
    output: outputOf(opts),
  }),
  examples: [
    'billing subs revoke <subscription-id>',
    'billing subs revoke <subscription-id> --yes --json',
  ],
});
