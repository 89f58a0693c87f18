// billing keys validate <key> → POST /v1/customer-portal/license-keys/validate (no token)

import type { Command } from '@commander-js/extra-typings';
import { LICENSE_KEY } from '../../../api/fields.js';
import type { Context, OutputOptions } from '../../context.js';
import { collect, integer, type MetadataValue, metadata, uuid } from '../../input.js';
import { done, examples, outputOf, type RunF, withOutput } from '../shared.js';
import { stateError } from '../state-errors.js';
import { KEY_CARD } from './columns.js';
import { KEY_ARG, KEY_STATE, keyArgument, ORG_HELP, organization, orgFlag } from './common.js';

export interface ValidateOptions {
  key: string;
  /** Absent: the profile's default organization. */
  org?: string;
  activationId?: string;
  benefitId?: string;
  customerId?: string;
  incrementUsage?: number;
  conditions?: Record<string, MetadataValue>;
  output: OutputOptions;
}

export function buildValidate(
  parent: Command,
  ctx: Context,
  runF: RunF<ValidateOptions> = runValidate,
) {
  const cmd = withOutput(
    parent
      .command('validate')
      .summary('check a license key (counts a validation)')
      .description(
        'Validate a license key: counts a validation, optionally consumes usage. Needs no token.',
      )
      .argument('<key>', KEY_ARG)
      .option('--org <id>', ORG_HELP)
      .option('--activation <id>', 'check this activation too')
      .option('--benefit <id>', 'the key must belong to this benefit')
      .option('--customer <id>', 'the key must belong to this customer')
      .option('--increment-usage <n>', 'consume this much usage (checked against limit_usage)')
      .option(
        '--condition <key=value>',
        'conditions the activation requires (repeatable)',
        collect,
      ),
    LICENSE_KEY,
  );
  cmd.addHelpText(
    'after',
    examples(
      'billing keys validate ACME-… --org <org-id>',
      'billing keys validate - --org <org-id> --increment-usage 1 < key.txt',
    ),
  );
  cmd.action(async (key, opts) => {
    const org = orgFlag(opts.org);
    const checked: Omit<ValidateOptions, 'key'> = {
      org,
      activationId:
        opts.activation !== undefined ? uuid('--activation', opts.activation) : undefined,
      benefitId: opts.benefit !== undefined ? uuid('--benefit', opts.benefit) : undefined,
      customerId: opts.customer !== undefined ? uuid('--customer', opts.customer) : undefined,
      incrementUsage:
        opts.incrementUsage !== undefined
          ? integer('--increment-usage', opts.incrementUsage, 0)
          : undefined,
      conditions: metadata('--condition', opts.condition),
      output: outputOf(opts),
    };
    await runF({ key: await keyArgument(key, ctx), ...checked }, ctx);
  });
  return cmd;
}

export async function runValidate(opts: ValidateOptions, ctx: Context): Promise<void> {
  const body = {
    key: opts.key,
    organization_id: await organization(opts.org, ctx),
    activation_id: opts.activationId,
    benefit_id: opts.benefitId,
    customer_id: opts.customerId,
    increment_usage: opts.incrementUsage,
    conditions: opts.conditions,
  };
  const [{ licenseKeys }, client] = await Promise.all([
    import('../../../api/index.js'),
    ctx.api('none'),
  ]);
  const key = await licenseKeys.validate(client, body).catch((err: unknown) => {
    throw stateError(err, KEY_STATE);
  });
  await (await ctx.printer(opts.output, KEY_CARD)).printOne(key, KEY_CARD);
  await done(ctx, 'The license key is valid.');
}
