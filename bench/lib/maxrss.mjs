// Preloaded with `node --import` into a measured process: at exit it writes the process's peak
// resident set size (KiB, from getrusage) to the file named by BENCH_MAXRSS_FILE.
import { writeFileSync } from 'node:fs';

const file = process.env.BENCH_MAXRSS_FILE;
if (file) {
  process.on('exit', () => writeFileSync(file, String(process.resourceUsage().maxRSS)));
}
