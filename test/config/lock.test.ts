import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { appendFile, readFile } from 'node:fs/promises';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';
import { LockTimeoutError, withLock } from '../../src/config/lock.js';
import { withExit } from '../helpers/exit.js';
import { tempDir, thrown } from './helpers.js';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Each start must be followed by the end of the same holder: no two holders overlap. */
function expectNoOverlap(lines: string[], holders: number) {
  expect(lines).toHaveLength(holders * 2);
  for (let i = 0; i < lines.length; i += 2) {
    const [event, id] = lines[i]!.split(' ');
    expect(event).toBe('start');
    expect(lines[i + 1]).toBe(`end ${id}`);
  }
}

function lockRecord(pid: number, created: number, staleMs?: number): string {
  return JSON.stringify({ pid, host: hostname(), created, token: 'someone-else', staleMs });
}

describe('withLock', () => {
  it('never lets concurrent holders in one process overlap', async () => {
    const dir = tempDir();
    const lock = join(dir, 'refresh.lock');
    const log = join(dir, 'log');
    await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        withLock(lock, async () => {
          await appendFile(log, `start ${i}\n`);
          await sleep(5);
          await appendFile(log, `end ${i}\n`);
        }),
      ),
    );
    expectNoOverlap((await readFile(log, 'utf8')).trim().split('\n'), 8);
    expect(existsSync(lock)).toBe(false);
  });

  it('never lets holders in different processes overlap', async () => {
    const dir = tempDir();
    const bundle = join(dir, 'lock.mjs');
    await build({
      entryPoints: ['src/config/lock.ts'],
      bundle: true,
      format: 'esm',
      platform: 'node',
      outfile: bundle,
      logLevel: 'silent',
    });
    const script = `
      import { appendFileSync } from 'node:fs';
      const { withLock } = await import(process.argv[1]);
      const [lock, log] = process.argv.slice(2);
      for (let i = 0; i < 5; i++) {
        await withLock(lock, async () => {
          appendFileSync(log, 'start ' + process.pid + '\\n');
          await new Promise((r) => setTimeout(r, 3));
          appendFileSync(log, 'end ' + process.pid + '\\n');
        });
      }`;
    const lock = join(dir, 'refresh.lock');
    const log = join(dir, 'log');
    const children = Array.from({ length: 4 }, () =>
      spawn(process.execPath, ['--input-type=module', '-e', script, bundle, lock, log], {
        stdio: ['ignore', 'inherit', 'inherit'],
      }),
    );
    const codes = await Promise.all(
      children.map((c) => new Promise((resolve) => c.on('exit', resolve))),
    );
    expect(codes).toEqual([0, 0, 0, 0]);
    expectNoOverlap(readFileSync(log, 'utf8').trim().split('\n'), 20);
  });

  it('recovers a lock older than staleMs', async () => {
    const lock = join(tempDir(), 'refresh.lock');
    writeFileSync(lock, lockRecord(process.pid, Date.now() - 60_000));
    // timeoutMs 0: a lock it had to wait for would fail at once, so success means it was broken.
    expect(await withLock(lock, () => 'ran', { staleMs: 10_000, timeoutMs: 0 })).toBe('ran');
    expect(existsSync(lock)).toBe(false);
  });

  it('writes into the lock how long its holder may hold it', async () => {
    const lock = join(tempDir(), 'refresh.lock');
    const held = await withLock(lock, () => JSON.parse(readFileSync(lock, 'utf8')), {
      staleMs: 3_630_000,
    });
    expect(held).toMatchObject({ pid: process.pid, staleMs: 3_630_000 });
  });

  it("leaves alone a lock past the waiter's staleMs that its holder said it may hold longer", async () => {
    const lock = join(tempDir(), 'refresh.lock');
    // Held 2 minutes by a live process that allowed itself an hour.
    const held = lockRecord(process.pid, Date.now() - 120_000, 3_630_000);
    writeFileSync(lock, held);
    // timeoutMs 0: it decides at its first look; getting the lock would mean it broke it.
    const err = await thrown(() => withLock(lock, () => 'ran', { staleMs: 60_000, timeoutMs: 0 }));
    expect(err).toBeInstanceOf(LockTimeoutError);
    expect(readFileSync(lock, 'utf8')).toBe(held);
  });

  it("breaks it past the holder's own staleMs, and believes a holder for 2 hours at most", async () => {
    const lock = join(tempDir(), 'refresh.lock');
    writeFileSync(lock, lockRecord(process.pid, Date.now() - 3_700_000, 3_630_000));
    expect(await withLock(lock, () => 'ran', { staleMs: 60_000, timeoutMs: 0 })).toBe('ran');
    writeFileSync(lock, lockRecord(process.pid, Date.now() - 3 * 3_600_000, 1e12));
    expect(await withLock(lock, () => 'ran', { staleMs: 60_000, timeoutMs: 0 })).toBe('ran');
  });

  it('recovers a fresh lock whose owner process is gone', async () => {
    const lock = join(tempDir(), 'refresh.lock');
    const dead = spawnSync(process.execPath, ['-e', '']).pid!;
    writeFileSync(lock, lockRecord(dead, Date.now()));
    expect(await withLock(lock, () => 'ran', { staleMs: 60_000, timeoutMs: 5000 })).toBe('ran');
  });

  it('times out behind a live holder and leaves its lock alone', async () => {
    const lock = join(tempDir(), 'refresh.lock');
    const held = lockRecord(process.pid, Date.now());
    writeFileSync(lock, held);
    let ran = false;
    const started = Date.now();
    const err = await thrown(() =>
      withLock(
        lock,
        () => {
          ran = true;
        },
        { timeoutMs: 200, staleMs: 60_000 },
      ),
    );
    expect(err).toBeInstanceOf(LockTimeoutError);
    expect(withExit(err)).toMatchObject({
      message: `Timed out after 0.2 s waiting for the lock ${lock} (held by pid ${process.pid})`,
      hint: `If no other billing process is running, delete ${lock}.`,
      exitCode: 1,
    });
    expect(Date.now() - started).toBeGreaterThanOrEqual(200);
    expect(ran).toBe(false);
    expect(readFileSync(lock, 'utf8')).toBe(held);
  });

  it('releases the lock when fn throws', async () => {
    const lock = join(tempDir(), 'refresh.lock');
    const err = await thrown(() =>
      withLock(lock, () => {
        expect(JSON.parse(readFileSync(lock, 'utf8'))).toMatchObject({ pid: process.pid });
        throw new Error('boom');
      }),
    );
    expect(err.message).toBe('boom');
    expect(existsSync(lock)).toBe(false);
  });

  it('does not remove a lock that another process took over after ours went stale', async () => {
    const lock = join(tempDir(), 'refresh.lock');
    const theirs = lockRecord(process.pid, Date.now());
    await withLock(lock, () => writeFileSync(lock, theirs));
    expect(readFileSync(lock, 'utf8')).toBe(theirs);
  });
});
