// Bundles src/cli/main.ts into dist/. Heavy modules are split into chunks that load lazily
// through dynamic import(), so `billing --version` touches as little code as possible.

import { readFileSync, rmSync } from 'node:fs';
import { build } from 'esbuild';

const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));
rmSync(new URL('../dist', import.meta.url), { recursive: true, force: true });
await build({
  entryPoints: { main: 'src/cli/main.ts' },
  outdir: 'dist',
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node22',
  packages: 'external',
  sourcemap: 'linked',
  chunkNames: 'chunks/[name]-[hash]',
  define: { __BILLING_VERSION__: JSON.stringify(pkg.version) },
  logLevel: 'warning',
});
