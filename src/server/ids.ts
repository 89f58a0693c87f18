// Identifiers and secrets in the formats of the real service (api-facts "Token format").
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { crc32 } from 'node:zlib';

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

export type Random = () => number;

/** mulberry32: a small seeded PRNG so demo data is the same on every start. */
export function seededRandom(seed: number): Random {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function randomBytesFrom(random: Random | undefined, n: number): Uint8Array {
  if (!random) return randomBytes(n);
  const out = new Uint8Array(n);
  for (let i = 0; i < n; i++) out[i] = Math.floor(random() * 256);
  return out;
}

export function uuid(random?: Random): string {
  if (!random) return randomUUID();
  const b = randomBytesFrom(random, 16);
  b[6] = (b[6]! & 0x0f) | 0x40;
  b[8] = (b[8]! & 0x3f) | 0x80;
  const h = Buffer.from(b).toString('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}

function base62(n: number, width: number): string {
  let s = '';
  let v = n >>> 0;
  while (v > 0) {
    s = BASE62[v % 62] + s;
    v = Math.floor(v / 62);
  }
  return s.padStart(width, '0');
}

/** `<prefix><37 chars [A-Za-z0-9]><6-char base62 CRC32 of those 37>`. */
export function token(prefix: string, random?: Random): string {
  const bytes = randomBytesFrom(random, 37);
  let body = '';
  for (const byte of bytes) body += BASE62[byte % 62];
  return `${prefix}${body}${base62(crc32(body), 6)}`;
}

export function hashToken(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}

/** License keys: `PREFIX-UUID` in upper case, as the real service generates them. */
export function licenseKey(prefix: string | null | undefined, random?: Random): string {
  const key = uuid(random).toUpperCase();
  return prefix ? `${prefix.trim().toUpperCase()}-${key}` : key;
}

export function displayKey(key: string): string {
  return `****-${key.slice(-6)}`;
}

export const UUID_RE =
  /^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$/;
