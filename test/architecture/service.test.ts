// The local service's structure holds (issue 25): the store is composed, not inherited, and its
// connection stays in store/; no lock or map at module level keeps state between requests (locks
// live on the service's instances); routes change nothing through the store themselves (the
// router's unit of work and the application services in services/ do); the Service is not changed
// once built; webhook due times come from the clock. Every source under src/server/ is read.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const SERVER = fileURLToPath(new URL('../../src/server/', import.meta.url));

/** Every .ts file under src/server/, by its path there. */
function sources(): Record<string, string> {
  const out: Record<string, string> = {};
  for (const entry of readdirSync(SERVER, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile() || !entry.name.endsWith('.ts')) continue;
    const path = join(entry.parentPath, entry.name);
    out[relative(SERVER, path).split('\\').join('/')] = readFileSync(path, 'utf8');
  }
  return out;
}

type Files = Record<string, string>;
type Rule = (files: Files) => string[];

/** Source without comments, so a comment that names a pattern is not a use of it. */
const code = (source: string) =>
  source.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:'"`])\/\/.*$/gm, '$1');

const inStore = (file: string) => file.startsWith('store/');

/** Classes that inherit the connection, and modules outside store/ that import it. */
const inheritedStore: Rule = (files) => {
  const found: string[] = [];
  for (const [file, source] of Object.entries(files)) {
    const text = code(source);
    for (const m of text.matchAll(/\bclass\s+(\w+)[^{]*\bextends\s+(Db|DatabaseSync)\b/g))
      found.push(`${file}: class ${m[1]} extends ${m[2]}`);
    if (!inStore(file) && /from\s+['"][./]*store\/db\.js['"]/.test(text))
      found.push(`${file}: imports store/db.js`);
    if (!inStore(file) && /from\s+['"]node:sqlite['"]/.test(text))
      found.push(`${file}: imports node:sqlite`);
  }
  return found;
};

/**
 * Top-level state: a `let`, a weak map or set or a lock (state by nature), or a map or set the
 * module changes. A constant lookup table (a Set never added to) is not state.
 */
const moduleState: Rule = (files) => {
  const found: string[] = [];
  for (const [file, source] of Object.entries(files)) {
    const text = code(source);
    for (const m of text.matchAll(/^(?:export\s+)?(?:let|var)\s+(\w+)/gm))
      found.push(`${file}: let ${m[1]}`);
    const collections =
      /^(?:export\s+)?const\s+(\w+)\b[^=\n]*=\s*new\s+(WeakMap|WeakSet|Map|Set|KeyedLock)\b/gm;
    for (const [, name, kind] of text.matchAll(collections)) {
      const changed = new RegExp(`\\b${name}\\s*\\.\\s*(set|add|delete|clear)\\(`).test(text);
      if (kind !== 'Map' && kind !== 'Set') found.push(`${file}: ${name} = new ${kind}`);
      else if (changed) found.push(`${file}: ${name} = new ${kind}, changed`);
    }
  }
  return found;
};

/** The methods of the repositories (store/*.ts) that write: their bodies run a statement. */
function writeMethods(files: Files): Set<string> {
  const found = new Set<string>();
  for (const [file, source] of Object.entries(files)) {
    if (!inStore(file)) continue;
    const methods = /^ {2}(?:async\s+)?(\w+)\([^)]*\)[^{\n]*\{\n([\s\S]*?)^ {2}\}/gm;
    for (const [, name, body] of code(source).matchAll(methods))
      if (/\bthis\.db\.(run|insert|update)\(/.test(body!)) found.add(name!);
  }
  return found;
}

/** Writes or units of work that a route module starts itself. */
const routeWrites: Rule = (files) => {
  const found: string[] = [];
  const writes = writeMethods(files);
  for (const [file, source] of Object.entries(files)) {
    if (!file.startsWith('routes/')) continue;
    const text = code(source);
    const own = /\b(store|db)\s*\.\s*(insert|update|run|exec|tx|wipe|connect)\s*\(/g;
    for (const m of text.matchAll(own)) found.push(`${file}: ${m[1]}.${m[2]}(`);
    for (const m of text.matchAll(/\bstore\s*\.\s*(\w+)\s*\.\s*(\w+)\s*\(/g))
      if (writes.has(m[2]!)) found.push(`${file}: store.${m[1]}.${m[2]}(`);
  }
  return found;
};

/** An assignment to a field of the Service once built. */
const serviceChanged: Rule = (files) => {
  const found: string[] = [];
  for (const [file, source] of Object.entries(files)) {
    for (const m of code(source).matchAll(/\bservice\s*\.\s*(\w+)\s*=(?!=)/g))
      found.push(`${file}: service.${m[1]} =`);
  }
  return found;
};

/** Wall time read outside the clock where webhook deliveries fall due. */
const deliveryTime: Rule = (files) => {
  const found: string[] = [];
  for (const [file, source] of Object.entries(files)) {
    if (!file.startsWith('webhooks/') && file !== 'domain/webhooks.ts') continue;
    if (/\bDate\.now\(\)/.test(code(source))) found.push(`${file}: Date.now()`);
  }
  return found;
};

describe('the service', () => {
  const files = sources();

  it('reads every source of the service', () => {
    expect(Object.keys(files).length).toBeGreaterThan(100);
    expect(files['store/index.ts']).toContain('export class Store');
    expect(files['routes/local.ts']).toContain('registerLocal');
    // The repositories' writes are found (a broken reader would pass the route rule vacuously).
    const writes = writeMethods(files);
    expect(writes).toContain('markExpired');
    expect(writes).toContain('insertEvent');
    expect(writes).not.toContain('bySecret');
  });

  it('composes its store: nothing extends the connection, nothing outside store/ holds it', () => {
    expect(inheritedStore(files)).toEqual([]);
  });

  it('keeps no state at module level: locks and maps live on instances', () => {
    expect(moduleState(files)).toEqual([]);
  });

  it('writes nothing from a route module: the router and the application services do', () => {
    expect(routeWrites(files)).toEqual([]);
  });

  it('builds the Service once and never changes it', () => {
    expect(serviceChanged(files)).toEqual([]);
  });

  it('has webhook deliveries fall due by the clock', () => {
    expect(deliveryTime(files)).toEqual([]);
  });
});

// The code each rule was written against, before issue 25: each must be caught.
describe('the rules catch', () => {
  it('a store that inherits the connection, and a module outside store/ that imports it', () => {
    expect(
      inheritedStore({
        'store/index.ts': 'export class Store extends Db {\n  readonly users = new Users(this);\n}',
        'routes/x.ts': "import type { Db } from '../store/db.js';",
        'domain/y.ts': "import { DatabaseSync } from 'node:sqlite';",
        'store/users.ts': "import type { Db } from './db.js';\nexport class Users {}",
        'app.ts': '// class Store extends Db, as it was\nexport class Context {}',
      }),
    ).toEqual([
      'store/index.ts: class Store extends Db',
      'routes/x.ts: imports store/db.js',
      'domain/y.ts: imports node:sqlite',
    ]);
  });

  it('a lock map at module level, a cache it fills, and a let', () => {
    expect(
      moduleState({
        'routes/checkout-confirm.ts': 'const locks = new WeakMap<Service, KeyedLock>();',
        'oauth/keys.ts': 'const creating = new WeakMap<Store, Promise<void>>();',
        'cache.ts':
          'const seen = new Map<string, number>();\nexport const f = (k) => seen.set(k, 1);',
        'lock.ts': 'export const held = new KeyedLock();',
        'counter.ts': 'let n = 0;\nexport const next = () => ++n;',
        'scopes.ts':
          "const KNOWN = new Set<string>(['a']);\nexport const known = (s) => KNOWN.has(s);",
        'class.ts': 'class A {\n  private readonly held = new Map<string, number>();\n}',
      }),
    ).toEqual([
      'routes/checkout-confirm.ts: locks = new WeakMap',
      'oauth/keys.ts: creating = new WeakMap',
      'cache.ts: seen = new Map, changed',
      'lock.ts: held = new KeyedLock',
      'counter.ts: let n',
    ]);
  });

  it('a route that inserts, opens its own transaction, or writes through a repository', () => {
    expect(
      routeWrites({
        'routes/local.ts': "    store.insert('personal_access_tokens', {",
        'routes/checkout-page.ts':
          '        store.tx((tx) =>\n          updateCheckout({ store, clock, tx }, row.id, body),',
        'store/checkouts.ts': [
          'export class Checkouts {',
          '  bySecret(secret: string): CheckoutRow | undefined {',
          "    return this.db.get('SELECT * FROM checkouts WHERE client_secret = ?', secret);",
          '  }',
          '',
          '  markExpired(id: string, at: string): void {',
          "    this.db.run('UPDATE checkouts SET status = ? WHERE id = ?', 'expired', id);",
          '  }',
          '}',
        ].join('\n'),
        'routes/z.ts': 'store.checkouts.markExpired(id, at);\nstore.checkouts.bySecret(s);',
        'domain/ok.ts': "store.insert('orders', row);",
        'routes/ok.ts': "const row = store.row('checkouts', id);\nstore.products.media(id);",
      }),
    ).toEqual([
      'routes/local.ts: store.insert(',
      'routes/checkout-page.ts: store.tx(',
      'routes/z.ts: store.checkouts.markExpired(',
    ]);
  });

  it('a Service given its URL after it was built', () => {
    expect(
      serviceChanged({
        'index.ts': "  service.baseUrl = 'http://' + shownHost;\n  if (service.authUrl === '') {}",
      }),
    ).toEqual(['index.ts: service.baseUrl =']);
  });

  it('a delivery due by Date.now()', () => {
    expect(
      deliveryTime({
        'webhooks/outbox.ts': '      const due = Date.now();',
        'domain/webhooks.ts': '  store.webhooks.schedule(event.id, Date.now());',
        'domain/due.ts': 'const t = Date.now();',
      }),
    ).toEqual(['webhooks/outbox.ts: Date.now()', 'domain/webhooks.ts: Date.now()']);
  });
});
