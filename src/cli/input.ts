// Parsing and checking of flag values, before anything is sent (exit 2 with the field and rule).
import { readFile } from 'node:fs/promises';
import type { Sorting } from '../api/enums.js';
import { UsageError } from '../errors.js';
import { DISCOUNT_BASIS_POINTS_MAX, DISCOUNT_BASIS_POINTS_MIN } from '../shared/api-facts.js';
import { bigInteger, isInteger, parseJson, type RawJSON } from '../shared/json.js';
import type { InStream } from './io/streams.js';

const UUID_RE = /^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$/;

export function uuid(flag: string, value: string): string {
  if (!UUID_RE.test(value)) throw new UsageError(`${flag}: "${clip(value)}" is not a UUID`);
  return value.toLowerCase();
}

export function uuids(flag: string, values: string[] | undefined): string[] | undefined {
  return values?.length ? values.map((v) => uuid(flag, v)) : undefined;
}

/** An http(s) URL, as the service takes success_url. */
export function webUrl(flag: string, value: string): string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new UsageError(`${flag}: "${value}" is not a URL`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new UsageError(`${flag}: "${value}" is not an http or https URL`);
  return value;
}

export function clip(value: string, max = 60): string {
  // By code point: cutting between the halves of a surrogate pair would print a broken character.
  const flat = Array.from(value.replace(/[\r\n\t]/g, ' '));
  return flat.length > max ? `${flat.slice(0, max - 1).join('')}…` : flat.join('');
}

export function integer(
  flag: string,
  value: string,
  min: number,
  max = Number.MAX_SAFE_INTEGER,
): number {
  if (!/^[+-]?\d+$/.test(value.trim()))
    throw new UsageError(`${flag}: "${clip(value)}" is not an integer`);
  const n = Number(value);
  if (!Number.isSafeInteger(n) || n < min || n > max) {
    const range = max === Number.MAX_SAFE_INTEGER ? `at least ${min}` : `from ${min} to ${max}`;
    throw new UsageError(`${flag}: must be an integer ${range}, got ${clip(value)}`);
  }
  return n;
}

/** An integer, or `none` for null (clears a limit). */
export function integerOrNone(
  flag: string,
  value: string,
  min: number,
  max?: number,
): number | null {
  return value === 'none' ? null : integer(flag, value, min, max);
}

