// Entry point: main(argv, ctx) -> exit code. The only place where errors become exit codes.
import { CommanderError } from 'commander';
import { type Context, processContext } from './context.js';
import { CliError, EXIT } from './errors.js';
import { buildProgram } from './program.js';

export async function main(argv: string[], ctx?: Context): Promise<number> {
  const abort = new AbortController();
  const onSigint = () => abort.abort('SIGINT');
  const onSigterm = () => abort.abort('SIGTERM');
  const context = ctx ?? processContext(abort.signal);
  if (!ctx) {
    process.once('SIGINT', onSigint);
    process.once('SIGTERM', onSigterm);
  }
  // `billing help orders list` is `billing orders list --help` (commander's help command takes one level).
  if (argv[0] === 'help' && argv.length > 1) argv = [...argv.slice(1), '--help'];
  const debug = argv.includes('--debug') || context.env.BILLING_DEBUG === '1';
  try {
    const program = buildProgram(context);
    await program.parseAsync(argv, { from: 'user' });
    return context.signal.aborted && context.signal.reason === 'SIGINT'
      ? EXIT.interrupted
      : EXIT.ok;
  } catch (err) {
    return report(err, context, debug);
  } finally {
    const { closeSessions } = await import('./commands/shared.js');
    await closeSessions(context);
    if (!ctx) {
      process.off('SIGINT', onSigint);
      process.off('SIGTERM', onSigterm);
    }
  }
}

function report(err: unknown, ctx: Context, debug: boolean): number {
  const write = (s: string) => ctx.io.stderr.write(s);
  if (err instanceof CommanderError) {
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
  if (err instanceof CliError) {
    write(`billing: ${err.message}\n`);
    for (const d of err.details) write(`  ${d.field}: ${d.message}\n`);
    if (err.hint) write(`${err.hint}\n`);
    if (debug && err.stack) write(`${err.stack}\n`);
    return err.exitCode;
  }
  const message = err instanceof Error ? err.message : String(err);
  write(`billing: unexpected error: ${message}\n`);
  if (debug && err instanceof Error && err.stack) write(`${err.stack}\n`);
  return EXIT.failure;
}
