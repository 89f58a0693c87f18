// Meter arithmetic against a reference written here (issue 27): random events, filters,
// aggregations, intervals and time zones, ingested and read back through the API. The rules the
// reference restates, from polarsource/polar at c6c3645e (today's generation):
// - meter/filter.py FilterClause.get_sql_clause: name/source take strings only, timestamp an
//   integer (a bool is one) compared with the epoch seconds cast to BIGINT (rounded); a
//   metadata value is compared by its JSON type — a string as text with str(value) ('t'/'f' for
//   booleans), a number with a number (a bool as 1/0), a boolean with a boolean only; like and
//   not_like look for the text in the value's text; a missing value matches nothing.
// - meter/aggregation.py: count; sum/max/min/avg over numbers (events whose property is not a
//   number are left out); unique counts distinct JSON values.
// - meter/service.py get_quantities with kit/time_queries.py: rows from generate_series(start,
//   end, '1 interval') in the zone (iterated, months clamped), each the aggregate of its whole
//   date_trunc period in the zone; the total the sum of the rows (count, sum), their max/min,
//   or for avg/unique the aggregate over every event of the meter.
import fc from 'fast-check';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type Json, type Service, startService } from './helpers.js';

const TODAY = { 'polar-version': '2026-10' };
const ZONES = ['UTC', 'Europe/Paris', 'America/New_York', 'Asia/Kolkata', 'Australia/Lord_Howe'];
const INTERVALS = ['hour', 'day', 'week', 'month', 'year'] as const;
const SPAN_DAYS = { hour: 3, day: 40, week: 70, month: 150, year: 420 };
const WINDOW = [Date.UTC(2026, 0, 20), Date.UTC(2026, 4, 10)] as const;

let s: Service;
let org: string;
beforeAll(async () => {
  s = await startService();
  org = s.demo.organization_id;
});
afterAll(() => s.stop());

type Value = string | number | boolean;
interface Ev {
  ts: number;
  who: string;
  metadata: Record<string, unknown>;
}
interface Clause {
  property: string;
  operator: string;
  value: Value;
}
interface Filter {
  conjunction: 'and' | 'or';
  clauses: (Clause | Filter)[];
}

// --- the reference -------------------------------------------------------------------------

const strValue = (v: Value) => (typeof v === 'boolean' ? (v ? 't' : 'f') : String(v));
function cmp(op: string, a: number | string, b: number | string): boolean {
  switch (op) {
    case 'eq':
      return a === b;
    case 'ne':
      return a !== b;
    case 'gt':
      return a > b;
    case 'gte':
      return a >= b;
    case 'lt':
      return a < b;
    default:
      return a <= b;
  }
}
function nested(m: Record<string, unknown>, path: string): unknown {
  let v: unknown = m;
  for (const part of path.replace(/^metadata\./, '').split('.'))
    v = v && typeof v === 'object' ? (v as Json)[part] : undefined;
  return v;
}
function clauseMatches(e: Ev & { name: string }, c: Clause): boolean {
  const prop = c.property.replace(/^metadata\./, '');
  const like = c.operator === 'like' || c.operator === 'not_like';
  const contains = (text: string) =>
    c.operator === 'like' ? text.includes(strValue(c.value)) : !text.includes(strValue(c.value));
  if (prop === 'name' || prop === 'source') {
    if (typeof c.value !== 'string') return false;
    const actual = prop === 'name' ? e.name : 'user';
    return like ? contains(actual) : cmp(c.operator, actual, c.value);
  }
  if (prop === 'timestamp') {
    if (typeof c.value === 'string') return false;
    const epoch = Math.round(e.ts / 1000);
    return like ? contains(String(epoch)) : cmp(c.operator, epoch, Number(c.value));
  }
  const v = nested(e.metadata, prop);
  if (v === undefined || v === null) return false;
  if (like) return contains(typeof v === 'string' ? v : String(v));
  if (typeof v === 'string') return cmp(c.operator, v, strValue(c.value));
  if (typeof v === 'number')
    return typeof c.value !== 'string' && cmp(c.operator, v, Number(c.value));
  if (typeof v === 'boolean')
    return typeof c.value === 'boolean' && cmp(c.operator, Number(v), Number(c.value));
  return false;
}
function filterMatches(e: Ev & { name: string }, f: Filter): boolean {
  const results = f.clauses.map((c) =>
    'operator' in c ? clauseMatches(e, c) : filterMatches(e, c),
  );
  if (!results.length) return true;
  return f.conjunction === 'and' ? results.every(Boolean) : results.some(Boolean);
}
type Agg = { func: string; property?: string };
function aggregate(agg: Agg, events: Ev[]): number | null {
  if (agg.func === 'count') return events.length;
  if (agg.func === 'unique') {
    const seen = new Set<string>();
    for (const e of events) {
      const v = nested(e.metadata, agg.property!);
      if (v === undefined) continue;
      seen.add(typeof v === 'number' ? `n${v}` : `${typeof v}:${JSON.stringify(v)}`);
    }
    return seen.size;
  }
  const xs = events.map((e) =>
    agg.property === 'timestamp'
      ? Math.round(e.ts / 1000)
      : (nested(e.metadata, agg.property!) as number),
  );
  if (!xs.length) return null;
  if (agg.func === 'sum') return xs.reduce((a, b) => a + b, 0);
  if (agg.func === 'max') return Math.max(...xs);
  if (agg.func === 'min') return Math.min(...xs);
  return xs.reduce((a, b) => a + b, 0) / xs.length;
}
const aggregable = (agg: Agg, e: Ev) =>
  agg.func === 'count' ||
  agg.func === 'unique' ||
  agg.property === 'timestamp' ||
  typeof nested(e.metadata, agg.property!) === 'number';

