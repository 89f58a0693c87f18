// Reads config.json, with node:fs only: every command resolves settings and shell completion
// lists profiles. Writes go through writer.ts.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { BillingError } from '../errors.js';
import { BUILTIN_PROFILES, type ConfigFile, type ProfileConfig } from './schema.js';

export const CONFIG_FILE = 'config.json';

export function configPath(configDir: string): string {
  return join(configDir, CONFIG_FILE);
}

export function readConfigFile(configDir: string): ConfigFile {
  const path = configPath(configDir);
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return {};
    throw new BillingError(`Cannot read ${path}: ${(err as Error).message}`, { cause: err });
  }
  return parseConfigText(text, path);
}

export function parseConfigText(text: string, path: string): ConfigFile {
  let data: unknown;
  try {
    data = text.trim() ? JSON.parse(text) : {};
  } catch (err) {
    throw brokenConfig(path, 'is not valid JSON', err);
  }
  if (!isObject(data) || (data.profiles !== undefined && !isObject(data.profiles))) {
    throw brokenConfig(path, 'does not hold a settings object');
  }
  return data as ConfigFile;
}

export function brokenConfig(path: string, problem: string, cause?: unknown): BillingError {
  return new BillingError(`${path} ${problem}`, { hint: `Fix or delete ${path}.`, cause });
}

/** The file's settings for a profile, or undefined when the file does not define it. */
export function fileProfile(file: ConfigFile, name: string): ProfileConfig | undefined {
  const profile =
    file.profiles && Object.hasOwn(file.profiles, name) ? file.profiles[name] : undefined;
  return isObject(profile) ? profile : undefined;
}

export function profileNames(file: ConfigFile): string[] {
  const names = new Set(Object.keys(BUILTIN_PROFILES));
  for (const name of Object.keys(file.profiles ?? {})) names.add(name);
  return [...names].sort();
}

/** Profile names for shell completion: built-in plus configured, sorted. */
export function listProfiles(configDir: string): string[] {
  return profileNames(readConfigFile(configDir));
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
