// billing meters quantities: argv -> options or the exact usage error; options + answers ->
// a chart on a terminal (a bar per interval, readable at 80 columns, with colour off), TSV of
// period and quantity in a pipe, the API's object with --json. Requests are checked against the
// real 2026-10 description (meters:quantities).
import { stripVTControlCharacters } from 'node:util';
import { describe, expect, it } from 'vitest';
import { periodLabel } from '../../../../src/cli/commands/meters/chart.js';
import {
  buildQuantities,
  type QuantitiesOptions,
  runQuantities,
} from '../../../../src/cli/commands/meters/quantities.js';
import { requestErrors } from '../../../conformance/openapi.js';
import type { ScriptedHost } from '../../../helpers/http.js';
import { CUSTOMER_ID, METER, QUANTITIES } from '../events/fixtures.js';
import { execute, ID2, json, parse } from '../verb.js';

const TODAY = { BILLING_API_VERSION: '2026-10' };
const Q_PATH =
  `/v1/meters/${ID2}/quantities?start_timestamp=2026-11-01T00%3A00%3A00.000Z` +
  '&end_timestamp=2026-11-04T00%3A00%3A00.000Z&interval=day';

describe('meters quantities: argv -> options', () => {
  it.each([
    [[ID2], { id: ID2, interval: 'day', output: {} }],
    [
      [
        'API requests',
        '--from',
        '2026-11-01',
        '--to',
        '2026-12-01',
        '--interval',
        'week',
        '--timezone',
        'Europe/Paris',
        '--customer',
        'Jane@example.com',
        '--external-customer',
        'user_1',
        '--json',
      ],
      {
        id: 'API requests',
        from: '2026-11-01T00:00:00.000Z',
        to: '2026-12-01T00:00:00.000Z',
        interval: 'week',
        timezone: 'Europe/Paris',
        customer: ['jane@example.com'],
        externalCustomer: ['user_1'],
        output: { json: true },
      },
    ],
  ])('%j', async (argv, options) => {
    expect(await parse(buildQuantities, 'quantities', argv, { noun: 'meters' })).toEqual({
      options,
      code: 0,
      stderr: '',
    });
  });

  it.each([
    [
      [ID2, '--interval', 'minute'],
      'billing: --interval: "minute" is not one of hour, day, week, month, year\n',
    ],
    [[ID2, '--from', '2026-12-01', '--to', '2026-11-01'], 'billing: --from: must be before --to\n'],
    [
      [ID2, '--timezone', 'Paris time'],
      'billing: --timezone: "Paris time" is not an IANA time zone (e.g. Europe/Paris)\n',
    ],
    [
      [ID2, '--to', 'soon'],
      'billing: --to: "soon" is not an ISO 8601 date-time (e.g. 2027-01-31T00:00:00Z) or date\n',
    ],
  ])('%j -> usage error', async (argv, stderr) => {
    expect(await parse(buildQuantities, 'quantities', argv, { noun: 'meters' })).toEqual({
      code: 2,
      stderr,
    });
  });
});

