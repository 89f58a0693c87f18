// `billing events …`, `billing meters …` and `billing customers usage` end to end in today's
// generation (BILLING_API_VERSION=2026-10): the built bin against the local service, each run
// checked against what the service itself answers to the same version. Ingest is resumable
// through the real de-duplication by (organization_id, external_id) (event/repository.py
// insert_batch at c6c3645e).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawnTerminal } from '../helpers/pty.js';
import { BIN, type Json, ndjson, type Suite, startSuite, tsv } from './cli.js';

let s: Suite;
let jane: Json;
beforeAll(async () => {
  s = await startSuite();
  const found = await today(`/v1/customers/?query=${encodeURIComponent(s.demo.customer_email)}`);
  jane = found.items[0];
  expect(jane).toBeDefined();
});
afterAll(() => s.svc.stop());

const TODAY = { BILLING_API_VERSION: '2026-10' };
const run = (args: string[], input?: string, env: Record<string, string> = {}) =>
  s.run(args, { env: { ...TODAY, BILLING_ORG: s.demo.organization_id, ...env }, input });

/** The service's own answer at 2026-10. */
async function today(path: string, init: { method?: string; body?: unknown } = {}): Promise<Json> {
  const res = await fetch(s.url + path, {
    method: init.method ?? 'GET',
    headers: {
      authorization: `Bearer ${s.demo.personal_access_token}`,
      'polar-version': '2026-10',
      ...(init.body ? { 'content-type': 'application/json' } : {}),
    },
    ...(init.body ? { body: JSON.stringify(init.body) } : {}),
  });
  expect(res.status).toBeLessThan(300);
  return res.json();
}

/** `n` NDJSON events of `name` for jane, a second apart, ending a minute ago. */
function events(n: number, name: string): string {
  const end = Date.now() - 60_000;
  return Array.from({ length: n }, (_, i) =>
    JSON.stringify({
      name,
      customer_id: jane.id,
      timestamp: new Date(end - (n - i) * 1000).toISOString(),
      metadata: { tokens: (i % 7) + 1 },
    }),
  ).join('\n');
}

describe('events ingest', () => {
  it('2 500 events from stdin in batches of 1 000; again: all duplicates, nothing twice', async () => {
    const input = events(2500, 'e2e_request');
    const first = await run(['events', 'ingest'], input);
    expect(first).toEqual({ code: 0, stdout: 'inserted\t2500\nduplicates\t0\n', stderr: '' });
    const again = await run(['events', 'ingest', '--json'], input);
    expect(again.code).toBe(0);
    expect(JSON.parse(again.stdout)).toEqual({ inserted: 0, duplicates: 2500 });
    const listed = await today('/v1/events/?name=e2e_request&limit=1');
    expect(listed.pagination.total_count).toBe(2500);
  });

  it('interrupted half way (the first 1 000 sent): the same input again inserts only the rest', async () => {
    const input = events(1500, 'e2e_resumed');
    const head = input.split('\n').slice(0, 1000).join('\n');
    expect((await run(['events', 'ingest'], head)).stdout).toBe('inserted\t1000\nduplicates\t0\n');
    const r = await run(['events', 'ingest'], input);
    expect(r).toEqual({ code: 0, stdout: 'inserted\t500\nduplicates\t1000\n', stderr: '' });
  });

  it('a bad line: one line naming it, exit 2, nothing sent', async () => {
    const input = `${events(3, 'e2e_bad')}\n{"name": "e2e_bad", "customer_id": "jane"}\n`;
    const r = await run(['events', 'ingest'], input);
    expect(r).toEqual({
      code: 2,
      stdout: '',
      stderr: 'billing: stdin: line 4: customer_id: must be a UUID\n',
    });
    expect((await today('/v1/events/?name=e2e_bad&limit=1')).pagination.total_count).toBe(0);
  });

  it("the service's refusal (a timestamp in the sandbox clock's future) names the event", async () => {
    const future = JSON.stringify({
      name: 'e2e_future',
      customer_id: jane.id,
      timestamp: new Date(Date.now() + 86_400_000).toISOString(),
    });
    const r = await run(['events', 'ingest'], future);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/^billing: .*\n/);
    // The service names the event by its index in the batch; the CLI by its line.
    expect(r.stderr).toContain(
      '  line 1, EventCreateCustomer.timestamp: Value error, Timestamp must be in the past.\n',
    );
  });
});