/** 'YYYY-MM-DD HH:mm:ss' in the zone. */
const wallText = (t: number, zone: string) =>
  new Intl.DateTimeFormat('sv-SE', {
    timeZone: zone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
  }).format(new Date(t));
function truncText(t: number, interval: string, zone: string): string {
  const w = wallText(t, zone);
  if (interval === 'hour') return w.slice(0, 13);
  if (interval === 'day') return w.slice(0, 10);
  if (interval === 'month') return w.slice(0, 7);
  if (interval === 'year') return w.slice(0, 4);
  const d = new Date(`${w.slice(0, 10)}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() - ((d.getUTCDay() + 6) % 7));
  return d.toISOString().slice(0, 10);
}
/** The instant whose wall time in the zone is `text` (searched over every 15-minute offset). */
function instantOf(text: string, zone: string): number {
  const local = Date.parse(`${text.replace(' ', 'T')}Z`);
  for (let off = -14 * 60; off <= 14 * 60; off += 15) {
    const t = local - off * 60_000;
    if (wallText(t, zone) === text) return t;
  }
  throw new Error(`no instant for ${text} in ${zone}`);
}
function nextRow(t: number, interval: string, zone: string): number {
  if (interval === 'hour') return t + 3_600_000;
  const w = wallText(t, zone);
  let [y, m, d] = w.slice(0, 10).split('-').map(Number) as [number, number, number];
  if (interval === 'day' || interval === 'week') {
    const next = new Date(Date.UTC(y, m - 1, d + (interval === 'day' ? 1 : 7)));
    return instantOf(`${next.toISOString().slice(0, 10)} ${w.slice(11)}`, zone) + (t % 1000);
  }
  m += interval === 'month' ? 1 : 12;
  y += Math.floor((m - 1) / 12);
  m = ((m - 1) % 12) + 1;
  d = Math.min(d, new Date(Date.UTC(y, m, 0)).getUTCDate());
  const pad = (n: number) => String(n).padStart(2, '0');
  return instantOf(`${y}-${pad(m)}-${pad(d)} ${w.slice(11)}`, zone) + (t % 1000);
}

// --- the generators ------------------------------------------------------------------------

const value = fc.oneof(
  fc.constantFrom('gpt', 'claude', 'g', '7', '50', 't', 'evt'),
  fc.integer({ min: -5, max: 120 }),
  fc.boolean(),
);
const clause: fc.Arbitrary<Clause> = fc.record({
  property: fc.constantFrom(
    'name',
    'source',
    'timestamp',
    'tokens',
    'metadata.tokens',
    'model',
    'flag',
    '_llm.total_tokens',
    'missing',
  ),
  operator: fc.constantFrom('eq', 'ne', 'gt', 'gte', 'lt', 'lte', 'like', 'not_like'),
  value,
});
const filter: fc.Arbitrary<Filter> = fc.letrec<{ f: Filter }>((tie) => ({
  f: fc.record({
    conjunction: fc.constantFrom('and', 'or'),
    clauses: fc.array(fc.oneof({ depthSize: 'small', withCrossShrink: true }, clause, tie('f')), {
      maxLength: 3,
    }),
  }),
})).f;
const aggregation: fc.Arbitrary<Agg> = fc.oneof(
  fc.constant({ func: 'count' }),
  fc.record({
    func: fc.constantFrom('sum', 'max', 'min', 'avg'),
    property: fc.constantFrom(
      'tokens',
      'metadata.tokens',
      '_llm.total_tokens',
      'timestamp',
      'model',
    ),
  }),
  fc.record({ func: fc.constant('unique'), property: fc.constantFrom('model', 'tokens', 'flag') }),
);
const event: fc.Arbitrary<Ev> = fc.record({
  ts: fc.integer({ min: WINDOW[0], max: WINDOW[1] }),
  who: fc.constantFrom('c1', 'c2', 'c3'),
  metadata: fc.record(
    {
      tokens: fc.oneof(fc.integer({ min: 0, max: 100 }), fc.constantFrom(1.25, 2.5, '7', '50')),
      model: fc.constantFrom('gpt', 'claude', 'g'),
      flag: fc.boolean(),
      _llm: fc.record({
        vendor: fc.constant('openai'),
        model: fc.constant('m'),
        input_tokens: fc.constant(1),
        output_tokens: fc.constant(1),
        total_tokens: fc.integer({ min: 0, max: 9 }),
      }),
    },
    { requiredKeys: [] },
  ),
});
const query = fc.record({
  interval: fc.constantFrom(...INTERVALS),
  zone: fc.constantFrom(...ZONES),
  start: fc.integer({ min: WINDOW[0], max: WINDOW[1] }),
  span: fc.double({ min: 0, max: 1, noNaN: true }),
  customer: fc.option(fc.constantFrom('c1', 'c2'), { nil: undefined }),
  byCustomer: fc.option(fc.constantFrom('sum', 'max', 'count'), { nil: undefined }),
});

let run = 0;
it('quantities and totals agree with the reference', async () => {
  await fc.assert(
    fc.asyncProperty(
      fc.array(event, { maxLength: 40 }),
      filter,
      aggregation,
      query,
      async (events, f, agg, q) => {
        run += 1;
        const name = `run${run}`;
        const who = (w: string) => `${name}-${w}`;
        const ingest = await s.api('POST', '/v1/events/ingest', {
          token: s.alice,
          headers: TODAY,
          body: {
            events: events.map((e) => ({
              name,
              organization_id: org,
              external_customer_id: who(e.who),
              timestamp: new Date(e.ts).toISOString(),
              metadata: e.metadata,
            })),
          },
        });
        expect(ingest.status, ingest.text).toBe(200);
        const meterFilter: Filter = {
          conjunction: 'and',
          clauses: [{ property: 'name', operator: 'eq', value: name }, f],
        };
        const meter = await s.api('POST', '/v1/meters/', {
          token: s.alice,
          headers: TODAY,
          body: {
            name: `meter ${name}`,
            filter: meterFilter,
            aggregation: agg,
            organization_id: org,
          },
        });
        expect(meter.status, meter.text).toBe(201);
        // Rows that neither start nor step into a gap or a repeated hour of the zone.
        let start = q.start;
        if (q.interval !== 'hour') {
          const hour = Number(wallText(start, q.zone).slice(11, 13));
          if (hour >= 1 && hour < 4) start += 4 * 3_600_000;
        }
        const end = start + Math.floor(q.span * SPAN_DAYS[q.interval] * 86_400_000);
        const r = await s.api('GET', `/v1/meters/${meter.body.id}/quantities`, {
          token: s.alice,
          headers: TODAY,
          query: {
            start_timestamp: new Date(start).toISOString(),
            end_timestamp: new Date(end).toISOString(),
            interval: q.interval,
            timezone: q.zone,
            ...(q.customer ? { external_customer_id: who(q.customer) } : {}),
            ...(q.byCustomer ? { customer_aggregation_function: q.byCustomer } : {}),
          },
        });
        expect(r.status, r.text).toBe(200);

        const counted = events
          .filter((e) => filterMatches({ ...e, name }, meterFilter) && aggregable(agg, e))
          .filter((e) => !q.customer || e.who === q.customer);
        const rows: number[] = [];
        for (let t = start; t <= end; t = nextRow(t, q.interval, q.zone)) rows.push(t);
        const values = rows.map((t) => {
          const inRow = counted.filter(
            (e) => truncText(e.ts, q.interval, q.zone) === truncText(t, q.interval, q.zone),
          );
          if (!q.byCustomer) return aggregate(agg, inRow);
          const per = [...new Set(inRow.map((e) => e.who))].map((w) =>
            aggregate(
              agg,
              inRow.filter((e) => e.who === w),
            ),
          );
          if (!per.length) return null;
          const xs = per.filter((x): x is number => x !== null);
          if (q.byCustomer === 'count') return xs.length;
          return q.byCustomer === 'sum' ? xs.reduce((a, b) => a + b, 0) : Math.max(...xs);
        });
        expect(r.body.quantities.map((x: Json) => Date.parse(x.timestamp))).toEqual(rows);
        r.body.quantities.forEach((x: Json, i: number) => {
          expect(x.quantity).toBeCloseTo(values[i] ?? 0, 6);
        });
        const present = values.filter((v): v is number => v !== null);
        let total: number | null;
        if (agg.func === 'count' || agg.func === 'sum')
          total = present.length ? present.reduce((a, b) => a + b, 0) : null;
        else if (agg.func === 'max') total = present.length ? Math.max(...present) : null;
        else if (agg.func === 'min') total = present.length ? Math.min(...present) : null;
        else total = aggregate(agg, counted);
        expect(r.body.total).toBeCloseTo(rows.length ? (total ?? 0) : 0, 6);
      },
    ),
    { numRuns: 100 },
  );
}, 120_000);
