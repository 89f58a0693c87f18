// billing keys update <id> → PATCH /v1/license-keys/{id}

import { type Command, Option } from '@commander-js/extra-typings';
import { LICENSE_KEY } from '../../../api/fields.js';
import { UsageError } from '../../../errors.js';
import type { Context } from '../../context.js';
import { dateTimeOrNone, integer, integerOrNone, uuid } from '../../input.js';
import type { OutputOptions } from '../../session.js';
import { done, examples, session, withOutput } from '../shared.js';
import { KEY_CARD } from './columns.js';

interface UpdateOptions extends OutputOptions {
  status?: 'granted' | 'revoked' | 'disabled';
  yes?: boolean;
  limitActivations?: string;
  limitUsage?: string;
  usage?: string;
  expiresAt?: string;
}

export function buildUpdate(parent: Command, ctx: Context) {
  const cmd = parent
    .command('update')
    .summary('change a license key')
    .description(
      'Change a license key. Only the flags you give change; "none" clears a limit or the expiry.',
    )
    .argument('<id>', 'license key id (UUID)')
    .addOption(
      new Option('--status <status>', 'granted, revoked or disabled').choices([
        'granted',
        'revoked',
        'disabled',
      ] as const),
    )
    .option('--limit-activations <n>', 'activations allowed, 1-50, or none')
    .option('--limit-usage <n>', 'usage allowed, > 0, or none')
    .option('--usage <n>', 'set the usage counter, ≥ 0')
    .option('--expires-at <date-time>', 'ISO 8601 expiry (e.g. 2027-01-31T00:00:00Z), or none')
    .option('-y, --yes', 'do not ask before revoking or disabling (needed without a terminal)');
  withOutput(cmd, LICENSE_KEY);
  cmd.addHelpText(
    'after',
    examples(
      'billing keys update <key-id> --limit-activations 5',
      'billing keys update <key-id> --status revoked --yes',
      'billing keys update <key-id> --expires-at none --limit-usage none',
    ),
  );
  cmd.action(async (id, raw) => {
    const opts = raw as UpdateOptions;
    const keyId = uuid('license key id', id);
    const body: Record<string, unknown> = {};
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
    if (opts.status === 'revoked' || opts.status === 'disabled') {
      const { confirmDestructive } = await import('../../io/prompt.js');
      await confirmDestructive(ctx, {
        yes: opts.yes,
        question: `Set license key ${keyId} to ${opts.status}? It stops validating and activating at once.`,
        action: `keys update --status ${opts.status} stops the key working`,
      });
    }
    const s = session(ctx, cmd);
    const [{ licenseKeys }, client] = await Promise.all([
      import('../../../api/index.js'),
      s.api('seller'),
    ]);
    const key = await licenseKeys.update(client, keyId, body);
    await (await s.printer(opts, KEY_CARD)).printOne(key, KEY_CARD);
    await done(ctx, `License key ${keyId} updated.`);
  });
  return cmd;
}
