// Usage events through SDK 1.0.1 in today's generation (issue 27), every answer checked against
// the 2026-10 document (harness.ts). Rules from polarsource/polar at c6c3645e: event/schemas.py
// (EventCreateCustomer | EventCreateExternalCustomer, an aware timestamp in the past, metadata),
// event/service.py ingest (the organization's and the customer's refusals; an organization
// token may not name its organization), event/repository.py insert_batch ({inserted,
// duplicates} by external_id), event/service.py list and list_names, event/endpoints.py get.
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
let customerId: string;
beforeAll(async () => {
  box = await startToday();
  seller = box.seller;
  org = box.demo.organization_id;
  const customers = await seller.customers.list({ email: box.demo.customer_email });
  customerId = customers.items[0]!.id;
});
afterAll(async () => {
  expectCalls(box, 'events');
  await box.stop();
});

const at = (minute: number) => new Date(Date.UTC(2026, 5, 1, 12, minute)).toISOString();

describe('events (2026-10)', () => {
  it('ingests by customer id and by external id, skipping known external ids', async () => {
    const first = await seller.events.ingest({
      events: [
        {
          name: 'tokens.used',
          organization_id: org,
          customer_id: customerId,
          timestamp: at(0),
          external_id: 'c-1',
          metadata: { tokens: 120, model: 'small' },
        },
        {
          name: 'tokens.used',
          organization_id: org,
          external_customer_id: 'ext-42',
          timestamp: at(1),
          external_id: 'c-2',
          metadata: { tokens: 80, model: 'large' },
        },
        {
          name: 'tool.call',
          organization_id: org,
          customer_id: customerId,
          timestamp: at(2),
          parent_id: 'c-1',
          metadata: { tool: 'search' },
        },
      ],
    });
    expect(first).toEqual({ inserted: 3, duplicates: 0 });
    const again = await seller.events.ingest({
      events: [
        { name: 'tokens.used', organization_id: org, customer_id: customerId, external_id: 'c-1' },
      ],
    });
    expect(again).toEqual({ inserted: 0, duplicates: 1 });
  });

  it('ingests with an organization token, which names no organization', async () => {
    expect(
      await box.org.events.ingest({
        events: [
          {
            name: 'tokens.used',
            external_customer_id: 'ext-42',
            timestamp: at(3),
            metadata: { tokens: 5 },
          },
        ],
      }),
    ).toEqual({ inserted: 1, duplicates: 0 });
    const detail = await expect422('organization_id with an organization token', () =>
      box.org.events.ingest({
        events: [{ name: 'x', organization_id: org, external_customer_id: 'e' }],
      }),
    );
    expect(detail).toEqual([
      expect.objectContaining({
        type: 'organization_token',
        loc: ['body', 'events', 0, 'organization_id'],
      }),
    ]);
  });

  it('refuses what the real ingest refuses, every problem at once', async () => {
    const future = new Date(Date.now() + 86_400_000).toISOString();
    const detail = await expect422('bad events', () =>
      seller.events.ingest({
        events: [
          { name: 'x', organization_id: org, customer_id: '0b7f1a2e-6a0c-4c4e-9d51-3f0a8f0b2c11' },
          { name: 'y', organization_id: org, customer_id: customerId, timestamp: future },
        ],
      }),
    );
    // The body is validated before the rules that read the store: only event 1's problems.
    expect(detail.map((d) => [d.type, d.loc.join('.')])).toEqual([
      ['value_error', 'body.events.1.EventCreateCustomer.timestamp'],
      ['value_error', 'body.events.1.EventCreateExternalCustomer.timestamp'],
      ['missing', 'body.events.1.EventCreateExternalCustomer.external_customer_id'],
    ]);
    expect(detail.some((d) => d.msg === 'Value error, Timestamp must be in the past.')).toBe(true);
    const missing = await expect422('unknown customer', () =>
      seller.events.ingest({
        events: [
          { name: 'x', organization_id: org, customer_id: '0b7f1a2e-6a0c-4c4e-9d51-3f0a8f0b2c11' },
        ],
      }),
    );
    expect(missing).toEqual([
      expect.objectContaining({
        type: 'customer_id',
        msg: 'Customer not found.',
        loc: ['body', 'events', 0, 'customer_id'],
      }),
    ]);
  });

  it('lists with the real filters, sorted by timestamp', async () => {
    const all = await seller.events.list({
      organization_id: org,
      name: ['tokens.used', 'tool.call'],
      limit: 100,
    });
    expect(all.items.map((e) => e.name)).toEqual([
      'tokens.used',
      'tool.call',
      'tokens.used',
      'tokens.used',
    ]);
    const oldest = await seller.events.list({ name: 'tokens.used', sorting: ['timestamp'] });
    expect(oldest.items.map((e) => e.timestamp)).toEqual(
      [...oldest.items.map((e) => e.timestamp)].sort(),
    );
    const byExternal = await seller.events.list({ external_customer_id: 'ext-42' });
    expect(byExternal.pagination).toEqual({ total_count: 2, max_page: 1 });
    const window = await seller.events.list({
      start_timestamp: at(0),
      end_timestamp: at(3),
      source: 'user',
    });
    expect(window.items.map((e) => e.name)).toEqual(['tool.call', 'tokens.used']);
    const filtered = await seller.events.list({
      filter: JSON.stringify({
        conjunction: 'and',
        clauses: [{ property: 'tokens', operator: 'gte', value: 100 }],
      }),
    });
    expect(filtered.items.map((e) => e.metadata)).toEqual([{ tokens: 120, model: 'small' }]);
    const byMetadata = await seller.events.list({ metadata: { model: 'large' } });
    expect(byMetadata.items).toHaveLength(1);
    const searched = await seller.events.list({ organization_id: org, query: 'tool.call' });
    expect(searched.items.map((e) => e.name)).toEqual(['tool.call']);
    const roots = await seller.events.list({ name: ['tokens.used', 'tool.call'], depth: 0 });
    expect(roots.pagination).toEqual({ total_count: 3, max_page: 1 });
    await expect422('a short query', () =>
      seller.events.list({ organization_id: org, query: 'ab' }),
    );
    await expect422('a filter that is not one', () =>
      seller.events.list({ filter: '{"conjunction":"nor","clauses":[]}' }),
    );
  });

  it('gets one, with its customer and children', async () => {
    const [parent] = (await seller.events.list({ name: 'tokens.used', customer_id: customerId }))
      .items;
    const got = await seller.events.get(parent!.id);
    expect(got).toMatchObject({
      id: parent!.id,
      source: 'user',
      label: 'tokens.used',
      customer_id: customerId,
      child_count: 1,
    });
    expect((got as { customer: { id: string } }).customer.id).toBe(customerId);
    const children = await seller.events.list({ parent_id: parent!.id });
    expect(children.items.map((e) => e.name)).toEqual(['tool.call']);
    await expectError('another organization’s event', errors.ResourceNotFound, () =>
      box.otherSeller.events.get(parent!.id),
    );
  });

  it('lists the names with their occurrences', async () => {
    const mine = { customer_id: customerId, external_customer_id: 'ext-42' };
    const names = await seller.events.listNames({
      ...mine,
      sorting: ['-occurrences'],
      source: 'user',
    });
    expect(names.items.map((n) => [n.name, n.occurrences])).toEqual([
      ['tokens.used', 3],
      ['tool.call', 1],
    ]);
    const found = await seller.events.listNames({ ...mine, query: 'tool' });
    expect(found.items.map((n) => n.name)).toEqual(['tool.call']);
    for (const page of [1, 2]) {
      const one = await seller.events.listNames({
        ...mine,
        source: 'user',
        limit: 1,
        page,
        sorting: ['name'],
      });
      expect(one.pagination).toEqual({ total_count: 2, max_page: 2 });
    }
  });

  it('pages through a batch of 1 000', async () => {
    const events = Array.from({ length: 1000 }, (_, i) => ({
      name: 'bulk.request',
      organization_id: org,
      external_customer_id: 'bulk',
      external_id: `bulk-${i}`,
      timestamp: new Date(Date.UTC(2026, 4, 1) + i * 1000).toISOString(),
    }));
    expect(await seller.events.ingest({ events })).toEqual({ inserted: 1000, duplicates: 0 });
    const page = await seller.events.list({
      name: 'bulk.request',
      limit: 100,
      page: 10,
      sorting: ['timestamp'],
    });
    expect(page.pagination).toEqual({ total_count: 1000, max_page: 10 });
    expect(Date.parse(page.items[99]!.timestamp)).toBe(Date.parse(events[999]!.timestamp));
    // Ingesting the same batch again inserts nothing: resumable by external_id.
    expect(await seller.events.ingest({ events })).toEqual({ inserted: 0, duplicates: 1000 });
    const names = await seller.events.listNames({ external_customer_id: 'bulk' });
    expect(names.items).toEqual([
      expect.objectContaining({
        name: 'bulk.request',
        occurrences: 1000,
        source: 'user',
        label: 'bulk.request',
      }),
    ]);
    const one = await seller.events.get(page.items[0]!.id);
    expect(one).toMatchObject({ external_customer_id: 'bulk', customer_id: null, customer: null });
  });
});
