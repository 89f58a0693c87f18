import { readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { exitCodeOf } from '../../src/cli/main.js';
import { configGet, configList, configSet, configUnset } from '../../src/config/keys.js';
import { UsageError } from '../../src/errors.js';
import { withExit } from '../helpers/exit.js';
import { tempDir, thrown, writeConfig } from './helpers.js';

const ORG = '0b6c4d9e-8f2a-4c1b-9e3d-5a7f6b2c1d0e';

function scope(env: Record<string, string> = {}, profileFlag?: string) {
  const configDir = tempDir();
  return { configDir, env, profileFlag };
}

function fileOf(configDir: string): unknown {
  return JSON.parse(readFileSync(join(configDir, 'config.json'), 'utf8'));
}

describe('config set / get / unset', () => {
  it('sets a setting of the active profile and reads it back', async () => {
    const s = scope();
    expect(await configSet(s, 'base_url', 'http://127.0.0.1:9999/')).toEqual({
      profile: 'local',
      key: 'base_url',
      value: 'http://127.0.0.1:9999',
    });
    expect(configGet(s, 'base_url')).toBe('http://127.0.0.1:9999');
    expect(configGet(s, 'auth_url')).toBe('http://127.0.0.1:9999');
    expect(fileOf(s.configDir)).toEqual({
      profiles: { local: { base_url: 'http://127.0.0.1:9999' } },
    });
  });

  it('creates a profile through profiles.<name>.<setting> and can make it the default', async () => {
    const s = scope();
    await configSet(s, 'profiles.prod.base_url', 'https://api.example.com');
    await configSet(s, 'profiles.prod.organization_id', ORG.toUpperCase());
    await configSet(s, 'profiles.prod.request_timeout', '12.5');
    await configSet(s, 'profiles.prod.storage', 'keychain');
    await configSet(s, 'default_profile', 'prod');
    expect(fileOf(s.configDir)).toEqual({
      default_profile: 'prod',
      profiles: {
        prod: {
          base_url: 'https://api.example.com',
          organization_id: ORG,
          request_timeout: 12.5,
          storage: 'keychain',
        },
      },
    });
    // Bare settings now address prod.
    expect(configGet(s, 'organization_id')).toBe(ORG);
    expect(configGet(s, 'request_timeout')).toBe(12.5);
    expect(configGet(s, 'connect_timeout')).toBe(10);
    expect(configGet(s, 'client_id')).toBe('polar_ci_billingCLIlocalServicePublicClient000044vii');
    expect(configGet(s, 'default_profile')).toBe('prod');
    expect(configGet(s, 'profiles.local.base_url')).toBe('http://127.0.0.1:8787');
  });

  it('get ignores environment overrides but follows --profile', async () => {
    const s = scope({ BILLING_BASE_URL: 'http://env.test' });
    expect(configGet(s, 'base_url')).toBe('http://127.0.0.1:8787');
    await configSet(s, 'profiles.prod.base_url', 'https://api.example.com');
    expect(configGet({ ...s, profileFlag: 'prod' }, 'base_url')).toBe('https://api.example.com');
    expect(configGet(s, 'organization_id')).toBeUndefined();
  });

  it('unsets values and reports whether anything was removed', async () => {
    const s = scope();
    await configSet(s, 'profiles.prod.base_url', 'https://api.example.com');
    await configSet(s, 'profiles.prod.client_id', 'polar_ci_prod');
    await configSet(s, 'default_profile', 'prod');
    expect(await configUnset(s, 'client_id')).toBe(true);
    expect(await configUnset(s, 'client_id')).toBe(false);
    expect(configGet(s, 'client_id')).toBe('polar_ci_billingCLIlocalServicePublicClient000044vii');
    expect(await configUnset(s, 'profiles.prod')).toBe(true);
    expect(fileOf(s.configDir)).toEqual({ profiles: {} });
    expect(await configUnset(s, 'default_profile')).toBe(false);
    expect(await configUnset(s, 'profiles.local')).toBe(false);
  });

  it('writes config.json with mode 0600 in a 0700 directory, tightening an existing file', async () => {
    const s = scope();
    const dir = join(s.configDir, 'nested');
    await configSet({ ...s, configDir: dir }, 'storage', 'file');
    expect(statSync(join(dir, 'config.json')).mode & 0o777).toBe(0o600);
    expect(statSync(dir).mode & 0o777).toBe(0o700);
    writeFileSync(join(s.configDir, 'config.json'), '{}', { mode: 0o644 });
    await configSet(s, 'storage', 'file');
    expect(statSync(join(s.configDir, 'config.json')).mode & 0o777).toBe(0o600);
  });
});

describe('config validation', () => {
  const cases: Array<[string, string, string, string]> = [
    ['base_url', 'ftp://example.com', 'base_url', 'must be an http(s) URL'],
    ['profiles.prod.auth_url', 'example.com', 'profiles.prod.auth_url', 'must be an http(s) URL'],
    ['organization_id', 'acme', 'organization_id', 'must be a UUID'],
    ['storage', 'vault', 'storage', 'must be one of: auto, keychain, file'],
    ['connect_timeout', '0', 'connect_timeout', 'must be a positive number of seconds'],
    ['request_timeout', 'soon', 'request_timeout', 'must be a positive number of seconds'],
    ['client_id', 'two words', 'client_id', 'must be a non-empty string without spaces'],
    ['profiles.a.b.base_url', 'x', '', ''],
    ['max_response_mb', '-1', 'max_response_mb', 'must be a positive number of MiB'],
    // Would set the prototype of the profiles object and write nothing (issue 12).
    ['profiles.__proto__.base_url', 'https://x.test', 'profile', '"__proto__" is a reserved name'],
    [
      'profiles.constructor.base_url',
      'https://x.test',
      'profile',
      '"constructor" is a reserved name',
    ],
    ['default_profile', 'toString', 'profile', '"toString" is a reserved name'],
  ];
  it.each(cases)('set %s %s', async (key, value, field, rule) => {
    const s = scope();
    const err = await thrown(() => configSet(s, key, value));
    expect(err).toBeInstanceOf(UsageError);
    expect(exitCodeOf(err)).toBe(2);
    if (field) {
      expect(err.message).toBe(`Invalid value for ${field}`);
      expect((err as UsageError).details).toEqual([{ field, message: rule }]);
    } else {
      expect(err.message).toBe(`Unknown config key "${key}"`);
    }
    // Nothing was written.
    expect(() => statSync(join(s.configDir, 'config.json'))).toThrow(/ENOENT/);
  });

  it('rejects unknown keys with the list of settings', async () => {
    const err = await thrown(() => configGet(scope(), 'colour'));
    expect(err).toBeInstanceOf(UsageError);
    expect(withExit(err)).toMatchObject({
      message: 'Unknown config key "colour"',
      hint:
        'Keys: default_profile, <setting> or profiles.<name>.<setting>; <setting> is one of: ' +
        'base_url, auth_url, client_id, organization_id, api_version, storage, connect_timeout, request_timeout, max_response_mb',
      exitCode: 2,
    });
  });

  it('rejects bad profile names and unknown profiles', async () => {
    const s = scope();
    const bad = await thrown(() => configSet(s, 'profiles.bad name.base_url', 'http://x.test'));
    expect((bad as UsageError).details).toEqual([
      { field: 'profile', message: 'must be 1-64 letters, digits, "-" or "_"' },
    ]);
    const unknownDefault = await thrown(() => configSet(s, 'default_profile', 'prod'));
    expect(withExit(unknownDefault)).toMatchObject({
      message: 'Unknown profile "prod"',
      exitCode: 2,
    });
    const unknownGet = await thrown(() => configGet(s, 'profiles.prod.base_url'));
    expect(unknownGet.message).toBe('Unknown profile "prod"');
    const unknownActive = await thrown(() =>
      configSet({ ...s, profileFlag: 'prod' }, 'base_url', 'http://x.test'),
    );
    expect(unknownActive.message).toBe('Unknown profile "prod" (from --profile)');
  });
});

describe('config list', () => {
  it('lists the active profile with each value and its source', async () => {
    const s = scope({ BILLING_ORG: ORG });
    writeConfig(s.configDir, {
      profiles: { prod: { base_url: 'https://api.example.com', storage: 'file' } },
    });
    expect(configList({ ...s, profileFlag: 'prod' })).toEqual({
      profile: 'prod',
      profile_source: 'flag',
      default_profile: 'local',
      profiles: ['local', 'prod'],
      settings: [
        { key: 'base_url', value: 'https://api.example.com', source: 'file' },
        { key: 'auth_url', value: 'https://api.example.com', source: 'default' },
        {
          key: 'client_id',
          value: 'polar_ci_billingCLIlocalServicePublicClient000044vii',
          source: 'default',
        },
        { key: 'organization_id', value: ORG, source: 'env' },
        { key: 'api_version', value: '2026-10', source: 'default' },
        { key: 'storage', value: 'file', source: 'file' },
        { key: 'connect_timeout', value: 10, source: 'default' },
        { key: 'request_timeout', value: 30, source: 'default' },
        { key: 'max_response_mb', value: 32, source: 'default' },
      ],
    });
    expect(configList(s).settings[0]).toEqual({
      key: 'base_url',
      value: 'http://127.0.0.1:8787',
      source: 'builtin',
    });
  });
});
