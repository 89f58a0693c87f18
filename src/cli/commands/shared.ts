// What every verb shares: the runner type, output and paging flags, paged printing, ✓ lines.
import type { Command, OptionValues } from '@commander-js/extra-typings';
import { Option } from '@commander-js/extra-typings';
import type { FieldTree, FieldTrees } from '../../api/fields.js';
import type { PageInfo } from '../../api/paginate.js';
import { ApiError, UsageError } from '../../errors.js';
import type { Context, OutputOptions } from '../context.js';
import { integer } from '../input.js';
import { OUTPUT_FORMATS, parseFields, resolveFormat } from '../io/format.js';
import type { Column } from '../io/index.js';
import { safeText } from '../io/safe.js';

/**
 * Does a verb's work once its flags are checked. A builder takes one so that tests can see the
 * options argv turns into without running anything (gh's runF).
 */
export type RunF<O> = (options: O, ctx: Context) => Promise<void>;

/**
 * --json, -o and --fields; `fields` names what the command prints, for checking --fields (the
 * field lists, both API generations', load only when --fields is given).
 */
export function withOutput<A extends unknown[], O extends OptionValues, G extends OptionValues>(
  cmd: Command<A, O, G>,
  fields: keyof FieldTrees,
) {
  return (
    cmd
      .option('--json', 'print the full API object(s) as JSON (same as -o json)')
      .addOption(
        new Option(
          '-o, --output <format>',
          'table (terminal default), tsv (pipe default), json, ndjson',
        ).choices(OUTPUT_FORMATS),
      )
      .option(
        '--fields <paths>',
        'only these comma-separated fields, by dot path (e.g. id,customer.email)',
      )
      // Checked before the action: a bad --fields must not surface after a PATCH was applied.
      .hook('preAction', async (c) => {
        const o = c.opts() as OutputOptions;
        resolveFormat({ json: o.json, output: o.output });
        if (o.fields === undefined) return;
        const paths = parseFields(o.fields);
        const { FIELD_TREES, unknownField } = await import('../../api/fields.js');
        checkFields(paths, FIELD_TREES[fields], unknownField);
      })
  );
}

/** The output flags of parsed options, without the keys that were not given. */
export function outputOf(opts: OutputOptions): OutputOptions {
  const out: OutputOptions = {};
  if (opts.json) out.json = true;
  if (opts.output !== undefined) out.output = opts.output;
  if (opts.fields !== undefined) out.fields = opts.fields;
  return out;
}

