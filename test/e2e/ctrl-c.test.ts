// Ctrl+C, typed into a real pseudo-terminal, ends every command in every phase with exit 130
// at once, and leaves the terminal as it was (issue 13).
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { parseFaultSpec } from '../../src/server/faults.js';
import { type RunningService, start } from '../../src/server/index.js';
import { spawnTerminal, type Terminal } from '../helpers/pty.js';
import { BIN, configDirWithFileStorage, tempDir } from './cli.js';

// Generous for a busy two-core machine; the bench measures the real figure.
const PROMPTLY_MS = 1000;

let svc: RunningService;
const open: Terminal[] = [];

beforeAll(async () => {
  svc = await start({ port: 0 });
});
afterAll(() => svc.stop());
afterEach(() => {
  for (const t of open.splice(0)) t.kill();
});

function terminal(args: string[], env: Record<string, string | undefined> = {}): Terminal {
  const t = spawnTerminal([process.execPath, BIN, ...args], {
    env: {
      PATH: process.env.PATH,
      HOME: tempDir('billing-home-'),
      BILLING_BASE_URL: svc.url,
      BILLING_CONFIG_DIR: configDirWithFileStorage(),
      ...env,
    },
  });
  open.push(t);
  return t;
}

/** Types Ctrl+C once `ready` shows, and returns the exit code and how long it took. */
async function interrupt(t: Terminal, ready: RegExp) {
  await t.waitFor(ready);
  const pressed = performance.now();
  t.write('\x03');
  const { code, at } = await t.exited;
  return { code, ms: at - pressed };
}

describe('Ctrl+C', () => {
  it('while login waits for a pasted address (--no-browser)', async () => {
    const t = terminal(['login', '--no-browser']);
    const r = await interrupt(t, /press Enter/);
    expect(r.code).toBe(130);
    expect(r.ms).toBeLessThan(PROMPTLY_MS);
  });

  it('while login waits for the browser', async () => {
    // A display that does not exist: opening the browser fails and login waits on.
    const t = terminal(['login'], { DISPLAY: ':99', BROWSER: 'false' });
    const r = await interrupt(t, /Waiting for the browser/);
    expect(r.code).toBe(130);
    expect(r.ms).toBeLessThan(PROMPTLY_MS);
  });

  it('while a read waits out a 30-second Retry-After', async () => {
    svc.faults.set(parseFaultSpec('503:1,retry-after:30@/v1/orders*;seed=1'));
    try {
      const t = terminal(['orders', 'list', '--debug'], {
        BILLING_TOKEN: svc.demo!.personal_access_token,
      });
      const r = await interrupt(t, /retrying in/);
      expect(r.code).toBe(130);
      expect(r.ms).toBeLessThan(PROMPTLY_MS);
    } finally {
      svc.faults.set({ rules: [] });
    }
  });

  it('while --all fetches pages from a slow service', async () => {
    svc.faults.set(parseFaultSpec('latency:400@/v1/orders*;seed=1'));
    try {
      const t = terminal(['orders', 'list', '--all', '--page-size', '1'], {
        BILLING_TOKEN: svc.demo!.personal_access_token,
      });
      const r = await interrupt(t, /Fetching page 2/);
      expect(r.code).toBe(130);
      expect(r.ms).toBeLessThan(PROMPTLY_MS);
      // The progress line is gone: the terminal is left clean.
      expect(t.output.slice(t.output.lastIndexOf('Fetching page'))).toContain('\x1b[K');
    } finally {
      svc.faults.set({ rules: [] });
    }
  });
});

describe('a destructive command asks on a terminal', () => {
  const activeSubscription = (): string =>
    svc.store.get<{ id: string }>(
      "SELECT id FROM subscriptions WHERE status = 'active' AND organization_id = ? ORDER BY id",
      svc.demo!.organization_id,
    )!.id;
  const statusOf = (id: string) =>
    svc.store.get<{ status: string }>('SELECT status FROM subscriptions WHERE id = ?', id)!.status;
  const env = () => ({ BILLING_TOKEN: svc.demo!.personal_access_token });

  it('no (the default) changes nothing and exits 2', async () => {
    const id = activeSubscription();
    const t = terminal(['subs', 'cancel', id, '--now'], env());
    await t.waitFor(/\[y\/N\] $/);
    t.write('\r');
    expect((await t.exited).code).toBe(2);
    expect(t.output).toContain('not confirmed; nothing was changed');
    expect(statusOf(id)).toBe('active');
  });

  it('Ctrl+C at the question exits 130 and changes nothing', async () => {
    const id = activeSubscription();
    const t = terminal(['subs', 'cancel', id, '--now'], env());
    const r = await interrupt(t, /\[y\/N\] $/);
    expect(r.code).toBe(130);
    expect(r.ms).toBeLessThan(PROMPTLY_MS);
    expect(statusOf(id)).toBe('active');
  });

  it('yes goes ahead', async () => {
    const id = activeSubscription();
    const t = terminal(['subs', 'cancel', id, '--now'], env());
    await t.waitFor(/\[y\/N\] $/);
    t.write('y\r');
    expect((await t.exited).code).toBe(0);
    expect(statusOf(id)).toBe('canceled');
  });
});
