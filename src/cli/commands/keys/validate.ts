// billing keys validate <key> → POST /v1/license-keys/validate (today's API, the seller's token),
// or /v1/customer-portal/license-keys/validate (no token: --public, and the seed's API)

import { ApiError } from '../../../errors.js';
import type { Context, OutputOptions } from '../../context.js';
import { collect, integer, type MetadataValue, metadata, uuid } from '../../input.js';
import { customerId, customerRef } from '../customers/ref.js';
import { done, organization, outputOf, withOutput } from '../shared.js';
import { stateError } from '../state-errors.js';
import { printOne, resources, verb } from '../verb.js';
import { KEY_CARD } from './columns.js';
import {
  KEY_ARG,
  KEY_STATE,
  keyArgument,
  keyDoor,
  ORG_HELP,
  orgFlag,
  PUBLIC_HELP,
} from './common.js';

export interface ValidateOptions {
  key: string;
  /** Absent: the profile's default organization. */
  org?: string;
  activationId?: string;
  benefitId?: string;
  /** A customer id, or an email (looked up with the seller's token when run). */
  customer?: string;
  incrementUsage?: number;
  conditions?: Record<string, MetadataValue>;
  /** --public: the device's endpoint, without a token. */
  public?: true;
  output: OutputOptions;
}

/** An optional UUID flag. */
function maybeUuid(flag: string, value: string | undefined): string | undefined {
  return value === undefined ? undefined : uuid(flag, value);
}

/**
 * A 404 for a validation of an activation: the key or the activation is unknown. The service
 * may say which (the local one does); the real one answers "Not found" for both, and then so
 * do we, rather than blame the key (issue 24).
 */
function activationNotFound(err: unknown, activationId: string | undefined): ApiError | undefined {
  if (!activationId || !(err instanceof ApiError) || err.status !== 404) return undefined;
  const detail = (err.body as { detail?: unknown } | undefined)?.detail;
  const activation = typeof detail === 'string' && /activation/i.test(detail);
  return new ApiError(
    404,
    activation
      ? `activation ${activationId} not found on that license key`
      : `license key for that organization, or its activation ${activationId}, not found`,
    {
      code: err.code,
      body: err.body,
      hint: "The key's activations: billing keys get <key-id> (billing keys list finds its id)",
    },
  );
}

export async function runValidate(opts: ValidateOptions, ctx: Context): Promise<void> {
  const organizationId = await organization(opts.org, ctx);
  const customer =
    opts.customer === undefined
      ? undefined
      : await customerId(ctx, '--customer', opts.customer, [organizationId]);
  const body = {
    key: opts.key,
    organization_id: organizationId,
    activation_id: opts.activationId,
    benefit_id: opts.benefitId,
    customer_id: customer,
    increment_usage: opts.incrementUsage,
    conditions: opts.conditions,
  };
  const door = await keyDoor(ctx, opts.public);
  const { licenseKeys, client } = await resources(ctx, door.audience);
  const key = await licenseKeys.validate(client, body, door.call).catch((err: unknown) => {
    // A state first: today's answers a revoked or expired key with a 404 before it looks at
    // the activation (license_key/service.py `validate` at c6c3645e).
    const state = stateError(err, KEY_STATE);
    throw state !== err ? state : (activationNotFound(err, opts.activationId) ?? err);
  });
  await printOne(ctx, opts.output, KEY_CARD, key);
  await done(ctx, 'The license key is valid.');
}

export const buildValidate = verb(runValidate, {
  command: (parent) =>
    withOutput(
      parent
        .command('validate')
        .summary('check a license key (counts a validation)')
        .description(
          "Validate a license key: counts a validation, optionally consumes usage. On today's " +
            'API as the seller (your token); with --public, and on the seed API, as a device ' +
            'does, with no token (then only --customer with an email needs one: it is looked ' +
            'up in your customers).',
        )
        .argument('<key>', KEY_ARG)
        .option('--org <id>', ORG_HELP)
        .option('--activation <id>', 'check this activation too')
        .option('--benefit <id>', 'the key must belong to this benefit')
        .option('--customer <id|email>', 'the key must belong to this customer')
        .option('--increment-usage <n>', 'consume this much usage (checked against limit_usage)')
        .option(
          '--condition <key=value>',
          'conditions the activation requires (repeatable)',
          collect,
        )
        .option('--public', PUBLIC_HELP),
      'LICENSE_KEY',
    ),
  options: async (key, opts, ctx) => {
    const checked = {
      org: orgFlag(opts.org),
      activationId: maybeUuid('--activation', opts.activation),
      benefitId: maybeUuid('--benefit', opts.benefit),
      customer: opts.customer === undefined ? undefined : customerRef('--customer', opts.customer),
      incrementUsage:
        opts.incrementUsage !== undefined
          ? integer('--increment-usage', opts.incrementUsage, 0)
          : undefined,
      conditions: metadata('--condition', opts.condition),
      ...(opts.public ? { public: true as const } : {}),
      output: outputOf(opts),
    };
    return { key: await keyArgument(key, ctx), ...checked };
  },
  examples: [
    'billing keys validate ACME-… --org <org-id>',
    'billing keys validate - --org <org-id> --increment-usage 1 < key.txt',
  ],
});