/** Every --fields path must name a field the command prints (nested paths by dots). */
function checkFields(
  paths: readonly string[],
  fields: FieldTree,
  unknownField: typeof import('../../api/fields.js').unknownField,
): void {
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

/** The --help lines of columns that read a field the API generations name differently. */
export function columnNotes(title: string, columns: readonly Column[]): string {
  const noted = columns.filter((c) => c.note);
  if (!noted.length) return '';
  const width = Math.max(...noted.map((c) => c.header.length));
  const lines = noted.map((c) => `  ${c.header.padEnd(width)}  ${c.note}`);
  return `\n${title}:\n${lines.join('\n')}\n`;
}

/**
 * --mine, the one word for the customer's side (through the customer portal); --as-customer,
 * its older name, still works but is not shown.
 */
export function withMine<A extends unknown[], O extends OptionValues, G extends OptionValues>(
  cmd: Command<A, O, G>,
  description: string,
) {
  return cmd
    .option('--mine', description)
    .addOption(new Option('--as-customer', 'the old name of --mine').hideHelp());
}

/** Whether --mine (or its old name) was given. */
export function isMine(opts: { mine?: boolean; asCustomer?: boolean }): boolean {
  return Boolean(opts.mine || opts.asCustomer);
}

/**
 * A verb's two runners, the seller's and the customer portal's (--mine), each with its own
 * options type: the one run is picked by `mine`.
 */
export function sellerOrMine<S extends { mine: false }, M extends { mine: true }>(runners: {
  seller: RunF<S>;
  mine: RunF<M>;
}): RunF<S | M> {
  return (opts, ctx) => (opts.mine ? runners.mine(opts, ctx) : runners.seller(opts, ctx));
}

export interface PagingOptions {
  limit?: string;
  page?: string;
  pageSize?: string;
  all?: boolean;
}

/** Where a list starts and how much of it to print, checked. */
export interface Paging {
  limit: number;
  startPage: number;
  pageSize: number;
}

export function withPaging<A extends unknown[], O extends OptionValues, G extends OptionValues>(
  cmd: Command<A, O, G>,
) {
  return cmd
    .option('--limit <n>', 'how many items to show (default: 30)')
    .option('--page <n>', 'start at this page of --page-size items (default: 1)')
    .option(
      '--page-size <n>',
      'items per request, 1-100 (default: --limit, at most 100); with --page and no --limit, that one page',
    )
    .option('--all', 'every item, page after page (streams; ignores --limit)');
}

export function paging(opts: PagingOptions): Paging {
  // --page N --page-size M without --limit is that one page, as the API would give it.
  const onePage =
    !opts.all && opts.limit === undefined && opts.page !== undefined && opts.pageSize !== undefined;
  const limit = opts.all
    ? Number.POSITIVE_INFINITY
    : opts.limit !== undefined
      ? integer('--limit', opts.limit, 1)
      : onePage
        ? integer('--page-size', opts.pageSize!, 1, 100)
        : 30;
  // `!== undefined`: an empty value (`--limit ""`) is an error, not the default.
  const startPage = opts.page !== undefined ? integer('--page', opts.page, 1) : 1;
  const pageSize =
    opts.pageSize !== undefined
      ? integer('--page-size', opts.pageSize, 1, 100)
      : Math.min(100, Number.isFinite(limit) ? limit : 100);
  return { limit, startPage, pageSize };
}

/** The options of a list verb: its filters, where to start and how much, how to print. */
export interface Listing<F> {
  filters: F;
  page: Paging;
  output: OutputOptions;
}

/**
 * Streams a paginated list to the printer. On a terminal a progress line shows from the
 * second page until the first row is printed; then the rows themselves show progress.
 */
export async function printPages(
  ctx: Context,
  listing: Omit<Listing<unknown>, 'filters'>,
  columns: Column[],
  list: (paging: Paging & { onPage: (info: PageInfo) => void }) => AsyncIterable<object>,
  /** false: the server's total is not what is printed (a filter of billing's own). */
  counted = true,
): Promise<void> {
  const { output, page } = listing;
  const pageSize = page.pageSize;
  const printer = await ctx.printer(output, columns);
  const { createProgress } = await import('../io/index.js');
  const progress = createProgress(ctx.io.stderr);
  let total: number | undefined;
  let first: number | undefined;
  let printing = false;
  const items = list({
    ...page,
    onPage: (info) => {
      if (counted) total = info.totalCount;
      first ??= info.page;
      // From the second page on: a list that fits one page shows no progress at all.
      if (info.page > first && !printing) progress.page(info.page, info.maxPage);
    },
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

/**
 * printPages() with a filter the API does not have: every page is read (100 at a time) and
 * only the items `keep` accepts are printed, `--limit` counting those. The server's total
 * counts every item, so none is shown.
 */
export async function printFiltered<T extends object>(
  ctx: Context,
  listing: Omit<Listing<unknown>, 'filters'>,
  columns: Column[],
  list: (paging: Paging & { onPage: (info: PageInfo) => void }) => AsyncIterable<T>,
  keep: (item: T) => boolean,
): Promise<void> {
  await printPages(
    ctx,
    listing,
    columns,
    (paging) =>
      kept(list({ ...paging, limit: Number.POSITIVE_INFINITY, pageSize: 100 }), keep, paging.limit),
    false,
  );
}

async function* kept<T>(items: AsyncIterable<T>, keep: (item: T) => boolean, limit: number) {
  if (limit <= 0) return;
  let shown = 0;
  for await (const item of items) {
    if (!keep(item)) continue;
    yield item;
    if (++shown >= limit) return;
  }
}

/**
 * --org (checked already), else the profile's default organization; without either a usage
 * error naming --org, prefixed with the command (`trigger: `) when given.
 */
export async function organization(
  org: string | undefined,
  ctx: Context,
  command?: string,
): Promise<string> {
  if (org !== undefined) return org;
  const credentials = await ctx.credentials();
  const found = await credentials.defaultOrganization();
  if (found) return found;
  const seen = await credentials.organizationsSeen();
  const which = seen?.length
    ? `: your token can act for ${seen.length}${seen.length === 10 ? ' or more' : ''} organizations (${seen
        .slice(0, 3)
        .map((o) => `${safeText(o.name)} ${o.id}`)
        .join(', ')}${seen.length > 3 ? ', …' : ''})`
    : '';
  throw new UsageError(`${command ? `${command}: ` : ''}--org is required${which}`, {
    hint: 'Pass --org <id>, or set a default: billing config set organization_id <id>',
  });
}

/**
 * The organization_id of a create without --org: none for an organization's own token (the
 * service takes it from the token and refuses one given), else as organization() finds it.
 */
export async function creationOrganization(
  ctx: Context,
  command: string,
): Promise<string | undefined> {
  if (await (await ctx.credentials()).organizationToken()) return undefined;
  return organization(undefined, ctx, command);
}

/**
 * A call to the local service's /__local/ control surface; a service without it (a 404 or
 * 405 there: not `billing serve`) is a usage error saying so, with `hint`.
 */
export async function localOnly<T>(
  ctx: Context,
  call: Promise<T>,
  message: (baseUrl: string) => string,
  hint: string,
): Promise<T> {
  try {
    return await call;
  } catch (err) {
    if (err instanceof ApiError && (err.status === 404 || err.status === 405)) {
      const { base_url } = await ctx.settings();
      throw new UsageError(message(base_url), { hint });
    }
    throw err;
  }
}

/** The ✓ line a write ends with, for a person at a terminal (scripts read stdout). */
export async function done(ctx: Context, message: string): Promise<void> {
  if (!ctx.io.stderr.isTTY) return;
  const { createMessenger } = await import('../io/index.js');
  createMessenger(ctx.io).success(message);
}

/**
 * A card's section on a terminal (a key's activations, a product's prices): its title and a
 * table; none at all when there is nothing in it (issue 24), rather than a "No results" line.
 */
export async function printSection(
  ctx: Context,
  title: string,
  columns: Column[],
  items: readonly object[],
): Promise<void> {
  if (items.length === 0) return;
  ctx.io.stdout.write(`\n${title}:\n`);
  await (await ctx.printer({}, columns)).printList(items);
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
