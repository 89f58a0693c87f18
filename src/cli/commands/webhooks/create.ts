// billing webhooks create → POST /v1/webhooks/endpoints; the one output with the secret.

import { Option } from '@commander-js/extra-typings';
import type { EndpointCreate } from '../../../api/webhooks.js';
import { UsageError } from '../../../errors.js';
import type { Context, OutputOptions } from '../../context.js';
import { collect, uuid } from '../../input.js';
import { creationOrganization, done, outputOf, withOutput } from '../shared.js';
import { printOne, resources, verb } from '../verb.js';
import { ENDPOINT_CARD, EVENTS_HELP, endpointUrl, eventTypes } from './common.js';

export interface CreateOptions {
  body: EndpointCreate;
  output: OutputOptions;
}

const FORMATS = ['raw', 'discord', 'slack'] as const;

export async function runCreate(opts: CreateOptions, ctx: Context): Promise<void> {
  const body = { ...opts.body };
  body.organization_id ??= await creationOrganization(ctx, 'webhooks create');
  const { webhooks, client } = await resources(ctx, 'seller');
  const endpoint = await webhooks.create(client, body);
  await printOne(
    ctx,
    opts.output,
    [...ENDPOINT_CARD, { header: 'Secret', path: 'secret' }],
    endpoint,
  );
  await done(
    ctx,
    `Webhook endpoint ${endpoint.id} created. Keep its secret now: billing does not show it again.`,
  );
}

export const buildCreate = verb(runCreate, {
  command: (parent) =>
    withOutput(
      parent
        .command('create')
        .summary('add a webhook endpoint (prints its secret once)')
        .description(
          'Add a webhook endpoint: the service sends it the events chosen, signed with the ' +
            "endpoint's secret (Standard Webhooks). The secret is printed this once, as the " +
            'dashboard shows it; store it where your handler reads it. The local service ' +
            'accepts loopback URLs (http://localhost:3000/…); the real one wants https.',
        )
        .requiredOption('--url <url>', 'where the events are sent')
        .option('--events <types>', `${EVENTS_HELP} (default: all)`, collect)
        .option('--secret <secret>', 'sign with this secret instead of one the service makes')
        .addOption(
          new Option('--format <format>', 'payload format (default: raw)').choices(FORMATS),
        )
        .option('--org <id>', "the organization (default: the profile's, as BILLING_ORG)"),
      'WEBHOOK_ENDPOINT',
    ),
  options: (opts) => {
    const body: EndpointCreate = {
      url: endpointUrl('--url', opts.url),
      events: eventTypes(opts.events) ?? 'all',
      format: opts.format ?? 'raw',
    };
    if (opts.secret !== undefined) {
      if (opts.secret.trim() === '') throw new UsageError('--secret: must not be empty');
      body.secret = opts.secret;
    }
    if (opts.org !== undefined) body.organization_id = uuid('--org', opts.org);
    return { body, output: outputOf(opts) };
  },
  examples: [
    'billing webhooks create --url http://localhost:3000/webhooks',
    'billing webhooks create --url https://example.com/hooks --events order.created,subscription.revoked --json',
  ],
});
