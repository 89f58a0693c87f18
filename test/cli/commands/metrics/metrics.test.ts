// billing metrics: argv -> options or the exact usage error; options + scripted answers ->
// output. Metrics are today's API only (2026-10): the service's now comes from the Date of its
// limits answer, and on the seed's generation nothing is sent.
import { stripVTControlCharacters } from 'node:util';
import { describe, expect, it } from 'vitest';
import {
  buildMetrics,
  type MetricsOptions,
  runMetrics,
} from '../../../../src/cli/commands/metrics/metrics.js';
import { DEFAULT_METRICS } from '../../../../src/cli/commands/metrics/range.js';
import type { ScriptedHost } from '../../../helpers/http.js';
import { execute, ID, ORG, parse } from '../verb.js';
import { LIMITS, WEEK, WEEK_BEFORE } from './fixtures.js';

const TODAY = { env: { BILLING_API_VERSION: '2026-10' } };
const base: MetricsOptions = {
  interval: 'day',
  metrics: [...DEFAULT_METRICS],
  timezone: 'UTC',
  output: {},
};

describe('metrics: argv -> options', () => {
  it.each([
    [[], base],
    [
      ['--from', '2026-01-01', '--to', '2026-12-31', '--interval', 'month'],
      { ...base, from: '2026-01-01', to: '2026-12-31', interval: 'month' },
    ],
    [
      ['--metric', 'mrr,ARR', '--metric', 'churn_rate', '--metric', 'mrr'],
      {
        ...base,
        metrics: ['monthly_recurring_revenue', 'annual_recurring_revenue', 'churn_rate'],
      },
    ],
    [
      ['--product', ID, '--org', ORG.toUpperCase(), '--timezone', 'Europe/Paris'],
      { ...base, product_id: [ID], organization_id: [ORG], timezone: 'Europe/Paris' },
    ],
    [['--watch'], { ...base, watch: 5 }],
    [['--watch', '2', '--json'], { ...base, watch: 2, output: { json: true } }],
    [['-o', 'tsv'], { ...base, output: { output: 'tsv' } }],
  ])('%j', async (argv, options) => {
    expect(await parse(buildMetrics, 'metrics', argv)).toEqual({ options, code: 0, stderr: '' });
  });

  it('the time zone comes from TZ when it names one', async () => {
    const parsed = await parse(buildMetrics, 'metrics', [], { env: { TZ: 'Asia/Kolkata' } });
    expect(parsed.options?.timezone).toBe('Asia/Kolkata');
    const odd = await parse(buildMetrics, 'metrics', [], { env: { TZ: ':/etc/localtime' } });
    expect(odd.options?.timezone).toBe('UTC');
  });

  it.each([
    [['--from', '2026-02-30'], 'billing: --from: "2026-02-30" is not a date (YYYY-MM-DD)\n'],
    [['--to', 'yesterday'], 'billing: --to: "yesterday" is not a date (YYYY-MM-DD)\n'],
    [
      ['--from', '2026-05-01', '--to', '2026-04-01'],
      'billing: --from: 2026-05-01 is after --to 2026-04-01\n',
    ],
    [
      ['--metric', 'mrr,profit'],
      'billing: --metric: "profit" is not a metric; e.g. revenue, mrr, orders, churned ' +
        '(all of them: billing metrics --help)\n',
    ],
    [['--metric', ','], 'billing: --metric: name at least one metric\n'],
    [
      ['--interval', 'fortnight'],
      "billing: option '--interval <period>' argument 'fortnight' is invalid. Allowed choices " +
        'are hour, day, week, month, year.\n',
    ],
    [
      ['--timezone', '+02:00'],
      'billing: --timezone: "+02:00" is not a time zone (e.g. Europe/Paris, UTC)\n',
    ],
    [['--product', 'p-1'], 'billing: --product: "p-1" is not a UUID\n'],
    [['--watch', '0'], 'billing: --watch: "0" is not a number of seconds from 1 to 3600\n'],
  ])('%j -> usage error, nothing runs', async (argv, stderr) => {
    expect(await parse(buildMetrics, 'metrics', argv)).toEqual({ code: 2, stderr });
  });
});

/** The service's clock, as its answers' Date says: a day after the week of the fixtures. */
const SERVICE_NOW = 'Tue, 24 Nov 2026 09:00:00 GMT';
const dated = { headers: { 'content-type': 'application/json', date: SERVICE_NOW } };
const metricsPath = (from: string, to: string, metrics: readonly string[] = DEFAULT_METRICS) =>
  `/v1/metrics/?start_date=${from}&end_date=${to}&interval=day&timezone=UTC` +
  metrics.map((m) => `&metrics=${m}`).join('');

function answers(pool: ScriptedHost, previous = true) {
  pool.intercept({ path: '/v1/metrics/limits', method: 'GET' }).reply(200, LIMITS, dated);
  pool
    .intercept({ path: metricsPath('2026-11-17', '2026-11-23'), method: 'GET' })
    .reply(200, WEEK, dated);
  if (previous)
    pool
      .intercept({ path: metricsPath('2026-11-10', '2026-11-16'), method: 'GET' })
      .reply(200, WEEK_BEFORE, dated);
}

const week = { ...base, from: '2026-11-17', to: '2026-11-23' };

