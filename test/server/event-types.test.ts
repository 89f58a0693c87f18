// Event types, today's generation (2026-10), read from polarsource/polar at c6c3645e:
// event_type/endpoints.py (the list's filters, PATCH /{id}), event_type/service.py
// (list_with_stats: statistics of the events the filters keep, grouped by organization, name
// and source; `query` over the name or the resolved label, without case, after the statistics;
// a system name without a row listed with a null id; `label` sorting mapped to no column),
// event_type/repository.py get_or_create (made by an ingest, labelled with the name),
// event_type/schemas.py (EventTypeUpdate: label 1–128 stripped, selector 1–256, a blank one
// none), event_type/auth.py (events:read or events:write; events:write) and
// event/system.py SYSTEM_EVENT_LABELS.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  insufficientScope,
  type Json,
  NOT_FOUND,
  type Service,
  startService,
  uuidParsing,
} from './helpers.js';

const TODAY = { 'polar-version': '2026-10' };
const UNKNOWN = '0b7a4c1e-3f2d-4e5a-9b8c-7d6e5f4a3b2c';

let s: Service;
let org: string;
let jane: Json;
beforeAll(async () => {
  s = await startService();
});
afterAll(() => s.stop());

const ingest = (events: unknown[], token = s.alice) =>
  s.api('POST', '/v1/events/ingest', { token, headers: TODAY, body: { events } });
const list = (query: Record<string, string | string[]> = {}, token = s.alice) =>
  s.api('GET', '/v1/event-types/', { token, headers: TODAY, query: { limit: '100', ...query } });
const patch = (id: string, body: unknown, token = s.alice) =>
  s.api('PATCH', `/v1/event-types/${id}`, { token, headers: TODAY, body });
const names = (r: Json) => r.body.items.map((t: Json) => t.name);
const byName = (r: Json, name: string) => r.body.items.find((t: Json) => t.name === name);
/** Only the test's own names, not the demo's api.request and meter.credited (seed/usage.ts). */
const MINE = { customer_id: '' };

