// `billing config set` run by several processes at once (issue 23): each read-modify-write of
// config.json holds the config lock, so no process overwrites what another just set, and the
// file stays 0600.
import { spawn } from 'node:child_process';
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';
import { readConfigFile } from '../../src/config/file.js';
import { tempDir } from './helpers.js';

const PROCESSES = 4;
const EACH = 15;

describe('config set from several processes at once', () => {
  it('every key set by every process ends up in the file', async () => {
    const dir = tempDir();
    const bundle = join(dir, 'keys.mjs');
    await build({
      entryPoints: ['src/config/keys.ts'],
      bundle: true,
      format: 'esm',
      platform: 'node',
      outfile: bundle,
      logLevel: 'silent',
    });
    const configDir = join(dir, 'config');
    // Each process sets its own keys, one after the other, as `billing config set` does.
    const script = `
      const { configSet } = await import(process.argv[1]);
      const [configDir, who, count] = process.argv.slice(2);
      for (let i = 0; i < Number(count); i++) {
        await configSet({ configDir, env: {} }, 'profiles.p' + who + '_' + i + '.request_timeout', String(i + 1));
      }`;
    const children = Array.from({ length: PROCESSES }, (_, who) =>
      spawn(
        process.execPath,
        ['--input-type=module', '-e', script, bundle, configDir, String(who), String(EACH)],
        { stdio: ['ignore', 'inherit', 'inherit'] },
      ),
    );
    const codes = await Promise.all(
      children.map((c) => new Promise((resolve) => c.on('exit', resolve))),
    );
    expect(codes).toEqual(Array(PROCESSES).fill(0));
    const file = readConfigFile(configDir);
    const expected: Record<string, { request_timeout: number }> = {};
    for (let who = 0; who < PROCESSES; who++) {
      for (let i = 0; i < EACH; i++) expected[`p${who}_${i}`] = { request_timeout: i + 1 };
    }
    expect(file.profiles).toEqual(expected);
    expect(statSync(join(configDir, 'config.json')).mode & 0o777).toBe(0o600);
    // The lock is gone once they are done.
    expect(readdirSync(configDir)).toEqual(['config.json']);
  });
});
