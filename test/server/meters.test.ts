// Meters (issue 27), today's generation, read from polarsource/polar at c6c3645e:
// meter/schemas.py (MeterCreate: a name of at least 3 characters, the custom unit's label,
// Filter and Aggregation), meter/service.py (create: the latest matching event becomes the last
// billed one; update: filter and aggregation forbidden then; archive refused while an active
// metered price uses the meter), meter/endpoints.py quantities (is_under_limits, MIN_DATETIME)
// and get_quantities' buckets, zones and totals (the arithmetic at large: meters-property.test.ts).
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type Json, type Service, startService } from './helpers.js';

const TODAY = { 'polar-version': '2026-10' };
const REQUESTS = {
  conjunction: 'and',
  clauses: [{ property: 'name', operator: 'eq', value: 'api.request' }],
};

let s: Service;
let org: string;
beforeAll(async () => {
  s = await startService();
});
afterAll(() => s.stop());
beforeEach(async () => {
  await s.reset();
  org = s.demo.organization_id;
});

const call = (method: string, path: string, body?: unknown, query?: Record<string, string>) =>
  s.api(method, path, { token: s.alice, headers: TODAY, body, query });
const create = (body: Json) => call('POST', '/v1/meters/', { organization_id: org, ...body });
const ingest = (events: Json[]) =>
  call('POST', '/v1/events/ingest', {
    events: events.map((e) => ({ organization_id: org, external_customer_id: 'ext-1', ...e })),
  });

describe('meters', () => {
  it('creates, gets, lists and updates a meter', async () => {
    const r = await create({
      name: 'API requests',
      filter: REQUESTS,
      aggregation: { func: 'count' },
      metadata: { team: 'core' },
    });
    expect(r.status).toBe(201);
    expect(r.body).toMatchObject({
      name: 'API requests',
      unit: 'scalar',
      custom_label: null,
      custom_multiplier: null,
      filter: REQUESTS,
      aggregation: { func: 'count' },
      organization_id: org,
      archived_at: null,
      metadata: { team: 'core' },
    });
    await create({
      name: 'Tokens',
      filter: { conjunction: 'and', clauses: [] },
      aggregation: { func: 'sum', property: 'metadata._llm.total_tokens' },
    });
    const list = await call('GET', '/v1/meters/');
    expect(list.body.items.map((m: Json) => m.name)).toEqual(['API requests', 'Tokens']);
    // The property loses its `metadata.` prefix (aggregation.py _strip_metadata_prefix).
    expect(list.body.items[1].aggregation).toEqual({ func: 'sum', property: '_llm.total_tokens' });
    expect((await call('GET', '/v1/meters/', undefined, { query: 'tok' })).body.items).toHaveLength(
      1,
    );
    expect(
      (await call('GET', '/v1/meters/', undefined, { 'metadata[team]': 'core' })).body.items,
    ).toHaveLength(1);
    const updated = await call('PATCH', `/v1/meters/${r.body.id}`, {
      name: 'Requests',
      is_archived: true,
    });
    expect(updated.body).toMatchObject({ name: 'Requests', filter: REQUESTS });
    expect(updated.body.archived_at).not.toBeNull();
    expect(
      (await call('GET', '/v1/meters/', undefined, { is_archived: 'false' })).body.items,
    ).toHaveLength(1);
    expect((await call('GET', `/v1/meters/${r.body.id}`)).body.name).toBe('Requests');
  });

  it('refuses what MeterCreate refuses, with pydantic locations', async () => {
    const r = await create({
      name: 'ab',
      unit: 'custom',
      filter: { conjunction: 'and', clauses: [{ property: 'x', operator: 'matches', value: 1.5 }] },
      aggregation: { func: 'sum' },
    });
    expect(r.status).toBe(422);
    expect(r.body.detail.map((d: Json) => [d.type, d.loc.join('.')])).toEqual([
      ['string_too_short', 'body.name'],
      ['enum', 'body.filter.clauses.0.FilterClause.operator'],
      ['string_type', 'body.filter.clauses.0.FilterClause.value.str'],
      ['int_from_float', 'body.filter.clauses.0.FilterClause.value.int'],
      ['bool_type', 'body.filter.clauses.0.FilterClause.value.bool'],
      ['missing', 'body.filter.clauses.0.Filter.conjunction'],
      ['missing', 'body.filter.clauses.0.Filter.clauses'],
      ['missing', 'body.aggregation.sum.property'],
    ]);
    const label = await create({
      name: 'abc',
      unit: 'custom',
      filter: REQUESTS,
      aggregation: { func: 'count' },
    });
    expect(label.body.detail[0]).toMatchObject({
      type: 'value_error',
      msg: "Value error, custom_label is required when unit is 'custom'.",
    });
  });

  it('keeps its filter and aggregation once it has counted an event (last billed event)', async () => {
    await ingest([{ name: 'api.request' }]);
    const m = (await create({ name: 'Requests', filter: REQUESTS, aggregation: { func: 'count' } }))
      .body;
    const r = await call('PATCH', `/v1/meters/${m.id}`, {
      aggregation: { func: 'unique', property: 'x' },
    });
    expect(r.status).toBe(422);
    expect(r.body.detail).toEqual([
      {
        type: 'forbidden',
        loc: ['body', 'aggregation'],
        msg: "This field can't be updated because the meter is already aggregating events.",
        input: { func: 'unique', property: 'x' },
      },
    ]);
    const fresh = (
      await create({
        name: 'Other',
        filter: {
          conjunction: 'and',
          clauses: [{ property: 'name', operator: 'eq', value: 'none' }],
        },
        aggregation: { func: 'count' },
      })
    ).body;
    const ok = await call('PATCH', `/v1/meters/${fresh.id}`, {
      aggregation: { func: 'max', property: 'x' },
    });
    expect(ok.body.aggregation).toEqual({ func: 'max', property: 'x' });
  });

  it('is a route of today only, and needs meters:write to change', async () => {
    expect((await s.api('GET', '/v1/meters/', { token: s.alice })).status).toBe(404);
    const token = await s.pat(['meters:read']);
    const r = await s.api('POST', '/v1/meters/', {
      token,
      headers: TODAY,
      body: { name: 'abc', filter: REQUESTS, aggregation: { func: 'count' }, organization_id: org },
    });
    expect(r.status).toBe(403);
  });
});

