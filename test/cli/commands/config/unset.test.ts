// billing config unset <key>: a setting back to its default, or a whole profile.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runGet } from '../../../../src/cli/commands/config/get.js';
import { runSet } from '../../../../src/cli/commands/config/set.js';
import { buildUnset, runUnset } from '../../../../src/cli/commands/config/unset.js';
import { tempConfigDir } from '../../../helpers/cli.js';
import { execute, ORG, parse } from '../verb.js';

describe('config unset: argv -> options', () => {
  it.each([
    [['organization_id'], { key: 'organization_id' }],
    [['profiles.staging'], { key: 'profiles.staging' }],
  ])('%j', async (argv, options) => {
    expect(await parse(buildUnset, 'unset', argv, { noun: 'config' })).toEqual({
      options,
      code: 0,
      stderr: '',
    });
  });

  it.each([
    [[], "billing: missing required argument 'key'\n"],
    [['--all'], "billing: unknown option '--all'\n"],
  ])('%j is a usage error and runs nothing', async (argv, stderr) => {
    expect(await parse(buildUnset, 'unset', argv, { noun: 'config' })).toEqual({
      code: 2,
      stderr,
    });
  });
});

describe('config unset: options + answers -> output', () => {
  async function configured(): Promise<string> {
    const configDir = tempConfigDir();
    for (const [key, value] of [
      ['organization_id', ORG],
      ['profiles.staging.base_url', 'https://staging.billing.example'],
      ['default_profile', 'staging'],
    ] as const) {
      expect((await execute(runSet, { key, value }, { configDir })).code).toBe(0);
    }
    return configDir;
  }

  it('a setting: removed once, then "was not set"; get falls back to the default', async () => {
    const configDir = await configured();
    const unset = () => execute(runUnset, { key: 'profiles.local.organization_id' }, { configDir });
    expect(await unset()).toEqual({
      code: 0,
      stdout: '',
      stderr: 'profiles.local.organization_id removed\n',
    });
    expect(await unset()).toEqual({
      code: 0,
      stdout: '',
      stderr: 'profiles.local.organization_id was not set\n',
    });
    const r = await execute(runGet, { key: 'profiles.local.organization_id' }, { configDir });
    expect(r).toEqual({ code: 0, stdout: '', stderr: '' });
  });

  it('a profile: removed with the default that named it', async () => {
    const configDir = await configured();
    expect(await execute(runUnset, { key: 'profiles.staging' }, { configDir })).toEqual({
      code: 0,
      stdout: '',
      stderr: 'profiles.staging removed\n',
    });
    expect(JSON.parse(readFileSync(join(configDir, 'config.json'), 'utf8'))).toEqual({
      profiles: { local: { organization_id: ORG } },
    });
    expect((await execute(runGet, { key: 'default_profile' }, { configDir })).stdout).toBe(
      'local\n',
    );
  });

  it('default_profile, and the built-in profile that has nothing stored', async () => {
    const configDir = tempConfigDir();
    expect((await execute(runUnset, { key: 'default_profile' }, { configDir })).stderr).toBe(
      'default_profile was not set\n',
    );
    expect((await execute(runUnset, { key: 'profiles.local' }, { configDir })).stderr).toBe(
      'profiles.local was not set\n',
    );
  });

  it.each([
    [
      'profiles.ghost',
      'billing: Unknown profile "ghost"\n' +
        'Existing profiles: local. Create one with: billing config set profiles.ghost.base_url <url>\n',
    ],
    [
      'profiles',
      'billing: Unknown config key "profiles"\n' +
        'Keys: default_profile, <setting> or profiles.<name>.<setting>; <setting> is one of: ' +
        'base_url, auth_url, client_id, organization_id, api_version, storage, connect_timeout, ' +
        'request_timeout, max_response_mb\n',
    ],
  ])('%s -> exit 2', async (key, stderr) => {
    const r = await execute(runUnset, { key }, { configDir: tempConfigDir() });
    expect(r).toEqual({ code: 2, stdout: '', stderr });
  });
});
