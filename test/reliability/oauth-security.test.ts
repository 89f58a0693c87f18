// Security of the OAuth side (issue 8), beyond test/server/oauth (which covers redirect_uri
// matching, PKCE and code replay at the token endpoint): a token of organization A on every kind
// of organization B's resources, a code taken to another client, a PKCE downgrade, a redirect
// smuggled into the consent form, and a forged callback to the CLI's loopback login.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ALICE,
  api,
  authorizeUrl,
  BOB,
  type Ctx,
  cliParams,
  consent,
  getPage,
  type Json,
  LOOPBACK,
  login,
  postForm,
  requestId,
  startService,
  tokenRequest,
  userId,
} from '../server/oauth/helpers.js';
import { runInProcess, tempDir } from './helpers.js';

let ctx: Ctx;
const dir = tempDir('oauth-security');

beforeAll(async () => {
  ctx = await startService();
});
afterAll(async () => {
  await ctx.svc.stop();
  dir.remove();
});

const ALL_SCOPES =
  'openid email organizations:read organizations:write checkouts:read checkouts:write ' +
  'orders:read subscriptions:read subscriptions:write license_keys:read license_keys:write';

/** Ids of one organization's resources of every kind, read straight from the store. */
function resourcesOf(organizationId: string) {
  const one = (sql: string) =>
    ctx.svc.store.get<{ id: string }>(sql, organizationId)?.id ?? '00000000-0000-4000-8000-0';
  return {
    order: one('SELECT id FROM orders WHERE organization_id = ? LIMIT 1'),
    checkout: one('SELECT id FROM checkouts WHERE organization_id = ? LIMIT 1'),
    key: one('SELECT id FROM license_keys WHERE organization_id = ? LIMIT 1'),
    subscription: one(
      `SELECT s.id FROM subscriptions s JOIN customers c ON c.id = s.customer_id
       WHERE c.organization_id = ? LIMIT 1`,
    ),
  };
}

/** A snapshot of what a write could change, to prove refused writes changed nothing. */
function snapshot(organizationId: string) {
  const r = resourcesOf(organizationId);
  const row = (table: string, id: string) =>
    JSON.stringify(ctx.svc.store.get(`SELECT * FROM ${table} WHERE id = ?`, id));
  return [
    row('organizations', organizationId),
    row('checkouts', r.checkout),
    row('license_keys', r.key),
    row('subscriptions', r.subscription),
  ];
}

/** Every read and write of organization `target` with `token`: 404 (or empty), never data. */
async function expectLockedOut(token: string, target: string) {
  const r = resourcesOf(target);
  const before = snapshot(target);
  const calls: [string, string, unknown?][] = [
    ['GET', `/v1/orders/${r.order}`],
    ['GET', `/v1/checkouts/custom/${r.checkout}`],
    [
      'PATCH',
      `/v1/checkouts/custom/${r.checkout}`,
      { customer_name: 'Mallory', metadata: { x: 'y' } },
    ],
    ['GET', `/v1/organizations/${target}`],
    ['PATCH', `/v1/organizations/${target}`, { name: 'Pwned Inc' }],
    ['PATCH', `/v1/license-keys/${r.key}`, { limit_activations: 50, status: 'granted' }],
    ['PATCH', `/v1/subscriptions/${r.subscription}`, { cancel_at_period_end: true }],
  ];
  for (const [method, path, body] of calls) {
    const res = await api(ctx, method, path, token, body);
    expect([method, path, res.status, res.body]).toEqual([
      method,
      path,
      404,
      expect.objectContaining({ error: 'ResourceNotFound' }),
    ]);
  }
  for (const list of ['/v1/orders/', '/v1/license-keys']) {
    const res = await api(ctx, 'GET', `${list}?organization_id=${target}&limit=100`, token);
    expect([list, res.status]).toEqual([list, 200]);
    const foreign = (res.body.items as Json[]).filter(
      (i) =>
        (i.organization_id ?? i.product?.organization_id ?? i.customer?.organization_id) === target,
    );
    expect([list, foreign]).toEqual([list, []]);
  }
  expect(snapshot(target)).toEqual(before);
}

