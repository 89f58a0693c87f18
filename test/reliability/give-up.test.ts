// Give-up is clean (issue 8): a service that keeps failing, or is not there at all, ends the
// CLI after the documented retry budget — 4 attempts; waits of Retry-After (at most 30 s) or
// full-jitter backoff of at most 0.25 + 0.5 + 1 s — with exit 1 (HTTP error) or 3 (network),
// one `billing:` line, and nothing on stdout.
import { createServer } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_RETRY } from '../../src/api/retry.js';
import { EXIT } from '../../src/cli/main.js';
import { type RunningService, start } from '../../src/server/index.js';
import {
  clearFaults,
  cli,
  expectCleanError,
  getFaults,
  requireBuild,
  serviceEnv,
  setFaults,
  tempDir,
} from './helpers.js';

/** The most the backoff can add up to before the last attempt (no Retry-After). */
const MAX_BACKOFF_MS = [1, 2, 3].reduce(
  (sum, attempt) =>
    sum + Math.min(DEFAULT_RETRY.maxDelayMs, DEFAULT_RETRY.baseDelayMs * 2 ** (attempt - 1)),
  0,
);
/** Starting node and tearing down, on a busy 2-core machine. */
const PROCESS_SLACK_MS = 4000;

let svc: RunningService;
const dir = tempDir('give-up');

beforeAll(async () => {
  requireBuild();
  svc = await start({ port: 0 });
});
afterAll(async () => {
  await svc.stop();
  dir.remove();
});
beforeEach(() => clearFaults(svc.url));

const env = () => serviceEnv(svc, dir.path);

describe('a service that keeps failing', () => {
  it('503 with Retry-After: 1 → exit 1 after 4 attempts and 3 one-second waits', async () => {
    await setFaults(svc.url, '503:1,retry-after:1@/v1/orders*');
    const r = await cli(['orders', 'list'], env());
    expect(r.code).toBe(EXIT.failure);
    expect(r.stdout).toBe('');
    expect(expectCleanError(r.stderr)).toBe(
      'billing: the server answered 503 Service Unavailable; gave up after 4 attempts',
    );
    expect((await getFaults(svc.url)).injected['503']).toBe(DEFAULT_RETRY.maxAttempts);
    expect(r.ms).toBeGreaterThanOrEqual(3000);
    expect(r.ms).toBeLessThan(3000 + PROCESS_SLACK_MS);
  });

  it('502 without Retry-After → exit 1 within the backoff budget', async () => {
    await setFaults(svc.url, '502:1@/v1/orders*');
    const r = await cli(['orders', 'list', '--all', '-o', 'ndjson'], env());
    expect(r.code).toBe(EXIT.failure);
    expect(r.stdout).toBe('');
    expect(expectCleanError(r.stderr)).toBe(
      'billing: the server answered 502 Bad Gateway; gave up after 4 attempts',
    );
    expect(r.ms).toBeLessThan(MAX_BACKOFF_MS + PROCESS_SLACK_MS);
  });

  it('429 every time → exit 8 (rate limited) with when to try again', async () => {
    await setFaults(svc.url, '429:1,retry-after:1@/v1/orders*');
    const r = await cli(['orders', 'list'], env());
    expect(r.code).toBe(EXIT.rateLimited);
    expect(expectCleanError(r.stderr)).toBe(
      'billing: rate limited by the server (429); gave up after 4 attempts',
    );
    expect(r.stderr).toContain('Try again in 1s.');
  });

  it('connections reset every time → exit 3, saying the server was reached', async () => {
    await setFaults(svc.url, 'reset:1@/v1/orders*');
    const r = await cli(['orders', 'list'], env());
    expect(r.code).toBe(EXIT.network);
    expect(r.stdout).toBe('');
    expect(expectCleanError(r.stderr)).toBe(
      `billing: lost the connection to ${svc.url} (connection reset) after 4 attempts`,
    );
    expect(r.stderr).not.toContain('billing serve');
    expect(r.ms).toBeLessThan(MAX_BACKOFF_MS + PROCESS_SLACK_MS);
  });
});

describe('a service that is down', () => {
  it('closed port → exit 3 with one line and a hint, after 4 attempts', async () => {
    // A port that was free a moment ago: nothing listens there now.
    const port = await new Promise<number>((resolve) => {
      const server = createServer().listen(0, '127.0.0.1', () => {
        const { port } = server.address() as { port: number };
        server.close(() => resolve(port));
      });
    });
    const url = `http://127.0.0.1:${port}`;
    for (const args of [
      ['orders', 'list'],
      ['checkout', 'confirm', 'polar_c_abc', '--customer-email', 'a@example.com'],
      ['keys', 'activate', 'KEY-1', '--org', svc.demo!.organization_id, '--label', 'x'],
    ]) {
      const r = await cli(args, { ...env(), BILLING_BASE_URL: url });
      expect(r.code, args.join(' ')).toBe(EXIT.network);
      expect(r.stdout).toBe('');
      const line = expectCleanError(r.stderr);
      expect(line).toMatch(
        new RegExp(`^billing: cannot reach ${url} \\(connection refused\\) after 4 attempts`),
      );
      // A refused connection never carried the request: even a POST is safe to run again.
      if (args[0] !== 'orders') expect(line).toContain('the request was NOT applied');
      expect(r.stderr).toContain('billing serve');
      expect(r.ms).toBeLessThan(MAX_BACKOFF_MS + PROCESS_SLACK_MS);
    }
  });
});
