// Usage events (issue 27), today's generation, read from polarsource/polar at c6c3645e:
// event/schemas.py (EventCreateCustomer | EventCreateExternalCustomer: name ≤ 128, an aware
// timestamp in the past, EventMetadataInput with _cost and _llm), event/service.py ingest (the
// organization's and the customer's refusals, every problem of the batch at once),
// event/repository.py insert_batch (ON CONFLICT (organization_id, external_id) DO NOTHING:
// {inserted, duplicates}), event/endpoints.py and tinybird_repository.py for the list (strict
// start/end bounds, a JSON filter, metadata[key], parent and depth) and the names.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type Json, type Service, startService } from './helpers.js';

const TODAY = { 'polar-version': '2026-10' };

let s: Service;
let org: string;
let customer: Json;
beforeAll(async () => {
  s = await startService();
  org = s.demo.organization_id;
});
afterAll(() => s.stop());
beforeEach(async () => {
  await s.reset();
  org = s.demo.organization_id;
  const list = await s.api('GET', '/v1/customers/', {
    token: s.alice,
    headers: TODAY,
    query: { email: s.demo.customer_email },
  });
  customer = list.body.items[0];
});

const ingest = (events: unknown[], token = s.alice) =>
  s.api('POST', '/v1/events/ingest', { token, headers: TODAY, body: { events } });
/** The events of the test, not the demo's month of api.request (seed/usage.ts). */
const list = (query: Record<string, string | string[]> = {}) => {
  const notDemo = ['api.request', 'meter.credited'].map((value) => ({
    property: 'name',
    operator: 'ne',
    value,
  }));
  const given = typeof query.filter === 'string' ? [JSON.parse(query.filter)] : [];
  const filter = JSON.stringify({ conjunction: 'and', clauses: [...notDemo, ...given] });
  return s.api('GET', '/v1/events/', {
    token: s.alice,
    headers: TODAY,
    query: { limit: '100', ...query, filter },
  });
};

