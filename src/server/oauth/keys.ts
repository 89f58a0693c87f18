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

type KeyRow = NonNullable<ReturnType<Store['oauthTokens']['signingKey']>>;

interface SigningKey {
  kid: string;
  key: CryptoKey | Uint8Array;
}

/** The service's signing key, made at most once at a time and imported once per key. */
export class SigningKeys {
  private creating: Promise<void> | undefined;
  private imported: SigningKey | undefined;

  constructor(private readonly store: Store) {}

  /** The public keys for /.well-known/jwks.json. */
  async jwks(now: string): Promise<{ keys: JWK[] }> {
    await this.ensure(now);
    return { keys: this.store.oauthTokens.publicKeys().map((k) => JSON.parse(k) as JWK) };
  }

  async sign(
    now: Date,
    claims: JWTPayload & { iss: string; aud: string; sub: string },
  ): Promise<string> {
    const { kid, key } = await this.signingKey(now.toISOString());
    const iat = Math.floor(now.getTime() / 1000);
    return new SignJWT({ ...claims, iat, exp: iat + 3600 })
      .setProtectedHeader({ alg: 'RS256', kid, typ: 'JWT' })
      .sign(key);
  }

  private async ensure(now: string): Promise<KeyRow> {
    let row = this.store.oauthTokens.signingKey();
    if (!row) {
      this.creating ??= create(this.store, now).finally(() => {
        this.creating = undefined;
      });
      await this.creating;
      row = this.store.oauthTokens.signingKey();
      if (!row) throw new Error('signing key was not stored');
    }
    return row;
  }

  private async signingKey(now: string): Promise<SigningKey> {
    const row = await this.ensure(now);
    // The table is wiped by /__local/reset, so the cache is checked against the stored kid.
    if (this.imported?.kid === row.kid) return this.imported;
    const key = { kid: row.kid, key: await importJWK(JSON.parse(row.private_jwk) as JWK, 'RS256') };
    this.imported = key;
    return key;
  }
}

async function create(store: Store, now: string): Promise<void> {
  const { publicKey, privateKey } = await generateKeyPair('RS256', { extractable: true });
  const publicJwk = await exportJWK(publicKey);
  const privateJwk = await exportJWK(privateKey);
  const kid = await calculateJwkThumbprint(publicJwk);
  // Another process on the same --db file may have won the race; the oldest key is the one used.
  store.tx(() => {
    if (store.oauthTokens.signingKey()) return;
    store.insert('signing_keys', {
      kid,
      created_at: now,
      private_jwk: JSON.stringify({ ...privateJwk, kid, alg: 'RS256', use: 'sig' }),
      public_jwk: JSON.stringify({ ...publicJwk, kid, alg: 'RS256', use: 'sig' }),
    });
  });
}

/** OIDC Core §3.1.3.6: left half of the SHA-256 of the access token, base64url. */
export function atHash(accessToken: string): string {
  const digest = createHash('sha256').update(accessToken, 'ascii').digest();
  return digest.subarray(0, digest.length / 2).toString('base64url');
}
