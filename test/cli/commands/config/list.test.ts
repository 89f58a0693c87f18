// billing config list: aligned columns for a person, tab-separated values for a script.
import { describe, expect, it } from 'vitest';
import { buildList, runList } from '../../../../src/cli/commands/config/list.js';
import { runSet } from '../../../../src/cli/commands/config/set.js';
import { run, tempConfigDir } from '../../../helpers/cli.js';
import { BASE, execute, ORG, parse } from '../verb.js';

describe('config list', () => {
  it('aligns its columns on a terminal', async () => {
    const r = await run(['config', 'list'], { tty: true });
    const rows = r.stdout.split('\n').slice(2, -1);
    expect(rows[0]).toBe(`base_url         http://127.0.0.1:8787${' '.repeat(33)}(builtin)`);
    // Every value starts in the same column, and so does every source.
    const valueAt = new Set(rows.filter((l) => l.includes('(')).map((l) => l.search(/ \S/) + 1));
    const sourceAt = new Set(rows.filter((l) => l.includes('(')).map((l) => l.indexOf('(')));
    expect([valueAt.size, sourceAt.size]).toEqual([1, 1]);
    expect(r.stdout).not.toContain('\t');
  });

  it('is tab-separated in a pipe', async () => {
    const r = await run(['config', 'list']);
    expect(r.stdout.split('\n')[2]).toBe('base_url\thttp://127.0.0.1:8787\t(builtin)');
  });
});

const CLIENT_ID = 'polar_ci_billingCLIlocalServicePublicClient000044vii';

describe('config list: argv -> options', () => {
  it.each([
    [[], { json: false }],
    [['--json'], { json: true }],
  ])('%j', async (argv, options) => {
    expect(await parse(buildList, 'list', argv, { noun: 'config' })).toEqual({
      options,
      code: 0,
      stderr: '',
    });
  });

  it.each([
    [['-o', 'json'], "billing: unknown option '-o'\n"],
    [['prod'], "billing: too many arguments for 'list'. Expected 0 arguments but got 1: prod.\n"],
  ])('%j is a usage error and runs nothing', async (argv, stderr) => {
    expect(await parse(buildList, 'list', argv, { noun: 'config' })).toEqual({
      code: 2,
      stderr,
    });
  });
});

describe('config list: options + answers -> output', () => {
  it('no config file: every setting with its source; BILLING_BASE_URL wins', async () => {
    const r = await execute(
      runList,
      { json: false },
      { configDir: tempConfigDir(), env: { BILLING_API_VERSION: undefined } },
    );
    expect(r).toEqual({
      code: 0,
      stdout: [
        'profile: local (from default)',
        'profiles: local',
        `base_url\t${BASE}\t(env)`,
        `auth_url\t${BASE}\t(default)`,
        `client_id\t${CLIENT_ID}\t(default)`,
        'organization_id\t',
        'api_version\t2026-10\t(default)',
        'storage\tauto\t(default)',
        'connect_timeout\t10\t(default)',
        'request_timeout\t30\t(default)',
        'max_response_mb\t32\t(default)',
        '',
      ].join('\n'),
      stderr: '',
    });
  });

  it('after config set: values from the file, profiles listed, --json', async () => {
    const configDir = tempConfigDir();
    for (const [key, value] of [
      ['organization_id', ORG],
      ['storage', 'file'],
      ['profiles.prod.base_url', 'https://api.billing.example'],
    ] as const) {
      expect((await execute(runSet, { key, value }, { configDir })).code).toBe(0);
    }
    const env = {
      BILLING_BASE_URL: undefined,
      BILLING_API_VERSION: undefined,
      BILLING_PROFILE: 'prod',
    };
    const r = await execute(runList, { json: true }, { configDir, env });
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout)).toEqual({
      profile: 'prod',
      profile_source: 'env',
      default_profile: 'local',
      profiles: ['local', 'prod'],
      settings: [
        { key: 'base_url', value: 'https://api.billing.example', source: 'file' },
        { key: 'auth_url', value: 'https://api.billing.example', source: 'default' },
        { key: 'client_id', value: CLIENT_ID, source: 'default' },
        { key: 'organization_id' },
        { key: 'api_version', value: '2026-10', source: 'default' },
        { key: 'storage', value: 'auto', source: 'default' },
        { key: 'connect_timeout', value: 10, source: 'default' },
        { key: 'request_timeout', value: 30, source: 'default' },
        { key: 'max_response_mb', value: 32, source: 'default' },
      ],
    });
    const local = await execute(
      runList,
      { json: false },
      { configDir, env: { BILLING_BASE_URL: undefined, BILLING_API_VERSION: undefined } },
    );
    expect(local.stdout.split('\n').slice(0, 7)).toEqual([
      'profile: local (from default)',
      'profiles: local, prod',
      'base_url\thttp://127.0.0.1:8787\t(builtin)',
      'auth_url\thttp://127.0.0.1:8787\t(default)',
      `client_id\t${CLIENT_ID}\t(default)`,
      `organization_id\t${ORG}\t(file)`,
      'api_version\t2026-10\t(default)',
    ]);
  });

  it('aligns the columns on a terminal', async () => {
    const r = await execute(
      runList,
      { json: false },
      { configDir: tempConfigDir(), tty: true, env: { BILLING_API_VERSION: undefined } },
    );
    const pad = (key: string, value: string, source: string) =>
      `${key.padEnd(15)}  ${value.padEnd(CLIENT_ID.length)}  ${source}`.trimEnd();
    expect(r.stdout).toBe(
      [
        'profile: local (from default)',
        'profiles: local',
        pad('base_url', BASE, '(env)'),
        pad('auth_url', BASE, '(default)'),
        pad('client_id', CLIENT_ID, '(default)'),
        pad('organization_id', '', ''),
        pad('api_version', '2026-10', '(default)'),
        pad('storage', 'auto', '(default)'),
        pad('connect_timeout', '10', '(default)'),
        pad('request_timeout', '30', '(default)'),
        pad('max_response_mb', '32', '(default)'),
        '',
      ].join('\n'),
    );
  });
});