describe('POST /v1/events/ingest', () => {
  it('is a route of today only: the seed generation answers 404', async () => {
    const r = await s.api('POST', '/v1/events/ingest', { token: s.alice, body: { events: [] } });
    expect(r.status).toBe(404);
  });

  it('inserts, and skips an external_id its organization has (insert_batch)', async () => {
    const first = await ingest([
      { name: 'call.made', customer_id: customer.id, organization_id: org, external_id: 'r1' },
      {
        name: 'call.made',
        external_customer_id: 'ext-9',
        organization_id: org,
        external_id: 'r2',
      },
      // The same external_id again in one batch: the second is the duplicate.
      { name: 'call.made', customer_id: customer.id, organization_id: org, external_id: 'r2' },
      { name: 'call.made', customer_id: customer.id, organization_id: org },
    ]);
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ inserted: 3, duplicates: 1 });
    const again = await ingest([
      { name: 'call.made', customer_id: customer.id, organization_id: org, external_id: 'r1' },
    ]);
    expect(again.body).toEqual({ inserted: 0, duplicates: 1 });
    expect((await list()).body.pagination.total_count).toBe(3);
  });

  it('stamps an event without timestamp with the sandbox clock, which the test clock moves', async () => {
    await s.advanceClock(86400 * 40);
    await ingest([{ name: 'late', customer_id: customer.id, organization_id: org }]);
    const clock = (await s.api('GET', '/__local/clock')).body;
    const [e] = (await list()).body.items;
    const now = Date.parse(clock.now);
    expect(Date.parse(e.timestamp)).toBeLessThanOrEqual(now);
    expect(Date.parse(e.timestamp)).toBeGreaterThan(now - 60_000);
    // The clock read is the test clock, forty days on.
    expect(clock.offset_seconds).toBeGreaterThanOrEqual(86400 * 40);
  });

  it('refuses a timestamp in the future of the sandbox clock, and one without a zone', async () => {
    const future = new Date(Date.now() + 3600_000).toISOString();
    const r = await ingest([
      { name: 'x', customer_id: customer.id, organization_id: org, timestamp: future },
      {
        name: 'y',
        customer_id: customer.id,
        organization_id: org,
        timestamp: '2026-01-01T00:00:00',
      },
    ]);
    expect(r.status).toBe(422);
    expect(r.body.detail).toContainEqual({
      type: 'value_error',
      loc: ['body', 'events', 0, 'EventCreateCustomer', 'timestamp'],
      msg: 'Value error, Timestamp must be in the past.',
      input: future,
      ctx: { error: {} },
    });
    expect(r.body.detail).toContainEqual({
      type: 'timezone_aware',
      loc: ['body', 'events', 1, 'EventCreateCustomer', 'timestamp'],
      msg: 'Input should have timezone info',
      input: '2026-01-01T00:00:00',
    });
    // Once the clock has moved past it, the same timestamp is in the past.
    await s.advanceClock(7200);
    const later = await ingest([
      { name: 'x', customer_id: customer.id, organization_id: org, timestamp: future },
    ]);
    expect(later.body).toEqual({ inserted: 1, duplicates: 0 });
  });

  it('reports each member of the union when neither takes an event (pydantic smart union)', async () => {
    const r = await ingest([{ name: 'x'.repeat(129), organization_id: org }]);
    expect(r.status).toBe(422);
    expect(r.body.detail.map((d: Json) => [d.type, d.loc.slice(1).join('.')])).toEqual([
      ['string_too_long', 'events.0.EventCreateCustomer.name'],
      ['missing', 'events.0.EventCreateCustomer.customer_id'],
      ['string_too_long', 'events.0.EventCreateExternalCustomer.name'],
      ['missing', 'events.0.EventCreateExternalCustomer.external_customer_id'],
    ]);
  });

  it('checks metadata: values of 1 to 500 characters, numbers and booleans; _cost and _llm', async () => {
    const r = await ingest([
      {
        name: 'x',
        external_customer_id: 'e',
        organization_id: org,
        metadata: {
          ok: 'fine',
          empty: '',
          nested: { a: 1 },
          _cost: { amount: '1.1234567890123', currency: 'usd' },
          _llm: { vendor: 'openai', model: 'm', input_tokens: 1, output_tokens: 2 },
        },
      },
    ]);
    expect(r.status).toBe(422);
    const external = r.body.detail
      .filter((d: Json) => d.loc[3] === 'EventCreateExternalCustomer')
      .map((d: Json) => [d.type, d.loc.slice(4).join('.')]);
    expect(external).toEqual([
      ['string_too_short', 'metadata.empty.str'],
      ['string_type', 'metadata.nested.str'],
      ['int_type', 'metadata.nested.int'],
      ['float_type', 'metadata.nested.float'],
      ['bool_type', 'metadata.nested.bool'],
      ['decimal_max_places', 'metadata._cost.amount'],
      ['missing', 'metadata._llm.total_tokens'],
    ]);
    const good = await ingest([
      {
        name: 'llm',
        external_customer_id: 'e',
        organization_id: org,
        metadata: { _cost: { amount: '0.25', currency: 'usd' }, n: 1.5, flag: true },
      },
    ]);
    expect(good.body).toEqual({ inserted: 1, duplicates: 0 });
    const [e] = (await list()).body.items;
    expect(e.metadata).toEqual({ _cost: { amount: '0.25', currency: 'usd' }, n: 1.5, flag: true });
  });

  it("needs the organization from a user's token, and refuses it from an organization's", async () => {
    const r = await ingest([{ name: 'x', customer_id: customer.id }]);
    expect(r.body.detail).toEqual([
      {
        type: 'missing',
        loc: ['body', 'events', 0, 'organization_id'],
        msg: 'organization_id is required.',
        input: null,
      },
    ]);
    const other = await ingest([
      { name: 'x', customer_id: customer.id, organization_id: s.demo.other.organization_id },
    ]);
    expect(other.body.detail[0]).toMatchObject({
      type: 'organization_id',
      msg: 'Organization not found.',
    });
  });

  it("refuses a customer of another organization, and a deleted one, as 'Customer not found.'", async () => {
    const bobs = await s.api('GET', '/v1/customers/', { token: s.bob, headers: TODAY });
    const r = await ingest([
      { name: 'x', customer_id: bobs.body.items[0].id, organization_id: org },
      { name: 'x', customer_id: customer.id, organization_id: org },
    ]);
    expect(r.status).toBe(422);
    expect(r.body.detail).toEqual([
      {
        type: 'customer_id',
        loc: ['body', 'events', 0, 'customer_id'],
        msg: 'Customer not found.',
        input: bobs.body.items[0].id,
      },
    ]);
    expect((await list()).body.pagination.total_count).toBe(0);
  });

  it('needs events:write', async () => {
    const token = await s.pat(['events:read']);
    const r = await ingest([{ name: 'x', customer_id: customer.id, organization_id: org }], token);
    expect(r.status).toBe(403);
  });
});

