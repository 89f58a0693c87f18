// billing/sandbox the way a seller's repository uses it (issue 29): the tarball `npm pack`
// makes, installed with vitest and today's SDK (1.0.1) into a scratch project in a temporary
// directory, runs that project's own test — the vitest example of the README's "Test your
// integration", as printed there — with the project's own `npx vitest run`. npm runs with this
// machine's settings (certificates, proxy, cache; prefer-offline: helpers/npm.ts).
import { execFile, execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { npmAsSetUp } from '../helpers/npm.js';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const VITEST = JSON.parse(readFileSync(join(ROOT, 'node_modules/vitest/package.json'), 'utf8'))
  .version as string;

/** The README's vitest example: the ```ts block that imports billing/sandbox. */
function readmeExample(): string {
  const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
  const blocks = [...readme.matchAll(/^```ts\n([\s\S]*?)^```$/gm)].map((m) => m[1]!);
  const example = blocks.find((b) => b.includes("from 'billing/sandbox'"));
  if (!example) throw new Error('README: no ```ts block imports billing/sandbox');
  return example;
}

describe('a seller project with billing/sandbox installed from the tarball', () => {
  it("runs the README's vitest example with its own vitest", async () => {
    const dir = mkdtempSync(join(tmpdir(), 'billing-sandbox-project-'));
    const env = {
      PATH: `${dirname(process.execPath)}:${process.env.PATH}`,
      HOME: process.env.HOME ?? dir,
      NO_COLOR: '1',
      ...npmAsSetUp(),
    };
    const packed = JSON.parse(
      execFileSync('npm', ['pack', '--json', '--ignore-scripts', '--pack-destination', dir], {
        cwd: ROOT,
        env,
        encoding: 'utf8',
      }),
    ) as { filename: string; files: { path: string }[] }[];
    const files = packed[0]!.files.map((f) => f.path);
    // The library and its declarations ship; the sources do not.
    expect(files).toEqual(
      expect.arrayContaining(['dist/sandbox.js', 'dist/sandbox.d.ts', 'dist/types.d.ts']),
    );
    expect(files.filter((f) => f.startsWith('src/'))).toEqual([]);

    const project = join(dir, 'my-shop');
    mkdirSync(join(project, 'test'), { recursive: true });
    writeFileSync(
      join(project, 'package.json'),
      JSON.stringify({ name: 'my-shop', private: true, type: 'module' }, null, 2),
    );
    writeFileSync(join(project, 'test', 'billing.test.ts'), readmeExample());
    const run = (cmd: string, args: string[]) =>
      promisify(execFile)(cmd, args, { cwd: project, env, maxBuffer: 16 * 1024 * 1024 }).catch(
        (err: { stdout: string; stderr: string }) => {
          throw new Error(`${cmd} ${args.join(' ')} failed:\n${err.stdout}\n${err.stderr}`);
        },
      );
    await run('npm', [
      'install',
      '--save-dev',
      '--no-audit',
      '--no-fund',
      join(dir, packed[0]!.filename),
      `vitest@${VITEST}`,
      '@polar-sh/sdk@1.0.1',
    ]);
    const { stdout } = await run('npx', ['--no-install', 'vitest', 'run', '--reporter=verbose']);
    expect(stdout).toContain('a free plan renews each month');
    expect(stdout).toMatch(/Tests\s+1 passed/);
  }, 300_000);
});
