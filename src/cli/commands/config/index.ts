// billing config get|set|unset|list: profiles and settings (config.json, mode 0600).
import type { Command } from '@commander-js/extra-typings';
import type { Context } from '../../context.js';
import { examples } from '../shared.js';

const KEYS_HELP =
  'Keys: base_url, auth_url, client_id, organization_id, storage (auto|keychain|file), ' +
  'connect_timeout, request_timeout (seconds), max_response_mb (largest answer read, ' +
  'default 32) of the active profile; profiles.<name>.<key> for another profile; ' +
  'default_profile.';

export function registerConfig(program: Command, ctx: Context): void {
  const config = program
    .command('config')
    .summary('read and change profiles and settings')
    .description(
      `Profiles and settings, kept in ${'<config dir>'}/config.json (mode 0600). ${KEYS_HELP}`,
    )
    .addHelpText(
      'after',
      examples('billing config list', 'billing config set organization_id <org-id>'),
    );
  // biome-ignore lint/suspicious/noExplicitAny: any command of this group
  const scope = (cmd: Command<any, any, any>) => {
    const g = cmd.optsWithGlobals() as { profile?: string };
    return { configDir: ctx.configDir, env: ctx.env, profileFlag: g.profile };
  };

  const get = config.command('get').summary('print one setting').argument('<key>', 'setting name');
  get.addHelpText(
    'after',
    examples('billing config get base_url', 'billing config get profiles.prod.base_url'),
  );
  get.action(async (key) => {
    const { configGet } = await import('../../../config/keys.js');
    const value = configGet(scope(get), key);
    if (value !== undefined) ctx.io.stdout.write(`${value}\n`);
  });

  const set = config
    .command('set')
    .summary('change one setting')
    .argument('<key>', 'setting name')
    .argument('<value>', 'new value');
  set.addHelpText(
    'after',
    examples(
      'billing config set organization_id <org-id>',
      'billing config set profiles.prod.base_url https://api.billing.example',
      'billing config set default_profile prod',
    ),
  );
  set.action(async (key, value) => {
    const { configSet } = await import('../../../config/keys.js');
    const result = await configSet(scope(set), key, value);
    const { createMessenger } = await import('../../io/index.js');
    createMessenger(ctx.io).success(
      `${result.profile ? `${result.profile}: ` : ''}${result.key} = ${String(result.value)}`,
    );
  });

  const unset = config
    .command('unset')
    .summary('remove a setting or a profile')
    .argument('<key>', 'setting name or profiles.<name>');
  unset.addHelpText(
    'after',
    examples('billing config unset organization_id', 'billing config unset profiles.staging'),
  );
  unset.action(async (key) => {
    const { configUnset } = await import('../../../config/keys.js');
    const removed = await configUnset(scope(unset), key);
    const { createMessenger } = await import('../../io/index.js');
    createMessenger(ctx.io).info(removed ? `${key} removed` : `${key} was not set`);
  });

  const list = config
    .command('list')
    .summary('show the active profile and its settings')
    .option('--json', 'print as JSON');
  list.addHelpText(
    'after',
    examples('billing config list', 'billing --profile prod config list --json'),
  );
  list.action(async (opts) => {
    const { configList } = await import('../../../config/keys.js');
    const listing = configList(scope(list));
    if (opts.json) {
      ctx.io.stdout.write(`${JSON.stringify(listing, null, 2)}\n`);
      return;
    }
    const lines = [
      `profile: ${listing.profile} (from ${listing.profile_source})`,
      `profiles: ${listing.profiles.join(', ')}`,
    ];
    const { safeText } = await import('../../io/safe.js');
    const rows = listing.settings.map((e) => [
      e.key,
      safeText(String(e.value ?? '')),
      e.source ? `(${e.source})` : '',
    ]);
    // Aligned for a person; tab-separated for a script.
    const widths = [0, 1].map((i) => Math.max(...rows.map((r) => r[i]!.length)));
    for (const row of rows) {
      lines.push(
        ctx.io.stdout.isTTY
          ? row
              .map((cell, i) => (i < 2 ? cell.padEnd(widths[i]!) : cell))
              .join('  ')
              .trimEnd()
          : row.filter((cell, i) => i < 2 || cell).join('\t'),
      );
    }
    ctx.io.stdout.write(`${lines.join('\n')}\n`);
  });
}
