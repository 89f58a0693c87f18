// Bundles src/cli/main.ts into dist/ (or the directory given as the first argument). Start-up
// time is the budget here (bench/RESULTS.md): heavy modules are split into chunks that load
// lazily through dynamic import(), so `billing --version` touches as little code as possible.

import { mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'esbuild';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const require = createRequire(import.meta.url);
const pkg = JSON.parse(readFileSync(resolve(ROOT, 'package.json'), 'utf8'));
const finalDir = resolve(ROOT, process.argv[2] ?? 'dist');
// Built beside the target and swapped in at the end: a bin started during a build (tests run
// in parallel) never finds dist/ half-deleted.
const outdir = `${finalDir}.build-${process.pid}`;

// Bundled because they are on the path of every command: one ESM chunk loads faster than a
// package's tree of CommonJS files, each resolved and wrapped on its own. The other
// dependencies stay in node_modules: native code (keyring), files read at run time (open's
// xdg-open), or only used by `serve` and `login`.
const BUNDLED = new Set(['commander', '@commander-js/extra-typings', 'undici', 'zod']);
const external = Object.keys(pkg.dependencies).filter((name) => !BUNDLED.has(name));

// In an ES module, `import { x } from 'node:http'` builds a facade of every export of the
// builtin, running its lazy getters: node:http's load Node's own copy of undici, 30 ms and more
// at each start. process.getBuiltinModule() hands over the module as CommonJS sees it.
const NAMED_BUILTIN_IMPORT = /^import\s*\{([^}]*)\}\s*from\s*'(node:[\w/]+)';/gm;

function builtinsWithoutFacades() {
  return {
    name: 'builtins-without-facades',
    setup(b) {
      b.onLoad({ filter: /[\\/]src[\\/].*\.ts$/ }, async (args) => {
        const source = await readFile(args.path, 'utf8');
        const contents = source.replace(NAMED_BUILTIN_IMPORT, (whole, names, id) => {
          const values = names
            .split(',')
            .map((s) => s.trim())
            .filter((s) => s !== '' && !s.startsWith('type '))
            .map((s) => s.replace(/^(\w+)\s+as\s+(\w+)$/, '$1: $2'));
          // Same line count, so the source map still points at the right lines.
          const lines = '\n'.repeat(whole.split('\n').length - 1);
          if (values.length === 0) return lines;
          return `const { ${values.join(', ')} } = process.getBuiltinModule('${id}');${lines}`;
        });
        return { contents, loader: 'ts' };
      });
    },
  };
}

// The Agent and the request API without the rest of undici (fetch, WebSocket, mocks, caches),
// which would load and compile at every request. Files of undici 7; with another layout the
// build falls back to the whole package.
const UNDICI_PARTS = [
  'dispatcher/dispatcher',
  'api/index',
  'dispatcher/agent',
  'dispatcher/env-http-proxy-agent',
];
const UNDICI_SLIM = `const Dispatcher = require('undici/lib/dispatcher/dispatcher');
Object.assign(Dispatcher.prototype, require('undici/lib/api'));
exports.Agent = require('undici/lib/dispatcher/agent');
exports.EnvHttpProxyAgent = require('undici/lib/dispatcher/env-http-proxy-agent');
`;

function slimUndici() {
  return {
    name: 'slim-undici',
    setup(b) {
      b.onResolve({ filter: /^undici$/ }, (args) => {
        try {
          for (const part of UNDICI_PARTS) require.resolve(`undici/lib/${part}.js`);
        } catch {
          return undefined;
        }
        return { path: 'undici', namespace: 'slim-undici', pluginData: args.resolveDir };
      });
      b.onLoad({ filter: /.*/, namespace: 'slim-undici' }, (args) => ({
        contents: UNDICI_SLIM,
        loader: 'js',
        resolveDir: args.pluginData,
      }));
    },
  };
}

/**
 * zod's `z` namespace re-exports every locale (about 60 modules, 400 KB), which esbuild cannot
 * drop; the CLI and the service only ever use the default English messages.
 */
function englishOnlyZod() {
  return {
    name: 'english-only-zod',
    setup(b) {
      b.onLoad({ filter: /[\\/]zod[\\/]v4[\\/]locales[\\/]index\.js$/ }, () => ({
        contents: "export { default as en } from './en.js';",
        loader: 'js',
      }));
    },
  };
}

/**
 * Renders `billing <path> --help` for every command with the bundle just built, as commander
 * prints it to a pipe, into help/<command>.js, one file per top-level command (help/_root.js for
 * `billing --help`): main.ts answers --help from the one file it needs without loading
 * commander. help/index.js holds them all, for the tests.
 */
async function renderHelp() {
  const configDir = mkdtempSync(join(tmpdir(), 'billing-build-'));
  const { main } = await import(pathToFileURL(join(outdir, 'main.js')).href);
  const { buildProgram } = await import(pathToFileURL(join(outdir, 'program.js')).href);
  const context = (sink) => ({
    io: {
      stdout: { write: (s) => sink.push(s) > 0, once() {}, isTTY: false },
      stderr: { write: (s) => sink.push(s) > 0, once() {}, isTTY: false },
      stdin: { isTTY: false, async *[Symbol.asyncIterator]() {} },
    },
    env: {},
    configDir,
    now: () => new Date(0),
    openBrowser: async () => {},
    signal: new AbortController().signal,
  });
  const paths = [];
  const walk = (cmd, path) => {
    paths.push(path);
    for (const sub of cmd.commands) walk(sub, [...path, sub.name()]);
  };
  walk(buildProgram(context([])), []);
  const texts = {};
  for (const path of paths) {
    const out = [];
    if ((await main([...path, '--help'], context(out))) === 0) texts[path.join(' ')] = out.join('');
  }
  rmSync(configDir, { recursive: true, force: true });
  const module = (entries) =>
    `// Generated by scripts/build.mjs: \`billing <command> --help\` for main.ts.\nexport const HELP = ${JSON.stringify(Object.fromEntries(entries), null, 1)};\n`;
  const byNoun = new Map();
  for (const [path, text] of Object.entries(texts)) {
    const noun = path.split(' ')[0] || '_root';
    byNoun.set(noun, [...(byNoun.get(noun) ?? []), [path, text]]);
  }
  mkdirSync(join(outdir, 'help'));
  for (const [noun, entries] of byNoun)
    writeFileSync(join(outdir, 'help', `${noun}.js`), module(entries));
  writeFileSync(join(outdir, 'help', 'index.js'), module(Object.entries(texts)));
}

rmSync(outdir, { recursive: true, force: true });
await build({
  // program.js is an entry too, so that renderHelp() can walk the command tree.
  entryPoints: {
    main: resolve(ROOT, 'src/cli/main.ts'),
    program: resolve(ROOT, 'src/cli/program.ts'),
  },
  outdir,
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node22',
  external,
  // Bundled CommonJS (commander, undici) calls require() for Node's builtins.
  banner: {
    js: "const require = process.getBuiltinModule('node:module').createRequire(import.meta.url);",
  },
  plugins: [builtinsWithoutFacades(), slimUndici(), englishOnlyZod()],
  sourcemap: 'linked',
  chunkNames: 'chunks/[name]-[hash]',
  define: { __BILLING_VERSION__: JSON.stringify(pkg.version) },
  logLevel: 'warning',
});
await renderHelp();
const old = `${finalDir}.old-${process.pid}`;
try {
  renameSync(finalDir, old);
} catch {
  // no previous build
}
renameSync(outdir, finalDir);
rmSync(old, { recursive: true, force: true });
