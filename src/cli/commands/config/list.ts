// billing config list: the active profile, every setting and where its value comes from.
import type { Context } from '../../context.js';
import { verb } from '../verb.js';
import { scope } from './common.js';

export interface ListOptions {
  json: boolean;
}

export async function runList(opts: ListOptions, ctx: Context): Promise<void> {
  const { configList } = await import('../../../config/keys.js');
  const listing = configList(scope(ctx));
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
}

export const buildList = verb(runList, {
  command: (parent) =>
    parent
      .command('list')
      .summary('show the active profile and its settings')
      .option('--json', 'print as JSON'),
  options: (opts) => ({ json: Boolean(opts.json) }),
  examples: ['billing config list', 'billing --profile prod config list --json'],
});
