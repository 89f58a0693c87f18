// The CLI's structure holds (issue 25): one module sends HTTP — the API's requests, OAuth's, the
// event stream and forwarded deliveries all go through src/api/transport.ts, so the tests that
// run it run what ships — and src/cli/io/ is below the Context: it imports nothing of the rest
// of src/cli (the Context, credentials, commands), whose types it would tie in a knot. Every
// source outside src/server/ (the local service, a server with its own outbound deliveries) is
// read, comments left out.
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const SRC = fileURLToPath(new URL('../../src/', import.meta.url));

type Files = Record<string, string>;

/** Every .ts file under src/ but src/server/, by its path there. */
function sources(): Files {
  const out: Files = {};
  for (const entry of readdirSync(SRC, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile() || !entry.name.endsWith('.ts')) continue;
    const path = relative(SRC, join(entry.parentPath, entry.name)).split('\\').join('/');
    if (!path.startsWith('server/')) out[path] = readFileSync(join(SRC, path), 'utf8');
  }
  return out;
}

/** Source without comments, so a comment that names a pattern is not a use of it. */
const code = (source: string) =>
  source.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:'"`])\/\/.*$/gm, '$1');

/** Every import of a source: what it names (undefined for `* as` / default) and from where. */
function imports(text: string): { names?: string[]; typeOnly: boolean; from: string }[] {
  const found: { names?: string[]; typeOnly: boolean; from: string }[] = [];
  const statement = /\b(import|export)\s+(type\s+)?([^'";]*?)\s*from\s*['"]([^'"]+)['"]/g;
  for (const m of text.matchAll(statement)) {
    const clause = m[3]!;
    const braces = /^\{([^}]*)\}$/.exec(clause.trim());
    const names = braces?.[1]
      ?.split(',')
      .map((n) => n.trim())
      .filter(Boolean);
    const allTypes = names?.every((n) => n.startsWith('type ')) ?? false;
    found.push({
      ...(names
        ? { names: names.map((n) => n.replace(/^type\s+/, '').split(/\s+as\s+/)[0]!) }
        : {}),
      typeOnly: m[2] !== undefined || allTypes,
      from: m[4]!,
    });
  }
  for (const m of text.matchAll(/\bimport\(\s*['"]([^'"]+)['"]\s*\)/g)) {
    found.push({ typeOnly: false, from: m[1]! });
  }
  return found;
}

const HTTP_MODULES = new Set(['node:http', 'node:https', 'http', 'https']);
/** What of node:http(s) sends a request; STATUS_CODES, createServer and types do not. */
const SENDS = new Set(['request', 'get', 'Agent', 'globalAgent', 'ClientRequest']);

/** Why each module that sends HTTP does (one reason is enough to count it). */
function httpSenders(files: Files): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [file, source] of Object.entries(files)) {
    const text = code(source);
    const reasons: string[] = [];
    for (const i of imports(text)) {
      if (i.from === 'undici') reasons.push('imports undici');
      if (HTTP_MODULES.has(i.from) && !i.typeOnly) {
        const sends = i.names ? i.names.filter((n) => SENDS.has(n)) : ['the whole module'];
        if (sends.length > 0) reasons.push(`imports ${sends.join(', ')} from ${i.from}`);
      }
    }
    if (/getBuiltinModule\(\s*['"](node:)?https?['"]\s*\)/.test(text)) {
      reasons.push('loads node:http(s)');
    }
    if (/(?<![\w.$])(globalThis\.)?fetch\s*\(/.test(text)) reasons.push('calls fetch');
    if (reasons.length > 0) out[file] = reasons.join('; ');
  }
  return out;
}

/** Imports from src/cli/io/ of anything else under src/cli/, type-only ones included. */
function ioUpward(files: Files): string[] {
  const found: string[] = [];
  for (const [file, source] of Object.entries(files)) {
    if (!file.startsWith('cli/io/')) continue;
    for (const i of imports(code(source))) {
      if (!i.from.startsWith('.')) continue;
      const target = relative(SRC, resolve(SRC, dirname(file), i.from))
        .split('\\')
        .join('/');
      if (target.startsWith('cli/') && !target.startsWith('cli/io/')) {
        found.push(`${file} imports ${target}`);
      }
    }
  }
  return found;
}

describe('the CLI', () => {
  const files = sources();

  it('reads the whole CLI', () => {
    // A broken reader would pass vacuously.
    expect(Object.keys(files).length).toBeGreaterThan(100);
    expect(files['cli/context.ts']).toBeDefined();
    expect(Object.keys(files).some((f) => f.startsWith('server/'))).toBe(false);
  });

  it('sends HTTP from one module: src/api/transport.ts', () => {
    expect(Object.keys(httpSenders(files))).toEqual(['api/transport.ts']);
  });

  it('keeps src/cli/io/ below the Context: io imports nothing else of src/cli', () => {
    expect(ioUpward(files)).toEqual([]);
    // It is read: io has imports of its own.
    expect(imports(code(files['cli/io/printer.ts']!)).length).toBeGreaterThan(3);
  });

  it('catches each way of sending HTTP outside the transport', () => {
    const bad: Files = {
      'api/a.ts': "import { Agent, type Dispatcher } from 'undici';",
      'api/b.ts': "import type { Dispatcher } from 'undici';",
      'auth/c.ts': "const { fetch } = await import('undici');",
      'auth/d.ts': 'const r = await fetch(url, init);',
      'cli/e.ts': "import { request } from 'node:https';",
      'cli/f.ts': "import * as http from 'node:http';",
      'cli/g.ts': "const m = process.getBuiltinModule('node:http');",
      'cli/h.ts': 'globalThis.fetch(url);',
      // Not sending: a status table, a server, types, a method named fetch, a comment.
      'ok/a.ts': "import { STATUS_CODES } from 'node:http';",
      'ok/b.ts': "import { createServer, type Server } from 'node:http';",
      'ok/c.ts': "import type { Agent, IncomingMessage } from 'node:http';",
      'ok/d.ts': 'await source.fetch(page); const fetchPage = 1;',
      'ok/e.ts': '// fetch(url) was used here once',
    };
    expect(Object.keys(httpSenders(bad))).toEqual([
      'api/a.ts',
      'api/b.ts',
      'auth/c.ts',
      'auth/d.ts',
      'cli/e.ts',
      'cli/f.ts',
      'cli/g.ts',
      'cli/h.ts',
    ]);
  });

  it('catches each kind of import from io upward', () => {
    const bad: Files = {
      'cli/io/a.ts': "import type { IO } from '../context.js';",
      'cli/io/b.ts': "import type { Credentials } from '../credentials.js';",
      'cli/io/c.ts': "export type { X } from '../commands/shared.js';",
      'cli/io/d.ts': "const { Context } = await import('../context.js');",
      'cli/io/ok.ts':
        "import { safeText } from './safe.js'; import { UsageError } from '../../errors.js';",
      'cli/other.ts': "import type { Context } from './context.js';",
    };
    expect(ioUpward(bad)).toEqual([
      'cli/io/a.ts imports cli/context.js',
      'cli/io/b.ts imports cli/credentials.js',
      'cli/io/c.ts imports cli/commands/shared.js',
      'cli/io/d.ts imports cli/context.js',
    ]);
  });
});
