// Event types through SDK 1.0.1 in today's generation, every answer checked against the 2026-10
// document (harness.ts). Rules from polarsource/polar at c6c3645e: event_type/service.py
// list_with_stats (each name's statistics, a system name without a row listed with a null id
// and its SYSTEM_EVENT_LABELS label, `query` over name or label), event_type/repository.py
// get_or_create (an ingest makes the row, labelled with the name), event_type/schemas.py
// (EventTypeUpdate) and the update's 404 for a type of an organization the token does not see.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  errors,
  expect422,
  expectCalls,
  expectError,
  type Polar,
  startToday,
  type TodayBox,
} from './harness.js';

let box: TodayBox;
let seller: Polar;
let org: string;
beforeAll(async () => {
  box = await startToday();
  seller = box.seller;
  org = box.demo.organization_id;
  const events = [
    ['2026-06-01T10:00:00Z', 'sdk.search'],
    ['2026-06-02T10:00:00Z', 'sdk.search'],
    ['2026-06-03T10:00:00Z', 'sdk.upload'],
  ].map(([timestamp, name]) => ({
    name: name!,
    timestamp: timestamp!,
    organization_id: org,
    external_customer_id: 'event-types-a',
  }));
  expect(await seller.events.ingest({ events })).toEqual({ inserted: 3, duplicates: 0 });
});
afterAll(async () => {
  expectCalls(box, 'event-types');
  await box.stop();
});

describe('event types (2026-10)', () => {
  const mine = { external_customer_id: 'event-types-a' };

  it('lists the names an ingest made, with their statistics', async () => {
    const r = await seller.eventTypes.list({ ...mine, sorting: ['name'] });
    expect(r.pagination).toEqual({ total_count: 2, max_page: 1 });
    expect(r.items.map((t) => [t.name, t.label, t.source, t.occurrences])).toEqual([
      ['sdk.search', 'sdk.search', 'user', 2],
      ['sdk.upload', 'sdk.upload', 'user', 1],
    ]);
    expect(r.items[0]).toMatchObject({
      organization_id: org,
      first_seen: '2026-06-01T10:00:00.000Z',
      last_seen: '2026-06-02T10:00:00.000Z',
      label_property_selector: null,
    });
    expect(r.items[0]!.id).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("lists the system's meter.credited with no row, and filters by source", async () => {
    const r = await seller.eventTypes.list({ source: 'system' });
    expect(r.items).toEqual([
      expect.objectContaining({
        id: null,
        created_at: null,
        name: 'meter.credited',
        label: 'Meter Credited',
        source: 'system',
      }),
    ]);
    const user = await box.org.eventTypes.list({ source: 'user', sorting: ['-occurrences'] });
    expect(user.items[0]!.name).toBe('api.request');
  });

  it('sorts, pages and queries', async () => {
    const byCount = await seller.eventTypes.list({ ...mine, sorting: ['occurrences'] });
    expect(byCount.items.map((t) => t.name)).toEqual(['sdk.upload', 'sdk.search']);
    const second = await seller.eventTypes.list({ ...mine, sorting: ['-name'], limit: 1, page: 2 });
    expect([second.items.map((t) => t.name), second.pagination]).toEqual([
      ['sdk.search'],
      { total_count: 2, max_page: 2 },
    ]);
    const all: string[] = [];
    for await (const t of seller.eventTypes.iterList({ ...mine, limit: 1, sorting: ['name'] }))
      all.push(t.name);
    expect(all).toEqual(['sdk.search', 'sdk.upload']);
    const q = await seller.eventTypes.list({ query: 'UPLOAD', organization_id: org });
    expect(q.items.map((t) => t.name)).toEqual(['sdk.upload']);
    const roots = await seller.eventTypes.list({ ...mine, root_events: true });
    expect(roots.pagination.total_count).toBe(2);
  });

  it('relabels a type, and the list shows its label', async () => {
    const [search] = (await seller.eventTypes.list({ ...mine, sorting: ['name'] })).items;
    const updated = await seller.eventTypes.update(search!.id!, {
      label: 'Search',
      label_property_selector: 'query',
    });
    expect(updated).toMatchObject({
      id: search!.id,
      name: 'sdk.search',
      label: 'Search',
      label_property_selector: 'query',
      organization_id: org,
    });
    expect(updated.modified_at).not.toBeNull();
    const q = await box.org.eventTypes.list({ query: 'search' });
    expect(q.items.map((t) => [t.name, t.label])).toEqual([['sdk.search', 'Search']]);
    // An organization's token relabels its own; the selector left out is cleared.
    const again = await box.org.eventTypes.update(search!.id!, { label: 'Searches' });
    expect([again.label, again.label_property_selector]).toEqual(['Searches', null]);
  });

  it("refuses a bad body (422) and another organization's type (404)", async () => {
    const [upload] = (await seller.eventTypes.list({ ...mine, query: 'upload' })).items;
    const detail = await expect422('blank label', () =>
      seller.eventTypes.update(upload!.id!, { label: '' }),
    );
    expect(detail.map((d) => [d.type, d.loc])).toEqual([['string_too_short', ['body', 'label']]]);
    const long = await expect422('long selector', () =>
      seller.eventTypes.update(upload!.id!, {
        label: 'ok',
        label_property_selector: 'x'.repeat(257),
      }),
    );
    expect(long.map((d) => d.type)).toEqual(['string_too_long']);
    await expectError('foreign', errors.EventTypesUpdate404Error, () =>
      box.otherSeller.eventTypes.update(upload!.id!, { label: 'Mine now' }),
    );
    // The document gives this 404 no content (endpoints.py `responses={404: {}}`), but the
    // real service's ResourceNotFound handler answers with its JSON body all the same: the one
    // problem the oracle records here is the document's, and is taken back.
    const last = box.recorder.exchanges.at(-1)!;
    expect([last.status, last.body]).toEqual([
      404,
      { error: 'ResourceNotFound', detail: 'Not found' },
    ]);
    const noBody = box.recorder.problems.findIndex((p) =>
      p.endsWith('404: a 404 answer to PATCH /v1/event-types/{id} has no body'),
    );
    expect(noBody).toBe(box.recorder.problems.length - 1);
    box.recorder.problems.splice(noBody, 1);
    expect((await box.otherSeller.eventTypes.list({ query: 'sdk' })).items).toEqual([]);
    const sorting = await expect422('sorting', () =>
      seller.eventTypes.list({ sorting: ['size' as 'name'] }),
    );
    expect(sorting.map((d) => d.loc)).toEqual([['query', 'sorting', 0]]);
  });
});