describe('event types', () => {
  beforeEach(async () => {
    await s.reset();
    org = s.demo.organization_id;
    const customers = await s.api('GET', '/v1/customers/', {
      token: s.alice,
      headers: TODAY,
      query: { email: s.demo.customer_email },
    });
    jane = customers.body.items[0];
    MINE.customer_id = jane.id;
    const at = (day: string) => `2026-09-${day}T00:00:00Z`;
    const of = (name: string, day: string, more: object = {}) => ({
      name,
      timestamp: at(day),
      customer_id: jane.id,
      organization_id: org,
      ...more,
    });
    // a.one: 1, 09-10; b.two: 3, 09-01..09-20; c.three: 2, 09-05..09-06, children of a b.two.
    expect(
      (
        await ingest([
          of('b.two', '01', { external_id: 'parent' }),
          of('b.two', '02'),
          of('b.two', '20'),
          of('a.one', '10'),
          of('c.three', '05', { parent_id: 'parent' }),
          of('c.three', '06', { parent_id: 'parent' }),
          {
            name: 'd.other',
            timestamp: at('07'),
            external_customer_id: 'ext-9',
            organization_id: org,
          },
        ])
      ).status,
    ).toBe(200);
  });

  it('is a route of today only: the seed generation answers 404 to both', async () => {
    expect((await s.api('GET', '/v1/event-types/', { token: s.alice })).status).toBe(404);
    const [t] = (await list(MINE)).body.items;
    const r = await s.api('PATCH', `/v1/event-types/${t.id}`, {
      token: s.alice,
      body: { label: 'x' },
    });
    expect(r.status).toBe(404);
  });

  it('lists each name with its statistics, newest last_seen first (the default)', async () => {
    const r = await list(MINE);
    expect(r.status).toBe(200);
    expect(names(r)).toEqual(['b.two', 'a.one', 'c.three']);
    expect(r.body.pagination).toEqual({ total_count: 3, max_page: 1 });
    const b = byName(r, 'b.two');
    expect(b).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      created_at: expect.any(String),
      modified_at: null,
      name: 'b.two',
      label: 'b.two',
      label_property_selector: null,
      organization_id: org,
      source: 'user',
      occurrences: 3,
      first_seen: '2026-09-01T00:00:00.000Z',
      last_seen: '2026-09-20T00:00:00.000Z',
    });
  });

  it("lists the demo's user name with its row and the system's meter.credited with none", async () => {
    const r = await list({ query: 'e' });
    expect(byName(r, 'api.request')).toMatchObject({
      id: expect.any(String),
      label: 'api.request',
      source: 'user',
    });
    expect(byName(r, 'meter.credited')).toMatchObject({
      id: null,
      created_at: null,
      modified_at: null,
      label: 'Meter Credited',
      label_property_selector: null,
      source: 'system',
      occurrences: 1,
    });
    // The system's label wins over the name in `query` too (service.py _resolve_label).
    expect(names(await list({ query: 'meter cred' }))).toEqual(['meter.credited']);
  });

  it.each([
    ['name', ['a.one', 'b.two', 'c.three']],
    ['-name', ['c.three', 'b.two', 'a.one']],
    ['occurrences', ['a.one', 'c.three', 'b.two']],
    ['-occurrences', ['b.two', 'c.three', 'a.one']],
    ['first_seen', ['b.two', 'c.three', 'a.one']],
    ['-first_seen', ['a.one', 'c.three', 'b.two']],
    ['last_seen', ['c.three', 'a.one', 'b.two']],
    ['-last_seen', ['b.two', 'a.one', 'c.three']],
  ])('sorts by %s', async (sorting, expected) => {
    expect(names(await list({ ...MINE, sorting }))).toEqual(expected);
  });

  it('accepts label sorting and ignores it, as the service maps it to no column', async () => {
    const a = byName(await list(MINE), 'a.one');
    await patch(a.id, { label: 'Zulu' });
    const newest = ['b.two', 'a.one', 'c.three'];
    expect(names(await list({ ...MINE, sorting: 'label' }))).toEqual(newest);
    expect(names(await list({ ...MINE, sorting: '-label' }))).toEqual(newest);
    expect(names(await list({ ...MINE, sorting: ['label', 'name'] }))).toEqual([
      'a.one',
      'b.two',
      'c.three',
    ]);
  });

  it('pages what is left after the filters', async () => {
    const p2 = await list({ ...MINE, limit: '2', page: '2' });
    expect(names(p2)).toEqual(['c.three']);
    expect(p2.body.pagination).toEqual({ total_count: 3, max_page: 2 });
    const past = await list({ ...MINE, limit: '2', page: '3' });
    expect([names(past), past.body.pagination.total_count]).toEqual([[], 3]);
  });

  it('filters by customer, external customer, source, root events and parent', async () => {
    expect(names(await list({ external_customer_id: 'ext-9' }))).toEqual(['d.other']);
    expect(names(await list({ customer_id: jane.id, sorting: 'name' }))).toEqual([
      'a.one',
      'b.two',
      'c.three',
    ]);
    const system = await list({ source: 'system' });
    expect(names(system)).toEqual(['meter.credited']);
    expect(names(await list({ source: 'user', query: '.' }))).not.toContain('meter.credited');
    // Root events only: c.three's events both have a parent.
    expect(names(await list({ ...MINE, root_events: 'true' }))).toEqual(['b.two', 'a.one']);
    const events = await s.api('GET', '/v1/events/', {
      token: s.alice,
      headers: TODAY,
      query: { name: 'b.two', sorting: 'timestamp', limit: '1' },
    });
    const parent = events.body.items[0].id;
    const children = await list({ parent_id: parent });
    expect(names(children)).toEqual(['c.three']);
    expect(byName(children, 'c.three')).toMatchObject({
      occurrences: 2,
      first_seen: '2026-09-05T00:00:00.000Z',
      last_seen: '2026-09-06T00:00:00.000Z',
    });
  });

  it('queries the name or the label, without case, and counts only what matches', async () => {
    const c = byName(await list(MINE), 'c.three');
    await patch(c.id, { label: 'Checkout Done' });
    const r = await list({ ...MINE, query: 'DONE' });
    expect([names(r), r.body.pagination.total_count]).toEqual([['c.three'], 1]);
    expect(names(await list({ ...MINE, query: 'ONE', sorting: 'name' }))).toEqual([
      'a.one',
      'c.three',
    ]);
  });

  it("keeps to the organizations the token sees: another's names are not listed", async () => {
    const other = s.demo.other.organization_id;
    await ingest(
      [{ name: 'globex.only', external_customer_id: 'g1', organization_id: other }],
      s.bob,
    );
    expect(names(await list({}, s.bob))).toEqual(['globex.only']);
    expect(names(await list({ query: 'globex' }))).toEqual([]);
    const foreign = await list({ organization_id: other });
    expect([foreign.status, foreign.body.items, foreign.body.pagination.total_count]).toEqual([
      200,
      [],
      0,
    ]);
    expect(names(await list({ organization_id: org, ...MINE, sorting: 'name' }))).toEqual([
      'a.one',
      'b.two',
      'c.three',
    ]);
  });

  it('PATCH sets the label and the selector, and a later ingest keeps them', async () => {
    const b = byName(await list(MINE), 'b.two');
    const r = await patch(b.id, { label: '  Big two  ', label_property_selector: ' subject ' });
    expect(r.status).toBe(200);
    expect(r.body).toEqual({
      created_at: b.created_at,
      modified_at: expect.stringMatching(/^\d{4}-/),
      id: b.id,
      name: 'b.two',
      label: 'Big two',
      label_property_selector: 'subject',
      organization_id: org,
    });
    await ingest([{ name: 'b.two', customer_id: jane.id, organization_id: org }]);
    const after = byName(await list(MINE), 'b.two');
    expect(after).toMatchObject({ label: 'Big two', label_property_selector: 'subject' });
    // The selector left out, or blank, is none again (service.py update sets both).
    expect((await patch(b.id, { label: 'Two' })).body.label_property_selector).toBeNull();
    await patch(b.id, { label: 'Two', label_property_selector: 'x' });
    expect(
      (await patch(b.id, { label: 'Two', label_property_selector: '   ' })).body,
    ).toMatchObject({ label_property_selector: null });
  });

  it("labels the type's events: its label, or their metadata at its selector (models/event.py)", async () => {
    const of = (metadata: object) => ({
      name: 'ticket',
      customer_id: jane.id,
      organization_id: org,
      metadata,
    });
    const sent = await ingest([of({ subject: 'Refund please', n: 0 }), of({ other: 'x' })]);
    expect([sent.status, sent.body]).toEqual([200, { inserted: 2, duplicates: 0 }]);
    const events = async () =>
      (
        await s.api('GET', '/v1/events/', {
          token: s.alice,
          headers: TODAY,
          query: { name: 'ticket', sorting: 'timestamp' },
        })
      ).body.items.map((e: Json) => e.label);
    expect(await events()).toEqual(['ticket', 'ticket']);
    const ticket = byName(await list({ query: 'ticket' }), 'ticket');
    await patch(ticket.id, { label: 'Support ticket', label_property_selector: 'subject' });
    // No value there, or a false one (0), falls back to the type's label.
    expect(await events()).toEqual(['Refund please', 'Support ticket']);
    await patch(ticket.id, { label: 'Support ticket', label_property_selector: 'n' });
    expect(await events()).toEqual(['Support ticket', 'Support ticket']);
    const namesList = await s.api('GET', '/v1/events/names', {
      token: s.alice,
      headers: TODAY,
      query: { query: 'ticket' },
    });
    expect(namesList.body.items.map((n: Json) => [n.name, n.label])).toEqual([
      ['ticket', 'Support ticket'],
    ]);
  });

  it("answers 404 for an unknown id and for another organization's", async () => {
    const b = byName(await list(MINE), 'b.two');
    expect(await patch(UNKNOWN, { label: 'x' })).toMatchObject({ status: 404, body: NOT_FOUND });
    expect(await patch(b.id, { label: 'x' }, s.bob)).toMatchObject({
      status: 404,
      body: NOT_FOUND,
    });
    expect(byName(await list(MINE), 'b.two').label).toBe('b.two');
    const bad = await patch('nope', { label: 'x' });
    expect([bad.status, bad.body]).toEqual([422, uuidParsing(['path', 'id'], 'nope')]);
  });

  it('needs events:read or events:write to list, events:write to change', async () => {
    const b = byName(await list(MINE), 'b.two');
    const reader = await s.pat(['events:read']);
    expect((await list(MINE, reader)).status).toBe(200);
    const r = await patch(b.id, { label: 'x' }, reader);
    expect([r.status, r.body]).toEqual([403, insufficientScope(['events:write'])]);
    const writer = await s.pat(['events:write']);
    expect((await list(MINE, writer)).status).toBe(200);
    expect((await patch(b.id, { label: 'x' }, writer)).status).toBe(200);
    const other = await s.pat(['meters:read']);
    const none = await list(MINE, other);
    expect([none.status, none.body]).toEqual([
      403,
      insufficientScope(['events:read', 'events:write']),
    ]);
  });

  it.each([
    [{}, 'missing', ['body', 'label']],
    [{ label: '' }, 'string_too_short', ['body', 'label']],
    [{ label: 'x'.repeat(129) }, 'string_too_long', ['body', 'label']],
    [{ label: '   ' }, 'value_error', ['body', 'label']],
    [{ label: 7 }, 'string_type', ['body', 'label']],
    [
      { label: 'ok', label_property_selector: '' },
      'string_too_short',
      ['body', 'label_property_selector'],
    ],
    [
      { label: 'ok', label_property_selector: 'x'.repeat(257) },
      'string_too_long',
      ['body', 'label_property_selector'],
    ],
  ])('refuses the body %j: %s at %j', async (body, type, loc) => {
    const b = byName(await list(MINE), 'b.two');
    const r = await patch(b.id, body);
    expect(r.status).toBe(422);
    expect(r.body.detail.map((d: Json) => [d.type, d.loc])).toEqual([[type, loc]]);
  });

  it('words the blank label as the schema does, and takes 128 characters', async () => {
    const b = byName(await list(MINE), 'b.two');
    expect((await patch(b.id, { label: ' \t ' })).body.detail[0]).toEqual({
      type: 'value_error',
      loc: ['body', 'label'],
      msg: 'Value error, Label cannot be empty or only whitespace',
      input: ' \t ',
      ctx: { error: {} },
    });
    expect((await patch(b.id, { label: 'é'.repeat(128) })).status).toBe(200);
  });

  it.each([
    [{ sorting: 'size' }, 'enum', ['query', 'sorting', 0]],
    [{ source: 'robot' }, 'enum', ['query', 'source']],
    [{ root_events: 'maybe' }, 'bool_parsing', ['query', 'root_events']],
    [{ parent_id: 'nope' }, 'uuid_parsing', ['query', 'parent_id']],
    [{ organization_id: 'nope' }, 'uuid_parsing', ['query', 'organization_id', 0]],
    [{ customer_id: 'nope' }, 'uuid_parsing', ['query', 'customer_id', 0]],
    [{ limit: '0' }, 'greater_than', ['query', 'limit']],
  ])('refuses the query %j: %s at %j', async (query, type, loc) => {
    const r = await list(query);
    expect(r.status).toBe(422);
    expect(r.body.detail.map((d: Json) => [d.type, d.loc])).toEqual([[type, loc]]);
  });

  it('is wiped by a reset, but for the demo name', async () => {
    await s.reset();
    const r = await list({ source: 'user' });
    expect(names(r)).toEqual(['api.request']);
  });
});