/** An ISO 8601 date-time (or date), or `none` for null. */
export function dateTimeOrNone(flag: string, value: string): string | null {
  if (value === 'none') return null;
  const iso = /^\d{4}-\d{2}-\d{2}([T ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?)?$/;
  const t = Date.parse(value);
  // Date.parse rolls 2027-02-30 over to March 2; the service refuses it, so must we.
  const [y, m, d] = value.slice(0, 10).split('-').map(Number) as [number, number, number];
  const day = new Date(Date.UTC(y, m - 1, d));
  const real = day.getUTCMonth() === m - 1 && day.getUTCDate() === d;
  if (!iso.test(value) || Number.isNaN(t) || !real) {
    throw new UsageError(
      `${flag}: "${clip(value)}" is not an ISO 8601 date-time (e.g. 2027-01-31T00:00:00Z) or "none"`,
    );
  }
  return new Date(t).toISOString();
}

/** `--sort -created_at,amount` → ['-created_at', 'amount'], each checked against the endpoint's criteria. */
export function sorting<C extends string>(
  value: string | undefined,
  criteria: readonly C[],
): Sorting<C>[] | undefined {
  if (value === undefined) return undefined;
  const parts = value.split(',').map((p) => p.trim());
  for (const p of parts) {
    if (!(criteria as readonly string[]).includes(p.replace(/^-/, ''))) {
      throw new UsageError(
        `--sort: "${clip(p)}" is not a sort criterion here; valid: ${criteria.join(', ')} (prefix - for descending)`,
      );
    }
  }
  return parts as Sorting<C>[];
}

export type MetadataValue = string | number | boolean | RawJSON;

/** Characters as spec §8 counts them: code points, so an emoji is one, not two. */
export function characters(text: string): number {
  let n = 0;
  for (const _ of text) n++;
  return n;
}

/**
 * `k=v` (string) and `k:=42` / `k:=true` (typed, as in HTTPie), checked against spec §8:
 * ≤ 50 pairs, key 1–40 characters, string ≤ 500 characters, integer (of any size, sent
 * exactly) or boolean.
 */
export function metadata(
  flag: string,
  pairs: string[] | undefined,
): Record<string, MetadataValue> | undefined {
  if (!pairs?.length) return undefined;
  const out: Record<string, MetadataValue> = {};
  for (const pair of pairs) {
    const typed = /^([^=:]*):=(.*)$/s.exec(pair);
    const plain = typed ? null : /^([^=]*)=(.*)$/s.exec(pair);
    const m = typed ?? plain;
    if (!m) throw new UsageError(`${flag}: "${clip(pair)}" is not key=value or key:=json`);
    const key = m[1]!;
    const raw = m[2]!;
    if (key.length < 1) throw new UsageError(`${flag}: a key is empty in "${clip(pair)}"`);
    if (characters(key) > 40)
      throw new UsageError(`${flag}: key "${clip(key)}" is longer than 40 characters`);
    let value: MetadataValue;
    if (typed) {
      const typedValue = raw === 'true' ? true : raw === 'false' ? false : bigInteger(raw.trim());
      if (typedValue === undefined) {
        throw new UsageError(
          `${flag}: value of key "${key}" after := must be an integer, true or false`,
        );
      }
      value = typedValue;
    } else {
      if (characters(raw) > 500)
        throw new UsageError(`${flag}: value of key "${key}" is longer than 500 characters`);
      value = raw;
    }
    out[key] = value;
  }
  if (Object.keys(out).length > 50)
    throw new UsageError(`${flag}: at most 50 pairs, got ${Object.keys(out).length}`);
  return out;
}

export interface MetadataEdit {
  /** --metadata pairs, already parsed. */
  set?: Record<string, MetadataValue>;
  /** --unset-metadata keys. */
  unset?: string[];
  /** --replace-metadata: send exactly the pairs given instead of merging into what is there. */
  replace?: boolean;
}

/**
 * The metadata to send for an update, or undefined to leave it alone. The API replaces the
 * whole object on PATCH, so pairs are merged into the current metadata (read with `current`)
 * unless --replace-metadata, or --data, which is sent as given, says what the base is.
 */
export async function editedMetadata(
  edit: MetadataEdit,
  fromData: unknown,
  current: () => Promise<unknown>,
): Promise<Record<string, unknown> | undefined> {
  const changes = Boolean(edit.set) || Boolean(edit.unset?.length);
  if (!changes && !edit.replace) return fromData as Record<string, unknown> | undefined;
  const base =
    fromData !== undefined && fromData !== null ? fromData : edit.replace ? {} : await current();
  const merged: Record<string, unknown> = {
    ...(base && typeof base === 'object' && !Array.isArray(base) ? base : {}),
    ...edit.set,
  };
  for (const key of edit.unset ?? []) delete merged[key];
  checkMetadataObject('--metadata', merged);
  return merged;
}

/** Checks a metadata object that came from --data against the same rules. */
export function checkMetadataObject(field: string, value: unknown): void {
  if (value === undefined || value === null) return;
  if (typeof value !== 'object' || Array.isArray(value))
    throw new UsageError(`${field}: must be a JSON object`);
  const entries = Object.entries(value);
  if (entries.length > 50)
    throw new UsageError(`${field}: at most 50 pairs, got ${entries.length}`);
  for (const [k, v] of entries) {
    if (k.length < 1 || characters(k) > 40)
      throw new UsageError(`${field}: key "${clip(k)}" must be 1 to 40 characters`);
    if (typeof v === 'string') {
      if (characters(v) > 500)
        throw new UsageError(`${field}: value of key "${k}" is longer than 500 characters`);
    } else if (!(typeof v === 'boolean' || isInteger(v))) {
      throw new UsageError(
        `${field}: value of key "${k}" must be a string, an integer or a boolean`,
      );
    }
  }
}

export const MAX_DATA_BYTES = 1024 * 1024;

/** `--data` as inline JSON, `@file` or `-` (stdin); must be a JSON object. */
export async function dataObject(
  value: string | undefined,
  stdin: InStream,
): Promise<Record<string, unknown> | undefined> {
  const data = await dataJson(value, stdin);
  if (data === undefined) return undefined;
  if (data.value === null || typeof data.value !== 'object' || Array.isArray(data.value)) {
    throw new UsageError(`${data.source}: must be a JSON object`);
  }
  return data.value as Record<string, unknown>;
}

/** `--data` as inline JSON, `@file` or `-` (stdin): any JSON value, and where it came from. */
export async function dataJson(
  value: string | undefined,
  stdin: InStream,
): Promise<{ value: unknown; source: string } | undefined> {
  if (value === undefined) return undefined;
  let text: string;
  let source = '--data';
  if (value === '-') {
    text = await readAll(stdin);
    source = '--data (stdin)';
  } else if (value.startsWith('@')) {
    const path = value.slice(1);
    try {
      text = await readFile(path, 'utf8');
    } catch (err) {
      const code = (err as { code?: string }).code;
      throw new UsageError(
        `--data: cannot read ${path}${code === 'ENOENT' ? ': no such file' : code ? ` (${code})` : ''}`,
      );
    }
    source = `--data (${path})`;
  } else {
    text = value;
  }
  if (Buffer.byteLength(text) > MAX_DATA_BYTES)
    throw new UsageError(`${source}: larger than 1 MiB`);
  let parsed: unknown;
  try {
    parsed = parseJson(text);
  } catch (err) {
    throw new UsageError(`${source}: invalid JSON: ${(err as Error).message.split('\n')[0]}`);
  }
  return { value: parsed, source };
}

async function readAll(stream: InStream): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of stream) {
    const b = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
    size += b.length;
    if (size > MAX_DATA_BYTES) throw new UsageError('--data (stdin): larger than 1 MiB');
    chunks.push(b);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/** Repeatable option collector for commander. */
export function collect(value: string, previous: string[] = []): string[] {
  return [...previous, value];
}

/**
 * A money amount as people write it, in the currency's main unit with at most 2 decimals
 * (`12`, `12.5`, `12.50`; the API's only currency, usd, has cents), → integer minor units,
 * checked against [min, max] (in minor units).
 */
export function amount(flag: string, value: string, min: number, max: number): number {
  const m = /^(\d+)(?:\.(\d{1,2}))?$/.exec(value.trim());
  if (!m) {
    throw new UsageError(
      `${flag}: "${clip(value)}" is not an amount with at most 2 decimals (e.g. 12.50)`,
    );
  }
  const cents = Number(m[1]) * 100 + Number((m[2] ?? '').padEnd(2, '0'));
  if (!Number.isSafeInteger(cents) || cents < min || cents > max) {
    const range =
      max === Number.MAX_SAFE_INTEGER
        ? `at least ${decimal(min)}`
        : `from ${decimal(min)} to ${decimal(max)}`;
    throw new UsageError(`${flag}: must be ${range}, got ${clip(value)}`);
  }
  return cents;
}

/** Minor units as the decimal `amount()` reads: 50 → 0.50. */
export function decimal(minor: number): string {
  return `${Math.floor(minor / 100)}.${String(minor % 100).padStart(2, '0')}`;
}

/** A percentage of more than 0 and at most 100, with at most 2 decimals → basis points. */
export function percent(flag: string, value: string): number {
  const m = /^(\d+)(?:\.(\d{1,2}))?%?$/.exec(value.trim());
  if (!m) {
    throw new UsageError(
      `${flag}: "${clip(value)}" is not a percentage with at most 2 decimals (e.g. 12.5)`,
    );
  }
  const points = Number(m[1]) * 100 + Number((m[2] ?? '').padEnd(2, '0'));
  if (
    !Number.isSafeInteger(points) ||
    points < DISCOUNT_BASIS_POINTS_MIN ||
    points > DISCOUNT_BASIS_POINTS_MAX
  ) {
    throw new UsageError(`${flag}: must be more than 0 and at most 100, got ${clip(value)}`);
  }
  return points;
}

/** An ISO 8601 date-time or date (a date is its midnight UTC), as UTC ISO text. */
export function dateTime(flag: string, value: string): string {
  try {
    const t = value === 'none' ? null : dateTimeOrNone(flag, value);
    if (t) return t;
  } catch {}
  throw new UsageError(
    `${flag}: "${clip(value)}" is not an ISO 8601 date-time (e.g. 2027-01-31T00:00:00Z) or date`,
  );
}
