// `billing events types|label` end to end in today's generation (BILLING_API_VERSION=2026-10):
// the built bin against the local service, each run checked against what the service itself
// answers. Rules from polarsource/polar at c6c3645e (event_type/service.py list_with_stats and
// update): an ingest makes a name's event type, labelled with the name; the system's
// meter.credited has none (no id); a label's change replaces the label property selector too.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Json, ndjson, type Suite, startSuite, tsv } from './cli.js';

let s: Suite;
beforeAll(async () => {
  s = await startSuite({ apiVersion: '2026-10' });
  const events = ['2026-09-01', '2026-09-02', '2026-09-03'].map((day, i) => ({
    name: i < 2 ? 'search.run' : 'upload.done',
    timestamp: `${day}T12:00:00Z`,
    external_customer_id: 'e2e-types',
    organization_id: s.demo.organization_id,
  }));
  await s.call('POST', '/v1/events/ingest', { events });
});
afterAll(() => s.svc.stop());

const run = (args: string[], env: Record<string, string> = {}) => s.run(args, { env });

describe('events types and label at 2026-10', () => {
  it('types: TSV of the names with their statistics, as the service lists them', async () => {
    const [r, answer] = await Promise.all([
      run(['events', 'types', '--external-customer', 'e2e-types', '--sort', 'name']),
      s.call('GET', '/v1/event-types/?external_customer_id=e2e-types&sorting=name'),
    ]);
    expect(r).toMatchObject({ code: 0, stderr: '' });
    const { header, rows } = tsv(r.stdout);
    expect(header).toEqual([
      'NAME',
      'LABEL',
      'SOURCE',
      'OCCURRENCES',
      'FIRST SEEN',
      'LAST SEEN',
      'ID',
    ]);
    expect(rows).toEqual(
      answer.items.map((t: Json) => [
        t.name,
        t.label,
        t.source,
        String(t.occurrences),
        t.first_seen,
        t.last_seen,
        t.id,
      ]),
    );
    expect(rows.map((row) => [row[0], row[3]])).toEqual([
      ['search.run', '2'],
      ['upload.done', '1'],
    ]);
  });

  it('types --source system: the system name without an id', async () => {
    const r = await run(['events', 'types', '--source', 'system', '-o', 'ndjson']);
    expect(r).toMatchObject({ code: 0, stderr: '' });
    expect(ndjson(r.stdout).map((t) => [t.name, t.label, t.id])).toEqual([
      ['meter.credited', 'Meter Credited', null],
    ]);
  });

  it('label: relabels a type, and types --query finds it by its label', async () => {
    const [search] = (await s.call('GET', '/v1/event-types/?query=search.run')).items;
    const r = await run([
      'events',
      'label',
      search.id,
      'Searches',
      '--label-property-selector',
      'query',
      '--json',
    ]);
    expect(r).toMatchObject({ code: 0, stderr: '' });
    expect(JSON.parse(r.stdout)).toMatchObject({
      id: search.id,
      name: 'search.run',
      label: 'Searches',
      label_property_selector: 'query',
    });
    const found = await run(['events', 'types', '--query', 'SEARCHES', '--fields', 'name,label']);
    expect(found.stdout).toBe('name\tlabel\nsearch.run\tSearches\n');
  });

  it("label: an unknown id is the API's 404, a bad label a usage error", async () => {
    const unknown = await run(['events', 'label', '0b7a4c1e-3f2d-4e5a-9b8c-7d6e5f4a3b2c', 'x']);
    expect(unknown.code).not.toBe(0);
    expect(unknown.stderr).toMatch(/not found/i);
    const blank = await run(['events', 'label', '0b7a4c1e-3f2d-4e5a-9b8c-7d6e5f4a3b2c', '  ']);
    expect(blank).toMatchObject({ code: 2, stdout: '' });
  });

  it("refuses on the seed's generation before sending anything", async () => {
    const r = await run(['events', 'types'], { BILLING_API_VERSION: 'none' });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain("event types need today's API (2026-04 or later)");
  });
});