describe('event types in a --db file', () => {
  const dir = mkdtempSync(join(tmpdir(), 'billing-event-types-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('keep their labels across a restart; a file from before them gets its user names back', async () => {
    const file = join(dir, 'billing.db');
    const first = await startService({ db: file });
    const org = first.demo.organization_id;
    const get = (svc: Service) =>
      svc.api('GET', '/v1/event-types/', {
        token: svc.alice,
        headers: TODAY,
        query: { external_customer_id: 'db-1', sorting: 'name' },
      });
    await first.api('POST', '/v1/events/ingest', {
      token: first.alice,
      headers: TODAY,
      body: {
        events: ['kept', 'relabelled'].map((name) => ({
          name,
          external_customer_id: 'db-1',
          organization_id: org,
        })),
      },
    });
    const [, relabelled] = (await get(first)).body.items;
    await first.api('PATCH', `/v1/event-types/${relabelled.id}`, {
      token: first.alice,
      headers: TODAY,
      body: { label: 'Relabelled' },
    });
    await first.stop();
    const second = await startService({ db: file });
    const kept = (await get(second)).body.items;
    expect(kept.map((t: Json) => [t.name, t.label, t.id])).toEqual([
      ['kept', 'kept', expect.any(String)],
      ['relabelled', 'Relabelled', relabelled.id],
    ]);
    await second.stop();
    // As a file written before event types were served: no table, the events still there.
    const raw = new DatabaseSync(file);
    raw.exec('DROP TABLE event_types');
    raw.close();
    const third = await startService({ db: file });
    const back = (await get(third)).body.items;
    expect(back.map((t: Json) => [t.name, t.label, t.created_at !== null])).toEqual([
      ['kept', 'kept', true],
      ['relabelled', 'relabelled', true],
    ]);
    const demo = await third.api('GET', '/v1/event-types/', {
      token: third.alice,
      headers: TODAY,
      query: { source: 'user', query: 'api.request' },
    });
    expect(demo.body.items.map((t: Json) => t.name)).toEqual(['api.request']);
    await third.stop();
  });
});
