// `billing config get|set|unset|list` in a temp config dir, `--help` of every command, and the
// usage errors the argument parser itself reports.
import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CliResult, type Suite, startSuite } from './cli.js';

let s: Suite;
const ORG = '0b4c2a7e-1f7d-4d2b-9a7e-3c1f0e6d5b21';

beforeAll(async () => {
  s = await startSuite();
});
afterAll(() => s.svc.stop());

describe('config', () => {
  it('set / get / list / unset round trip, in config.json with mode 0600', async () => {
    expect(await s.run(['config', 'set', 'organization_id', ORG.toUpperCase()])).toEqual({
      code: 0,
      stdout: '',
      stderr: `✓ local: organization_id = ${ORG}\n`,
    });
    expect(await s.run(['config', 'get', 'organization_id'])).toEqual({
      code: 0,
      stdout: `${ORG}\n`,
      stderr: '',
    });
    const set = await s.run(['config', 'set', 'profiles.ci.base_url', 'https://billing.example/']);
    expect(set.stderr).toBe('✓ ci: profiles.ci.base_url = https://billing.example\n');

    const file = join(s.configDir, 'config.json');
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(JSON.parse(readFileSync(file, 'utf8')).profiles).toEqual({
      local: { storage: 'file', organization_id: ORG },
      ci: { base_url: 'https://billing.example' },
    });

    // The local profile's own api_version, not the suite's.
    const list = await s.run(['config', 'list'], { env: { BILLING_API_VERSION: undefined } });
    expect(list.stdout.split('\n')).toEqual([
      'profile: local (from default)',
      'profiles: ci, local',
      `base_url\t${s.url}\t(env)`,
      `auth_url\t${s.url}\t(default)`,
      expect.stringMatching(/^client_id\t\S+\t\(default\)$/),
      `organization_id\t${ORG}\t(file)`,
      'api_version\t2026-10\t(default)',
      'storage\tfile\t(file)',
      'connect_timeout\t10\t(default)',
      'request_timeout\t30\t(default)',
      'max_response_mb\t32\t(default)',
      '',
    ]);
    const json = JSON.parse((await s.run(['--profile', 'ci', 'config', 'list', '--json'])).stdout);
    expect(json).toMatchObject({
      profile: 'ci',
      profile_source: 'flag',
      profiles: ['ci', 'local'],
    });

    expect(await s.run(['config', 'unset', 'organization_id'])).toEqual({
      code: 0,
      stdout: '',
      stderr: 'organization_id removed\n',
    });
    expect((await s.run(['config', 'unset', 'organization_id'])).stderr).toBe(
      'organization_id was not set\n',
    );
    expect(await s.run(['config', 'get', 'organization_id'])).toEqual({
      code: 0,
      stdout: '',
      stderr: '',
    });
    expect((await s.run(['config', 'unset', 'profiles.ci'])).stderr).toBe('profiles.ci removed\n');
  });

  it('refuses bad keys, bad values and unknown profiles with exit 2', async () => {
    const [badValue, badKey, badProfile] = await Promise.all([
      s.run(['config', 'set', 'organization_id', 'acme']),
      s.run(['config', 'get', 'colour']),
      s.run(['--profile', 'nope', 'orders', 'list']),
    ]);
    expect(badValue).toEqual({
      code: 2,
      stdout: '',
      stderr: 'billing: Invalid value for organization_id\n  organization_id: must be a UUID\n',
    });
    expect(badKey.code).toBe(2);
    expect(badKey.stderr.split('\n')[0]).toBe('billing: Unknown config key "colour"');
    expect(badProfile.code).toBe(2);
    expect(badProfile.stderr.split('\n')[0]).toBe(
      'billing: Unknown profile "nope" (from --profile)',
    );
  });
});

/** Subcommand names from the "Commands:" section of a help text (minus `help`). */
function subcommands(help: string): string[] {
  const section = help.split('\nCommands:\n')[1]?.split('\n\n')[0] ?? '';
  return [...section.matchAll(/^ {2}([a-z][a-z-]*)/gm)]
    .map((m) => m[1]!)
    .filter((n) => n !== 'help');
}

/** Groups whose own help shows examples too (every leaf command and the root must). */
const RESOURCE_GROUPS = ['checkout', 'subs', 'orders', 'keys', 'org', 'config'];

describe('help', () => {
  it('every command, group and the root: --help exits 0 with examples on stdout', async () => {
    const root = await s.run(['--help']);
    const groups = subcommands(root.stdout);
    expect(groups).toEqual(
      expect.arrayContaining([
        'checkout',
        'subs',
        'orders',
        'keys',
        'org',
        'api',
        'config',
        'serve',
      ]),
    );
    const groupHelp = await Promise.all(groups.map((g) => s.run([g, '--help'])));
    const leaves = groups.flatMap((g, i) =>
      subcommands(groupHelp[i]!.stdout).map((sub) => [g, sub]),
    );
    expect(leaves.map((l) => l.join(' '))).toEqual(
      expect.arrayContaining([
        'checkout get',
        'checkout update',
        'checkout confirm',
        'subs list',
        'subs change-price',
        'orders list',
        'orders get',
        'keys list',
        'keys get',
        'keys update',
        'keys activate',
        'keys validate',
        'keys deactivate',
        'org get',
        'org update',
        'config get',
        'config set',
        'config unset',
        'config list',
      ]),
    );
    const leafHelp = await Promise.all(leaves.map((l) => s.run([...l, '--help'])));
    const all: { path: string[]; r: CliResult }[] = [
      { path: [], r: root },
      ...groups.map((g, i) => ({ path: [g], r: groupHelp[i]! })),
      ...leaves.map((path, i) => ({ path, r: leafHelp[i]! })),
    ];
    for (const { path, r } of all) {
      const name = path.join(' ');
      expect({ name, code: r.code, stderr: r.stderr }).toEqual({ name, code: 0, stderr: '' });
      expect(r.stdout, name).toContain(`Usage: billing ${name}`.trimEnd());
      const grouping = path.length === 1 && subcommands(r.stdout).length > 0;
      if (!grouping || RESOURCE_GROUPS.includes(name)) {
        expect(r.stdout, name).toContain('\nExamples:\n');
      }
    }
  });
});

describe('usage errors from the parser', () => {
  it('unknown flags, commands and missing arguments exit 2; a group without its subcommand prints its help, exit 0 (as gh)', async () => {
    const [flag, command, argument, group, choice] = await Promise.all([
      s.run(['orders', 'list', '--bogus']),
      s.run(['ordrs']),
      s.run(['orders', 'get']),
      s.run(['orders']),
      s.run(['orders', 'list', '--type', 'monthly']),
    ]);
    expect(flag).toEqual({ code: 2, stdout: '', stderr: "billing: unknown option '--bogus'\n" });
    expect(command).toEqual({
      code: 2,
      stdout: '',
      stderr: "billing: unknown command 'ordrs'\n(Did you mean orders?)\n",
    });
    expect(argument).toEqual({
      code: 2,
      stdout: '',
      stderr: "billing: missing required argument 'id'\n",
    });
    expect(group.code).toBe(0);
    expect(group.stderr).toBe('');
    expect(group.stdout).toMatch(/^Usage: billing orders \[options\] \[command\]\n/);
    expect(choice).toEqual({
      code: 2,
      stdout: '',
      stderr:
        "billing: option '--type <type>' argument 'monthly' is invalid. Allowed choices are one_time, recurring.\n",
    });
  });

  it('--version prints the package version', async () => {
    expect(await s.run(['--version'])).toEqual({ code: 0, stdout: '0.1.0\n', stderr: '' });
  });
});
