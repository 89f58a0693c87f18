// Honest state (issue 13): `auth status` says where the credential in use comes from and
// whether the server takes it, `whoami` works with every kind of credential, and a customer
// session that expired or was rejected says so and names the fix.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { run } from '../helpers/cli.js';
import { closedPort, configDirWithFileStorage, type Suite, startSuite } from './cli.js';

let s: Suite;
beforeAll(async () => {
  s = await startSuite();
});
afterAll(() => s.svc.stop());

/** The local profile with nothing stored: the CLI takes the local service's demo token. */
const demoEnv = () => ({
  BILLING_TOKEN: undefined,
  BILLING_CONFIG_DIR: configDirWithFileStorage(),
});

describe('auth status', () => {
  it("names the local service's demo token and its user, and that the server takes it", async () => {
    const r = await s.run(['auth', 'status'], { env: demoEnv() });
    expect(r.code).toBe(0);
    expect(r.stdout).toContain(
      "token:    demo token of alice@acme.test, from the local service's demo (nothing stored)\n",
    );
    expect(r.stdout).toContain('check:    accepted by the server\n');
    const json = JSON.parse((await s.run(['auth', 'status', '--json'], { env: demoEnv() })).stdout);
    expect(json).toMatchObject({ source: 'demo', kind: 'pat', subject: 'alice@acme.test' });
  });

  it('asks for the demo token through the API client: traced with --debug, the token redacted', async () => {
    const r = await s.run(['--debug', 'auth', 'status', '--offline'], { env: demoEnv() });
    expect(r.code).toBe(0);
    const lines = r.stderr.split('\n');
    expect(lines).toContain(`→ GET ${s.svc.url}/__local/demo`);
    expect(lines.some((l) => l.startsWith(`← 200 GET ${s.svc.url}/__local/demo `))).toBe(true);
    expect(r.stderr).toContain('polar_pat_[REDACTED]');
    expect(r.stderr).not.toContain(s.demo.personal_access_token);
  });

  it('names BILLING_TOKEN; a rejected one is exit 1 with the fix for that variable', async () => {
    const ok = await s.run(['auth', 'status', '--json']);
    expect(JSON.parse(ok.stdout)).toMatchObject({ source: 'env', check: { ok: true } });
    const bad = await s.run(['auth', 'status'], { env: { BILLING_TOKEN: 'polar_pat_unknown' } });
    expect(bad.code).toBe(1);
    expect(bad.stdout).toContain(
      'check:    rejected by the server: the token in BILLING_TOKEN was rejected',
    );
    expect(bad.stderr).toBe(
      'billing: no usable credential: the token in BILLING_TOKEN was rejected: it is unknown, expired or revoked\n' +
        'Set BILLING_TOKEN to a valid personal access token, or unset it to use your login.\n',
    );
  });

  it('--offline asks nobody; with no credential at all it is exit 1', async () => {
    const url = `http://127.0.0.1:${await closedPort()}`;
    const offline = await s.run(['auth', 'status', '--offline'], {
      env: { BILLING_BASE_URL: url },
    });
    expect(offline.code).toBe(0);
    expect(offline.stdout).toContain('check:    skipped (--offline)\n');
    const none = await s.run(['auth', 'status'], { env: { ...demoEnv(), BILLING_BASE_URL: url } });
    expect(none.code).toBe(1);
    expect(none.stdout).toContain(`token:    none (cannot reach ${url} (connection refused))\n`);
    expect(none.stderr).toContain('Start the local service with `billing serve`');
  });
});

describe('whoami', () => {
  it('a personal access token: its owner (demo) and the organizations it acts for', async () => {
    const demo = await s.run(['whoami'], { env: demoEnv() });
    expect(demo).toMatchObject({
      code: 0,
      stdout:
        "alice@acme.test (personal access token, the local service's demo token)\norganizations: Acme Software (acme)\n",
    });
    const bob = await s.run(['whoami', '--json'], {
      env: { BILLING_TOKEN: s.demo.other.personal_access_token },
    });
    expect(JSON.parse(bob.stdout)).toEqual({
      kind: 'personal_access_token',
      source: 'env',
      email: null,
      organizations: [{ id: s.demo.other.organization_id, name: 'Globex Studio', slug: 'globex' }],
    });
  });
});

describe('the customer session', () => {
  let env: Record<string, string | undefined>;
  let customerEmail: string;
  beforeAll(async () => {
    env = { BILLING_CONFIG_DIR: configDirWithFileStorage() };
    customerEmail = 'honest.state@example.com';
    const r = await s.run(
      [
        'checkout',
        'confirm',
        s.demo.open_checkout_ids[0]!,
        '--customer-email',
        customerEmail,
        '--customer-name',
        'Honest State',
        '--billing-address',
        'country=US,state=US-IL',
        '--confirmation-token',
        't',
      ],
      { env },
    );
    expect(r.code).toBe(0);
  });

  it('whoami --customer and auth status name its customer and expiry', async () => {
    const who = await s.run(['whoami', '--customer'], { env });
    expect(who.stdout).toMatch(
      new RegExp(
        `^${customerEmail} \\(customer session, stored by checkout confirm, until \\S+\\)\\n$`,
      ),
    );
    const status = await s.run(['auth', 'status'], { env });
    expect(status.stdout).toMatch(
      new RegExp(
        `customer: customer session of ${customerEmail}, expires in (1 hour|59 minutes)\n`,
      ),
    );
  });

  it('one rejected by the server names the fix, not `billing login` (exit 4)', async () => {
    const r = await s.run(['subs', 'list', '--mine'], {
      env: { ...env, BILLING_CUSTOMER_TOKEN: 'polar_cst_revokedOrNeverIssued' },
    });
    expect(r).toEqual({
      code: 4,
      stdout: '',
      stderr:
        'billing: the customer session in BILLING_CUSTOMER_TOKEN was rejected: it has expired or was revoked\n' +
        'Confirm a checkout again (billing checkout confirm …), or set BILLING_CUSTOMER_TOKEN to a customer session token.\n',
    });
  });

  it('one the server finds expired is rejected with the fix (exit 4)', async () => {
    await s.call('POST', '/__local/clock', { advance_seconds: 2 * 3600 }, null);
    try {
      const r = await s.run(['subs', 'list', '--mine', '--fields', 'id'], { env });
      expect(r).toEqual({
        code: 4,
        stdout: '',
        stderr:
          'billing: the customer session that `checkout confirm` stored was rejected: it has expired or was revoked\n' +
          'Confirm a checkout again (billing checkout confirm …), or set BILLING_CUSTOMER_TOKEN to a customer session token.\n',
      });
    } finally {
      await s.call('POST', '/__local/clock', { reset: true }, null);
    }
  });

  it('one the CLI knows has expired is said to be so, and the portal goes on with your own token', async () => {
    const later = () => new Date(Date.now() + 2 * 3600_000);
    const r = await run(['subs', 'list', '--mine', '--fields', 'id'], {
      env: { ...s.env, ...env },
      configDir: env.BILLING_CONFIG_DIR,
      now: later,
    });
    expect(r.code).toBe(0);
    expect(r.stderr).toMatch(
      /^! The customer session that `checkout confirm` stored expired at \S+; using your own login for the customer portal\. Confirm a checkout again/,
    );
    const status = await run(['auth', 'status', '--json'], {
      env: { ...s.env, ...env },
      configDir: env.BILLING_CONFIG_DIR,
      now: later,
    });
    expect(JSON.parse(status.stdout).customer_session).toMatchObject({
      subject: customerEmail,
      expired: true,
    });
  });
});
