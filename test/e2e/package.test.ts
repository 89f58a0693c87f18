// The package a user installs: `npm pack` ships only what runs, and the tarball installed into
// an empty prefix works: --version, --help, serve, and a command against it.
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

/** The system Node's version when it is older than the package supports (Debian's is 20). */
const OLD_NODE = (() => {
  if (!existsSync('/usr/bin/node')) return undefined;
  const version = execFileSync('/usr/bin/node', ['--version'], { encoding: 'utf8' }).trim();
  const [major, minor] = version.slice(1).split('.').map(Number) as [number, number];
  return major < 22 || (major === 22 && minor < 19) ? version : undefined;
})();
if (!OLD_NODE)
  console.warn(
    'package: the too-old-Node test is skipped: /usr/bin/node is missing or new enough.',
  );
const NODE_DIR = dirname(process.execPath);

describe('the installed package', () => {
  const dir = mkdtempSync(join(tmpdir(), 'billing-pack-'));
  const prefix = join(dir, 'prefix');
  const bin = join(prefix, 'bin', 'billing');
  const env = {
    ...process.env,
    PATH: `${NODE_DIR}${delimiter}${process.env.PATH}`,
    BILLING_CONFIG_DIR: join(dir, 'config'),
  };
  let files: string[] = [];
  let serve: ReturnType<typeof spawn> | undefined;

  beforeAll(() => {
    const packed = JSON.parse(
      execFileSync('npm', ['pack', '--json', '--ignore-scripts', '--pack-destination', dir], {
        cwd: ROOT,
        env,
        encoding: 'utf8',
      }),
    );
    files = packed[0].files.map((f: { path: string }) => f.path);
    execFileSync(
      'npm',
      [
        'install',
        '-g',
        '--prefix',
        prefix,
        '--no-audit',
        '--no-fund',
        join(dir, packed[0].filename),
      ],
      { env, stdio: 'ignore' },
    );
  }, 180_000);
  afterAll(() => {
    serve?.kill('SIGTERM');
  });

  it('ships only the bundle, bin, completions, README and LICENSE', () => {
    // And billing/sandbox's declarations and the fixture schema (issue 29).
    const outside = files.filter(
      (f) =>
        !(f.startsWith('dist/') && f.endsWith('.js')) &&
        !f.startsWith('bin/') &&
        !f.startsWith('completions/') &&
        ![
          'README.md',
          'LICENSE',
          'package.json',
          'dist/sandbox.d.ts',
          'dist/types.d.ts',
          'fixture.schema.json',
        ].includes(f),
    );
    expect(outside).toEqual([]);
    expect(files).toEqual(
      expect.arrayContaining([
        'bin/billing.js',
        'dist/main.js',
        'completions/billing.bash',
        'completions/_billing',
        'completions/billing.fish',
        'README.md',
        'LICENSE',
      ]),
    );
  });

  it('runs --version and --help from the prefix', () => {
    const pkg = JSON.parse(
      execFileSync('npm', ['pkg', 'get', 'version'], { cwd: ROOT, env, encoding: 'utf8' }),
    );
    expect(execFileSync(bin, ['--version'], { env, encoding: 'utf8' }).trim()).toBe(pkg);
    expect(execFileSync(bin, ['--help'], { env, encoding: 'utf8' })).toContain(
      'Usage: billing [options] [command]',
    );
  });

  it('serves the local service and talks to it', async () => {
    serve = spawn(bin, ['serve', '--port', '0', '--json'], { env });
    const line = await new Promise<string>((resolve, reject) => {
      let out = '';
      serve!.stdout!.on('data', (d) => {
        out += d;
        if (out.includes('\n')) resolve(out.split('\n')[0]!);
      });
      serve!.on('exit', (code) => reject(new Error(`serve exited with ${code}`)));
    });
    const info = JSON.parse(line);
    expect(Object.keys(info).sort()).toEqual([
      'auth_url',
      'client_id',
      'demo',
      'organization_id',
      'personal_access_token',
      'url',
      'webhook',
    ]);
    // No --webhook: no endpoint registered, and so no secret printed.
    expect(info.webhook).toBeNull();
    const orders = execFileSync(bin, ['orders', 'list', '--limit', '2', '--json'], {
      env: { ...env, BILLING_BASE_URL: info.url, BILLING_TOKEN: info.personal_access_token },
      encoding: 'utf8',
    });
    expect(JSON.parse(orders)).toHaveLength(2);
  });

  it.skipIf(!OLD_NODE)('says clearly when Node.js is too old', () => {
    const version = OLD_NODE!;
    try {
      execFileSync(
        '/usr/bin/node',
        [join(prefix, 'lib', 'node_modules', 'billing', 'bin', 'billing.js'), '--version'],
        { encoding: 'utf8', stdio: 'pipe' },
      );
      expect.unreachable('an old Node.js must be refused');
    } catch (err) {
      const e = err as { status: number; stderr: string };
      expect(e.status).toBe(1);
      expect(e.stderr).toBe(`billing needs Node.js 22.19 or newer; this is ${version}.\n`);
    }
  });
});
