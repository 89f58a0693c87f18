// Help: every command has a summary, every flag a description, leaf commands an example, and
// no line is wider than 80 columns. `billing help <command>` works; typos get a suggestion.
import type { Command } from 'commander';
import { describe, expect, it } from 'vitest';
import type { Context } from '../../src/cli/context.js';
import { buildProgram } from '../../src/cli/program.js';
import { Capture, run } from '../helpers/cli.js';

function allCommands(): { path: string[]; cmd: Command }[] {
  const ctx = {
    io: { stdout: new Capture(), stderr: new Capture(), stdin: (async function* () {})() },
    env: {},
    configDir: '/nonexistent',
    now: () => new Date(),
    openBrowser: async () => {},
    signal: new AbortController().signal,
  } as Context;
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

  it('suggests the closest command for a typo, exit 2', async () => {
    const r = await run(['ordrs']);
    expect(r).toMatchObject({
      code: 2,
      stderr: "billing: unknown command 'ordrs'\n(Did you mean orders?)\n",
    });
    expect((await run(['orders', 'lst'])).stderr).toContain('(Did you mean list?)');
  });

  it('prints the version', async () => {
    const r = await run(['--version']);
    expect(r.stdout).toMatch(/^\d+\.\d+\.\d+(-dev)?/);
  });
});
