// The token refresh against a token endpoint that takes its time (issue 23): the refresh ends
// within the request timeout in use, and its lock is not taken for stale while it may still
// legitimately run, even by a process that uses a shorter request timeout.
import { readFileSync, writeFileSync } from 'node:fs';
import { createServer, type Server, type ServerResponse } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { Transport } from '../../src/api/transport.js';
import {
  freshAccessToken,
  lockPath,
  REFRESH_LOCK_MARGIN_MS,
  type RefreshDeps,
  refreshLockOptions,
} from '../../src/auth/refresh.js';
import { TokenStore } from '../../src/auth/token-store.js';
import { LockTimeoutError, withLock } from '../../src/config/lock.js';
import type { Settings } from '../../src/config/resolve.js';
import { NetworkError } from '../../src/errors.js';
import { withExit } from '../helpers/exit.js';
import { creds, tempDir, thrown } from './helpers.js';

const OLD = 'polar_at_u_refreshTestOldAccessToken000000000000000000000';
const NEW = 'polar_at_u_refreshTestNewAccessToken000000000000000000000';
const REFRESH = 'polar_rt_u_refreshTestRefreshToken0000000000000000000000';

/** A token endpoint whose answers the test gives when it likes. */
interface SlowService {
  url: string;
  /** Resolves with the answer to give, once the token request has come. */
  tokenAsked: Promise<ServerResponse>;
}

const servers: Server[] = [];
afterEach(async () => {
  for (const s of servers.splice(0)) {
    s.closeAllConnections();
    await new Promise((resolve) => s.close(resolve));
  }
});

async function slowService(): Promise<SlowService> {
  let asked!: (res: ServerResponse) => void;
  const tokenAsked = new Promise<ServerResponse>((resolve) => {
    asked = resolve;
  });
  const server = createServer((req, res) => {
    req.resume();
    // No discovery document: the spec's paths are used.
    if (req.url === '/v1/oauth2/token') req.on('end', () => asked(res));
    else res.writeHead(404).end();
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return { url: `http://127.0.0.1:${port}`, tokenAsked };
}

async function loggedIn(url: string, requestTimeoutMs: number): Promise<RefreshDeps> {
  const configDir = tempDir();
  const settings: Settings = {
    profile: 'slow',
    base_url: url,
    auth_url: url,
    client_id: 'polar_ci_refreshTest',
    api_version: 'none',
    storage: 'file',
    connect_timeout: 10,
    request_timeout: 30,
    max_response_mb: 32,
  };
  const store = new TokenStore({ configDir, env: {}, storage: 'file', warn: () => {} });
  // Expires within the refresh margin: the next use refreshes it.
  await store.write(
    'slow',
    creds(OLD, { refresh_token: REFRESH, expires_at: new Date(Date.now() + 10_000).toISOString() }),
  );
  const net = { transport: new Transport() };
  return { settings, store, configDir, now: () => new Date(), net, requestTimeoutMs };
}

describe('token refresh and its lock', () => {
  it('a refresh without an answer gives up within the request timeout in use', async () => {
    const svc = await slowService();
    const deps = await loggedIn(svc.url, 200);
    const err = await thrown(() => freshAccessToken(deps));
    expect(err).toBeInstanceOf(NetworkError);
    expect(withExit(err)).toMatchObject({
      message: 'could not refresh the access token: no answer within 0.2 s',
      hint: 'Try again, or allow more time with --request-timeout.',
      exitCode: 3,
    });
    // Nothing was written, and the lock is free for the next try.
    expect((await deps.store.read('slow'))?.credentials.access_token).toBe(OLD);
    expect(await withLock(lockPath(deps.configDir, 'slow'), () => 'free', { timeoutMs: 0 })).toBe(
      'free',
    );
  }, 10_000);

  it('under --request-timeout 3600 a refresh 2 minutes in keeps its lock from a default waiter', async () => {
    const svc = await slowService();
    const deps = await loggedIn(svc.url, 3_600_000);
    const refreshing = freshAccessToken(deps);
    const answer = await svc.tokenAsked;
    // The refresh is under way, inside its lock: which says how long it may be held.
    const lock = lockPath(deps.configDir, 'slow');
    const record = JSON.parse(readFileSync(lock, 'utf8'));
    expect(record.staleMs).toBe(3_600_000 + REFRESH_LOCK_MARGIN_MS);
    // Two minutes later by the lock's clock: past the 60 s a refresh with the default request
    // timeout may take, well within this one's hour.
    writeFileSync(lock, JSON.stringify({ ...record, created: Date.now() - 120_000 }));
    // Another process with the default 30 s: timeoutMs 0 makes it decide at its first look,
    // so getting the lock would mean it broke it.
    const other = { ...refreshLockOptions(30_000), timeoutMs: 0 };
    const err = await thrown(() => withLock(lock, () => 'broke it', other));
    expect(err).toBeInstanceOf(LockTimeoutError);

    answer.writeHead(200, { 'content-type': 'application/json' });
    answer.end(
      JSON.stringify({
        access_token: NEW,
        refresh_token: REFRESH,
        token_type: 'Bearer',
        expires_in: 3600,
      }),
    );
    expect((await refreshing)?.credentials.access_token).toBe(NEW);
    expect((await deps.store.read('slow'))?.credentials.access_token).toBe(NEW);
  });

  it.each([1_000, 30_000, 600_000, 3_600_000])(
    'the lock of a refresh under a %i ms request timeout goes stale only after it',
    (ms) => {
      const { staleMs, timeoutMs } = refreshLockOptions(ms);
      expect(staleMs).toBeGreaterThan(ms);
      // A waiter outlasts a legitimate holder: by then the lock is free or breakable.
      expect(timeoutMs).toBeGreaterThan(staleMs);
    },
  );
});
