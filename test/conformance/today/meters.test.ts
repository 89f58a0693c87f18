// Meters through SDK 1.0.1 in today's generation (issue 27), every answer checked against the
// 2026-10 document (harness.ts). Rules from polarsource/polar at c6c3645e: meter/schemas.py
// (MeterCreate, MeterUpdate), meter/service.py (list filters and sorting, create, update: filter
// and aggregation forbidden once the meter has billed an event, archiving refused while a
// product's metered price uses it) and get_quantities (rows of generate_series in the zone,
// each the aggregate of its date_trunc period, the total of the rows; avg over every event).
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
  // Two customers' tokens over three days of June 2026.
  const events = [
    ['2026-06-01T10:00:00Z', 'a', 100],
    ['2026-06-01T23:30:00Z', 'a', 50],
    ['2026-06-02T09:00:00Z', 'b', 30],
    ['2026-06-03T12:00:00Z', 'a', 20],
  ].map(([timestamp, who, tokens]) => ({
    name: 'llm.tokens',
    organization_id: org,
    external_customer_id: `meters-${who}`,
    timestamp: timestamp as string,
    metadata: { tokens: tokens as number, model: who === 'a' ? 'large' : 'small' },
  }));
  expect(await seller.events.ingest({ events })).toEqual({ inserted: 4, duplicates: 0 });
});
afterAll(async () => {
  expectCalls(box, 'meters');
  await box.stop();
});

const TOKENS = {
  conjunction: 'and' as const,
  clauses: [{ property: 'name', operator: 'eq' as const, value: 'llm.tokens' }],
};

