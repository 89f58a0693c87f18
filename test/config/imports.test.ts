// listProfiles runs on every shell completion and resolveSettings on every command: their
// import graph must stay free of npm packages (the `conf` package, when config used it, cost
// ~70 ms to load).
import { readFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { dirname, resolve } from 'node:path';
import { expect, it } from 'vitest';

function bareImports(entry: string, seen = new Set<string>()): Set<string> {
  const found = new Set<string>();
  if (seen.has(entry)) return found;
  seen.add(entry);
  const source = readFileSync(entry, 'utf8');
  for (const [, spec] of source.matchAll(/^(?:import|export)[^'"]*from '([^']+)';/gm)) {
    if (spec!.startsWith('.')) {
      const next = resolve(dirname(entry), spec!.replace(/\.js$/, '.ts'));
      for (const m of bareImports(next, seen)) found.add(m);
    } else {
      found.add(spec!);
    }
  }
  return found;
}

it.each(['src/config/file.ts', 'src/config/resolve.ts'])('%s imports only node builtins', (f) => {
  const modules = [...bareImports(resolve(f))];
  expect(modules.length).toBeGreaterThan(0);
  expect(modules.filter((m) => !builtinModules.includes(m.replace(/^node:/, '')))).toEqual([]);
});
