// Profile settings: names, built-in defaults and the validation rules shared by `config set`,
// the config file reader and environment overrides. Kept free of heavy imports.
import { UsageError } from '../errors.js';
import {
  API_VERSION_SETTINGS,
  type ApiVersionSetting,
  DEFAULT_API_VERSION,
  isApiVersionSetting,
} from '../shared/api-versions.js';
import { LOCAL_BASE_URL, LOCAL_CLIENT_ID } from '../shared/local.js';

export { LOCAL_BASE_URL, LOCAL_CLIENT_ID };
export const LOCAL_PROFILE = 'local';

export const STORAGE_MODES = ['auto', 'keychain', 'file'] as const;
export type StorageMode = (typeof STORAGE_MODES)[number];

export const PROFILE_SETTINGS = [
  'base_url',
  'auth_url',
  'client_id',
  'organization_id',
  'api_version',
  'storage',
  'connect_timeout',
  'request_timeout',
  'max_response_mb',
] as const;
export type ProfileSetting = (typeof PROFILE_SETTINGS)[number];

export type ProfileConfig = {
  base_url?: string;
  auth_url?: string;
  client_id?: string;
  organization_id?: string;
  api_version?: ApiVersionSetting;
  storage?: StorageMode;
  connect_timeout?: number;
  request_timeout?: number;
  max_response_mb?: number;
};

/** The shape of config.json. */
export type ConfigFile = {
  default_profile?: string;
  profiles?: Record<string, ProfileConfig>;
};

export type SettingValue = string | number;

/** Profiles that exist without a config file; the file may override their settings. */
export const BUILTIN_PROFILES: Readonly<Record<string, ProfileConfig>> = {
  // The local service speaks both generations: like every profile, this one asks for today's.
  [LOCAL_PROFILE]: { base_url: LOCAL_BASE_URL },
};

/** Fallbacks for every profile. auth_url has none: it follows base_url. */
export const SETTING_DEFAULTS = {
  client_id: LOCAL_CLIENT_ID,
  api_version: DEFAULT_API_VERSION,
  storage: 'auto',
  connect_timeout: 10,
  request_timeout: 30,
  // A hostile or broken server must not take the CLI's memory with it (issue 12).
  max_response_mb: 32,
} as const satisfies ProfileConfig;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const PROFILE_NAME = /^[A-Za-z0-9_-]{1,64}$/;

export function isProfileSetting(key: string): key is ProfileSetting {
  return (PROFILE_SETTINGS as readonly string[]).includes(key);
}

function invalid(field: string, rule: string): UsageError {
  return new UsageError(`Invalid value for ${field}`, { details: [{ field, message: rule }] });
}

/** Validates a raw value (CLI string or JSON value) and returns its normalized form. */
export function parseSetting(setting: ProfileSetting, raw: unknown, field: string = setting) {
  switch (setting) {
    case 'base_url':
    case 'auth_url':
      return parseHttpUrl(raw, field);
    case 'organization_id':
      if (typeof raw !== 'string' || !UUID.test(raw)) throw invalid(field, 'must be a UUID');
      return raw.toLowerCase();
    case 'client_id':
      if (typeof raw !== 'string' || !/^\S+$/.test(raw)) {
        throw invalid(field, 'must be a non-empty string without spaces');
      }
      return raw;
    case 'api_version':
      if (!isApiVersionSetting(raw)) {
        throw invalid(field, `must be one of: ${API_VERSION_SETTINGS.join(', ')}`);
      }
      return raw;
    case 'storage':
      if (typeof raw !== 'string' || !(STORAGE_MODES as readonly string[]).includes(raw)) {
        throw invalid(field, `must be one of: ${STORAGE_MODES.join(', ')}`);
      }
      return raw as StorageMode;
    case 'connect_timeout':
    case 'request_timeout':
      return parseSeconds(raw, field);
    case 'max_response_mb':
      return parsePositive(raw, field, 'must be a positive number of MiB');
  }
}

function parseHttpUrl(raw: unknown, field: string): string {
  const rule = 'must be an http(s) URL';
  if (typeof raw !== 'string' || !URL.canParse(raw)) throw invalid(field, rule);
  const url = new URL(raw);
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw invalid(field, rule);
  // A trailing slash would double up when paths are appended.
  return raw.replace(/\/+$/, '');
}

function parseSeconds(raw: unknown, field: string): number {
  return parsePositive(raw, field, 'must be a positive number of seconds');
}

function parsePositive(raw: unknown, field: string, rule: string): number {
  const n =
    typeof raw === 'number' ? raw : typeof raw === 'string' && raw.trim() ? Number(raw) : NaN;
  if (!Number.isFinite(n) || n <= 0) throw invalid(field, rule);
  return n;
}

export function checkProfileName(name: string): string {
  if (!PROFILE_NAME.test(name)) {
    throw invalid('profile', 'must be 1-64 letters, digits, "-" or "_"');
  }
  // `profiles.__proto__.base_url` would set the prototype of the profiles object, not a
  // profile: nothing would be written, yet the command would report success.
  if (name in Object.prototype || name === 'prototype') {
    throw invalid('profile', `"${name}" is a reserved name`);
  }
  return name;
}