describe('events list and get', () => {
  beforeAll(async () => {
    await run(['events', 'ingest'], events(40, 'e2e_listed'));
  });

  it("list --name --customer <email>: TSV of the service's answer", async () => {
    const [r, answer] = await Promise.all([
      run([
        'events',
        'list',
        '--name',
        'e2e_listed',
        '--customer',
        s.demo.customer_email,
        '--limit',
        '5',
      ]),
      today(`/v1/events/?name=e2e_listed&customer_id=${jane.id}&limit=5`),
    ]);
    expect(r).toMatchObject({ code: 0, stderr: '' });
    const { header, rows } = tsv(r.stdout);
    expect(header).toEqual(['ID', 'TIMESTAMP', 'NAME', 'SOURCE', 'CUSTOMER', 'METADATA']);
    expect(rows.map((row) => row[0])).toEqual(answer.items.map((e: Json) => e.id));
    expect(rows[0]!.slice(2, 5)).toEqual(['e2e_listed', 'user', s.demo.customer_email]);
  });

  it('list --from --sort timestamp --all -o ndjson: the window, oldest first', async () => {
    const all = (await today('/v1/events/?name=e2e_listed&limit=100&sorting=timestamp')).items;
    const from = all[10].timestamp;
    const r = await run([
      'events',
      'list',
      '--name',
      'e2e_listed',
      '--from',
      from,
      '--sort',
      'timestamp',
      '--all',
      '-o',
      'ndjson',
    ]);
    expect(r.code).toBe(0);
    const got = ndjson(r.stdout);
    expect(got.length).toBeGreaterThanOrEqual(29);
    expect(got.every((e) => Date.parse(e.timestamp) >= Date.parse(from))).toBe(true);
    const times = got.map((e) => Date.parse(e.timestamp));
    expect(times).toEqual([...times].sort((a, b) => a - b));
  });

  it('get <id> --json: the API object', async () => {
    const [one] = (await today('/v1/events/?name=e2e_listed&limit=1')).items;
    const r = await run(['events', 'get', one.id, '--json']);
    expect(r).toMatchObject({ code: 0, stderr: '' });
    expect(JSON.parse(r.stdout)).toEqual(await today(`/v1/events/${one.id}`));
  });

  it("without today's API: one line saying so", async () => {
    const r = await run(['events', 'list'], undefined, { BILLING_API_VERSION: '' });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain("events need today's API (2026-04 or later)");
  });
});

describe('events list --follow in a terminal', () => {
  it('shows new events as they are ingested; Ctrl+C ends it with exit 130', async () => {
    await run(['events', 'ingest'], events(3, 'e2e_followed'));
    const t = spawnTerminal(
      [
        process.execPath,
        BIN,
        'events',
        'list',
        '--follow',
        '--interval',
        '0.2',
        '--name',
        'e2e_followed',
        '-o',
        'ndjson',
      ],
      { env: { ...s.env, ...TODAY, BILLING_ORG: s.demo.organization_id, NO_COLOR: '1' } },
    );
    try {
      await t.waitFor(/("name":"e2e_followed"[\s\S]*){3}/);
      await run(
        ['events', 'ingest'],
        JSON.stringify({
          name: 'e2e_followed',
          customer_id: jane.id,
          external_id: 'followed-4',
          metadata: { n: 4 },
        }),
      );
      await t.waitFor(/"n":4/);
      t.write('\x03');
      const { code } = await t.exited;
      expect(code).toBe(130);
      expect(t.output).toContain('billing: interrupted');
      expect(t.output.match(/"name":"e2e_followed"/g)).toHaveLength(4);
    } finally {
      t.kill();
    }
  });
});

// The service side (branch h-usage) has no meters or customer meters yet: these wait for
// GET/POST /v1/meters/, PATCH /v1/meters/{id}, GET /v1/meters/{id}/quantities and
// GET /v1/customer-meters/.
describe.skip('meters and customer meters (waiting for /v1/meters/ and /v1/customer-meters/ in the service)', () => {
  it('placeholder', () => {});
});
