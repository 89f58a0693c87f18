// billing config set <key> <value>: checked against the setting's rule, then written.
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildSet, runSet } from '../../../../src/cli/commands/config/set.js';
import { tempConfigDir } from '../../../helpers/cli.js';
import { execute, ORG, parse } from '../verb.js';

function stored(configDir: string): unknown {
  return JSON.parse(readFileSync(join(configDir, 'config.json'), 'utf8'));
}

describe('config set: argv -> options', () => {
  it.each([
    [['storage', 'file'], { key: 'storage', value: 'file' }],
    [
      ['profiles.prod.base_url', 'https://api.billing.example'],
      { key: 'profiles.prod.base_url', value: 'https://api.billing.example' },
    ],
    [['organization_id', ''], { key: 'organization_id', value: '' }],
  ])('%j', async (argv, options) => {
    expect(await parse(buildSet, 'set', argv, { noun: 'config' })).toEqual({
      options,
      code: 0,
      stderr: '',
    });
  });

  it.each([
    [[], "billing: missing required argument 'key'\n"],
    [['storage'], "billing: missing required argument 'value'\n"],
    [
      ['storage', 'file', 'now'],
      "billing: too many arguments for 'set'. Expected 2 arguments but got 3: storage, file, now.\n",
    ],
  ])('%j is a usage error and runs nothing', async (argv, stderr) => {
    expect(await parse(buildSet, 'set', argv, { noun: 'config' })).toEqual({ code: 2, stderr });
  });
});

describe('config set: options + answers -> output', () => {
  it('writes the active profile, normalized, mode 0600, and says so', async () => {
    const configDir = tempConfigDir();
    const r = await execute(
      runSet,
      { key: 'organization_id', value: ORG.toUpperCase() },
      { configDir },
    );
    expect(r).toEqual({ code: 0, stdout: '', stderr: `✓ local: organization_id = ${ORG}\n` });
    expect(stored(configDir)).toEqual({ profiles: { local: { organization_id: ORG } } });
    expect(statSync(join(configDir, 'config.json')).mode & 0o777).toBe(0o600);
  });

  it('creates another profile; numbers are stored as numbers; then makes it the default', async () => {
    const configDir = tempConfigDir();
    const set = (key: string, value: string) => execute(runSet, { key, value }, { configDir });
    expect(await set('profiles.prod.base_url', 'https://api.billing.example/')).toEqual({
      code: 0,
      stdout: '',
      stderr: '✓ prod: profiles.prod.base_url = https://api.billing.example\n',
    });
    expect((await set('profiles.prod.request_timeout', '12.5')).stderr).toBe(
      '✓ prod: profiles.prod.request_timeout = 12.5\n',
    );
    expect(await set('default_profile', 'prod')).toEqual({
      code: 0,
      stdout: '',
      stderr: '✓ default_profile = prod\n',
    });
    // A bare key now names the default profile.
    expect((await set('storage', 'file')).stderr).toBe('✓ prod: storage = file\n');
    expect((await set('api_version', '2026-04')).stderr).toBe('✓ prod: api_version = 2026-04\n');
    expect(stored(configDir)).toEqual({
      default_profile: 'prod',
      profiles: {
        prod: {
          base_url: 'https://api.billing.example',
          request_timeout: 12.5,
          storage: 'file',
          api_version: '2026-04',
        },
      },
    });
  });

  it.each([
    [
      'api_version',
      '2027-01',
      'billing: Invalid value for api_version\n  api_version: must be one of: 2026-04, 2026-10, none\n',
    ],
    [
      'storage',
      'vault',
      'billing: Invalid value for storage\n  storage: must be one of: auto, keychain, file\n',
    ],
    [
      'organization_id',
      'acme',
      'billing: Invalid value for organization_id\n  organization_id: must be a UUID\n',
    ],
    [
      'profiles.prod.base_url',
      'ftp://files.example',
      'billing: Invalid value for profiles.prod.base_url\n  profiles.prod.base_url: must be an http(s) URL\n',
    ],
    [
      'connect_timeout',
      '0',
      'billing: Invalid value for connect_timeout\n  connect_timeout: must be a positive number of seconds\n',
    ],
    [
      'default_profile',
      'staging',
      'billing: Unknown profile "staging"\n' +
        'Existing profiles: local. Create one with: billing config set profiles.staging.base_url <url>\n',
    ],
    [
      'profiles.bad name.storage',
      'file',
      'billing: Invalid value for profile\n  profile: must be 1-64 letters, digits, "-" or "_"\n',
    ],
    [
      'colour',
      'auto',
      'billing: Unknown config key "colour"\n' +
        'Keys: default_profile, <setting> or profiles.<name>.<setting>; <setting> is one of: ' +
        'base_url, auth_url, client_id, organization_id, api_version, storage, connect_timeout, ' +
        'request_timeout, max_response_mb\n',
    ],
  ])('%s %s -> exit 2, nothing written', async (key, value, stderr) => {
    const configDir = tempConfigDir();
    const r = await execute(runSet, { key, value }, { configDir });
    expect(r).toEqual({ code: 2, stdout: '', stderr });
    expect(existsSync(join(configDir, 'config.json'))).toBe(false);
  });
});
