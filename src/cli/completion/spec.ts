// The completion data read off the commander tree: subcommands, flags, and flag values with
// fixed choices. Every shell script is generated from this one table.
import type { Command, Option } from 'commander';
import { anySorting, SORTS as GENERATION_SORTS, VALUES } from '../../api/generation.js';
import { WEBHOOK_EVENT_TYPES } from '../../shared/api-facts.js';

/** A seller's criteria and, for --mine, the customer portal's: one list, each once. */
const union = (...lists: readonly (readonly string[])[]) => [...new Set(lists.flat())];

export interface FlagSpec {
  names: string[];
  takesValue: boolean;
  /** Shown by the shells that show descriptions (zsh, fish). */
  description: string;
  /** Fixed values (choices, sort criteria), or 'profiles' for names read at completion time. */
  values?: string[] | 'profiles';
}

export interface CommandSpec {
  /** Space-separated path below `billing`, '' for the root. */
  path: string;
  subcommands: string[];
  /** Each subcommand's summary, for zsh and fish. */
  summaries: Record<string, string>;
  flags: FlagSpec[];
  /** Fixed values of its positional argument (`billing trigger <event-type>`). */
  args?: string[];
}

/** Sort criteria per list command, either API generation's: each ascending and descending. */
const S = GENERATION_SORTS;
const SORTS: Record<string, readonly string[]> = {
  'orders list': union(anySorting(S.orders), anySorting(S.myOrders)),
  'subs list': union(anySorting(S.subscriptions), anySorting(S.mySubscriptions)),
  'customers list': anySorting(S.customers),
  'products list': anySorting(S.products),
  'discounts list': anySorting(S.discounts),
  'checkout list': anySorting(S.checkouts),
  'org list': anySorting(S.organizations),
};

/** Positional arguments with a fixed set of values, by command path. */
const ARGS: Record<string, readonly string[]> = { trigger: WEBHOOK_EVENT_TYPES };

/**
 * Flags that take a list (repeatable or comma-separated, checked by billing, so commander has no
 * choices to read) of a fixed set of values, by `path --flag`.
 */
const LISTS: Record<string, readonly string[]> = {
  'subs list --status': VALUES.subscriptionStatus,
  'checkout list --status': VALUES.checkoutStatus,
};

function extraValues(o: Option, path: string): string[] | 'profiles' | undefined {
  if (o.long === '--profile') return 'profiles';
  const listed = LISTS[`${path} ${o.long}`];
  if (listed) return [...listed];
  if (o.long === '--events') return [...VALUES.webhookEventType, 'all'];
  const sorts = o.long === '--sort' ? SORTS[path] : undefined;
  return sorts ? [...sorts, ...sorts.map((c) => `-${c}`)] : undefined;
}

function flagOf(o: Option, path: string): FlagSpec {
  const names = [o.short, o.long].filter((n): n is string => Boolean(n));
  const takesValue = o.required || o.optional;
  const values = extraValues(o, path) ?? (o.argChoices ? [...o.argChoices] : undefined);
  const description = o.description;
  return values ? { names, takesValue, description, values } : { names, takesValue, description };
}

export function completionSpec(root: Command): CommandSpec[] {
  const out: CommandSpec[] = [];
  const walk = (cmd: Command, path: string) => {
    const visible = cmd.commands.filter((c) => !(c as unknown as { _hidden?: boolean })._hidden);
    const flags = cmd.options.filter((o) => !o.hidden).map((o) => flagOf(o, path));
    flags.push({ names: ['-h', '--help'], takesValue: false, description: 'show help' });
    const names = visible.map((c) => c.name());
    const summaries = Object.fromEntries(
      visible.map((c) => [c.name(), c.summary() || c.description().split('\n')[0]!]),
    );
    // `billing help <command>` is commander's implicit command at the root.
    if (path === '') {
      names.push('help');
      summaries.help = 'show help for a command';
    }
    const args = ARGS[path];
    out.push({ path, subcommands: names, summaries, flags, ...(args && { args: [...args] }) });
    for (const sub of visible) walk(sub, path ? `${path} ${sub.name()}` : sub.name());
  };
  walk(root, '');
  return out;
}
