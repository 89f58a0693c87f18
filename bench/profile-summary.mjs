// Summarises a V8 .cpuprofile (`node --cpu-prof`) as text: the functions with the most self time
// and the most total time (self plus callees), in ms and percent of the samples.
// Usage: node bench/profile-summary.mjs <file.cpuprofile> [rows] [focus: only the samples under
// a function whose name contains this text]
import { readFileSync } from 'node:fs';

const [file, rowsArg, focus] = process.argv.slice(2);
if (!file) {
  process.stderr.write('usage: node bench/profile-summary.mjs <file.cpuprofile> [rows]\n');
  process.exit(2);
}
const rows = Number(rowsArg ?? 25);
const profile = JSON.parse(readFileSync(file, 'utf8'));
const byId = new Map(profile.nodes.map((n) => [n.id, n]));
const parent = new Map();
for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
const interval = new Map();
for (let i = 0; i < profile.samples.length; i++) {
  const dt = (profile.timeDeltas[i + 1] ?? 0) / 1000;
  interval.set(profile.samples[i], (interval.get(profile.samples[i]) ?? 0) + dt);
}
const name = (n) => {
  const f = n.callFrame;
  const where = f.url
    ? `${f.url.replace(/^.*\/(dist|node_modules)\//, '$1/')}:${f.lineNumber + 1}`
    : '';
  return `${f.functionName || '(anonymous)'} ${where}`.trim();
};
const self = new Map();
const total = new Map();
let all = 0;
const under = (id) => {
  for (let at = id; at !== undefined; at = parent.get(at))
    if (name(byId.get(at)).includes(focus)) return true;
  return false;
};
for (const [id, ms] of interval) {
  if (focus && !under(id)) continue;
  all += ms;
  const key = name(byId.get(id));
  self.set(key, (self.get(key) ?? 0) + ms);
  const seen = new Set();
  for (let at = id; at !== undefined; at = parent.get(at)) {
    const k = name(byId.get(at));
    if (seen.has(k)) continue;
    seen.add(k);
    total.set(k, (total.get(k) ?? 0) + ms);
  }
}
const top = (m) =>
  [...m]
    .sort((a, b) => b[1] - a[1])
    .slice(0, rows)
    .map(
      ([k, v]) =>
        `${v.toFixed(0).padStart(7)} ms ${((100 * v) / all).toFixed(1).padStart(5)}%  ${k}`,
    )
    .join('\n');
process.stdout.write(
  `${file}: ${all.toFixed(0)} ms sampled\n\nself time\n${top(self)}\n\ntotal time\n${top(total)}\n`,
);
