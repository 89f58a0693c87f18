// The shape of every verb (gh's NewCmdX + xRun): a builder that declares the command, checks what
// argv gave into typed options and hands them to run(options, ctx) — or to the runF a test
// passes, to see the options without running anything.
import type { Command } from '@commander-js/extra-typings';
import type { Context, OutputOptions } from '../context.js';
import type { Audience } from '../credentials.js';
import type { Column } from '../io/index.js';
import { examples as examplesText, type RunF } from './shared.js';

// biome-ignore lint/suspicious/noExplicitAny: any command, whatever its arguments and flags
type AnyCommand = Command<any, any, any>;

/** What commander hands an action: the arguments, then the options (without the command). */
export type ActionArgs<C> = C extends Command<infer A, infer O, infer _G> ? [...A, O] : never;

/** Adds a verb to `parent`; `runF` replaces run() in tests. */
export type Builder<O, C extends AnyCommand = AnyCommand> = (
  parent: Command,
  ctx: Context,
  runF?: RunF<O>,
) => C;

export interface VerbSpec<C extends AnyCommand, O> {
  /** The command under its parent, with its arguments and flags. */
  command(parent: Command): C;
  /** argv → checked options; throws a UsageError naming the flag and the rule. */
  options(...args: [...ActionArgs<C>, Context]): O | Promise<O>;
  /** Command lines for the help's Examples block. */
  examples: string[];
  /** Help text after the examples. */
  notes?: string;
}

export function verb<C extends AnyCommand, O>(run: RunF<O>, spec: VerbSpec<C, O>): Builder<O, C> {
  return (parent, ctx, runF = run) => {
    const cmd = spec.command(parent);
    cmd.addHelpText('after', examplesText(...spec.examples) + (spec.notes ?? ''));
    cmd.action(async (...args: unknown[]) => {
      // The last argument is the command itself.
      const given = [...args.slice(0, -1), ctx] as [...ActionArgs<C>, Context];
      await runF(await spec.options(...given), ctx);
    });
    return cmd;
  };
}

/** The options of a verb that acts on one resource and prints it. */
export interface OneResource {
  id: string;
  output: OutputOptions;
}

/** The API's resource modules and the client of `audience`, loaded together. */
export async function resources(ctx: Context, audience: Audience) {
  const [modules, client] = await Promise.all([import('../../api/index.js'), ctx.api(audience)]);
  return { ...modules, client };
}

/** Prints one resource as a card (terminal), key-value lines (pipe) or JSON. */
export async function printOne(
  ctx: Context,
  output: OutputOptions,
  card: Column[],
  value: object,
): Promise<void> {
  await (await ctx.printer(output, card)).printOne(value, card);
}
