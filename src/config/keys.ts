// The work behind `billing config get|set|unset|list`. Keys: `default_profile`, `<setting>`
// (active profile) or `profiles.<name>.<setting>`; `unset` also takes `profiles.<name>`.
import { UsageError } from '../errors.js';
import { fileProfile, profileNames, readConfigFile } from './file.js';
import {
  activeProfile,
  collectSettings,
  profileExists,
  type ResolveOptions,
  type SettingEntry,
  type SettingSource,
  unknownProfile,
} from './resolve.js';
import {
  BUILTIN_PROFILES,
  type ConfigFile,
  checkProfileName,
  isProfileSetting,
  LOCAL_PROFILE,
  PROFILE_SETTINGS,
  type ProfileSetting,
  parseSetting,
  SETTING_DEFAULTS,
  type SettingValue,
} from './schema.js';
import { updateConfigFile } from './writer.js';

export type ConfigScope = Pick<ResolveOptions, 'configDir' | 'env' | 'profileFlag'>;

export type ConfigKey =
  | { kind: 'default_profile' }
  /** profile is undefined for a bare `<setting>`: the active profile. */
  | { kind: 'setting'; setting: ProfileSetting; profile?: string }
  | { kind: 'profile'; profile: string };

export interface ConfigListing {
  profile: string;
  profile_source: SettingSource;
  default_profile: string;
  profiles: string[];
  settings: SettingEntry[];
}

export function parseConfigKey(key: string, opts: { allowProfile?: boolean } = {}): ConfigKey {
  if (key === 'default_profile') return { kind: 'default_profile' };
  if (isProfileSetting(key)) return { kind: 'setting', setting: key };
  const parts = key.split('.');
  if (parts[0] === 'profiles' && parts[1]) {
    const profile = checkProfileName(parts[1]);
    if (parts.length === 3 && isProfileSetting(parts[2]!)) {
      return { kind: 'setting', setting: parts[2], profile };
    }
    if (parts.length === 2 && opts.allowProfile) return { kind: 'profile', profile };
  }
  throw new UsageError(`Unknown config key "${key}"`, {
    hint:
      'Keys: default_profile, <setting> or profiles.<name>.<setting>; ' +
      `<setting> is one of: ${PROFILE_SETTINGS.join(', ')}`,
  });
}

/** The stored value (file, else built-in, else default); environment overrides do not apply. */
export function configGet(scope: ConfigScope, key: string): SettingValue | undefined {
  const parsed = parseConfigKey(key);
  const file = readConfigFile(scope.configDir);
  if (parsed.kind === 'default_profile') return file.default_profile ?? LOCAL_PROFILE;
  if (parsed.kind !== 'setting') return undefined;
  const profile = targetProfile(file, scope, parsed.profile);
  return storedValue(file, profile, parsed.setting);
}

export async function configSet(
  scope: ConfigScope,
  key: string,
  raw: string,
): Promise<{ profile?: string; key: string; value: SettingValue }> {
  const parsed = parseConfigKey(key);
  const file = readConfigFile(scope.configDir);
  if (parsed.kind === 'default_profile') {
    const name = checkProfileName(raw);
    if (!profileExists(file, name)) throw unknownProfile(file, name);
    await updateConfigFile(scope.configDir, (data) => {
      // Checked again under the lock: a profile removed meanwhile must not become the default.
      if (!profileExists(data, name)) throw unknownProfile(data, name);
      data.default_profile = name;
    });
    return { key, value: name };
  }
  if (parsed.kind !== 'setting') throw new Error('unreachable');
  // profiles.<name>.<setting> may create a profile; a bare setting needs an existing one.
  const profile = parsed.profile ?? activeProfile(file, scope).name;
  const value = parseSetting(parsed.setting, raw, key);
  await updateConfigFile(scope.configDir, (data) => {
    data.profiles ??= {};
    data.profiles[profile] = { ...fileProfile(data, profile), [parsed.setting]: value };
  });
  return { profile, key, value };
}

/** Removes a stored value; resolves false when there was nothing to remove. */
export async function configUnset(scope: ConfigScope, key: string): Promise<boolean> {
  const parsed = parseConfigKey(key, { allowProfile: true });
  const file = readConfigFile(scope.configDir);
  if (parsed.kind === 'default_profile') {
    if (file.default_profile === undefined) return false;
    await updateConfigFile(scope.configDir, (data) => {
      delete data.default_profile;
    });
    return true;
  }
  if (parsed.kind === 'profile') {
    if (!fileProfile(file, parsed.profile)) {
      if (Object.hasOwn(BUILTIN_PROFILES, parsed.profile)) return false;
      throw unknownProfile(file, parsed.profile);
    }
    await updateConfigFile(scope.configDir, (data) => {
      delete data.profiles?.[parsed.profile];
      // A default pointing at a removed profile would break every later command.
      if (data.default_profile === parsed.profile) delete data.default_profile;
    });
    return true;
  }
  const profile = targetProfile(file, scope, parsed.profile);
  if (fileProfile(file, profile)?.[parsed.setting] === undefined) return false;
  await updateConfigFile(scope.configDir, (data) => {
    const stored = fileProfile(data, profile);
    if (stored) delete stored[parsed.setting];
  });
  return true;
}

/** The active profile's effective settings (environment included) with their sources. */
export function configList(scope: ConfigScope): ConfigListing {
  const { profile, profileSource, file, entries } = collectSettings(scope);
  return {
    profile,
    profile_source: profileSource,
    default_profile: file.default_profile ?? LOCAL_PROFILE,
    profiles: profileNames(file),
    settings: entries,
  };
}

function targetProfile(file: ConfigFile, scope: ConfigScope, explicit?: string): string {
  if (explicit === undefined) return activeProfile(file, scope).name;
  if (!profileExists(file, explicit)) throw unknownProfile(file, explicit);
  return explicit;
}

function storedValue(
  file: ConfigFile,
  profile: string,
  setting: ProfileSetting,
): SettingValue | undefined {
  const stored = fileProfile(file, profile)?.[setting];
  if (stored !== undefined) return parseSetting(setting, stored, `profiles.${profile}.${setting}`);
  const builtin = BUILTIN_PROFILES[profile]?.[setting];
  if (builtin !== undefined) return builtin;
  if (setting === 'auth_url') return storedValue(file, profile, 'base_url');
  return SETTING_DEFAULTS[setting as keyof typeof SETTING_DEFAULTS];
}
