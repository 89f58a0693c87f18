// billing completion <shell> and the hidden billing __complete profiles the scripts call.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { buildComplete, runComplete } from '../../../../src/cli/commands/completion/complete.js';
import {
  buildCompletion,
  type CompletionOptions,
  runCompletion,
} from '../../../../src/cli/commands/completion/completion.js';
import type { Context } from '../../../../src/cli/context.js';
import { buildProgram } from '../../../../src/cli/program.js';
import { tempConfigDir } from '../../../helpers/cli.js';
import { execute, parse } from '../verb.js';

const ROOT = fileURLToPath(new URL('../../../..', import.meta.url));

/** What `billing completion` runs: the script of the whole command tree. */
const completion = (o: CompletionOptions, ctx: Context) => runCompletion(o, ctx, buildProgram(ctx));

describe('completion: argv -> options', () => {
  it.each([['bash'], ['zsh'], ['fish']])('%s', async (shell) => {
    expect(await parse(buildCompletion, 'completion', [shell])).toEqual({
      options: { shell },
      code: 0,
      stderr: '',
    });
  });

  it.each([
    [['powershell'], 'billing: shell must be one of bash, zsh, fish, got "powershell"\n'],
    [['Bash'], 'billing: shell must be one of bash, zsh, fish, got "Bash"\n'],
    [[], "billing: missing required argument 'shell'\n"],
    [
      ['bash', 'zsh'],
      "billing: too many arguments for 'completion'. Expected 1 argument but got 2: bash, zsh.\n",
    ],
  ])('%j is a usage error and prints no script', async (argv, stderr) => {
    expect(await parse(buildCompletion, 'completion', argv)).toEqual({ code: 2, stderr });
  });

  it('__complete <what>', async () => {
    expect(await parse(buildComplete, '__complete', ['profiles'])).toEqual({
      options: { what: 'profiles' },
      code: 0,
      stderr: '',
    });
    expect(await parse(buildComplete, '__complete', [])).toEqual({
      code: 2,
      stderr: "billing: missing required argument 'what'\n",
    });
  });
});

describe('completion: options + answers -> output', () => {
  it.each([
    ['bash', 'completions/billing.bash'],
    ['zsh', 'completions/_billing'],
    ['fish', 'completions/billing.fish'],
  ] as const)('%s prints the script checked in as %s', async (shell, file) => {
    const r = await execute(completion, { shell });
    expect(r).toEqual({
      code: 0,
      stdout: readFileSync(join(ROOT, file), 'utf8'),
      stderr: '',
    });
  });

  it('the bash script completes profile names through __complete', async () => {
    const r = await execute(completion, { shell: 'bash' });
    expect(r.stdout).toContain('billing __complete profiles');
  });

  it('__complete profiles: the built-in and configured profiles, sorted', async () => {
    const configDir = tempConfigDir();
    writeFileSync(
      join(configDir, 'config.json'),
      JSON.stringify({
        default_profile: 'prod',
        profiles: { staging: { base_url: 'https://s.example' }, prod: {}, alpha: {} },
      }),
    );
    const r = await execute(runComplete, { what: 'profiles' }, { configDir });
    expect(r).toEqual({ code: 0, stdout: 'alpha\nlocal\nprod\nstaging\n', stderr: '' });
  });

  it('__complete profiles without a config file: local', async () => {
    const r = await execute(runComplete, { what: 'profiles' }, { configDir: tempConfigDir() });
    expect(r).toEqual({ code: 0, stdout: 'local\n', stderr: '' });
  });

  it('__complete never prints an error into the command line', async () => {
    const configDir = tempConfigDir();
    writeFileSync(join(configDir, 'config.json'), '{"profiles":');
    expect(await execute(runComplete, { what: 'profiles' }, { configDir })).toEqual({
      code: 0,
      stdout: '',
      stderr: '',
    });
    expect(await execute(runComplete, { what: 'flags' }, { configDir: tempConfigDir() })).toEqual({
      code: 0,
      stdout: '',
      stderr: '',
    });
  });
});
