// Entry point: main(argv, environment?) -> exit code. The only place where errors become exit codes.
// Commander and the command tree load only when needed: `--version` and `--help` are answered
// without them (start-up budget, bench/RESULTS.md).
import type { CommanderError } from 'commander';
import {
  ApiError,
  AuthError,
  BillingError,
  InterruptedError,
  NetworkError,
  UsageError,
} from '../errors.js';
import type { Environment } from './context.js';
import { VERSION } from './version.js';

/** The exit codes, the command line's contract (README "Exit codes"). */
export const EXIT = {
  ok: 0,
  failure: 1,
  usage: 2,
  network: 3,
  auth: 4,
  permission: 5,
  notFound: 6,
  conflict: 7,
  rateLimited: 8,
  interrupted: 130,
} as const;
export type ExitCode = (typeof EXIT)[keyof typeof EXIT];

/** The one place where an error becomes an exit code. */
export function exitCodeOf(err: unknown): ExitCode {
  if (err instanceof UsageError) return EXIT.usage;
  if (err instanceof NetworkError) return EXIT.network;
  if (err instanceof AuthError) return EXIT.auth;
  if (err instanceof InterruptedError) return EXIT.interrupted;
  if (err instanceof ApiError) {
    if (err.refusedByState) return EXIT.conflict;
    // 413, 414, 431: the request as formed (a flag value, --data) is too big to ever be accepted.
    if ([400, 413, 414, 422, 431].includes(err.status)) return EXIT.usage;
    if (err.status === 401) return EXIT.auth;
    if (err.status === 403) return EXIT.permission;
    if (err.status === 404) return EXIT.notFound;
    if (err.status === 409 || err.status === 410) return EXIT.conflict;
    if (err.status === 429) return EXIT.rateLimited;
  }
  return EXIT.failure;
}

/**
 * node:fs for the fast path, taken as CommonJS hands it over: an ES import would add a module
 * (the build's builtin shim and its interop helper) to every `--version` and `--help`.
 */
const fs = () => process.getBuiltinModule('node:fs');

/** Help texts by command path ('' for the root), rendered by scripts/build.mjs into dist/. */
type HelpTexts = Record<string, string>;

/** The output of `--version` or of a `--help` that needs no commander, else undefined. */
async function fastOutput(argv: string[]): Promise<string | undefined> {
  if (argv.length === 1 && (argv[0] === '--version' || argv[0] === '-V')) return `${VERSION}\n`;
  const last = argv.at(-1);
  if (last !== '--help' && last !== '-h') return undefined;
  // The texts were rendered 80 columns wide, as commander renders them for a pipe or a wide
  // terminal; a narrower terminal gets commander's own rendering. fstat first: asking
  // process.stdout would load the tty and net modules for a pipe.
  if (
    fs().fstatSync(1).isCharacterDevice() &&
    process.stdout.isTTY &&
    process.stdout.columns < 80
  ) {
    return undefined;
  }
  try {
    // One file per top-level command: `orders list --help` reads only the orders texts. Not a
    // literal: the bundler leaves it alone, and without a build (tests) it is not found.
    const noun = argv.length > 1 ? argv[0]! : '_root';
    if (!/^[a-z_][a-z-]*$/.test(noun)) return undefined;
    const url = new URL(`./help/${noun}.js`, import.meta.url).href;
    const texts: HelpTexts = (await import(url)).HELP;
    const path = argv.slice(0, -1).join(' ');
    return Object.hasOwn(texts, path) ? texts[path] : undefined;
  } catch {
    return undefined;
  }
}

/** Writes to stdout without creating process.stdout; a reader gone (EPIPE) is no error. */
function writeOut(text: string): void {
  try {
    fs().writeSync(1, text);
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code === 'EAGAIN') process.stdout.write(text);
    else if (code !== 'EPIPE') throw err;
  }
}

export async function main(argv: string[], environment?: Environment): Promise<number> {
  // `billing help orders list` is `billing orders list --help` (commander's help command takes one level).
  const helpFor = argv[0] === 'help' && argv.length > 1 ? argv.slice(1) : undefined;
  if (helpFor) argv = [...helpFor, '--help'];
  if (!environment) {
    const text = await fastOutput(argv);
    if (text !== undefined) {
      writeOut(text);
      return EXIT.ok;
    }
  }
  const abort = new AbortController();
  // Loaded after the fast path: --version and --help never build a Context.
  const { Context, processEnvironment } = await import('./context.js');
  const context = new Context(environment ?? processEnvironment(abort.signal));
  const onSigint = () => abort.abort('SIGINT');
  const onSigterm = () => abort.abort('SIGTERM');
  if (!environment) {
    process.once('SIGINT', onSigint);
    process.once('SIGTERM', onSigterm);
  }
  const debug = argv.includes('--debug') || context.env.BILLING_DEBUG === '1';
  let commanderError: typeof CommanderError | undefined;
  try {
    const [{ buildProgram }, commander] = await Promise.all([
      import('./program.js'),
      import('commander'),
    ]);
    commanderError = commander.CommanderError;
    const program = buildProgram(context, argv);
    // commander would show the root's help for `help <unknown>`, and succeed.
    if (helpFor) checkCommandPath(program, helpFor);
    await program.parseAsync(helpOfGroup(program, argv), { from: 'user' });
    // A command may end quietly once interrupted (a pager closed by Ctrl+C): say so all the same.
    if (context.signal.aborted && context.signal.reason === 'SIGINT') {
      context.io.stderr.write('billing: interrupted\n');
      return EXIT.interrupted;
    }
    return EXIT.ok;
  } catch (err) {
    return report(err, context, debug, commanderError);
  } finally {
    await context.close();
    if (!environment) {
      process.off('SIGINT', onSigint);
      process.off('SIGTERM', onSigterm);
    }
  }
}