describe('GET /v1/events/', () => {
  beforeEach(async () => {
    const t = (m: number) => new Date(Date.UTC(2026, 0, 1, 0, m)).toISOString();
    const r = await ingest([
      {
        name: 'a',
        customer_id: customer.id,
        organization_id: org,
        timestamp: t(0),
        metadata: { tokens: 5, model: 'gpt' },
      },
      {
        name: 'b',
        customer_id: customer.id,
        organization_id: org,
        timestamp: t(1),
        metadata: { tokens: 50, model: 'claude' },
        external_id: 'p',
      },
      {
        name: 'a',
        external_customer_id: 'ext-1',
        organization_id: org,
        timestamp: t(2),
        metadata: { tokens: '7' },
        parent_id: 'p',
      },
      {
        name: 'c',
        external_customer_id: 'ext-2',
        organization_id: org,
        timestamp: t(3),
        metadata: { flag: true },
      },
    ]);
    expect(r.body).toEqual({ inserted: 4, duplicates: 0 });
  });
  const names = (r: Json) => r.body.items.map((e: Json) => e.name);

  it('sorts by timestamp, newest first unless asked', async () => {
    expect(names(await list())).toEqual(['c', 'a', 'b', 'a']);
    expect(names(await list({ sorting: 'timestamp' }))).toEqual(['a', 'b', 'a', 'c']);
  });

  it('bounds the timestamps strictly (tinybird filter_timestamp_range)', async () => {
    const r = await list({
      start_timestamp: '2026-01-01T00:00:00Z',
      end_timestamp: '2026-01-01T00:03:00Z',
    });
    expect(names(r)).toEqual(['a', 'b']);
  });

  it('filters by name, customer (either id), metadata and a JSON filter', async () => {
    expect(names(await list({ name: ['a', 'c'] }))).toEqual(['c', 'a', 'a']);
    expect(names(await list({ customer_id: customer.id }))).toEqual(['b', 'a']);
    expect(names(await list({ external_customer_id: 'ext-2' }))).toEqual(['c']);
    // A string value only: JSONExtractString of a number is '' (tinybird filter_by_metadata).
    expect(names(await list({ 'metadata[model]': ['gpt', 'claude'] }))).toEqual(['b', 'a']);
    expect(names(await list({ 'metadata[tokens]': '7' }))).toEqual(['a']);
    const filter = JSON.stringify({
      conjunction: 'or',
      clauses: [
        { property: 'metadata.tokens', operator: 'gte', value: 50 },
        { property: 'flag', operator: 'eq', value: true },
      ],
    });
    // tokens '7' is a string: compared as text with '50' (filter.py's string branch), '7' > '50'.
    expect(names(await list({ filter }))).toEqual(['c', 'a', 'b']);
  });

  it('links a child to its parent by external id: parent_id, child_count, depth', async () => {
    const all = (await list()).body.items;
    const parent = all.find((e: Json) => e.name === 'b');
    const child = all.find((e: Json) => e.parent_id !== null);
    expect(child.parent_id).toBe(parent.id);
    expect(parent.child_count).toBe(1);
    expect((await list({ depth: '0' })).body.pagination.total_count).toBe(3);
    expect(names(await list({ parent_id: parent.id }))).toEqual(['a']);
    const one = await s.api('GET', `/v1/events/${parent.id}`, { token: s.alice, headers: TODAY });
    expect(one.body).toEqual(parent);
  });

  it("resolves an event's customer by the seller's external id once the customer has it", async () => {
    await s.api('PATCH', `/v1/customers/${customer.id}`, {
      token: s.alice,
      headers: TODAY,
      body: { external_id: 'ext-1' },
    });
    const r = await list({ external_customer_id: 'ext-1' });
    // The customer's own events too: the list widens ids to external ids and back.
    expect(names(r)).toEqual(['a', 'b', 'a']);
    const byExternal = r.body.items[0];
    expect(byExternal.customer_id).toBeNull();
    expect(byExternal.customer.id).toBe(customer.id);
  });

  it('refuses a filter that is not a Filter, with its own locations', async () => {
    const r = await s.api('GET', '/v1/events/', {
      token: s.alice,
      headers: TODAY,
      query: { filter: JSON.stringify({ conjunction: 'xor', clauses: [] }) },
    });
    expect(r.status).toBe(422);
    expect(r.body.detail[0]).toMatchObject({ type: 'enum', loc: ['body', 'conjunction'] });
  });

  // FastAPI places a query parameter's error under "query" (a path's under "path").
  it.each([
    ['parent_id', 'nope'],
    ['meter_id', 'nope'],
  ])('refuses a %s that is not a UUID where it was sent: the query', async (name, value) => {
    const r = await s.api('GET', '/v1/events/', {
      token: s.alice,
      headers: TODAY,
      query: { [name]: value },
    });
    expect(r.status).toBe(422);
    expect(r.body.detail).toEqual([
      expect.objectContaining({ type: 'uuid_parsing', loc: ['query', name], input: value }),
    ]);
  });

  it('GET /v1/events/names counts each name and source', async () => {
    const r = await s.api('GET', '/v1/events/names', {
      token: s.alice,
      headers: TODAY,
      query: {
        sorting: '-occurrences',
        customer_id: customer.id,
        external_customer_id: ['ext-1', 'ext-2'],
      },
    });
    expect(r.body.items.map((n: Json) => [n.name, n.occurrences])).toEqual([
      ['a', 2],
      ['b', 1],
      ['c', 1],
    ]);
    expect(r.body.items[0]).toMatchObject({
      label: 'a',
      source: 'user',
      first_seen: '2026-01-01T00:00:00.000Z',
      last_seen: '2026-01-01T00:02:00.000Z',
    });
  });

  it("shows another organization's event as a 404", async () => {
    const [e] = (await list()).body.items;
    const r = await s.api('GET', `/v1/events/${e.id}`, { token: s.bob, headers: TODAY });
    expect(r.status).toBe(404);
  });
});
