// billing config get <key>: the stored value of one setting (environment overrides do not apply).
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildGet, runGet } from '../../../../src/cli/commands/config/get.js';
import { runSet } from '../../../../src/cli/commands/config/set.js';
import { tempConfigDir } from '../../../helpers/cli.js';
import { execute, ORG, parse } from '../verb.js';

const UNKNOWN_KEY_HINT =
  'Keys: default_profile, <setting> or profiles.<name>.<setting>; <setting> is one of: ' +
  'base_url, auth_url, client_id, organization_id, api_version, storage, connect_timeout, request_timeout, ' +
  'max_response_mb\n';

describe('config get: argv -> options', () => {
  it.each([
    [['base_url'], { key: 'base_url' }],
    [['profiles.prod.storage'], { key: 'profiles.prod.storage' }],
  ])('%j', async (argv, options) => {
    expect(await parse(buildGet, 'get', argv, { noun: 'config' })).toEqual({
      options,
      code: 0,
      stderr: '',
    });
  });

  it.each([
    [[], "billing: missing required argument 'key'\n"],
    [
      ['base_url', 'storage'],
      "billing: too many arguments for 'get'. Expected 1 argument but got 2: base_url, storage.\n",
    ],
    [['base_url', '--json'], "billing: unknown option '--json'\n"],
  ])('%j is a usage error and runs nothing', async (argv, stderr) => {
    expect(await parse(buildGet, 'get', argv, { noun: 'config' })).toEqual({ code: 2, stderr });
  });
});

describe('config get: options + answers -> output', () => {
  it.each([
    ['base_url', 'http://127.0.0.1:8787\n'],
    ['auth_url', 'http://127.0.0.1:8787\n'],
    ['storage', 'auto\n'],
    ['request_timeout', '30\n'],
    ['max_response_mb', '32\n'],
    ['default_profile', 'local\n'],
    ['organization_id', ''],
  ])('%s without a config file: the default, not BILLING_BASE_URL', async (key, stdout) => {
    const r = await execute(runGet, { key }, { configDir: tempConfigDir() });
    expect(r).toEqual({ code: 0, stdout, stderr: '' });
  });

  it('reads what config set wrote, for the active profile and for another', async () => {
    const configDir = tempConfigDir();
    for (const [key, value] of [
      ['organization_id', ORG.toUpperCase()],
      ['profiles.prod.base_url', 'https://api.billing.example/'],
    ] as const) {
      expect((await execute(runSet, { key, value }, { configDir })).code).toBe(0);
    }
    expect(await execute(runGet, { key: 'organization_id' }, { configDir })).toEqual({
      code: 0,
      stdout: `${ORG}\n`,
      stderr: '',
    });
    expect(await execute(runGet, { key: 'profiles.prod.base_url' }, { configDir })).toEqual({
      code: 0,
      stdout: 'https://api.billing.example\n',
      stderr: '',
    });
    // auth_url follows the profile's base_url.
    expect((await execute(runGet, { key: 'profiles.prod.auth_url' }, { configDir })).stdout).toBe(
      'https://api.billing.example\n',
    );
    // --profile picks the profile a bare key reads.
    const r = await execute(
      runGet,
      { key: 'base_url' },
      { configDir, globals: { profile: 'prod' } },
    );
    expect(r.stdout).toBe('https://api.billing.example\n');
  });

  it('an unknown key -> exit 2 with the list of keys', async () => {
    const r = await execute(runGet, { key: 'colour' }, { configDir: tempConfigDir() });
    expect(r).toEqual({
      code: 2,
      stdout: '',
      stderr: `billing: Unknown config key "colour"\n${UNKNOWN_KEY_HINT}`,
    });
  });

  it('a profile that does not exist -> exit 2 with how to create it', async () => {
    const r = await execute(
      runGet,
      { key: 'profiles.prod.base_url' },
      { configDir: tempConfigDir() },
    );
    expect(r).toEqual({
      code: 2,
      stdout: '',
      stderr:
        'billing: Unknown profile "prod"\n' +
        'Existing profiles: local. Create one with: billing config set profiles.prod.base_url <url>\n',
    });
  });

  it('a broken config.json -> exit 1, naming the file', async () => {
    const configDir = tempConfigDir();
    const path = join(configDir, 'config.json');
    writeFileSync(path, '{"profiles": [');
    const r = await execute(runGet, { key: 'base_url' }, { configDir });
    expect(r).toEqual({
      code: 1,
      stdout: '',
      stderr: `billing: ${path} is not valid JSON\nFix or delete ${path}.\n`,
    });
  });
});