describe('meters quantities: options + answers -> output', () => {
  const options: QuantitiesOptions = {
    id: ID2,
    from: '2026-11-01T00:00:00.000Z',
    to: '2026-11-04T00:00:00.000Z',
    interval: 'day',
    output: {},
  };

  /** The meter, then its quantities at `path` (checked against the 2026-10 description). */
  function answers(path: string | ((p: string) => boolean), seen: string[] = [], date?: string) {
    const headers = date ? { ...json.headers, date } : json.headers;
    return (pool: ScriptedHost) => {
      pool.intercept({ path: `/v1/meters/${ID2}` }).reply(200, METER, { headers });
      pool.intercept({ path }).reply((req) => {
        seen.push(req.path);
        expect(requestErrors('GET', req.path, undefined)).toEqual([]);
        return { statusCode: 200, data: QUANTITIES, responseOptions: json };
      });
    };
  }

  it('a pipe gets TSV of period and quantity', async () => {
    const r = await execute(runQuantities, options, { env: TODAY, http: answers(Q_PATH) });
    expect(r).toEqual({
      code: 0,
      stdout:
        'PERIOD\tQUANTITY\n2026-11-01T00:00:00Z\t10\n2026-11-02T00:00:00Z\t40\n2026-11-03T00:00:00Z\t0\n',
      stderr: '',
    });
  });

  it('--json: the API object', async () => {
    const r = await execute(
      runQuantities,
      { ...options, output: { json: true } },
      {
        env: TODAY,
        http: answers(Q_PATH),
      },
    );
    expect(JSON.parse(r.stdout)).toEqual(QUANTITIES);
  });

  it("without --from and --to: the 30 days up to the service's now (its Date), not this machine's", async () => {
    const seen: string[] = [];
    const r = await execute(
      runQuantities,
      { id: ID2, interval: 'week', output: {} },
      {
        env: TODAY,
        http: answers(
          (p) => p.startsWith(`/v1/meters/${ID2}/quantities?`),
          seen,
          'Fri, 01 Jan 2027 00:00:00 GMT',
        ),
      },
    );
    expect(r.code).toBe(0);
    const q = new URL(seen[0]!, 'http://x').searchParams;
    expect([q.get('start_timestamp'), q.get('end_timestamp'), q.get('interval')]).toEqual([
      '2026-12-02T00:00:00.000Z',
      '2027-01-01T00:00:00.000Z',
      'week',
    ]);
  });

  it('a terminal of 80 columns, NO_COLOR: a bar per day scaled to the largest, and the total', async () => {
    const r = await execute(runQuantities, options, {
      env: { ...TODAY, NO_COLOR: '1' },
      tty: true,
      columns: 80,
      http: (pool) => {
        pool.intercept({ path: Q_PATH }).reply(200, QUANTITIES, json);
        pool.intercept({ path: `/v1/meters/${ID2}` }).reply(200, METER, json);
      },
    });
    expect(r.code).toBe(0);
    expect(r.stdout).toBe(stripVTControlCharacters(r.stdout));
    const lines = r.stdout.split('\n');
    expect(lines[0]).toBe('API requests (count), 2026-11-01 to 2026-11-04, by day');
    const bars = lines.slice(2, 5);
    for (const l of bars) expect([...l].length).toBeLessThanOrEqual(80);
    expect(bars[0]).toMatch(/^2026-11-01 │█+\S* +10$/);
    expect(bars[1]).toMatch(/^2026-11-02 │█+ +40$/);
    expect(bars[2]).toMatch(/^2026-11-03 │ +0$/);
    // 40 fills the room; 10 is a quarter of it (to the eighth of a cell).
    const cells = (l: string) => l.replace(/^.*│/, '').replace(/ +\d+$/, '');
    const eighths = (s: string) => [...s].reduce((n, ch) => n + ('▏▎▍▌▋▊▉█'.indexOf(ch) + 1), 0);
    expect(eighths(cells(bars[0]!)) / eighths(cells(bars[1]!))).toBeCloseTo(0.25, 1);
    expect(lines.at(-2)).toBe('Total: 50');
  });

  it('more intervals than bars: columns, folded into the width', async () => {
    const hours = Array.from({ length: 24 * 7 }, (_, i) => ({
      timestamp: new Date(Date.UTC(2026, 10, 1, i)).toISOString().replace('.000Z', 'Z'),
      quantity: i % 24,
    }));
    const r = await execute(
      runQuantities,
      { ...options, interval: 'hour', to: '2026-11-08T00:00:00.000Z' },
      {
        env: { ...TODAY, NO_COLOR: '1' },
        tty: true,
        columns: 80,
        http: (pool) => {
          pool
            .intercept({ path: (p) => p.startsWith(`/v1/meters/${ID2}/quantities?`) })
            .reply(200, { quantities: hours, total: 7 * 276 }, json);
          pool.intercept({ path: `/v1/meters/${ID2}` }).reply(200, METER, json);
        },
      },
    );
    expect(r.code).toBe(0);
    const lines = stripVTControlCharacters(r.stdout).split('\n');
    expect(lines.length).toBeLessThan(20);
    for (const l of lines) expect([...l].length).toBeLessThanOrEqual(80);
    expect(r.stdout).toMatch(/[▁▂▃▄▅▆▇█]/);
    expect(r.stdout).toContain('Total: 1,932');
  });

  it('--customer by email is looked up and sent as customer_id', async () => {
    const r = await execute(
      runQuantities,
      { ...options, customer: ['jane@example.com'], output: { json: true } },
      {
        env: TODAY,
        http: (pool) => {
          pool.intercept({ path: `/v1/meters/${ID2}` }).reply(200, METER, json);
          pool
            .intercept({ path: '/v1/customers/?query=jane%40example.com&page=1&limit=100' })
            .reply(
              200,
              {
                items: [{ id: CUSTOMER_ID, email: 'jane@example.com' }],
                pagination: { total_count: 1, max_page: 1 },
              },
              json,
            );
          pool
            .intercept({ path: `${Q_PATH}&customer_id=${CUSTOMER_ID}` })
            .reply(200, QUANTITIES, json);
        },
      },
    );
    expect(r).toEqual({ code: 0, stdout: `${JSON.stringify(QUANTITIES, null, 2)}\n`, stderr: '' });
  });

  it('labels read the period in its own time zone', () => {
    expect(periodLabel('2026-11-01T05:00:00+01:00', 'hour')).toBe('2026-11-01 05:00');
    expect(periodLabel('2026-11-01T00:00:00+01:00', 'day')).toBe('2026-11-01');
    expect(periodLabel('2026-11-01T00:00:00Z', 'month')).toBe('2026-11');
    expect(periodLabel('2026-01-01T00:00:00Z', 'year')).toBe('2026');
  });
});
