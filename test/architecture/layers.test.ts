// The layers hold (issue 14, style.md "The shape"): every import of every file under src/ is
// read and resolved, and a layer may import only the layers below it. The CLI sits on top;
// nothing imports it, and the local service and the API client never import each other.
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const SRC = fileURLToPath(new URL('../../src/', import.meta.url));

/** Which layers each layer may import (its own included). */
const ALLOWED: Record<string, readonly string[]> = {
  errors: [],
  shared: [],
  api: ['errors', 'shared'],
  config: ['errors', 'shared'],
  auth: ['api', 'config', 'errors', 'shared'],
  server: ['errors', 'shared'],
  cli: ['api', 'auth', 'config', 'errors', 'fixtures', 'server', 'shared'],
  // Fixture files, read and applied through the public API (issue 29).
  fixtures: ['api', 'errors', 'shared'],
  // billing/sandbox, the library: the service in-process, driven through its API (issue 29).
  sandbox: ['api', 'errors', 'fixtures', 'server', 'shared'],
};

/** The layer of a path under src/: its first directory, or the file's name for src/errors.ts. */
function layerOf(path: string): string {
  const first = path.split('/')[0]!;
  return first.replace(/\.(ts|js)$/, '');
}

/** Every relative module specifier of a source text: static, re-exported, side-effect, dynamic. */
function specifiers(source: string): string[] {
  const found: string[] = [];
  const patterns = [
    /\b(?:import|export)\s[^'";]*?\sfrom\s*['"](\.[^'"]+)['"]/g,
    /\bimport\s*['"](\.[^'"]+)['"]/g,
    /\bimport\(\s*['"](\.[^'"]+)['"]\s*\)/g,
  ];
  for (const re of patterns) for (const m of source.matchAll(re)) found.push(m[1]!);
  return found;
}

interface Violation {
  file: string;
  imports: string;
}

/** The imports of `files` (path under src/ → source) that break ALLOWED. */
function violations(files: Record<string, string>): Violation[] {
  const out: Violation[] = [];
  for (const [file, source] of Object.entries(files)) {
    const from = layerOf(file);
    for (const spec of specifiers(source)) {
      const target = relative(SRC, resolve(SRC, dirname(file), spec))
        .split('\\')
        .join('/');
      const to = layerOf(target);
      if (to === from) continue;
      if (!ALLOWED[from]?.includes(to)) out.push({ file, imports: target });
    }
  }
  return out;
}

function sources(dir: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const entry of readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile() || !entry.name.endsWith('.ts')) continue;
    const path = join(entry.parentPath, entry.name);
    out[relative(SRC, path).split('\\').join('/')] = readFileSync(path, 'utf8');
  }
  return out;
}

describe('layers', () => {
  const files = sources(SRC);

  it('knows the layer of every file under src/', () => {
    const unknown = Object.keys(files).filter((f) => !(layerOf(f) in ALLOWED));
    expect(unknown).toEqual([]);
    // The scan sees the whole tree, imports included (a broken reader would pass vacuously).
    expect(Object.keys(files).length).toBeGreaterThan(100);
    expect(specifiers(files['cli/main.ts']!)).toContain('../errors.js');
  });

  it('has no import that goes up or sideways', () => {
    expect(violations(files)).toEqual([]);
  });

  it('catches each kind of import that breaks a rule', () => {
    const bad = {
      'api/x.ts': "import { Context } from '../cli/context.js';",
      'auth/y.ts': "export { z } from '../cli/z.js';",
      'config/z.ts': "const m = await import('../cli/main.js');",
      'server/w.ts': "import type { ApiClient } from '../api/client.js';",
      'shared/v.ts': "import '../config/file.js';",
      'errors.ts': "import { x } from './shared/json.js';",
      'cli/ok.ts': "import { start } from '../server/index.js';",
      'server/ok.ts': "import { db } from './store/db.js';",
    };
    expect(violations(bad)).toEqual([
      { file: 'api/x.ts', imports: 'cli/context.js' },
      { file: 'auth/y.ts', imports: 'cli/z.js' },
      { file: 'config/z.ts', imports: 'cli/main.js' },
      { file: 'server/w.ts', imports: 'api/client.js' },
      { file: 'shared/v.ts', imports: 'config/file.js' },
      { file: 'errors.ts', imports: 'shared/json.js' },
    ]);
  });
});
