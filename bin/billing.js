#!/usr/bin/env node
const [major, minor] = process.versions.node.split('.').map(Number);
if (major < 22 || (major === 22 && minor < 19)) {
  process.stderr.write(`billing needs Node.js 22.19 or newer; this is ${process.version}.\n`);
  process.exit(1);
}
// Node keeps V8's compiled code of the bundle in the OS temp directory: a third off each start.
process.getBuiltinModule('node:module').enableCompileCache?.();
const { main } = await import('../dist/main.js');
process.exitCode = await main(process.argv.slice(2));
