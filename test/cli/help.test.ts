// Help: every command has a summary, every flag a description, leaf commands an example, and
// no line is wider than 80 columns. `billing help <command>` works; typos get a suggestion.
import type { Command } from 'commander';
import { describe, expect, it } from 'vitest';
import { Context, type Environment } from '../../src/cli/context.js';
import { buildProgram } from '../../src/cli/program.js';
import { Capture, run } from '../helpers/cli.js';

function allCommands(): { path: string[]; cmd: Command }[] {
  const environment: Environment = {
    io: { stdout: new Capture(), stderr: new Capture(), stdin: (async function* () {})() },
    env: {},
    configDir: '/nonexistent',
    now: () => new Date(),
    openBrowser: async () => {},
    signal: new AbortController().signal,
  };
  const ctx = new Context(environment);
  const out: { path: string[]; cmd: Command }[] = [];
  const walk = (cmd: Command, path: string[]) => {
    for (const sub of cmd.commands) {
      if ((sub as unknown as { _hidden?: boolean })._hidden) continue;
      out.push({ path: [...path, sub.name()], cmd: sub });
      walk(sub, [...path, sub.name()]);
    }
  };
  walk(buildProgram(ctx) as unknown as Command, []);
  return out;
}

const commands = allCommands();

describe('help', () => {
  it('covers every command of the tree', () => {
    expect(commands.map((c) => c.path.join(' '))).toEqual(
      expect.arrayContaining([
        'checkout confirm',
        'subs change-price',
        'orders list',
        'keys activate',
        'org update',
        'api',
        'login',
        'auth status',
        'serve',
        'completion',
      ]),
    );
  });

  it.each(commands.map((c) => [c.path.join(' '), c] as const))(
    '%s --help',
    async (_name, { path, cmd }) => {
      const r = await run([...path, '--help'], { env: {} });
      expect(r.code).toBe(0);
      expect(r.stderr).toBe('');
      for (const line of r.stdout.split('\n')) expect(line.length, line).toBeLessThanOrEqual(80);
      expect(cmd.summary() || cmd.description()).not.toBe('');
      for (const option of cmd.options) expect(option.description, option.flags).not.toBe('');
      if (cmd.commands.length === 0) expect(r.stdout).toContain('\nExamples:\n');
      // The flags every command inherits are listed with it (issue 13).
      expect(r.stdout).toContain('\nGlobal Options:\n');
      expect(r.stdout).toMatch(/^ {2}--profile <name>/m);
      // Text is wrapped by commander to the width, never by hand: a hard break inside a
      // sentence comes out as a short line on one terminal and a ragged one on another.
      for (const option of cmd.options)
        expect(option.description, option.flags).not.toContain('\n');
      expect(cmd.description().replaceAll('\n\n', ''), 'description').not.toContain('\n');
    },
  );

  it('root help lists the environment and exit codes', async () => {
    const r = await run(['--help']);
    expect(r.stdout).toContain('BILLING_TOKEN');
    expect(r.stdout).toContain('Exit codes: 0 ok');
  });

  it('`billing help <command>` prints that command’s help', async () => {
    const r = await run(['help', 'orders', 'list']);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('Usage: billing orders list [options]');
  });

  it('`billing help <unknown>` is a usage error with a suggestion, exit 2', async () => {
    expect(await run(['help', 'ordrs'])).toEqual({
      code: 2,
      stdout: '',
      stderr: "billing: unknown command 'ordrs'\n(Did you mean orders?)\n",
    });
    expect(await run(['help', 'orders', 'lst'])).toMatchObject({
      code: 2,
      stderr: "billing: unknown command 'lst'\n(Did you mean list?)\n",
    });
    const far = await run(['help', 'zzzzzz']);
    expect(far.code).toBe(2);
    expect(far.stderr).toMatch(
      /^billing: unknown command 'zzzzzz'\nCommands: checkout, .*, completion\n$/,
    );
  });

  it('suggests the closest command for a typo, exit 2', async () => {
    const r = await run(['ordrs']);
    expect(r).toMatchObject({
      code: 2,
      stderr: "billing: unknown command 'ordrs'\n(Did you mean orders?)\n",
    });
    expect((await run(['orders', 'lst'])).stderr).toContain('(Did you mean list?)');
  });

  it('bare `billing` and a bare group print their help on stdout and exit 0, as gh does', async () => {
    const [root, subs, keys, withGlobal] = await Promise.all([
      run([]),
      run(['subs']),
      run(['keys']),
      run(['subs', '--no-pager']),
    ]);
    expect(root).toMatchObject({ code: 0, stderr: '' });
    expect(root.stdout).toBe((await run(['--help'])).stdout);
    expect(subs).toMatchObject({ code: 0, stderr: '' });
    expect(subs.stdout).toBe((await run(['subs', '--help'])).stdout);
    expect(keys.stdout).toMatch(/^Usage: billing keys \[options\] \[command\]\n/);
    expect(withGlobal).toEqual(subs);
    // An unknown word is still an error; a group with a default command runs it.
    expect(await run(['subs', 'lsit'])).toMatchObject({ code: 2, stdout: '' });
    const clock = await run(['clock'], { env: { BILLING_BASE_URL: 'http://127.0.0.1:9' } });
    expect(clock.stdout).toBe('');
    expect(clock.code).toBe(3);
  });

  it('prints the version', async () => {
    const r = await run(['--version']);
    expect(r.stdout).toMatch(/^\d+\.\d+\.\d+(-dev)?/);
  });
});
