// Flags and plumbing shared by the resource commands: output, pagination, the Session.
import { type Command, Option } from '@commander-js/extra-typings';
import { type FieldTree, unknownField } from '../../api/fields.js';
import type { PageInfo } from '../../api/paginate.js';
import { UsageError } from '../../errors.js';
import type { Context } from '../context.js';
import { integer } from '../input.js';
import { parseFields, resolveFormat } from '../io/format.js';
import type { Column } from '../io/index.js';
import { type GlobalOptions, type OutputOptions, Session } from '../session.js';

export const OUTPUT_CHOICES = ['table', 'tsv', 'json', 'ndjson'] as const;

// biome-ignore lint/suspicious/noExplicitAny: commander's typed builder differs per command.
type AnyCommand = Command<any, any, any>;

/** --json, -o and --fields; `fields` are what the command prints, for checking --fields. */
export function withOutput<C extends AnyCommand>(cmd: C, fields: FieldTree): C {
  cmd
    .option('--json', 'print the full API object(s) as JSON (same as -o json)')
    .addOption(
      new Option(
        '-o, --output <format>',
        'table (terminal default), tsv (pipe default), json, ndjson',
      ).choices(OUTPUT_CHOICES),
    )
    .option(
      '--fields <paths>',
      'only these comma-separated fields, by dot path (e.g. id,customer.email)',
    )
    // Checked before the action: a bad --fields must not surface after a PATCH was applied.
    .hook('preAction', (c) => {
      const o = c.opts() as OutputOptions;
      resolveFormat({ json: o.json, output: o.output });
      if (o.fields !== undefined) checkFields(parseFields(o.fields), fields);
    });
  return cmd;
}

/** Every --fields path must name a field the command prints (nested paths by dots). */
function checkFields(paths: readonly string[], fields: FieldTree): void {
  for (const path of paths) {
    const problem = unknownField(fields, path);
    if (!problem) continue;
    throw new UsageError(`--fields: "${problem.at}" is not a field here`, {
      hint: problem.valid.length
        ? `Fields: ${problem.valid.join(', ')} (nested ones by dot path, e.g. customer.email)`
        : `"${problem.at.split('.').slice(0, -1).join('.')}" is a value, with no fields inside`,
    });
  }
}

export interface PagingOptions {
  limit?: string;
  page?: string;
  pageSize?: string;
  all?: boolean;
}

export function withPaging<C extends AnyCommand>(cmd: C): C {
  cmd
    .option('--limit <n>', 'how many items to show (default: 30)')
    .option('--page <n>', 'start at this page of --page-size items (default: 1)')
    .option('--page-size <n>', 'items per request, 1-100 (default: --limit, at most 100)')
    .option('--all', 'every item, page after page (streams; ignores --limit)');
  return cmd;
}

export function paging(opts: PagingOptions) {
  const limit = opts.all
    ? Number.POSITIVE_INFINITY
    : opts.limit !== undefined
      ? integer('--limit', opts.limit, 1)
      : 30;
  // `!== undefined`: an empty value (`--limit ""`) is an error, not the default.
  const startPage = opts.page !== undefined ? integer('--page', opts.page, 1) : 1;
  const pageSize =
    opts.pageSize !== undefined
      ? integer('--page-size', opts.pageSize, 1, 100)
      : Math.min(100, Number.isFinite(limit) ? limit : 100);
  return { limit, startPage, pageSize };
}

const open = new WeakMap<Context, Session[]>();

export function session(ctx: Context, cmd: AnyCommand): Session {
  const s = new Session(ctx, cmd.optsWithGlobals() as GlobalOptions);
  open.set(ctx, [...(open.get(ctx) ?? []), s]);
  return s;
}

/** Closes the HTTP agents of every session of this run, so the process can exit. */
export async function closeSessions(ctx: Context): Promise<void> {
  for (const s of open.get(ctx) ?? []) await s.close().catch(() => {});
  open.delete(ctx);
}

/**
 * Streams a paginated list to the printer. On a terminal a progress line shows from the
 * second page until the first row is printed; then the rows themselves show progress.
 */
export async function printPages(
  s: Session,
  output: OutputOptions,
  columns: Column[],
  list: (onPage: (info: PageInfo) => void) => AsyncIterable<object>,
  pageSize?: number,
): Promise<void> {
  const printer = await s.printer(output, columns);
  const { createProgress } = await import('../io/index.js');
  const progress = createProgress(s.ctx.io.stderr);
  let total: number | undefined;
  let first: number | undefined;
  let printing = false;
  const items = list((info) => {
    total = info.totalCount;
    first ??= info.page;
    // From the second page on: a list that fits one page shows no progress at all.
    if (info.page > first && !printing) progress.page(info.page, info.maxPage);
  });
  async function* withDone() {
    try {
      yield* items;
    } finally {
      progress.done();
    }
  }
  await printer.printList(withDone(), {
    get totalCount() {
      return total;
    },
    pageSize,
    onFirstOutput: () => {
      printing = true;
      progress.done();
    },
  });
}

/** The ✓ line a write ends with, for a person at a terminal (scripts read stdout). */
export async function done(ctx: Context, message: string): Promise<void> {
  if (!ctx.io.stderr.isTTY) return;
  const { createMessenger } = await import('../io/index.js');
  createMessenger(ctx.io).success(message);
}

/** The date part of an ISO timestamp, for messages; '' when there is none. */
export function day(value: unknown): string {
  return typeof value === 'string' ? value.slice(0, 10) : '';
}

/** An "Examples:" block; long command lines break before a flag, shell-style, to fit 80 columns. */
export function examples(...lines: string[]): string {
  return `\nExamples:\n${lines.map((l) => wrapCommand(`  ${l}`, 78)).join('\n')}\n`;
}

export function wrapCommand(line: string, width: number): string {
  if (line.length <= width) return line;
  const parts = line.split(/ (?=--?[a-z])/);
  const out: string[] = [];
  let current = parts.shift() ?? '';
  for (const part of parts) {
    if (current.length + 1 + part.length > width - 2) {
      out.push(`${current} \\`);
      current = `    ${part}`;
    } else current += ` ${part}`;
  }
  out.push(current);
  return out.join('\n');
}
