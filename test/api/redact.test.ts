import { describe, expect, it } from 'vitest';
import * as checkouts from '../../src/api/checkouts.js';
import * as licenseKeys from '../../src/api/license-keys.js';
import { redact } from '../../src/api/redact.js';
import {
  activation,
  CLIENT_SECRET,
  confirmedCheckout,
  LICENSE_KEY_VALUE,
  licenseKey,
  ORG_ID,
  PAT,
  SESSION_TOKEN,
} from './fixtures.js';
import { setup } from './helpers.js';

const tail = 'AbCdEfGhIjKlMnOpQrStUvWxYz0123456789A0bCdEf';
const R = '[REDACTED]';

describe('redact()', () => {
  it.each([
    ['personal access token', `t=polar_pat_${tail} x`, `t=polar_pat_${R} x`],
    ['user access token', `polar_at_u_${tail}`, `polar_at_u_${R}`],
    ['organization access token', `polar_at_o_${tail}`, `polar_at_o_${R}`],
    ['user refresh token', `polar_rt_u_${tail}`, `polar_rt_u_${R}`],
    ['organization refresh token', `polar_rt_o_${tail}`, `polar_rt_o_${R}`],
    ['authorization code', `polar_ac_${tail}`, `polar_ac_${R}`],
    ['client secret', `polar_cs_${tail}`, `polar_cs_${R}`],
    ['customer session token', `polar_cst_${tail}`, `polar_cst_${R}`],
    ['checkout client secret', `polar_c_${tail}`, `polar_c_${R}`],
    ['client id stays readable', `polar_ci_${tail}`, `polar_ci_${tail}`],
    ['Authorization header', 'Authorization: Bearer abc.def-123', `Authorization: Bearer ${R}`],
    ['Basic credentials', 'authorization: Basic dXNlcjpwYXNz', `authorization: Basic ${R}`],
    ['bare authorization value', '{"authorization":"opaque"}', `{"authorization":"${R}"}`],
    ['JWT', 'id eyJhbGciOiJSUzI1NiJ9.eyJzdWIiOiIxIn0.c2ln', `id ${R}`],
    ['license key with prefix', `key ${LICENSE_KEY_VALUE}.`, `key ${R}.`],
    ['license key without prefix', '2F1B0A9C-3D4E-4F5A-8B7C-6D5E4F3A2B1C', R],
    ['lowercase resource ids stay', `/v1/orders/${ORG_ID}`, `/v1/orders/${ORG_ID}`],
    [
      'confirm path segment',
      '/v1/checkouts/custom/client/opaque-secret/confirm',
      `/v1/checkouts/custom/client/${R}/confirm`,
    ],
    ['query string', '/cb?code=abc&state=xyz&token=t1', `/cb?code=${R}&state=xyz&token=${R}`],
    [
      'form body',
      'grant_type=authorization_code&code=c1&client_id=polar_ci_x&client_secret=s1&code_verifier=v1&redirect_uri=http%3A%2F%2Flocalhost',
      `grant_type=authorization_code&code=${R}&client_id=polar_ci_x&client_secret=${R}&code_verifier=${R}&redirect_uri=http%3A%2F%2Flocalhost`,
    ],
    [
      'refresh in a form',
      'refresh_token=r1&grant_type=refresh_token',
      `refresh_token=${R}&grant_type=refresh_token`,
    ],
    [
      'similar names stay',
      'token_type_hint=refresh_token&display_key=ab',
      'token_type_hint=refresh_token&display_key=ab',
    ],
    ...(
      [
        'access_token',
        'refresh_token',
        'id_token',
        'client_secret',
        'customer_session_token',
        'key',
        'code',
        'code_verifier',
        'password',
        'token',
      ] as const
    ).map((k) => [
      `JSON key ${k}`,
      `{"${k}": "v\\"alue", "other": "kept"}`,
      `{"${k}": "${R}", "other": "kept"}`,
    ]),
    ['JSON display_key stays', '{"display_key":"****-AB12"}', '{"display_key":"****-AB12"}'],
    ['JSON null secret stays null', '{"key":null}', '{"key":null}'],
    ['plain text untouched', 'GET /v1/orders/?limit=10', 'GET /v1/orders/?limit=10'],
  ])('%s', (_name, input, expected) => {
    expect(redact(input)).toBe(expected);
  });
});

describe('--debug trace', () => {
  it('logs one line per request and response, with bodies, and no secret', async () => {
    const { pool, client, lines, done } = await setup();
    pool
      .intercept({ path: '/v1/customer-portal/license-keys/activate', method: 'POST' })
      .reply(200, { ...activation(), license_key: licenseKey() });
    await licenseKeys.activate(client, {
      key: LICENSE_KEY_VALUE,
      organization_id: ORG_ID,
      label: 'laptop',
    });
    expect(lines[0]).toBe('→ POST http://127.0.0.1:8787/v1/customer-portal/license-keys/activate');
    expect(lines[1]).toBe(`→ {"key":"${R}","organization_id":"${ORG_ID}","label":"laptop"}`);
    expect(lines[2]).toMatch(
      /^← 200 POST http:\/\/127\.0\.0\.1:8787\/v1\/customer-portal\/license-keys\/activate \d+ms$/,
    );
    expect(lines[3]).toContain(`"key":"${R}"`);
    expect(lines).toHaveLength(4);
    expect(lines.join('\n')).not.toContain(LICENSE_KEY_VALUE);
    await done();
  });

  it('redacts the token, the client secret in the path and the session token', async () => {
    const { pool, client, lines, done } = await setup();
    pool
      .intercept({ path: `/v1/checkouts/custom/client/${CLIENT_SECRET}/confirm`, method: 'POST' })
      .reply(200, confirmedCheckout());
    pool.intercept({ path: '/v1/x?token=abc', method: 'GET' }).reply(200, { access_token: 'at-1' });
    await checkouts.confirm(client, CLIENT_SECRET);
    await client.request('GET', '/v1/x', { query: { token: 'abc' } });
    const all = lines.join('\n');
    for (const secret of [PAT, CLIENT_SECRET, SESSION_TOKEN, 'at-1', 'token=abc']) {
      expect(all).not.toContain(secret);
    }
    expect(lines[0]).toBe(`→ POST http://127.0.0.1:8787/v1/checkouts/custom/client/${R}/confirm`);
    expect(lines).toContain(`→ GET http://127.0.0.1:8787/v1/x?token=${R}`);
    expect(lines).toContain(`→ Authorization: Bearer ${R}`);
    await done();
  });

  it('traces retries and connection failures', async () => {
    const { pool, client, lines, done } = await setup({ retry: { maxAttempts: 2 } });
    pool.intercept({ path: '/v1/x', method: 'GET' }).reply(503, '');
    pool.intercept({ path: '/v1/x', method: 'GET' }).reset();
    await expect(client.request('GET', '/v1/x', { auth: false })).rejects.toThrow(
      'lost the connection to http://127.0.0.1:8787 (connection reset) after 2 attempts',
    );
    expect(lines.map((l) => l.replace(/\d+ms$/, 'Nms'))).toEqual([
      '→ GET http://127.0.0.1:8787/v1/x',
      '← 503 GET http://127.0.0.1:8787/v1/x Nms',
      '… retrying in 125ms (attempt 2 of 2)',
      '→ GET http://127.0.0.1:8787/v1/x',
      '✗ GET http://127.0.0.1:8787/v1/x ECONNRESET: read ECONNRESET Nms',
    ]);
    await done();
  });
});
