import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { exitCodeOf } from '../../src/cli/main.js';
import { listProfiles } from '../../src/config/file.js';
import { resolveSettings } from '../../src/config/resolve.js';
import { LOCAL_CLIENT_ID } from '../../src/config/schema.js';
import { BillingError, UsageError } from '../../src/errors.js';
import { withExit } from '../helpers/exit.js';
import { tempDir, thrown, writeConfig } from './helpers.js';

const ORG = '0b6c4d9e-8f2a-4c1b-9e3d-5a7f6b2c1d0e';

describe('resolveSettings', () => {
  it('gives the built-in local profile when nothing is configured', () => {
    const configDir = tempDir();
    expect(resolveSettings({ configDir, env: {} })).toEqual({
      profile: 'local',
      base_url: 'http://127.0.0.1:8787',
      auth_url: 'http://127.0.0.1:8787',
      client_id: 'polar_ci_billingCLIlocalServicePublicClient000044vii',
      organization_id: undefined,
      api_version: '2026-10',
      storage: 'auto',
      connect_timeout: 10,
      request_timeout: 30,
      max_response_mb: 32,
    });
    expect(LOCAL_CLIENT_ID).toBe('polar_ci_billingCLIlocalServicePublicClient000044vii');
  });

  // flag > env > file > built-in for the profile name; env > file > built-in for base_url.
  const profileCases: Array<[string, { file?: string; env?: string; flag?: string }, string]> = [
    ['built-in default', {}, 'local'],
    ['default_profile in the file', { file: 'staging' }, 'staging'],
    ['BILLING_PROFILE over the file', { file: 'staging', env: 'prod' }, 'prod'],
    ['--profile over everything', { file: 'staging', env: 'prod', flag: 'local' }, 'local'],
    ['empty BILLING_PROFILE is ignored', { file: 'staging', env: '' }, 'staging'],
  ];
  it.each(profileCases)('profile name: %s', (_name, input, expected) => {
    const configDir = tempDir();
    writeConfig(configDir, {
      ...(input.file ? { default_profile: input.file } : {}),
      profiles: {
        staging: { base_url: 'https://staging.example.com' },
        prod: { base_url: 'https://api.example.com' },
      },
    });
    const settings = resolveSettings({
      configDir,
      env: input.env === undefined ? {} : { BILLING_PROFILE: input.env },
      profileFlag: input.flag,
    });
    expect(settings.profile).toBe(expected);
  });

  const urlCases: Array<[string, { file?: string; env?: string }, string]> = [
    ['built-in', {}, 'http://127.0.0.1:8787'],
    ['file', { file: 'http://127.0.0.1:9000' }, 'http://127.0.0.1:9000'],
    ['env over file', { file: 'http://127.0.0.1:9000', env: 'http://env.test' }, 'http://env.test'],
  ];
  it.each(urlCases)('base_url: %s', (_name, input, expected) => {
    const configDir = tempDir();
    if (input.file) writeConfig(configDir, { profiles: { local: { base_url: input.file } } });
    const settings = resolveSettings({
      configDir,
      env: input.env ? { BILLING_BASE_URL: input.env } : {},
    });
    expect(settings.base_url).toBe(expected);
    // auth_url follows base_url unless set.
    expect(settings.auth_url).toBe(expected);
  });

  it('applies BILLING_AUTH_URL, BILLING_CLIENT_ID and BILLING_ORG over the file', () => {
    const configDir = tempDir();
    writeConfig(configDir, {
      default_profile: 'prod',
      profiles: {
        prod: {
          base_url: 'https://api.example.com',
          auth_url: 'https://auth.example.com',
          client_id: 'polar_ci_file',
          organization_id: '11111111-2222-4333-8444-555555555555',
          storage: 'file',
          connect_timeout: 2.5,
          request_timeout: 60,
        },
      },
    });
    const fromFile = resolveSettings({ configDir, env: {} });
    expect(fromFile).toEqual({
      profile: 'prod',
      base_url: 'https://api.example.com',
      auth_url: 'https://auth.example.com',
      client_id: 'polar_ci_file',
      organization_id: '11111111-2222-4333-8444-555555555555',
      api_version: '2026-10',
      storage: 'file',
      connect_timeout: 2.5,
      request_timeout: 60,
      max_response_mb: 32,
    });
    const env = {
      BILLING_AUTH_URL: 'http://127.0.0.1:1234',
      BILLING_CLIENT_ID: 'polar_ci_env',
      BILLING_ORG: ORG.toUpperCase(),
      BILLING_API_VERSION: 'none',
    };
    expect(resolveSettings({ configDir, env })).toEqual({
      ...fromFile,
      auth_url: 'http://127.0.0.1:1234',
      client_id: 'polar_ci_env',
      organization_id: ORG,
      api_version: 'none',
    });
  });

  it('names the unknown profile, where it came from, and the existing ones', async () => {
    const configDir = tempDir();
    writeConfig(configDir, { profiles: { staging: { base_url: 'https://s.example.com' } } });
    const hint =
      'Existing profiles: local, staging. Create one with: billing config set profiles.nope.base_url <url>';
    const cases: Array<[Parameters<typeof resolveSettings>[0], string]> = [
      [{ configDir, env: {}, profileFlag: 'nope' }, 'Unknown profile "nope" (from --profile)'],
      [
        { configDir, env: { BILLING_PROFILE: 'nope' } },
        'Unknown profile "nope" (from BILLING_PROFILE)',
      ],
    ];
    for (const [opts, message] of cases) {
      const err = await thrown(() => resolveSettings(opts));
      expect(err).toBeInstanceOf(UsageError);
      expect(withExit(err)).toMatchObject({ message, hint, exitCode: 2 });
    }
    writeConfig(configDir, { default_profile: 'nope' });
    const err = await thrown(() => resolveSettings({ configDir, env: {} }));
    expect(err.message).toBe(
      `Unknown profile "nope" (from default_profile in ${join(configDir, 'config.json')})`,
    );
  });

  it('rejects a base_url that is not http(s), naming its source', async () => {
    const configDir = tempDir();
    const cases: Array<[Parameters<typeof resolveSettings>[0], string]> = [
      [{ configDir, env: { BILLING_BASE_URL: 'ftp://x.example.com' } }, 'BILLING_BASE_URL'],
      [{ configDir, env: { BILLING_BASE_URL: 'not a url' } }, 'BILLING_BASE_URL'],
      [{ configDir, env: { BILLING_ORG: 'acme' } }, 'BILLING_ORG'],
      [{ configDir, env: { BILLING_API_VERSION: '2025-01' } }, 'BILLING_API_VERSION'],
    ];
    const rules: Record<string, string> = {
      BILLING_ORG: 'must be a UUID',
      BILLING_API_VERSION: 'must be one of: 2026-04, 2026-10, none',
    };
    for (const [opts, field] of cases) {
      const err = await thrown(() => resolveSettings(opts));
      expect(err).toBeInstanceOf(UsageError);
      expect(exitCodeOf(err)).toBe(2);
      expect(err.message).toBe(`Invalid value for ${field}`);
      const rule = rules[field] ?? 'must be an http(s) URL';
      expect((err as UsageError).details).toEqual([{ field, message: rule }]);
    }
    writeConfig(configDir, { profiles: { local: { base_url: 'file:///etc/passwd' } } });
    const err = await thrown(() => resolveSettings({ configDir, env: {} }));
    expect((err as UsageError).details).toEqual([
      { field: 'profiles.local.base_url', message: 'must be an http(s) URL' },
    ]);
  });

  it('requires a base_url for a profile that is not built in', async () => {
    const configDir = tempDir();
    writeConfig(configDir, { profiles: { prod: { client_id: 'polar_ci_x' } } });
    const err = await thrown(() => resolveSettings({ configDir, env: {}, profileFlag: 'prod' }));
    expect(err).toBeInstanceOf(UsageError);
    expect(err).toMatchObject({
      message: 'Profile "prod" has no base_url',
      hint: 'Set it with: billing config set profiles.prod.base_url <url>',
    });
    const viaEnv = resolveSettings({
      configDir,
      env: { BILLING_BASE_URL: 'https://api.example.com' },
      profileFlag: 'prod',
    });
    expect(viaEnv.base_url).toBe('https://api.example.com');
  });

  it('reports a config file that is not JSON with exit code 1', async () => {
    const configDir = tempDir();
    const path = join(configDir, 'config.json');
    writeFileSync(path, '{ "default_profile": ');
    const err = await thrown(() => resolveSettings({ configDir, env: {} }));
    expect(err).toBeInstanceOf(BillingError);
    expect(withExit(err)).toMatchObject({
      message: `${path} is not valid JSON`,
      hint: `Fix or delete ${path}.`,
      exitCode: 1,
    });
  });
});

describe('listProfiles', () => {
  it('lists built-in and configured profiles, sorted', () => {
    const configDir = tempDir();
    expect(listProfiles(configDir)).toEqual(['local']);
    writeConfig(configDir, { profiles: { zeta: {}, alpha: {}, local: {} } });
    expect(listProfiles(configDir)).toEqual(['alpha', 'local', 'zeta']);
  });
});
