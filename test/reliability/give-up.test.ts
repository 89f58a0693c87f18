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

/** The most each wait may be without Retry-After: full jitter under 0.25, 0.5 and 1 s. */
const BACKOFF_CEILINGS_MS = [1, 2, 3].map((attempt) =>
  Math.min(DEFAULT_RETRY.maxDelayMs, DEFAULT_RETRY.baseDelayMs * 2 ** (attempt - 1)),
);

/**
 * The waits the CLI chose between attempts, read from its --debug trace (`… retrying in 250ms
 * (attempt 2 of 4)`): what it decided, whatever the machine's speed. The runs below set
 * BILLING_DEBUG=1, which also prints a stack after the one `billing:` line.
 */
function waits(stderr: string): number[] {
  return [...stderr.matchAll(/^… retrying in (\d+)ms \(attempt (\d) of 4\)$/gm)].map((m) =>
    Number(m[1]),
  );
}

/** The one `billing:` line of a traced run. */
function reportLine(stderr: string): string {
  const lines = stderr.split('\n').filter((l) => l.startsWith('billing: '));
  expect(lines, stderr).toHaveLength(1);
  return lines[0]!;
}

/** Each wait within its full-jitter ceiling, one before each of attempts 2 to 4. */
function expectBackoff(stderr: string): void {
  const chosen = waits(stderr);
  expect(chosen).toHaveLength(BACKOFF_CEILINGS_MS.length);
  chosen.forEach((ms, i) => {
    expect(ms).toBeLessThanOrEqual(BACKOFF_CEILINGS_MS[i]!);
  });
}

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
const traced = () => ({ ...env(), BILLING_DEBUG: '1' });

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
    // The three waits really happened: the clock cannot run faster than them.
    expect(r.ms).toBeGreaterThanOrEqual(3000);
  });

  it('503 with Retry-After: 1 → each of the three waits is the second the server asked for', async () => {
    await setFaults(svc.url, '503:1,retry-after:1@/v1/orders*');
    const r = await cli(['orders', 'list'], traced());
    expect(r.code).toBe(EXIT.failure);
    expect(waits(r.stderr)).toEqual([1000, 1000, 1000]);
    expect(reportLine(r.stderr)).toBe(
      'billing: the server answered 503 Service Unavailable; gave up after 4 attempts',
    );
  });

  it('502 without Retry-After → exit 1 after backoff waits within their ceilings', async () => {
    await setFaults(svc.url, '502:1@/v1/orders*');
    const r = await cli(['orders', 'list', '--all', '-o', 'ndjson'], env());
    expect(r.code).toBe(EXIT.failure);
    expect(r.stdout).toBe('');
    expect(expectCleanError(r.stderr)).toBe(
      'billing: the server answered 502 Bad Gateway; gave up after 4 attempts',
    );
    const t = await cli(['orders', 'list', '--all', '-o', 'ndjson'], traced());
    expect(t.code).toBe(EXIT.failure);
    expectBackoff(t.stderr);
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
    const t = await cli(['orders', 'list'], traced());
    expect(t.code).toBe(EXIT.network);
    expectBackoff(t.stderr);
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
      const t = await cli(args, { ...traced(), BILLING_BASE_URL: url });
      expect(t.code, args.join(' ')).toBe(EXIT.network);
      expectBackoff(t.stderr);
      expect(r.code, args.join(' ')).toBe(EXIT.network);
      expect(r.stdout).toBe('');
      const line = expectCleanError(r.stderr);
      expect(line).toMatch(
        new RegExp(`^billing: cannot reach ${url} \\(connection refused\\) after 4 attempts`),
      );
      // A refused connection never carried the request: even a POST is safe to run again.
      if (args[0] !== 'orders') expect(line).toContain('the request was NOT applied');
      expect(r.stderr).toContain('billing serve');
    }
  });
});
