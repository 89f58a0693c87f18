// The program builds only the command a run names first (program.ts REGISTERS): each register's
// names must be what it adds, or a run of that command would find nothing to run.
import { describe, expect, it } from 'vitest';
import { Context, type Environment } from '../../src/cli/context.js';
import { buildProgram, REGISTERS } from '../../src/cli/program.js';
import { Capture, run } from '../helpers/cli.js';

const environment = (): Environment => ({
  io: { stdout: new Capture(), stderr: new Capture(), stdin: (async function* () {})() },
  env: {},
  configDir: '/nonexistent',
  now: () => new Date(),
  openBrowser: async () => {},
  signal: new AbortController().signal,
});
const names = (argv?: string[]) =>
  buildProgram(new Context(environment()), argv).commands.map((c) => c.name());

describe('the program, built for a run', () => {
  it('names in REGISTERS what each register adds, and the whole tree is their union', () => {
    const all = names();
    expect(REGISTERS.flatMap(([n]) => n)).toEqual(all);
    for (const [n, , whole] of REGISTERS) expect(names([n[0]!, '--help'])).toEqual(whole ? all : n);
  });

  it('builds every command when the first word is an option, unknown or absent', () => {
    const all = names();
    expect(all.length).toBeGreaterThan(20);
    expect(names([])).toEqual(all);
    expect(names(['--profile', 'x', 'orders', 'get'])).toEqual(all);
    expect(names(['order', 'get'])).toEqual(all);
  });

  it('still suggests the command a typo meant, and runs a command named first', async () => {
    const typo = await run(['order', 'list']);
    expect(typo.code).toBe(2);
    expect(typo.stderr).toContain('orders');
    const help = await run(['orders', 'get', '--help']);
    expect(help.code).toBe(0);
    expect(help.stdout).toContain('Usage: billing orders get');
  });

  it('makes the completion script from the whole tree', async () => {
    const r = await run(['completion', 'bash']);
    expect(r.code).toBe(0);
    for (const word of ['orders', 'subs', 'webhooks', 'login', 'whoami', 'serve'])
      expect(r.stdout).toContain(word);
    // The same script as a program built whole makes (npm run completions writes that one).
    const { readFileSync } = await import('node:fs');
    expect(r.stdout).toBe(readFileSync('completions/billing.bash', 'utf8'));
  });
});