interface Named {
  name(): string;
  commands: readonly Named[];
  _hidden?: boolean;
  _defaultCommandName?: string | null;
}

/**
 * Bare `billing` and a bare group (`billing subs`) ask for its help, as gh does: printed on
 * stdout, exit 0 (commander prints it to stderr and fails). A group with a default command
 * (`billing clock` is `clock show`) runs that instead. The words of argv are its arguments that
 * are not options; an option's value among them (`--profile x`) leaves argv to commander.
 */
function helpOfGroup(root: Named, argv: string[]): string[] {
  if (argv.some((a) => ['--help', '-h', '--version', '-V'].includes(a))) return argv;
  let at = root;
  for (const word of argv.filter((a) => !a.startsWith('-'))) {
    const next = at.commands.find((c) => c.name() === word);
    if (!next) return argv;
    at = next;
  }
  return at.commands.length > 0 && !at._defaultCommandName ? [...argv, '--help'] : argv;
}

/** `billing help <path>`: every word must name a command, else a usage error with a suggestion. */
function checkCommandPath(root: Named, words: string[]): void {
  let at = root;
  for (const word of words) {
    const names = at.commands.filter((c) => !c._hidden).map((c) => c.name());
    const next = at.commands.find((c) => c.name() === word);
    if (!next) {
      const like = closest(word, names);
      throw new UsageError(`unknown command '${word}'`, {
        hint: like ? `(Did you mean ${like}?)` : `Commands: ${names.join(', ')}`,
      });
    }
    at = next;
  }
}

/** The candidate within a few edits of `word` (commander's own suggestion is not exported). */
function closest(word: string, candidates: readonly string[]): string | undefined {
  const distance = (a: string, b: string) => {
    let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
    for (let i = 1; i <= a.length; i++) {
      const row = [i];
      for (let j = 1; j <= b.length; j++) {
        row[j] = Math.min(
          prev[j]! + 1,
          row[j - 1]! + 1,
          prev[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1),
        );
      }
      prev = row;
    }
    return prev[b.length]!;
  };
  let best: string | undefined;
  let bestDistance = Math.max(1, Math.floor(word.length / 3));
  for (const c of candidates) {
    const d = distance(word, c);
    if (d <= bestDistance) {
      best = c;
      bestDistance = d - 1;
    }
  }
  return best;
}

// C0 (but tab and newline), DEL, C1 and the Unicode line separators.
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching them is the point
const CONTROL = /[\x00-\x08\x0b-\x1f\x7f-\x9f\u2028\u2029]/g;

/** Says what went wrong on stderr, one line per fact, and returns the exit code. */
export function report(
  err: unknown,
  ctx: Pick<Environment, 'io' | 'signal'>,
  debug: boolean,
  commanderError: typeof CommanderError | undefined,
): number {
  // Messages may quote argv or server text: control characters (ESC, …) must not reach the
  // terminal, and each message stays on its own line.
  const write = (s: string) => ctx.io.stderr.write(`${s.slice(0, -1).replace(CONTROL, '?')}\n`);
  if (commanderError && err instanceof commanderError) {
    // --help and --version end through exitOverride with exit code 0.
    if (err.exitCode === 0) return EXIT.ok;
    // A group without its subcommand: commander already printed the group's help to stderr.
    if (err.code === 'commander.help') return EXIT.usage;
    write(`billing: ${err.message.replace(/^error: /, '')}\n`);
    return EXIT.usage;
  }
  if (ctx.signal.aborted) {
    write('billing: interrupted\n');
    return EXIT.interrupted;
  }
  if (err instanceof BillingError) {
    write(`billing: ${err.message}\n`);
    for (const d of err.details) write(`  ${d.field}: ${d.message}\n`);
    if (err.hint) write(`${err.hint}\n`);
    if (debug && err.stack) write(`${err.stack}\n`);
    return exitCodeOf(err);
  }
  const message = err instanceof Error ? err.message : String(err);
  write(`billing: unexpected error: ${message}\n`);
  if (debug && err instanceof Error && err.stack) write(`${err.stack}\n`);
  return EXIT.failure;
}
