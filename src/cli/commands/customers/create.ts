// billing customers create → POST /v1/customers/

import { UsageError } from '../../../errors.js';
import type { Context, OutputOptions } from '../../context.js';
import { dataObject, uuid } from '../../input.js';
import { creationOrganization, done, outputOf, withOutput } from '../shared.js';
import { printOne, resources, verb } from '../verb.js';
import { CUSTOMER_CARD } from './columns.js';
import { email, externalId } from './ref.js';

export interface CreateOptions {
  /** --data with the flags applied over it; has an email. */
  body: Record<string, unknown>;
  output: OutputOptions;
}

export async function runCreate(opts: CreateOptions, ctx: Context): Promise<void> {
  const body = { ...opts.body };
  // Without --org: none for an organization's own token; else the profile's organization
  // (BILLING_ORG, config), the local demo's, or the one the token acts for; a usage error
  // naming --org when that cannot be told.
  body.organization_id ??= await creationOrganization(ctx, 'customers create');
  const { customers, client } = await resources(ctx, 'seller');
  const created = await customers.create(client, body as { email: string });
  await printOne(ctx, opts.output, CUSTOMER_CARD, created);
  await done(ctx, `Customer ${created.id} created (${String(created.email)}).`);
}

export const buildCreate = verb(runCreate, {
  command: (parent) =>
    withOutput(
      parent
        .command('create')
        .summary('create a customer')
        .description(
          'Create a customer. Flags override the same fields of --data, where the billing ' +
            'address and tax id go.',
        )
        .option('--email <email>', "the customer's email (required)")
        .option('--name <name>', "the customer's name")
        .option('--external-id <id>', "your own id for the customer (today's API)")
        .option('--org <id>', "the organization (default: the profile's, as BILLING_ORG)")
        .option('--data <json>', 'request body as JSON, @file or - for stdin'),
      'CUSTOMER',
    ),
  options: async (opts, ctx): Promise<CreateOptions> => {
    const body: Record<string, unknown> = { ...(await dataObject(opts.data, ctx.io.stdin)) };
    if (opts.email !== undefined) body.email = opts.email;
    if (opts.name !== undefined) body.name = opts.name;
    if (opts.externalId !== undefined)
      body.external_id = externalId('--external-id', opts.externalId);
    if (opts.org !== undefined) body.organization_id = uuid('--org', opts.org);
    if (typeof body.email !== 'string' || body.email === '') {
      throw new UsageError('--email is required');
    }
    email('--email', body.email);
    return { body, output: outputOf(opts) };
  },
  examples: [
    'billing customers create --email jane@example.com --name "Jane Doe"',
    `billing customers create --email jane@example.com --data '{"billing_address": {"country": "FR"}}'`,
  ],
});
