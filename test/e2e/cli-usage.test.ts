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
  s = await startSuite({ apiVersion: '2026-10' });
  const found = await today(`/v1/customers/?query=${encodeURIComponent(s.demo.customer_email)}`);
  jane = found.items[0];
  expect(jane).toBeDefined();
});
afterAll(() => s.svc.stop());

const run = (args: string[], input?: string, env: Record<string, string> = {}) =>
  s.run(args, { env: { BILLING_ORG: s.demo.organization_id, ...env }, input });

/** The service's own answer at 2026-10. */
const today = (path: string, init: { method?: string; body?: unknown } = {}): Promise<Json> =>
  s.call(init.method ?? 'GET', path, init.body);

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
    const r = await run(['events', 'list'], undefined, { BILLING_API_VERSION: 'none' });
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
      { env: { ...s.env, BILLING_ORG: s.demo.organization_id, NO_COLOR: '1' } },
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

describe('meters', () => {
  let meter: Json;
  beforeAll(async () => {
    // Three days of e2e_metered events for jane, ending a day before the sandbox's now.
    const end = Date.parse((await today('/__local/clock')).now) - 86_400_000;
    const lines = Array.from({ length: 90 }, (_, i) =>
      JSON.stringify({
        name: 'e2e_metered',
        customer_id: jane.id,
        timestamp: new Date(end - i * 3_600_000 * 0.8).toISOString(),
        metadata: { tokens: 10, model: i % 3 ? 'small' : 'large' },
      }),
    ).join('\n');
    expect((await run(['events', 'ingest'], lines)).code).toBe(0);
  });

  it('create --filter --aggregation: the real Filter and aggregation; the card says them back', async () => {
    const r = await run([
      'meters',
      'create',
      '--name',
      'E2E tokens',
      '--filter',
      'name = e2e_metered and (metadata.model = small or metadata.tokens > 100)',
      '--aggregation',
      'sum:metadata.tokens',
      '--json',
    ]);
    expect(r).toMatchObject({ code: 0, stderr: '' });
    meter = JSON.parse(r.stdout);
    expect(meter).toEqual(await today(`/v1/meters/${meter.id}`));
    expect(meter.aggregation).toMatchObject({ func: 'sum' });
    expect(meter.filter.conjunction).toBe('and');
    const card = await run(['meters', 'get', 'e2e tokens']);
    expect(card.stdout).toContain(
      'filter_text\tname = e2e_metered and (metadata.model = small or metadata.tokens > 100)\n' +
        'aggregation_text\tsum:metadata.tokens\n',
    );
  });

  it("list --query: TSV of the service's answer", async () => {
    const [r, answer] = await Promise.all([
      run(['meters', 'list', '--query', 'E2E']),
      today('/v1/meters/?query=E2E'),
    ]);
    expect(r).toMatchObject({ code: 0, stderr: '' });
    expect(tsv(r.stdout).rows.map((row) => row.slice(0, 3))).toEqual(
      answer.items.map((m: Json) => [m.id, m.name, m.aggregation.func]),
    );
  });

  it('quantities --interval day: TSV of period and quantity, as the service computes them', async () => {
    const to = (await today('/__local/clock')).now;
    const from = new Date(Date.parse(to) - 6 * 86_400_000).toISOString();
    const q = `start_timestamp=${encodeURIComponent(from)}&end_timestamp=${encodeURIComponent(to)}&interval=day`;
    const [r, answer] = await Promise.all([
      run(['meters', 'quantities', meter.id, '--from', from, '--to', to]),
      today(`/v1/meters/${meter.id}/quantities?${q}`),
    ]);
    expect(r).toMatchObject({ code: 0, stderr: '' });
    const { header, rows } = tsv(r.stdout);
    expect(header).toEqual(['PERIOD', 'QUANTITY']);
    expect(rows).toEqual(answer.quantities.map((x: Json) => [x.timestamp, String(x.quantity)]));
    // 60 of the 90 events are "small", 10 tokens each.
    expect(answer.total).toBe(600);
    const json = await run([
      'meters',
      'quantities',
      'E2E tokens',
      '--from',
      from,
      '--to',
      to,
      '--json',
    ]);
    expect(JSON.parse(json.stdout)).toEqual(answer);
  });

  it('quantities on an 80-column terminal without colour: a bar per day, and the total', async () => {
    const to = (await today('/__local/clock')).now;
    const t = spawnTerminal(
      [
        process.execPath,
        BIN,
        'meters',
        'quantities',
        'E2E tokens',
        '--to',
        to,
        '--interval',
        'day',
      ],
      { env: { ...s.env, BILLING_ORG: s.demo.organization_id, NO_COLOR: '1' }, cols: 80 },
    );
    try {
      const { code } = await t.exited;
      expect(code).toBe(0);
      const lines = t.output.replace(/\r/g, '').trimEnd().split('\n');
      expect(lines[0]).toMatch(/^E2E tokens \(sum:metadata\.tokens\), .* by day$/);
      expect(lines.at(-1)).toBe('Total: 600');
      const bars = lines.filter((l) => /^\d{4}-\d{2}-\d{2} +│/.test(l));
      expect(bars).toHaveLength(31);
      for (const l of lines) expect([...l].length).toBeLessThanOrEqual(80);
      expect(bars.some((l) => /█/.test(l))).toBe(true);
      expect(t.output).not.toContain('\x1b[3');
    } finally {
      t.kill();
    }
  });

  it('update --name, then --archive and --unarchive', async () => {
    const renamed = await run([
      'meters',
      'update',
      meter.id,
      '--name',
      'E2E small tokens',
      '--json',
    ]);
    expect(renamed.code).toBe(0);
    expect(JSON.parse(renamed.stdout)).toMatchObject({
      name: 'E2E small tokens',
      aggregation: { func: 'sum' },
    });
    const archived = await run([
      'meters',
      'update',
      'E2E small tokens',
      '--archive',
      '--fields',
      'archived_at',
    ]);
    expect(archived.code).toBe(0);
    expect(archived.stdout).toMatch(/^archived_at\t\d{4}-/);
    const listed = await run(['meters', 'list', '--archived', '--query', 'E2E', '-o', 'ndjson']);
    expect(ndjson(listed.stdout).map((m) => m.id)).toContain(meter.id);
    const back = await run(['meters', 'update', meter.id, '--unarchive', '--json']);
    expect(JSON.parse(back.stdout).archived_at).toBeNull();
  });

  it("the service's refusal: a meter that counts events keeps its aggregation (exit 2, the field named)", async () => {
    const r = await run(['meters', 'update', meter.id, '--aggregation', 'count']);
    expect(r).toEqual({
      code: 2,
      stdout: '',
      stderr:
        'billing: the server rejected the request (422)\n' +
        "  aggregation: This field can't be updated because the meter is already aggregating events.\n",
    });
  });
});

