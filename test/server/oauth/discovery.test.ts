// /.well-known/openid-configuration and /.well-known/jwks.json (api-facts), and a signing key
// that survives a restart with --db.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { start } from '../../../src/server/index.js';
import { type Ctx, readJson, startService } from './helpers.js';

let ctx: Ctx;
beforeAll(async () => {
  ctx = await startService();
});
afterAll(() => ctx.svc.stop());

describe('discovery', () => {
  it('lists every key of the facts, with the service URLs', async () => {
    const res = await fetch(`${ctx.base}/.well-known/openid-configuration`);
    expect(res.status).toBe(200);
    const doc = await readJson(res);
    expect(doc).toEqual({
      issuer: ctx.base,
      authorization_endpoint: `${ctx.base}/oauth2/authorize`,
      token_endpoint: `${ctx.base}/v1/oauth2/token`,
      userinfo_endpoint: `${ctx.base}/v1/oauth2/userinfo`,
      revocation_endpoint: `${ctx.base}/v1/oauth2/revoke`,
      introspection_endpoint: `${ctx.base}/v1/oauth2/introspect`,
      jwks_uri: `${ctx.base}/.well-known/jwks.json`,
      registration_endpoint: `${ctx.base}/v1/oauth2/register`,
      scopes_supported: expect.arrayContaining(['openid', 'email', 'orders:read']),
      response_types_supported: ['code'],
      response_modes_supported: ['query'],
      grant_types_supported: ['authorization_code', 'refresh_token'],
      token_endpoint_auth_methods_supported: ['client_secret_basic', 'client_secret_post', 'none'],
      code_challenge_methods_supported: ['plain', 'S256'],
      subject_types_supported: ['public'],
      id_token_signing_alg_values_supported: ['RS256'],
      claims_supported: ['sub', 'name', 'email', 'email_verified'],
    });
  });

  it('publishes one RS256 public key, without private parts', async () => {
    const { keys } = await readJson(await fetch(`${ctx.base}/.well-known/jwks.json`));
    expect(keys).toHaveLength(1);
    expect(keys[0]).toMatchObject({ kty: 'RSA', alg: 'RS256', use: 'sig' });
    expect(keys[0].kid).toBeTruthy();
    expect(keys[0].d).toBeUndefined();
    expect(keys[0].p).toBeUndefined();
  });

  it('serves the authorization page at the configured auth URL', async () => {
    const svc = await start({ port: 0, authUrl: 'https://auth.example/' });
    try {
      const doc = await readJson(await fetch(`${svc.url}/.well-known/openid-configuration`));
      expect(doc.authorization_endpoint).toBe('https://auth.example/oauth2/authorize');
      expect(doc.issuer).toBe(svc.url);
    } finally {
      await svc.stop();
    }
  });

  it('keeps the signing key across restarts with --db', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'billing-oauth-'));
    try {
      const db = join(dir, 'billing.db');
      const first = await start({ port: 0, db });
      const before = await readJson(await fetch(`${first.url}/.well-known/jwks.json`));
      await first.stop();
      const second = await start({ port: 0, db });
      const after = await readJson(await fetch(`${second.url}/.well-known/jwks.json`));
      await second.stop();
      expect(after).toEqual(before);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
