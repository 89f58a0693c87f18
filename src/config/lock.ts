// A cross-process lock file, so that concurrent CLI runs refresh a token only once and write
// config.json one at a time. Not re-entrant: a process that nests withLock on the same path
// waits until its own timeout. The holder records how long it may legitimately hold the lock
// (its staleMs), so a waiter that expects less never breaks a lock that is still in use.
import { open, readFile, stat, unlink } from 'node:fs/promises';
import { hostname } from 'node:os';
import { BillingError } from '../errors.js';

export interface LockOptions {
  /** Give up after this long. */
  timeoutMs?: number;
  /** A lock older than this is taken to belong to a hung or dead process: keep it above the
   * longest time `fn` can run. Written into the lock, so waiters give it at least this long. */
  staleMs?: number;
  now?: () => number;
}

interface LockRecord {
  pid: number;
  host: string;
  created: number;
  token: string;
  /** How long its holder may hold it (absent in the locks of older versions). */
  staleMs?: number;
}

/** A holder's own word on how long it may hold a lock is believed up to this. */
const MAX_STALE_MS = 2 * 60 * 60 * 1000;

export class LockTimeoutError extends BillingError {
  readonly path: string;
  constructor(path: string, waitedMs: number, holder?: LockRecord) {
    const by = holder ? ` (held by pid ${holder.pid})` : '';
    super(`Timed out after ${waitedMs / 1000} s waiting for the lock ${path}${by}`, {
      hint: `If no other billing process is running, delete ${path}.`,
    });
    this.path = path;
  }
}

export async function withLock<T>(
  path: string,
  fn: () => Promise<T> | T,
  opts: LockOptions = {},
): Promise<T> {
  const token = await acquire(path, opts);
  try {
    return await fn();
  } finally {
    await release(path, token);
  }
}

async function acquire(path: string, opts: LockOptions): Promise<string> {
  const { timeoutMs = 10_000, staleMs = 30_000, now = Date.now } = opts;
  const started = now();
  // node:crypto is loaded when a lock is taken, not by every command that reads the config.
  const token = process.getBuiltinModule('node:crypto').randomUUID();
  for (let attempt = 0; ; attempt++) {
    const record: LockRecord = {
      pid: process.pid,
      host: hostname(),
      created: now(),
      token,
      staleMs,
    };
    if (await tryCreate(path, record)) return token;
    const held = await readLock(path);
    if (!held) continue; // released between our two looks
    if (isStale(held, staleMs, now()) && (await breakStale(path, held.text, staleMs, now()))) {
      continue;
    }
    if (now() - started >= timeoutMs) throw new LockTimeoutError(path, timeoutMs, held.record);
    // Jitter keeps waiting processes from retrying in lockstep.
    const wait = Math.min(20 * 1.5 ** attempt, 200) * (0.5 + Math.random());
    await new Promise((resolve) => setTimeout(resolve, wait));
  }
}

async function tryCreate(path: string, record: LockRecord): Promise<boolean> {
  let handle: Awaited<ReturnType<typeof open>>;
  try {
    handle = await open(path, 'wx', 0o600);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw err;
  }
  try {
    await handle.writeFile(JSON.stringify(record));
  } finally {
    await handle.close();
  }
  return true;
}

interface HeldLock {
  text: string;
  record?: LockRecord;
  /** From the record, or the file's mtime while the owner has not written it yet. */
  created: number;
}

async function readLock(path: string): Promise<HeldLock | undefined> {
  try {
    const [text, info] = await Promise.all([readFile(path, 'utf8'), stat(path)]);
    const record = parseRecord(text);
    return { text, record, created: record?.created ?? info.mtimeMs };
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw err;
  }
}

function parseRecord(text: string): LockRecord | undefined {
  try {
    const data = JSON.parse(text);
    return typeof data?.pid === 'number' && typeof data?.created === 'number' ? data : undefined;
  } catch {
    return undefined;
  }
}

function isStale(held: HeldLock, staleMs: number, now: number): boolean {
  // The holder may need longer than this waiter would (a longer --request-timeout): its own
  // word wins, within reason.
  const own = held.record?.staleMs;
  const limit =
    typeof own === 'number' && Number.isFinite(own)
      ? Math.max(staleMs, Math.min(own, MAX_STALE_MS))
      : staleMs;
  if (now - held.created > limit) return true;
  return held.record !== undefined && held.record.host === hostname() && !isAlive(held.record.pid);
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    // EPERM: the process exists but belongs to someone else.
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

// Only a holder of `<path>.break` may remove a stale lock, and only if it is still the one it
// judged stale; otherwise two breakers could delete a lock that a third process just took.
async function breakStale(
  path: string,
  seen: string,
  staleMs: number,
  now: number,
): Promise<boolean> {
  const breaker = `${path}.break`;
  let handle: Awaited<ReturnType<typeof open>>;
  try {
    handle = await open(breaker, 'wx', 0o600);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    // A breaker that crashed mid-way leaves this file behind.
    const info = await stat(breaker).catch(() => undefined);
    if (info && now - info.mtimeMs > staleMs) await unlink(breaker).catch(() => {});
    return false;
  }
  try {
    const current = await readFile(path, 'utf8').catch(() => undefined);
    if (current === seen) await unlink(path).catch(() => {});
    return current === seen || current === undefined;
  } finally {
    await handle.close();
    await unlink(breaker).catch(() => {});
  }
}

async function release(path: string, token: string): Promise<void> {
  // Our lock may have been broken as stale and taken by another process: leave theirs alone.
  const held = await readLock(path).catch(() => undefined);
  if (held?.record?.token === token) await unlink(path).catch(() => {});
}
