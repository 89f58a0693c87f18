// billing webhooks rotate-secret <id> → PATCH /v1/webhooks/endpoints/{id}/secret (today's API):
// the service makes a new signing secret, printed this once; the old one stops verifying.

import type { Context, OutputOptions } from '../../context.js';
import { uuid } from '../../input.js';
import { done, outputOf, withOutput } from '../shared.js';
import { printOne, resources, verb } from '../verb.js';
import { ENDPOINT_CARD } from './common.js';

export interface RotateSecretOptions {
  id: string;
  yes: boolean;
  output: OutputOptions;
}

export async function runRotateSecret(opts: RotateSecretOptions, ctx: Context): Promise<void> {
  const { webhooks, client } = await resources(ctx, 'seller');
  // Refused on the seed's generation before anything is asked.
  webhooks.assertRotation(client);
  const { confirmDestructive } = await import('../../io/prompt.js');
  await confirmDestructive(ctx, {
    yes: opts.yes,
    question: `Rotate the secret of webhook endpoint ${opts.id}? Deliveries are signed with the new one at once: your handler stops verifying them until it has it.`,
    action: 'webhooks rotate-secret replaces the signing secret',
  });
  const endpoint = await webhooks.rotateSecret(client, opts.id);
  await printOne(
    ctx,
    opts.output,
    [...ENDPOINT_CARD, { header: 'Secret', path: 'secret' }],
    endpoint,
  );
  await done(
    ctx,
    `Webhook endpoint ${endpoint.id} has a new secret; the old one no longer verifies. Keep it now: billing does not show it again.`,
  );
}

export const buildRotateSecret = verb(runRotateSecret, {
  command: (parent) =>
    withOutput(
      parent
        .command('rotate-secret')
        .summary('have the service make a new signing secret (prints it once)')
        .description(
          "Have the service make a new signing secret for a webhook endpoint (today's API, " +
            '2026-04 or later), printed this once. Deliveries are signed with it from then ' +
            'on, so the old one stops verifying: put the new one where your handler reads it. ' +
            'Asks first on a terminal; scripts must pass --yes. On the seed API, choose one ' +
            'yourself: billing webhooks update <id> --secret <new-secret>.',
        )
        .argument('<id>', 'webhook endpoint id (UUID)')
        .option('-y, --yes', 'do not ask (needed without a terminal)'),
      'WEBHOOK_ENDPOINT',
    ),
  options: (id, opts) => ({
    id: uuid('webhook endpoint id', id),
    yes: Boolean(opts.yes),
    output: outputOf(opts),
  }),
  examples: [
    'billing webhooks rotate-secret <endpoint-id>',
    'billing webhooks rotate-secret <endpoint-id> --yes --json | jq -r .secret',
  ],
});
