// billing orders refund <order-id> → GET /v1/orders/{id}, then POST /v1/refunds/ (today's API
// only): refunds part or all of what is left of an order, to the customer's payment method.

import { Option } from '@commander-js/extra-typings';
import { REFUND_REASONS, type RefundCreate } from '../../../api/refunds.js';
import { ApiError } from '../../../errors.js';
import type { Context } from '../../context.js';
import { amount, uuid } from '../../input.js';
import { money } from '../../io/humanize.js';
import { REFUND_CARD } from '../refunds/columns.js';
import { done, outputOf, withOutput } from '../shared.js';
import { stateError } from '../state-errors.js';
import { type OneResource, printOne, resources, verb } from '../verb.js';

export type RefundReason = (typeof REFUND_REASONS)[number];

export interface RefundOptions extends OneResource {
  /** Minor units, before tax; undefined: what is left to refund. */
  amount?: number;
  reason: RefundReason;
  comment?: string;
  revokeBenefits: boolean;
  /** --yes: no question first. */
  yes: boolean;
}

/** What the CLI reads of today's order to refund it. */
interface Refundable {
  currency?: unknown;
  status?: unknown;
  net_amount?: unknown;
  refundable_amount?: unknown;
  customer?: { email?: unknown; name?: unknown };
}

const text = (v: unknown) => (typeof v === 'string' ? v : undefined);

export async function runRefund(opts: RefundOptions, ctx: Context): Promise<void> {
  const { id } = opts;
  const { orders, refunds, client } = await resources(ctx, 'seller');
  client.needsToday('refunds');
  const order = (await orders.get(client, id)) as Refundable;
  const currency = text(order.currency) ?? 'usd';
  const left = typeof order.refundable_amount === 'number' ? order.refundable_amount : 0;
  const show = (cents: number) => money(cents, currency);
  if (opts.amount === undefined && left <= 0) {
    // What the service would answer (RefundedAlready), said before anything is sent.
    throw new ApiError(403, `order ${id} is already fully refunded`, {
      code: 'RefundedAlready',
      refusedByState: true,
      hint: `See its refunds with: billing refunds list --order ${id}`,
    });
  }
  const refund = opts.amount ?? left;
  const { createMessenger } = await import('../../io/index.js');
  if (opts.amount === undefined) {
    const net = typeof order.net_amount === 'number' ? order.net_amount : left;
    const of = left === net ? 'the whole order' : `what is left of ${show(net)}`;
    createMessenger(ctx.io).info(`No --amount: refunding ${show(left)}, ${of}.`);
  }
  const email = text(order.customer?.email);
  const to = email ? ` to ${email}` : '';
  const { confirmDestructive } = await import('../../io/prompt.js');
  await confirmDestructive(ctx, {
    yes: opts.yes,
    question:
      `Refund ${show(refund)} of order ${id}${to}? ` +
      (opts.revokeBenefits ? 'The benefits it granted are revoked. ' : '') +
      'A refund cannot be undone.',
    action: 'orders refund sends money back',
  });
  const body: RefundCreate = {
    order_id: id,
    amount: refund,
    reason: opts.reason,
    ...(opts.comment !== undefined ? { comment: opts.comment } : {}),
    ...(opts.revokeBenefits ? { revoke_benefits: true } : {}),
  };
  const made = await refunds.create(client, body).catch((err: unknown) => {
    throw stateError(err, [
      {
        code: 'RefundedAlready',
        message: `order ${id} is already fully refunded`,
        hint: `See its refunds with: billing refunds list --order ${id}`,
      },
      {
        code: 'RevokeSubscriptionBenefitsProhibited',
        message: "a subscription's benefits are not revoked by a refund, only when it ends",
        hint: 'Refund without --revoke-benefits, and end the subscription: billing subs revoke <subscription-id>',
      },
    ]);
  });
  await printOne(ctx, opts.output, REFUND_CARD, made);
  const state = refund >= left ? 'refunded' : 'partially refunded';
  await done(ctx, `Refunded ${show(refund)} of order ${id}${to}; the order is ${state}.`);
}

export const buildRefund = verb(runRefund, {
  command: (parent) =>
    withOutput(
      parent
        .command('refund')
        .summary('refund an order')
        .description(
          'Refund an order, all that is left of it or --amount of it (before tax; the tax is ' +
            "refunded in proportion), to the customer's payment method. Today's API only " +
            '(2026-04 and later). Asks first on a terminal, naming the customer and the amount; ' +
            'scripts must pass --yes.',
        )
        .argument('<order-id>', 'order id (UUID)')
        .option('--amount <money>', 'how much, e.g. 12.50 (default: what is left to refund)')
        .addOption(
          new Option('--reason <reason>', 'why (default: customer_request)').choices(
            REFUND_REASONS,
          ),
        )
        .option('--comment <text>', 'a note kept with the refund, for you (not the customer)')
        .option(
          '--revoke-benefits',
          "take back what the order granted (one-time purchases: a subscription's stay until it ends)",
        )
        .option('-y, --yes', 'do not ask (needed without a terminal)'),
      'REFUND',
    ),
  options: (id, opts): RefundOptions => {
    return {
      id: uuid('order id', id),
      ...(opts.amount !== undefined
        ? { amount: amount('--amount', opts.amount, 1, Number.MAX_SAFE_INTEGER) }
        : {}),
      reason: opts.reason ?? 'customer_request',
      ...(opts.comment !== undefined ? { comment: opts.comment } : {}),
      revokeBenefits: Boolean(opts.revokeBenefits),
      yes: Boolean(opts.yes),
      output: outputOf(opts),
    };
  },
  examples: [
    'billing orders refund <order-id>',
    'billing orders refund <order-id> --amount 10 --reason service_disruption',
    'billing orders refund <order-id> --revoke-benefits --yes --json',
  ],
});