describe('GET /v1/meters/{id}/quantities', () => {
  let meter: Json;
  beforeEach(async () => {
    meter = (await create({ name: 'Requests', filter: REQUESTS, aggregation: { func: 'count' } }))
      .body;
    await ingest([
      { name: 'api.request', timestamp: '2026-01-31T23:30:00Z' },
      { name: 'api.request', timestamp: '2026-02-01T00:30:00Z' },
      { name: 'api.request', timestamp: '2026-02-14T12:00:00Z', external_customer_id: 'ext-2' },
      { name: 'other', timestamp: '2026-02-14T12:00:00Z' },
    ]);
  });
  const quantities = (query: Record<string, string>) =>
    call('GET', `/v1/meters/${meter.id}/quantities`, undefined, query);

  it('counts the whole truncated period of each row, before start and after end', async () => {
    const r = await quantities({
      start_timestamp: '2026-02-10T00:00:00Z',
      end_timestamp: '2026-02-20T00:00:00Z',
      interval: 'month',
    });
    expect(r.body).toEqual({
      quantities: [{ timestamp: '2026-02-10T00:00:00.000Z', quantity: 2 }],
      total: 2,
    });
  });

  it("buckets in the zone's days: 23:30 UTC is the next day in Paris", async () => {
    const r = await quantities({
      start_timestamp: '2026-01-31T00:00:00+01:00',
      end_timestamp: '2026-02-01T00:00:00+01:00',
      interval: 'day',
      timezone: 'Europe/Paris',
    });
    expect(r.body).toEqual({
      quantities: [
        { timestamp: '2026-01-30T23:00:00.000Z', quantity: 0 },
        { timestamp: '2026-01-31T23:00:00.000Z', quantity: 2 },
      ],
      total: 2,
    });
  });

  it('filters by customer, the external ids no customer has kept', async () => {
    const r = await quantities({
      start_timestamp: '2026-02-01T00:00:00Z',
      end_timestamp: '2026-02-01T00:00:00Z',
      interval: 'month',
      external_customer_id: 'ext-2',
    });
    expect(r.body.total).toBe(1);
  });

  it('refuses a range too long for the interval, and a start before 2023', async () => {
    const long = await quantities({
      start_timestamp: '2026-01-01T00:00:00Z',
      end_timestamp: '2026-01-09T00:00:00Z',
      interval: 'hour',
    });
    expect(long.status).toBe(422);
    expect(long.body.detail[0]).toMatchObject({
      loc: ['query'],
      msg: 'The interval is too small for the given date range. Use a larger interval or reduce the date range.',
    });
    const early = await quantities({
      start_timestamp: '2022-12-31T00:00:00Z',
      end_timestamp: '2023-01-09T00:00:00Z',
      interval: 'day',
    });
    expect(early.body.detail[0]).toMatchObject({
      type: 'greater_than_equal',
      loc: ['query', 'start_timestamp'],
    });
    const zone = await quantities({
      start_timestamp: '2026-01-01T00:00:00Z',
      end_timestamp: '2026-01-02T00:00:00Z',
      interval: 'day',
      timezone: 'Mars/Olympus',
    });
    expect(zone.body.detail[0]).toMatchObject({
      loc: ['query', 'timezone'],
      msg: 'Invalid timezone name.',
    });
  });
});
