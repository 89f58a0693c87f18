#!/usr/bin/env node
const [major, minor] = process.versions.node.split('.').map(Number);
if (major < 22 || (major === 22 && minor < 19)) {
  process.stderr.write(`billing needs Node.js 22.19 or newer; this is ${process.version}.\n`);
  process.exit(1);
}
const { main } = await import('../dist/main.js');
process.exitCode = await main(process.argv.slice(2));
