// 50 sandboxes started and stopped in one process leave nothing behind (issue 29): the resident
// memory after them, after a full GC, is within 10 % of what it was before them. "Before" is
// taken after 80 others: the process's resident size climbs over the first ~60 used ones (223 →
// 283 MB, the V8 heap flat at 23 MB: code compiled, SQLite's and malloc's pools grown) and then
// stays flat, so only after them does a leak show — 0.6 MB a sandbox would be 30 MB, 10 %.
// In a child of its own with --expose-gc, from the built dist/sandbox.js, as a seller's test
// runner would load it.
import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

const CHILD = `
const { startSandbox } = await import(process.argv[1]);
const settle = async () => {
  for (let i = 0; i < 4; i++) { globalThis.gc(); await new Promise((r) => setTimeout(r, 20)); }
  return process.memoryUsage();
};
const cycle = async () => {
  const sb = await startSandbox();
  // Each one used: a write, its event delivered, a customer token.
  const res = await fetch(sb.url + '/v1/products/', {
    method: 'POST',
    headers: { authorization: 'Bearer ' + sb.token, 'content-type': 'application/json', 'polar-version': '2026-10' },
    body: JSON.stringify({ organization_id: sb.organizationId, name: 'Pro', prices: [{ amount_type: 'free' }] }),
  });
  if (res.status !== 201) throw new Error('product: ' + res.status);
  for await (const e of sb.events()) if (e.type === 'product.created') break;
  await sb.customerToken('jane@example.test');
  await sb.stop();
};
for (let i = 0; i < 80; i++) await cycle();
const before = await settle();
for (let i = 0; i < 50; i++) await cycle();
const after = await settle();
const handles = process.getActiveResourcesInfo().filter((r) => r !== 'TTYWrap');
process.stdout.write(JSON.stringify({ before: before.rss, after: after.rss, heapBefore: before.heapUsed, heapAfter: after.heapUsed, handles }));
`;

describe('50 sandboxes in one process', () => {
  it('leave the memory where it was and no handle open', async () => {
    const { stdout } = await promisify(execFile)(
      process.execPath,
      ['--expose-gc', '--input-type=module', '-e', CHILD, join(ROOT, 'dist/sandbox.js')],
      { cwd: ROOT, timeout: 240_000 },
    );
    const m = JSON.parse(stdout) as {
      before: number;
      after: number;
      heapBefore: number;
      heapAfter: number;
      handles: string[];
    };
    expect(m.after / m.before, `RSS ${m.before} → ${m.after}`).toBeGreaterThan(0.9);
    expect(m.after / m.before, `RSS ${m.before} → ${m.after}`).toBeLessThan(1.1);
    expect(m.heapAfter / m.heapBefore, `heap ${m.heapBefore} → ${m.heapAfter}`).toBeLessThan(1.1);
    // Nothing left listening or connected: no server, socket or timer of a sandbox.
    expect(m.handles.filter((h) => /TCP|Timeout|Immediate/.test(h))).toEqual([]);
  }, 300_000);
});
