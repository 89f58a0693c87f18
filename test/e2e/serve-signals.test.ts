// `billing serve` shuts down cleanly on SIGTERM (exit 0) and SIGINT (exit 130), closing its port.
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const BIN = fileURLToPath(new URL('../../bin/billing.js', import.meta.url));

async function startServe() {
  const child = spawn(process.execPath, [BIN, 'serve', '--port', '0', '--json'], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const info = await new Promise<{ url: string }>((resolve, reject) => {
    let out = '';
    child.stdout.on('data', (d) => {
      out += d;
      if (out.includes('\n')) resolve(JSON.parse(out.split('\n')[0]!));
    });
    child.on('exit', (code) => reject(new Error(`serve exited early with ${code}`)));
  });
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, info, exited };
}

describe('billing serve signals', () => {
  it.each([
    ['SIGTERM', 0],
    ['SIGINT', 130],
  ] as const)('%s stops it with exit %i and frees the port', async (signal, expected) => {
    const { child, info, exited } = await startServe();
    expect((await fetch(`${info.url}/__local/clock`)).status).toBe(200);
    child.kill(signal);
    expect(await exited).toBe(expected);
    await expect(fetch(`${info.url}/__local/clock`)).rejects.toThrow();
  });
});
