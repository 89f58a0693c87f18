// billing keys update <id> → PATCH /v1/license-keys/{id}

import { Option } from '@commander-js/extra-typings';
import type { LicenseKeyUpdate } from '../../../api/license-keys.js';
import { UsageError } from '../../../errors.js';
import { LICENSE_KEY_STATUSES } from '../../../shared/api-facts.js';
import type { Context } from '../../context.js';
import { dateTimeOrNone, integer, integerOrNone, uuid } from '../../input.js';
import { done, outputOf, withOutput } from '../shared.js';
import { type OneResource, printOne, resources, verb } from '../verb.js';
import { KEY_CARD } from './columns.js';

export interface UpdateOptions extends OneResource {
  /** Only what was given; null clears a limit or the expiry. */
  body: LicenseKeyUpdate;
  /** --yes: no question before revoking or disabling. */
  yes: boolean;
}

export async function runUpdate(opts: UpdateOptions, ctx: Context): Promise<void> {
  const { id, body } = opts;
  if (body.status === 'revoked' || body.status === 'disabled') {
    const { confirmDestructive } = await import('../../io/prompt.js');
    await confirmDestructive(ctx, {
      yes: opts.yes,
      question: `Set license key ${id} to ${body.status}? It stops validating and activating at once.`,
      action: `keys update --status ${body.status} stops the key working`,
    });
  }
  const { licenseKeys, client } = await resources(ctx, 'seller');
  await printOne(ctx, opts.output, KEY_CARD, await licenseKeys.update(client, id, body));
  await done(ctx, `License key ${id} updated.`);
}

export const buildUpdate = verb(runUpdate, {
  command: (parent) =>
    withOutput(
      parent
        .command('update')
        .summary('change a license key')
        .description(
          'Change a license key. Only the flags you give change; "none" clears a limit or the expiry.',
        )
        .argument('<id>', 'license key id (UUID)')
        .addOption(
          new Option('--status <status>', 'granted, revoked or disabled').choices(
            LICENSE_KEY_STATUSES,
          ),
        )
        .option('--limit-activations <n>', 'activations allowed, 1-50, or none')
        .option('--limit-usage <n>', 'usage allowed, > 0, or none')
        .option('--usage <n>', 'set the usage counter, ≥ 0')
        .option('--expires-at <date-time>', 'ISO 8601 expiry (e.g. 2027-01-31T00:00:00Z), or none')
        .option('-y, --yes', 'do not ask before revoking or disabling (needed without a terminal)'),
      'LICENSE_KEY',
    ),
  options: (id, opts) => {
    const keyId = uuid('license key id', id);
    const body: LicenseKeyUpdate = {};
    if (opts.status) body.status = opts.status;
    if (opts.limitActivations !== undefined)
      body.limit_activations = integerOrNone('--limit-activations', opts.limitActivations, 1, 50);
    if (opts.limitUsage !== undefined)
      body.limit_usage = integerOrNone('--limit-usage', opts.limitUsage, 1);
    if (opts.usage !== undefined) body.usage = integer('--usage', opts.usage, 0);
    if (opts.expiresAt !== undefined)
      body.expires_at = dateTimeOrNone('--expires-at', opts.expiresAt);
    if (Object.keys(body).length === 0) {
      throw new UsageError(
        'nothing to change: give --status, --limit-activations, --limit-usage, --usage or --expires-at',
      );
    }
    return { id: keyId, body, yes: Boolean(opts.yes), output: outputOf(opts) };
  },
  examples: [
    'billing keys update <key-id> --limit-activations 5',
    'billing keys update <key-id> --status revoked --yes',
    'billing keys update <key-id> --expires-at none --limit-usage none',
  ],
});
