// billing subs export → GET /v1/subscriptions/export: every subscription as CSV, on stdout.

import type { Context } from '../../context.js';
import { collect, uuids } from '../../input.js';
import { resources, verb } from '../verb.js';

export interface ExportOptions {
  /** Only these organizations; every one the token sees without. */
  organizations?: string[];
}

export async function runExport(opts: ExportOptions, ctx: Context): Promise<void> {
  const { subscriptions, client } = await resources(ctx, 'seller');
  const csv = await subscriptions.exportCsv(client, { organization_id: opts.organizations });
  const { stdout } = ctx.io;
  if (!stdout.isTTY) {
    stdout.write(csv);
    return;
  }
  // Text from the server never reaches a terminal raw; a file or a pipe gets the bytes as sent.
  const { safeText } = await import('../../io/safe.js');
  const lines = csv.split(/\r?\n/);
  if (lines.at(-1) === '') lines.pop();
  stdout.write(lines.map((line) => `${safeText(line)}\n`).join(''));
}

export const buildExport = verb(runExport, {
  command: (parent) =>
    parent
      .command('export')
      .summary('every subscription as CSV')
      .description(
        "Write your organizations' subscriptions as CSV on stdout, as the service exports them " +
          '(one request; the service decides the columns).',
      )
      .option('--org <id>', 'only this organization (repeatable)', collect),
  options: (opts) => ({ organizations: uuids('--org', opts.org) }),
  examples: ['billing subs export > subs.csv', 'billing subs export --org <org-id> | head'],
});
