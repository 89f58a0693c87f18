// scripts/build.mjs renders every `billing <command> --help` into dist/help/, and main.ts
// prints those texts without loading commander. They must be exactly what commander prints, to
// a pipe and to a terminal of 80 columns or more.
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { run } from '../helpers/cli.js';

const BIN = fileURLToPath(new URL('../../bin/billing.js', import.meta.url));
const { HELP } = (await import(new URL('../../dist/help/index.js', import.meta.url).href)) as {
  HELP: Record<string, string>;
};

describe('help texts rendered at build time', () => {
  it('cover the root and every command', () => {
    expect(Object.keys(HELP)).toEqual(
      expect.arrayContaining(['', 'orders', 'orders list', 'orders get', 'serve']),
    );
  });

  it.each(Object.keys(HELP))('"%s --help" is what commander prints', async (path) => {
    const argv = [...(path ? path.split(' ') : []), '--help'];
    expect((await run(argv)).stdout).toBe(HELP[path]);
    expect((await run(argv, { tty: true })).stdout).toBe(HELP[path]);
  });

  it('are what the built bin prints, and --version needs no commander either', () => {
    const env = { PATH: process.env.PATH, NODE_DISABLE_COMPILE_CACHE: '1' };
    const bin = (...args: string[]) => execFileSync(process.execPath, [BIN, ...args], { env });
    expect(bin('orders', 'list', '--help').toString()).toBe(HELP['orders list']);
    expect(bin('help', 'orders', 'get').toString()).toBe(HELP['orders get']);
    expect(bin('--version').toString()).toMatch(/^\d+\.\d+\.\d+\n$/);
  });
});