describe('meters (2026-10)', () => {
  let sum: { id: string };
  it('creates meters: count, sum over metadata, unique', async () => {
    sum = await seller.meters.create({
      name: 'LLM tokens',
      filter: TOKENS,
      aggregation: { func: 'sum', property: 'metadata.tokens' },
      organization_id: org,
      metadata: { team: 'ai' },
    });
    expect(sum).toMatchObject({
      name: 'LLM tokens',
      unit: 'scalar',
      aggregation: { func: 'sum', property: 'tokens' },
      archived_at: null,
    });
    const count = await box.org.meters.create({
      name: 'LLM calls',
      filter: TOKENS,
      aggregation: { func: 'count' },
      unit: 'custom',
      custom_label: 'call',
      custom_multiplier: 1,
    });
    expect(count).toMatchObject({ unit: 'custom', custom_label: 'call', organization_id: org });
    const models = await seller.meters.create({
      name: 'Models used',
      filter: TOKENS,
      aggregation: { func: 'unique', property: 'model' },
      organization_id: org,
    });
    expect(models.aggregation).toEqual({ func: 'unique', property: 'model' });
  });

  it('refuses what MeterCreate refuses', async () => {
    const detail = await expect422('a short name and a bad filter', () =>
      seller.meters.create({
        name: 'ab',
        filter: { conjunction: 'and', clauses: [{ property: 'x', operator: 'eq', value: 1.5 }] },
        aggregation: { func: 'count' },
        organization_id: org,
      }),
    );
    expect(detail.map((d) => d.loc.join('.'))).toContain('body.name');
    expect(detail.map((d) => d.loc.join('.'))).toContain(
      'body.filter.clauses.0.FilterClause.value.int',
    );
    const label = await expect422('a custom unit without label', () =>
      seller.meters.create({
        name: 'abc',
        unit: 'custom',
        filter: TOKENS,
        aggregation: { func: 'count' },
        organization_id: org,
      }),
    );
    expect(label[0]!.msg).toBe("Value error, custom_label is required when unit is 'custom'.");
  });

  it('lists, filters and sorts', async () => {
    const all = await seller.meters.list({ organization_id: org, limit: 100 });
    expect(all.items.map((m) => m.name)).toEqual([
      'API requests',
      'LLM calls',
      'LLM tokens',
      'Models used',
    ]);
    const newest = await seller.meters.list({ sorting: ['-created_at'], limit: 1 });
    expect(newest.items[0]!.name).toBe('Models used');
    expect((await seller.meters.list({ query: 'llm' })).items).toHaveLength(2);
    expect(
      (await seller.meters.list({ metadata: { team: 'ai' } })).items.map((m) => m.name),
    ).toEqual(['LLM tokens']);
    expect((await seller.meters.get(sum.id)).name).toBe('LLM tokens');
    await expectError('another organization’s meter', errors.ResourceNotFound, () =>
      box.otherSeller.meters.get(sum.id),
    );
  });

  it('keeps the filter of a meter that counts events, and archives', async () => {
    const detail = await expect422('a filter change', () =>
      seller.meters.update(sum.id, { filter: { conjunction: 'or', clauses: [] } }),
    );
    expect(detail).toEqual([
      expect.objectContaining({ type: 'forbidden', loc: ['body', 'filter'] }),
    ]);
    const renamed = await seller.meters.update(sum.id, {
      name: 'Tokens',
      metadata: { team: 'ml' },
    });
    expect(renamed).toMatchObject({ name: 'Tokens', metadata: { team: 'ml' } });
    const archived = await seller.meters.update(sum.id, { is_archived: true });
    expect(archived.archived_at).not.toBeNull();
    expect((await seller.meters.list({ is_archived: true })).items.map((m) => m.id)).toEqual([
      sum.id,
    ]);
    const back = await seller.meters.update(sum.id, { is_archived: false });
    expect(back.archived_at).toBeNull();
  });

  it('computes quantities by day, with the whole period of each row and the running total', async () => {
    const q = await seller.meters.quantities(sum.id, {
      start_timestamp: '2026-06-01T12:00:00Z',
      end_timestamp: '2026-06-03T00:00:00Z',
      interval: 'day',
    });
    expect(q.quantities.map((x) => x.quantity)).toEqual([150, 30]);
    expect(q.total).toBe(180);
    const paris = await seller.meters.quantities(sum.id, {
      start_timestamp: '2026-06-01T00:00:00+02:00',
      end_timestamp: '2026-06-03T00:00:00+02:00',
      interval: 'day',
      timezone: 'Europe/Paris',
    });
    // 23:30 UTC on the 1st is the 2nd in Paris.
    expect(paris.quantities.map((x) => x.quantity)).toEqual([100, 80, 20]);
    const customer = await seller.meters.quantities(sum.id, {
      start_timestamp: '2026-06-01T00:00:00Z',
      end_timestamp: '2026-06-30T00:00:00Z',
      interval: 'month',
      external_customer_id: 'meters-b',
    });
    expect(customer.total).toBe(30);
    const perCustomer = await seller.meters.quantities(sum.id, {
      start_timestamp: '2026-06-01T00:00:00Z',
      end_timestamp: '2026-06-01T00:00:00Z',
      interval: 'month',
      customer_aggregation_function: 'max',
    });
    expect(perCustomer.quantities.map((x) => x.quantity)).toEqual([170]);
    const hourly = await seller.meters.quantities(sum.id, {
      start_timestamp: '2026-06-01T09:00:00Z',
      end_timestamp: '2026-06-01T11:00:00Z',
      interval: 'hour',
      metadata: { model: 'large' },
    });
    expect(hourly.quantities.map((x) => x.quantity)).toEqual([0, 100, 0]);
    await expect422('too many hours', () =>
      seller.meters.quantities(sum.id, {
        start_timestamp: '2026-06-01T00:00:00Z',
        end_timestamp: '2026-06-20T00:00:00Z',
        interval: 'hour',
      }),
    );
  });

  it('counts distinct values, and averages over every event for the total', async () => {
    const models = (await seller.meters.list({ query: 'Models' })).items[0]!;
    const q = await seller.meters.quantities(models.id, {
      start_timestamp: '2026-06-01T00:00:00Z',
      end_timestamp: '2026-06-03T00:00:00Z',
      interval: 'day',
    });
    expect(q.quantities.map((x) => x.quantity)).toEqual([1, 1, 1]);
    expect(q.total).toBe(2);
  });
});
