// The id_token signing key: RS256, generated on first need and kept in signing_keys so tokens stay
// verifiable across restarts with --db (issue 3). Never created at import time.
import { createHash } from 'node:crypto';
import {
  type CryptoKey,
  calculateJwkThumbprint,
  exportJWK,
  generateKeyPair,
  importJWK,
  type JWK,
  type JWTPayload,
  SignJWT,
} from 'jose';
import type { Store } from '../store/index.js';

interface KeyRow {
  kid: string;
  private_jwk: string;
  public_jwk: string;
}

interface SigningKey {
  kid: string;
  key: CryptoKey | Uint8Array;
}

const creating = new WeakMap<Store, Promise<void>>();
const imported = new WeakMap<Store, SigningKey>();

function current(store: Store): KeyRow | undefined {
  return store.oauthTokens.signingKey();
}

async function create(store: Store, now: string): Promise<void> {
  const { publicKey, privateKey } = await generateKeyPair('RS256', { extractable: true });
  const publicJwk = await exportJWK(publicKey);
  const privateJwk = await exportJWK(privateKey);
  const kid = await calculateJwkThumbprint(publicJwk);
  // Another process on the same --db file may have won the race; the oldest key is the one used.
  store.tx(() => {
    if (current(store)) return;
    store.insert('signing_keys', {
      kid,
      created_at: now,
      private_jwk: JSON.stringify({ ...privateJwk, kid, alg: 'RS256', use: 'sig' }),
      public_jwk: JSON.stringify({ ...publicJwk, kid, alg: 'RS256', use: 'sig' }),
    });
  });
}

async function ensureKey(store: Store, now: string): Promise<KeyRow> {
  let row = current(store);
  if (!row) {
    let pending = creating.get(store);
    if (!pending) {
      pending = create(store, now).finally(() => creating.delete(store));
      creating.set(store, pending);
    }
    await pending;
    row = current(store);
    if (!row) throw new Error('signing key was not stored');
  }
  return row;
}

/** The public keys for /.well-known/jwks.json. */
export async function jwks(store: Store, now: string): Promise<{ keys: JWK[] }> {
  await ensureKey(store, now);
  return { keys: store.oauthTokens.publicKeys().map((k) => JSON.parse(k) as JWK) };
}

async function signingKey(store: Store, now: string): Promise<SigningKey> {
  const row = await ensureKey(store, now);
  // The table is wiped by /__local/reset, so the cache is checked against the stored kid.
  const cached = imported.get(store);
  if (cached?.kid === row.kid) return cached;
  const key = { kid: row.kid, key: await importJWK(JSON.parse(row.private_jwk) as JWK, 'RS256') };
  imported.set(store, key);
  return key;
}

/** OIDC Core §3.1.3.6: left half of the SHA-256 of the access token, base64url. */
export function atHash(accessToken: string): string {
  const digest = createHash('sha256').update(accessToken, 'ascii').digest();
  return digest.subarray(0, digest.length / 2).toString('base64url');
}

export async function signIdToken(
  store: Store,
  now: Date,
  claims: JWTPayload & { iss: string; aud: string; sub: string },
): Promise<string> {
  const { kid, key } = await signingKey(store, now.toISOString());
  const iat = Math.floor(now.getTime() / 1000);
  return new SignJWT({ ...claims, iat, exp: iat + 3600 })
    .setProtectedHeader({ alg: 'RS256', kid, typ: 'JWT' })
    .sign(key);
}
