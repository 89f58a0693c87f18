// Vitest global setup: rebuilds dist/ once per run when a source file is newer than it, because
// the e2e suites spawn the built bin (bin/billing.js imports dist/main.js). Not with
// BILLING_TEST_BIN, which names another build to spawn.
import { execFileSync } from 'node:child_process';
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

function newest(dir: string): number {
  let latest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    latest = Math.max(latest, entry.isDirectory() ? newest(path) : statSync(path).mtimeMs);
  }
  return latest;
}

function builtAt(): number {
  try {
    return statSync(join(ROOT, 'dist', 'main.js')).mtimeMs;
  } catch {
    return 0;
  }
}

export default function setup(): void {
  if (process.env.BILLING_TEST_BIN) return;
  const sources = Math.max(
    newest(join(ROOT, 'src')),
    newest(join(ROOT, 'scripts')),
    statSync(join(ROOT, 'package.json')).mtimeMs,
  );
  if (builtAt() >= sources) return;
  execFileSync(process.execPath, [join(ROOT, 'scripts', 'build.mjs')], {
    cwd: ROOT,
    stdio: 'inherit',
  });
}
