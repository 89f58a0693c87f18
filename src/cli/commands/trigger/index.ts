// billing trigger <event-type>: makes the event happen for real in the local sandbox (recipes.ts),
// so the service sends it to webhook endpoints and `billing listen`; prints what it did.

import type { Command } from '@commander-js/extra-typings';
import { UsageError } from '../../../errors.js';
import { WEBHOOK_EVENT_TYPES } from '../../../shared/api-facts.js';
import type { Context, OutputOptions } from '../../context.js';
import { clip, uuid } from '../../input.js';
import type { Column } from '../../io/index.js';
import { done, localOnly, organization, outputOf, withOutput } from '../shared.js';
import { printOne, resources, verb } from '../verb.js';
import { type EventType, RECIPES, Sandbox } from './recipes.js';

export interface TriggerOptions {
  type: EventType;
  org?: string;
  output: OutputOptions;
}

export async function runTrigger(opts: TriggerOptions, ctx: Context): Promise<void> {
  const [{ local }, publicClient] = await Promise.all([
    import('../../../api/index.js'),
    ctx.api('none'),
  ]);
  // Only the local service: a real one would charge, or refuse the sandbox's payment token.
  await localOnly(
    ctx,
    local.clock(publicClient),
    (base) => `trigger: ${base} is not a local service; events are triggered only in the sandbox`,
    'Run billing serve and point BILLING_BASE_URL at it (or use --profile local); elsewhere make the change itself.',
  );
  const org = await organization(opts.org, ctx, 'trigger');
  const { client, ...api } = await resources(ctx, 'seller');
  const sandbox = new Sandbox(api, client, publicClient, uuid('--org', org));
  const did = await RECIPES[opts.type].run(sandbox);
  const view = { event: opts.type, ...did };
  const columns: Column[] = Object.keys(view).map((key) => ({ header: key, path: key }));
  await printOne(ctx, opts.output, columns, view);
  await done(ctx, `Triggered ${opts.type}: ${RECIPES[opts.type].what}.`);
}

const HELP_TABLE = Object.entries(RECIPES)
  .map(([type, r]) => `  ${type.padEnd(24)}${r.what}`)
  .join('\n');

export const buildTrigger = verb(runTrigger, {
  command: (parent) =>
    withOutput(
      parent
        .command('trigger')
        .summary('make an event happen in the local sandbox')
        .description(
          'Make an event happen for real in the local service (billing serve only): the ' +
            'change is made through the API as a site and a buyer would, so its objects can be ' +
            'read back, and the service sends the event to your webhook endpoints and to ' +
            '`billing listen`. One-time purchases are made by trigger.buyer@example.com, each ' +
            'subscription by a buyer of its own (trigger.buyer+…@example.com), of products ' +
            'trigger makes for itself on first use (named Trigger …, metadata billing_trigger): ' +
            'your own products, subscriptions and benefits are never changed.',
        )
        .argument('<event-type>', `one of: ${WEBHOOK_EVENT_TYPES.join(', ')}`)
        .option('--org <id>', "the organization (default: the profile's, as BILLING_ORG)")
        .addHelpText('after', `\nWhat each event type does:\n${HELP_TABLE}\n`),
      'TRIGGERED',
    ),
  options: (type, opts) => {
    if (!(WEBHOOK_EVENT_TYPES as readonly string[]).includes(type)) {
      throw new UsageError(
        `event type: "${clip(type)}" is not one; valid: ${WEBHOOK_EVENT_TYPES.join(', ')}`,
      );
    }
    return {
      type: type as EventType,
      org: opts.org === undefined ? undefined : uuid('--org', opts.org),
      output: outputOf(opts),
    };
  },
  examples: ['billing trigger order.created', 'billing trigger subscription.revoked --json'],
});

export function registerTrigger(program: Command, ctx: Context): void {
  buildTrigger(program, ctx);
}