describe("a token of one organization on another's resources", () => {
  it('an Acme organization token gets 404 on every Globex resource and changes nothing', async () => {
    const t = await login(
      ctx,
      { sub_type: 'organization', scope: ALL_SCOPES },
      { organization: ctx.demo.organization_id },
    );
    expect(t.access_token).toMatch(/^polar_at_o_/);
    // It does work on its own organization (the refusals below are not a broken token).
    const own = await api(
      ctx,
      'GET',
      `/v1/organizations/${ctx.demo.organization_id}`,
      t.access_token,
    );
    expect(own.status).toBe(200);
    await expectLockedOut(t.access_token, ctx.demo.other.organization_id);
  });

  it("a Globex user's OAuth token gets 404 on every Acme resource", async () => {
    const t = await login(ctx, { scope: ALL_SCOPES }, { user: BOB });
    expect(t.access_token).toMatch(/^polar_at_u_/);
    await expectLockedOut(t.access_token, ctx.demo.organization_id);
  });

  it('an organization token cannot be minted for an organization the user is not in', async () => {
    const { params } = cliParams(ctx, { sub_type: 'organization', scope: ALL_SCOPES });
    const page = await getPage(authorizeUrl(ctx, params));
    const res = await postForm(`${ctx.svc.authUrl}/oauth2/authorize`, {
      request_id: requestId(page.html),
      user_id: userId(ctx, BOB),
      organization_id: ctx.demo.organization_id,
      decision: 'allow',
    });
    // Asked again (the consent page with a problem), never redirected with a code.
    expect(res.status).not.toBe(302);
    expect(res.headers.get('location')).toBeNull();
    expect(await res.text()).toContain('Choose one of the organizations');
  });
});

describe('codes and PKCE', () => {
  async function codeFor(extra: Record<string, string | undefined> = {}) {
    const { verifier, params } = cliParams(ctx, extra);
    const location = await consent(ctx, authorizeUrl(ctx, params));
    return { code: location.searchParams.get('code')!, verifier, params };
  }

  it('refuses a code taken to another client, and the code stays unusable', async () => {
    const reg = await fetch(`${ctx.base}/v1/oauth2/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        client_name: 'Other App',
        redirect_uris: [LOOPBACK],
        token_endpoint_auth_method: 'none',
        scope: 'openid email orders:read',
      }),
    });
    expect(reg.status).toBe(201);
    const other = ((await reg.json()) as { client_id: string }).client_id;
    const { code, verifier } = await codeFor();
    const stolen = await tokenRequest(ctx, {
      grant_type: 'authorization_code',
      code,
      redirect_uri: LOOPBACK,
      client_id: other,
      code_verifier: verifier,
    });
    expect([stolen.status, stolen.body.error]).toEqual([400, 'invalid_grant']);
  });

  it('refuses the S256 challenge itself as the verifier (a downgrade to plain)', async () => {
    const { code, params } = await codeFor();
    const downgraded = await tokenRequest(ctx, {
      grant_type: 'authorization_code',
      code,
      redirect_uri: LOOPBACK,
      client_id: ctx.demo.client_id,
      code_verifier: params.code_challenge,
    });
    expect([downgraded.status, downgraded.body.error]).toEqual([400, 'invalid_grant']);
  });

  it('ignores a redirect_uri smuggled into the consent form', async () => {
    const { params } = cliParams(ctx);
    const page = await getPage(authorizeUrl(ctx, params));
    const res = await postForm(`${ctx.svc.authUrl}/oauth2/authorize`, {
      request_id: requestId(page.html),
      user_id: userId(ctx, ALICE),
      decision: 'allow',
      redirect_uri: 'https://evil.example/steal',
      state: 'forged',
    });
    expect(res.status).toBe(302);
    const location = new URL(res.headers.get('location')!);
    expect(location.origin + location.pathname).toBe(LOOPBACK);
    expect(location.searchParams.get('state')).toBe(params.state);
  });
});

describe("the CLI's loopback login", () => {
  it('ignores forged callbacks (wrong or missing state, an injected code) and logs in for real', async () => {
    const configDir = dir.path;
    const forged: number[] = [];
    const openBrowser = async (url: string) => {
      const authorize = new URL(url);
      const redirect = new URL(authorize.searchParams.get('redirect_uri')!);
      // An attacker's page fires callbacks at the loopback port first: its own code, with a
      // state it guessed, with none, and an error.
      for (const query of [
        'code=polar_ac_attacker&state=guessed',
        'code=polar_ac_attacker',
        'error=access_denied&state=guessed',
      ]) {
        const res = await fetch(`${redirect.origin}${redirect.pathname}?${query}`);
        await res.text();
        forged.push(res.status);
      }
      // Then the user's real consent.
      const page = await (await fetch(url)).text();
      const allow = await postForm(`${ctx.svc.authUrl}/oauth2/authorize`, {
        request_id: requestId(page),
        user_id: userId(ctx, ALICE),
        decision: 'allow',
      });
      await (await fetch(allow.headers.get('location')!)).text();
    };
    const r = await runInProcess(
      ['login'],
      { BILLING_BASE_URL: ctx.base, BILLING_CONFIG_DIR: configDir, DISPLAY: ':0' },
      { configDir, openBrowser, tty: true },
    );
    expect(r.code, r.stderr).toBe(0);
    expect(forged.every((s) => s >= 400)).toBe(true);
    expect(r.stderr).toContain(`Logged in as ${ALICE}`);
  });
});
