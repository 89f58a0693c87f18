// `billing metrics` end to end in today's generation (BILLING_API_VERSION=2026-10): the built
// bin against the local service, its numbers checked against what the service answers to the
// same query; `billing clock advance` grows the history it charts; the dashboard's --watch in
// a real pseudo-terminal, ended by Ctrl+C with the screen given back.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { spawnTerminal, type Terminal } from '../helpers/pty.js';
import { BIN, type Json, type Suite, startSuite, tsv } from './cli.js';

let s: Suite;
const open: Terminal[] = [];
beforeAll(async () => {
  s = await startSuite();
});
afterAll(() => s.svc.stop());
afterEach(() => {
  for (const t of open.splice(0)) t.kill();
});

const TODAY = { BILLING_API_VERSION: '2026-10' };
const run = (args: string[]) => s.run(args, { env: TODAY });

/** The service's own answer at 2026-10. */
async function today(path: string): Promise<Json> {
  const res = await fetch(s.url + path, {
    headers: {
      authorization: `Bearer ${s.demo.personal_access_token}`,
      'polar-version': '2026-10',
    },
  });
  expect(res.status).toBe(200);
  return res.json();
}

/** The service clock's date (it moves with `billing clock`). */
async function serviceDate(): Promise<string> {
  const r = await s.run(['clock', '--json']);
  return String(JSON.parse(r.stdout).now).slice(0, 10);
}

const monthStart = (date: string, back: number) => {
  const [y, m] = date.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(y, m - 1 - back, 1)).toISOString().slice(0, 10);
};

describe('billing metrics at 2026-10', () => {
  it("TSV: periods × the chosen metrics, the service's own numbers", async () => {
    const to = await serviceDate();
    const from = monthStart(to, 5);
    const args = ['--from', from, '--to', to, '--interval', 'month'];
    const [r, answer] = await Promise.all([
      run(['metrics', ...args, '--metric', 'revenue,mrr,orders,canceled']),
      today(
        `/v1/metrics/?start_date=${from}&end_date=${to}&interval=month&metrics=revenue&` +
          'metrics=monthly_recurring_revenue&metrics=orders&metrics=canceled_subscriptions',
      ),
    ]);
    expect(r).toMatchObject({ code: 0, stderr: '' });
    const { header, rows } = tsv(r.stdout);
    expect(header).toEqual([
      'period',
      'revenue',
      'monthly_recurring_revenue',
      'orders',
      'canceled_subscriptions',
    ]);
    expect(rows).toEqual(
      answer.periods.map((p: Json) => [
        p.timestamp,
        String(p.revenue),
        String(p.monthly_recurring_revenue),
        String(p.orders),
        String(p.canceled_subscriptions),
      ]),
    );
    // The demo sells: something to chart.
    expect(answer.totals.revenue).toBeGreaterThan(0);
  });

  it('billing clock advance grows the history: renewals are orders, MRR carries on', async () => {
    const from = await serviceDate();
    const to = monthStart(from, -4);
    const query = ['metrics', '--from', from, '--to', to, '--interval', 'month', '--json'];
    const before = JSON.parse((await run(query)).stdout);
    const moved = await s.run(['clock', 'advance', '3mo', '--json']);
    expect(moved.code, moved.stderr).toBe(0);
    const after = await run(query);
    expect(after).toMatchObject({ code: 0, stderr: '' });
    const grown = JSON.parse(after.stdout);
    expect(grown.totals.orders).toBeGreaterThan(before.totals.orders);
    expect(grown.totals.renewed_subscriptions ?? 0).toBe(0); // not asked for: not there
    const months = grown.periods.map((p: Json) => p.orders as number);
    // Renewals every month the clock went through.
    expect(months.slice(1, 3).every((n: number) => n > 0)).toBe(true);
    expect(grown).toEqual(
      await today(
        `/v1/metrics/?start_date=${from}&end_date=${to}&interval=month&metrics=revenue&` +
          'metrics=monthly_recurring_revenue&metrics=orders&metrics=active_subscriptions&' +
          'metrics=new_subscriptions&metrics=churned_subscriptions',
      ),
    );
  });

  it('a range too long for the interval: one line, exit 2', async () => {
    const r = await run(['metrics', '--from', '2025-01-01', '--to', '2026-06-30']);
    expect(r).toEqual({
      code: 2,
      stdout: '',
      stderr:
        'billing: --from: 2025-01-01 to 2026-06-30 is too long for --interval day (at most 366 ' +
        'days apart); use a longer --interval or a shorter range\n',
    });
  });

  it("on the seed's generation: one line saying what to run", async () => {
    const r = await s.run(['metrics']);
    expect(r).toEqual({
      code: 2,
      stdout: '',
      stderr:
        "billing: metrics need today's API (2026-04 or later): run billing metrics " +
        '--api-version 2026-10, or set api_version\n',
    });
  });

  it('--watch redraws the dashboard until Ctrl+C, then gives the screen back (exit 130)', async () => {
    const t = spawnTerminal([process.execPath, BIN, 'metrics', '--watch', '1'], {
      env: { PATH: process.env.PATH, ...s.env, ...TODAY, NO_COLOR: '1' },
      cols: 80,
      rows: 40,
    });
    open.push(t);
    // Two draws: it redraws.
    await t.waitFor(/Monthly Recurring Revenue[\s\S]*Updated[\s\S]*Monthly Recurring Revenue/);
    t.write('\x03');
    const { code } = await t.exited;
    expect(code).toBe(130);
    const out = t.output;
    // The alternate screen was entered, then left with the cursor shown again, after the last draw.
    expect(out).toContain('\x1b[?1049h');
    const restored = out.lastIndexOf('\x1b[?25h\x1b[?1049l');
    expect(restored).toBeGreaterThan(out.lastIndexOf('Ctrl+C to quit'));
    expect(out.slice(restored)).toContain('billing: interrupted');
    // NO_COLOR: no colour in the draws.
    expect(out).not.toContain('\x1b[32m');
    expect(out).not.toContain('\x1b[31m');
  });
});
