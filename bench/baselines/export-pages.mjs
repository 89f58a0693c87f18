// Baseline for `billing orders list --all -o ndjson`: the same pages (limit 100) fetched one
// after the other, each written as NDJSON with back-pressure before the next is requested.
import { once } from 'node:events';

const base = process.env.BILLING_BASE_URL;
// The CLI asks for today's generation by default (config/schema.ts): the same pages here.
const headers = {
  authorization: `Bearer ${process.env.BILLING_TOKEN}`,
  'polar-version': process.env.BENCH_API_VERSION ?? '2026-10',
};
for (let page = 1; ; page++) {
  const res = await fetch(`${base}/v1/orders/?page=${page}&limit=100`, { headers });
  if (!res.ok) throw new Error(`${res.status} ${await res.text()}`);
  const { items, pagination } = await res.json();
  let out = '';
  for (const item of items) out += `${JSON.stringify(item)}\n`;
  if (!process.stdout.write(out)) await once(process.stdout, 'drain');
  if (items.length === 0 || page >= pagination.max_page) break;
}
