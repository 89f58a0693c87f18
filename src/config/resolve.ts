// Resolves the active profile's settings once per run: flag > environment > config file >
// built-in profile > defaults.
import { UsageError } from '../errors.js';
import type { ApiVersionSetting } from '../shared/api-versions.js';
import { configPath, fileProfile, profileNames, readConfigFile } from './file.js';
import {
  BUILTIN_PROFILES,
  type ConfigFile,
  LOCAL_PROFILE,
  PROFILE_SETTINGS,
  type ProfileSetting,
  parseSetting,
  SETTING_DEFAULTS,
  type SettingValue,
  type StorageMode,
} from './schema.js';

export type Env = Readonly<Record<string, string | undefined>>;
export type SettingSource = 'flag' | 'env' | 'file' | 'builtin' | 'default';

export interface ResolveOptions {
  configDir: string;
  env: Env;
  profileFlag?: string;
}

export interface Settings {
  profile: string;
  base_url: string;
  auth_url: string;
  client_id: string;
  organization_id?: string;
  /** The `Polar-Version` to send; `none` sends none (the seed's generation). */
  api_version: ApiVersionSetting;
  storage: StorageMode;
  /** Seconds. */
  connect_timeout: number;
  /** Seconds. */
  request_timeout: number;
  /** The largest answer the CLI reads, in MiB. */
  max_response_mb: number;
}

export interface SettingEntry {
  key: ProfileSetting;
  value?: SettingValue;
  source?: SettingSource;
}

export interface CollectedSettings {
  profile: string;
  profileSource: SettingSource;
  file: ConfigFile;
  entries: SettingEntry[];
}

export const ENV_OVERRIDES: Readonly<Partial<Record<ProfileSetting, string>>> = {
  base_url: 'BILLING_BASE_URL',
  auth_url: 'BILLING_AUTH_URL',
  client_id: 'BILLING_CLIENT_ID',
  organization_id: 'BILLING_ORG',
  api_version: 'BILLING_API_VERSION',
};

export function resolveSettings(opts: ResolveOptions): Settings {
  const { profile, entries } = collectSettings(opts);
  const values = Object.fromEntries(entries.map((e) => [e.key, e.value]));
  if (values.base_url === undefined) {
    throw new UsageError(`Profile "${profile}" has no base_url`, {
      hint: `Set it with: billing config set profiles.${profile}.base_url <url>`,
    });
  }
  return { profile, ...values } as Settings;
}

/** Every setting of the active profile with where its value came from; no completeness check. */
export function collectSettings(opts: ResolveOptions): CollectedSettings {
  const file = readConfigFile(opts.configDir);
  const { name: profile, source: profileSource } = activeProfile(file, opts);
  const stored = fileProfile(file, profile) ?? {};
  const builtin = BUILTIN_PROFILES[profile] ?? {};
  const entries: SettingEntry[] = [];
  for (const key of PROFILE_SETTINGS) {
    const envName = ENV_OVERRIDES[key];
    const envValue = envName ? nonEmpty(opts.env[envName]) : undefined;
    let entry: SettingEntry;
    if (envName && envValue !== undefined) {
      entry = { key, value: parseSetting(key, envValue, envName), source: 'env' };
    } else if (stored[key] !== undefined) {
      const field = `profiles.${profile}.${key}`;
      entry = { key, value: parseSetting(key, stored[key], field), source: 'file' };
    } else if (builtin[key] !== undefined) {
      entry = { key, value: builtin[key], source: 'builtin' };
    } else if (key === 'auth_url') {
      // The service hosts its OAuth endpoints on the API origin unless told otherwise.
      const base = entries.find((e) => e.key === 'base_url');
      entry = {
        key,
        value: base?.value,
        source: base?.value === undefined ? undefined : 'default',
      };
    } else if (key in SETTING_DEFAULTS) {
      const value = SETTING_DEFAULTS[key as keyof typeof SETTING_DEFAULTS];
      entry = { key, value, source: 'default' };
    } else {
      entry = { key };
    }
    entries.push(entry);
  }
  return { profile, profileSource, file, entries };
}

/** The active profile's name; throws a UsageError naming it when it does not exist. */
export function activeProfile(
  file: ConfigFile,
  opts: Pick<ResolveOptions, 'configDir' | 'env' | 'profileFlag'>,
): { name: string; source: SettingSource } {
  const flag = nonEmpty(opts.profileFlag);
  const env = nonEmpty(opts.env.BILLING_PROFILE);
  const stored = typeof file.default_profile === 'string' ? file.default_profile : undefined;
  const [name, source, origin] =
    flag !== undefined
      ? [flag, 'flag' as const, '--profile']
      : env !== undefined
        ? [env, 'env' as const, 'BILLING_PROFILE']
        : stored !== undefined
          ? [stored, 'file' as const, `default_profile in ${configPath(opts.configDir)}`]
          : [LOCAL_PROFILE, 'default' as const, ''];
  if (!profileExists(file, name)) throw unknownProfile(file, name, origin);
  return { name, source };
}

export function profileExists(file: ConfigFile, name: string): boolean {
  return Object.hasOwn(BUILTIN_PROFILES, name) || fileProfile(file, name) !== undefined;
}

export function unknownProfile(file: ConfigFile, name: string, origin = ''): UsageError {
  return new UsageError(`Unknown profile "${name}"${origin ? ` (from ${origin})` : ''}`, {
    hint:
      `Existing profiles: ${profileNames(file).join(', ')}. ` +
      `Create one with: billing config set profiles.${name}.base_url <url>`,
  });
}

function nonEmpty(value: string | undefined): string | undefined {
  return value === undefined || value === '' ? undefined : value;
}