describe('metrics: options + answers -> output', () => {
  it('a pipe gets TSV of periods × metrics, amounts in cents; no previous range is asked', async () => {
    const r = await execute(runMetrics, week, { ...TODAY, http: (pool) => answers(pool, false) });
    expect(r).toEqual({
      code: 0,
      stdout:
        'period\trevenue\tmonthly_recurring_revenue\torders\tactive_subscriptions\t' +
        'new_subscriptions\tchurned_subscriptions\n' +
        '2026-11-17T00:00:00Z\t1900\t50000\t1\t14\t0\t0\n' +
        '2026-11-18T00:00:00Z\t0\t50000\t0\t14\t0\t0\n' +
        '2026-11-19T00:00:00Z\t4900\t51900\t1\t15\t1\t0\n' +
        '2026-11-20T00:00:00Z\t7900\t51900\t1\t15\t0\t0\n' +
        '2026-11-21T00:00:00Z\t0\t53800\t0\t16\t1\t0\n' +
        '2026-11-22T00:00:00Z\t29000\t53800\t1\t16\t0\t1\n' +
        '2026-11-23T00:00:00Z\t2500\t55364\t1\t16\t0\t0\n',
      stderr: '',
    });
  });

  it('--json prints the API object; -o ndjson a period per line', async () => {
    const json = await execute(
      runMetrics,
      { ...week, output: { json: true } },
      { ...TODAY, http: (pool) => answers(pool, false) },
    );
    expect(json).toEqual({ code: 0, stdout: `${JSON.stringify(WEEK, null, 2)}\n`, stderr: '' });
    const nd = await execute(
      runMetrics,
      { ...week, output: { output: 'ndjson' } },
      { ...TODAY, http: (pool) => answers(pool, false) },
    );
    expect(
      nd.stdout
        .split('\n')
        .slice(0, -1)
        .map((l) => JSON.parse(l)),
    ).toEqual(WEEK.periods);
  });

  it('a terminal gets the dashboard, the change measured against the week before', async () => {
    const r = await execute(runMetrics, week, {
      ...TODAY,
      tty: true,
      http: (pool) => answers(pool),
    });
    expect([r.code, r.stderr]).toEqual([0, '']);
    const lines = stripVTControlCharacters(r.stdout).split('\n');
    expect(lines[0]).toBe('2026-11-17 → 2026-11-23 · by day · UTC');
    expect(lines[2]).toBe('Revenue  $462.00  ▲ 89.3% vs previous');
    expect(lines.filter((l) => / vs previous$/.test(l))).toHaveLength(6);
    // The terminal's 100 columns.
    expect(lines.at(-3)).toBe(`        └${'─'.repeat(91)}`);
  });

  it("without --to the range ends today by the service's clock, in the time zone", async () => {
    const r = await execute(
      runMetrics,
      { ...base, metrics: ['orders'], timezone: 'Pacific/Kiritimati' },
      {
        ...TODAY,
        http: (pool) => {
          pool.intercept({ path: '/v1/metrics/limits' }).reply(200, LIMITS, dated);
          // 09:00 UTC on the 24th is 23:00 on the 24th at UTC+14: the last 30 days to it.
          pool
            .intercept({
              path:
                '/v1/metrics/?start_date=2026-10-26&end_date=2026-11-24&interval=day&' +
                'timezone=Pacific%2FKiritimati&metrics=orders',
            })
            .reply(200, { periods: [], totals: {}, metrics: {} }, dated);
        },
      },
    );
    expect(r).toEqual({ code: 0, stdout: 'period\torders\n', stderr: '' });
  });

  it('on a terminal, cancellations come with the reasons customers gave', async () => {
    const reasons = [
      'canceled_subscriptions',
      'canceled_subscriptions_customer_service',
      'canceled_subscriptions_low_quality',
      'canceled_subscriptions_missing_features',
      'canceled_subscriptions_switched_service',
      'canceled_subscriptions_too_complex',
      'canceled_subscriptions_too_expensive',
      'canceled_subscriptions_unused',
      'canceled_subscriptions_other',
    ];
    const empty = { periods: [], totals: {}, metrics: {} };
    const r = await execute(
      runMetrics,
      { ...week, metrics: ['canceled_subscriptions'] },
      {
        ...TODAY,
        tty: true,
        http: (pool) => {
          pool.intercept({ path: '/v1/metrics/limits' }).reply(200, LIMITS, dated);
          pool
            .intercept({ path: metricsPath('2026-11-17', '2026-11-23', reasons) })
            .reply(200, empty, dated);
          pool
            .intercept({ path: metricsPath('2026-11-10', '2026-11-16', reasons) })
            .reply(200, empty, dated);
        },
      },
    );
    expect([r.code, r.stderr]).toEqual([0, '']);
  });

  it('a range longer than the interval allows is refused before it is asked for', async () => {
    const r = await execute(
      runMetrics,
      { ...base, from: '2025-01-01', to: '2026-06-30' },
      {
        ...TODAY,
        http: (pool) => pool.intercept({ path: '/v1/metrics/limits' }).reply(200, LIMITS, dated),
      },
    );
    expect(r).toEqual({
      code: 2,
      stdout: '',
      stderr:
        'billing: --from: 2025-01-01 to 2026-06-30 is too long for --interval day (at most 366 ' +
        'days apart); use a longer --interval or a shorter range\n',
    });
  });

  it('--watch needs a terminal', async () => {
    expect(await execute(runMetrics, { ...week, watch: 5 }, TODAY)).toEqual({
      code: 2,
      stdout: '',
      stderr: 'billing: --watch: redraws a terminal; in a script, run billing metrics again\n',
    });
  });

  it("on the seed's generation: one line with the command to run, nothing sent", async () => {
    expect(await execute(runMetrics, base)).toEqual({
      code: 2,
      stdout: '',
      stderr:
        "billing: metrics need today's API (2026-04 or later): run billing metrics " +
        '--api-version 2026-10, or set api_version\n',
    });
  });
});