describe('the loop: a metered price charged at the period end', () => {
  afterAll(async () => {
    await run(['clock', 'reset']);
  });

  it('meter, metered price, subscription; 3 000 events ingested twice; a month later one order line for them', async () => {
    const meter = JSON.parse(
      (
        await run([
          'meters',
          'create',
          '--name',
          'E2E loop calls',
          '--filter',
          'name = e2e_loop',
          '--aggregation',
          'count',
          '--json',
        ])
      ).stdout,
    );
    const product = await today('/v1/products/', {
      method: 'POST',
      body: {
        organization_id: s.demo.organization_id,
        name: 'E2E loop API',
        recurring_interval: 'month',
        prices: [
          { amount_type: 'fixed', price_amount: 900 },
          { amount_type: 'metered_unit', meter_id: meter.id, unit_amount: '0.5' },
        ],
      },
    });
    const checkout = JSON.parse(
      (
        await run([
          'checkout',
          'create',
          '--product',
          product.id,
          '--email',
          'loop@example.com',
          '--json',
        ])
      ).stdout,
    );
    const paid = await fetch(checkout.url, {
      method: 'POST',
      body: new URLSearchParams({ action: 'pay', customer_name: 'Loop', billing_country: 'US' }),
      redirect: 'manual',
    });
    expect(paid.status).toBe(303);
    expect((await run(['clock', 'advance', '2w'])).code).toBe(0);
    const now = Date.parse((await today('/__local/clock')).now);
    const customer = (await today(`/v1/checkouts/${checkout.id}`)).customer_id;
    const input = Array.from({ length: 3000 }, (_, i) =>
      JSON.stringify({
        name: 'e2e_loop',
        customer_id: customer,
        timestamp: new Date(now - (i + 1) * 60_000).toISOString(),
      }),
    ).join('\n');
    expect((await run(['events', 'ingest', '-'], input)).stdout).toBe(
      'inserted\t3000\nduplicates\t0\n',
    );
    expect((await run(['events', 'ingest', '-'], input)).stdout).toBe(
      'inserted\t0\nduplicates\t3000\n',
    );
    expect((await run(['clock', 'advance', '1mo'])).code).toBe(0);
    const r = await run([
      'orders',
      'list',
      '--customer',
      'loop@example.com',
      '--limit',
      '1',
      '--json',
    ]);
    expect(r).toMatchObject({ code: 0, stderr: '' });
    const [order] = JSON.parse(r.stdout);
    expect(order.billing_reason).toBe('subscription_cycle');
    // 3 000 calls at 0.5 cent, each counted once though ingested twice.
    expect(order.items.map((i: Json) => i.amount)).toEqual([900, 1500]);
  });
});

describe('customers usage', () => {
  it('by email and by your own id: each meter, consumed, credited, balance, as the service says', async () => {
    const external = `e2e-usage-${Date.now()}`;
    const customer = await today('/v1/customers/', {
      method: 'POST',
      body: {
        email: `${external}@example.com`,
        external_id: external,
        organization_id: s.demo.organization_id,
      },
    });
    const meter = JSON.parse(
      (
        await run([
          'meters',
          'create',
          '--name',
          'E2E usage calls',
          '--filter',
          'name = e2e_usage',
          '--aggregation',
          'count',
          '--json',
        ])
      ).stdout,
    );
    const end = Date.parse((await today('/__local/clock')).now) - 60_000;
    const input = Array.from({ length: 7 }, (_, i) =>
      JSON.stringify({
        name: 'e2e_usage',
        external_customer_id: external,
        timestamp: new Date(end - i * 1000).toISOString(),
      }),
    ).join('\n');
    expect((await run(['events', 'ingest'], input)).code).toBe(0);
    const [byEmail, answer] = await Promise.all([
      run(['customers', 'usage', customer.email]),
      today(`/v1/customer-meters/?customer_id=${customer.id}`),
    ]);
    expect(byEmail).toMatchObject({ code: 0, stderr: '' });
    const { header, rows } = tsv(byEmail.stdout);
    expect(header).toEqual(['METER', 'CONSUMED', 'CREDITED', 'BALANCE', 'METER ID']);
    expect(rows).toEqual(
      answer.items.map((m: Json) => [
        m.meter.name,
        String(m.consumed_units),
        String(m.credited_units),
        String(m.balance),
        m.meter_id,
      ]),
    );
    expect(rows).toContainEqual(['E2E usage calls', '7', '0', '-7', meter.id]);
    const byExternal = await run(['customers', 'usage', '--external-id', external, '--json']);
    expect(JSON.parse(byExternal.stdout)).toEqual(answer.items);
  });
});
