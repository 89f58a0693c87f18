// Usage events (event/endpoints.py at c6c3645e), today's generation only (the seed's had none):
// POST /v1/events/ingest, GET /v1/events/ (filters, timestamp sorting, pages), /v1/events/names
// and /v1/events/{id}. Scopes events:read / events:write (event/auth.py).
import type { FastifyRequest } from 'fastify';
import { SORTING } from '../../shared/openapi/2026-10.facts.js';
import { type Context, type Router, sellerAuth } from '../app.js';
import { Invalid, invalid, NotFound, type Problem } from '../domain/errors.js';
import { type Aggregation, type Filter, readFilter } from '../domain/meter-filter.js';
import { ingestEvents } from '../domain/usage-events.js';
import type { CustomerRow, UsageEventRow } from '../store/rows.js';
import type { CustomerScope } from '../store/usage-events.js';
import * as today from '../today/usage-events.js';
import {
  enumList,
  listParams,
  paginated,
  type Query,
  stringParam,
  uuidList,
  uuidParam,
} from '../validate.js';
import { metadataQuery, queryTime } from './usage-query.js';

const { READ, WRITE } = sellerAuth('events');
const TODAY = { only: 'today' } as const;
const SOURCES = ['system', 'user'] as const;

/** The Event forms of `rows`, their customers and children read once. */
export function eventsJson(ctx: Context, rows: UsageEventRow[]) {
  const store = ctx.deps.store;
  const byOrg = new Map<string, { ids: Set<string>; external: Set<string> }>();
  for (const r of rows) {
    const o = byOrg.get(r.organization_id) ?? { ids: new Set(), external: new Set() };
    if (r.customer_id) o.ids.add(r.customer_id);
    if (r.external_customer_id) o.external.add(r.external_customer_id);
    byOrg.set(r.organization_id, o);
  }
  const byId = new Map<string, CustomerRow>();
  const byExternal = new Map<string, CustomerRow>();
  for (const [org, o] of byOrg)
    for (const c of store.usageEvents.customersOf(org, [...o.ids], [...o.external])) {
      byId.set(c.id, c);
      if (c.external_id) byExternal.set(`${org}\n${c.external_id}`, c);
    }
  const children = store.usageEvents.childCounts(rows.map((r) => r.id));
  const types = store.eventTypes.byNames([...byOrg.keys()], [...new Set(rows.map((r) => r.name))]);
  const customerOf = (r: UsageEventRow) =>
    (r.customer_id ? byId.get(r.customer_id) : undefined) ??
    (r.external_customer_id
      ? byExternal.get(`${r.organization_id}\n${r.external_customer_id}`)
      : undefined);
  return rows.map((r) =>
    today.event(
      r,
      customerOf,
      children.get(r.id) ?? 0,
      types.get(`${r.organization_id}\n${r.name}`),
    ),
  );
}

/**
 * The customer filters as the real list widens them (event/service.py list): the ids given and
 * the external ids of those customers, the external ids given and the ids of those customers.
 */
/** The organizations a list covers: those asked for that the seller sees, else all it sees with events. */
export function seenOrganizations(ctx: Context, asked: readonly string[]): string[] {
  return asked.length
    ? asked.filter((o) => ctx.visible.sellerSees(o))
    : ctx.deps.store.usageEvents.organizationsOf(ctx.visible);
}

export function customerScope(
  ctx: Context,
  organizations: readonly string[],
  ids: readonly string[],
  external: readonly string[],
): CustomerScope | undefined {
  if (!ids.length && !external.length) return undefined;
  const allIds = new Set(ids);
  const allExternal = new Set(external);
  for (const org of organizations)
    for (const c of ctx.deps.store.usageEvents.customersOf(org, ids, external)) {
      if (c.deleted_at) continue;
      if (external.includes(c.external_id ?? '')) allIds.add(c.id);
      if (ids.includes(c.id) && c.external_id) allExternal.add(c.external_id);
    }
  return { ids: [...allIds], external: [...allExternal] };
}

/** The `filter` query parameter: a Filter as JSON (event/endpoints.py list). */
function filterParam(query: Query): Filter | undefined {
  const text = stringParam(query, 'filter');
  if (text === undefined) return undefined;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new Invalid(
      [
        {
          type: 'json_invalid',
          loc: [],
          msg: 'Invalid JSON: expected value at line 1 column 1',
          input: text,
        },
      ],
      'body',
    );
  }
  const problems: Problem[] = [];
  const filter = readFilter(value, [], problems);
  // model_validate_json's own errors, re-raised as they are: no request part in front.
  if (problems.length) throw new Invalid(problems, 'body');
  return filter;
}

export function registerUsageEvents({ get, write, service }: Router): void {
  const { store } = service;

  write(
    'POST',
    '/v1/events/ingest',
    WRITE,
    (req, ctx) => {
      const events = today.readIngest(req.body, service.clock.now().getTime());
      return ingestEvents(ctx.work, ctx.principal!, ctx.visible, events);
    },
    TODAY,
  );

  get(
    '/v1/events/',
    READ,
    (req, ctx) => {
      const query = req.query as Query;
      const { page, sorting } = listParams(query, SORTING['events:list']!, ['-timestamp']);
      const filter = filterParam(query);
      const after = queryTime(query, 'start_timestamp');
      const before = queryTime(query, 'end_timestamp');
      const organizations = uuidList(query, 'organization_id');
      const ids = uuidList(query, 'customer_id');
      const external = [query.external_customer_id ?? []].flat();
      const meterId = stringParam(query, 'meter_id');
      const name = [query.name ?? []].flat();
      const source = enumList(query, 'source', SOURCES);
      const text = stringParam(query, 'query');
      const parentId = stringParam(query, 'parent_id');
      const depthText = stringParam(query, 'depth');
      const depth = depthText === undefined ? undefined : depthParam(depthText);
      if (text !== undefined && !organizations.length)
        throw invalid(
          ['query'],
          'Query is only supported when organization_id is provided.',
          text,
          'value_error',
          undefined,
          'query',
        );
      if (text !== undefined && text.length < 3)
        throw invalid(
          ['query'],
          'Query must be at least 3 characters.',
          text,
          'query',
          undefined,
          'query',
        );
      const seen = seenOrganizations(ctx, organizations);
      if (!seen.length) return paginated([], 0, page);
      const filters: Filter[] = filter ? [filter] : [];
      let aggregation: Aggregation | undefined;
      if (meterId !== undefined) {
        const id = uuidParam(meterId, 'meter_id', 'query');
        const meter = store.meters.visible(ctx.visible, id);
        if (!meter)
          throw invalid(['meter_id'], 'Meter not found.', meterId, 'meter_id', undefined, 'query');
        filters.push(JSON.parse(meter.filter));
        const a = JSON.parse(meter.aggregation);
        if ('property' in a && !['timestamp', 'name', 'source'].includes(a.property))
          aggregation = a;
      }
      const customers = customerScope(ctx, seen, ids, external);
      const { rows, total } = store.usageEvents.list(
        ctx.visible,
        {
          organization_id: seen,
          customers,
          name,
          source,
          after,
          before,
          filters,
          aggregation,
          metadata: metadataQuery(query),
          query:
            text === undefined
              ? undefined
              : { text, customers: store.usageEvents.searchCustomers(seen, text) },
          parentId: parentId === undefined ? undefined : uuidParam(parentId, 'parent_id', 'query'),
          depth,
        },
        page,
        sorting[0]?.desc ?? true,
      );
      return paginated(eventsJson(ctx, rows), total, page);
    },
    TODAY,
  );

  get(
    '/v1/events/names',
    READ,
    (req, ctx) => {
      const query = req.query as Query;
      const { page, sorting } = listParams(query, SORTING['events:list_names']!, ['-last_seen']);
      const organizations = uuidList(query, 'organization_id');
      const ids = uuidList(query, 'customer_id');
      const external = [query.external_customer_id ?? []].flat();
      const source = enumList(query, 'source', SOURCES);
      const text = stringParam(query, 'query');
      const seen = seenOrganizations(ctx, organizations);
      if (!seen.length) return paginated([], 0, page);
      const order = [
        ...sorting.map((s) => `${s.field} ${s.desc ? 'DESC' : 'ASC'}`),
        'name ASC',
        'source ASC',
      ].join(', ');
      const stats = store.usageEvents.names(
        ctx.visible,
        {
          organization_id: seen,
          customers: customerScope(ctx, seen, ids, external),
          source,
          query: text,
        },
        order,
      );
      const shown = stats.slice(page.offset, page.offset + page.limit);
      // The page's names' labels, kept where the organizations seen agree (service.py list_names).
      const labels = new Map<string, Set<string>>();
      for (const t of store.eventTypes
        .byNames(seen, [...new Set(shown.map((s) => s.name))])
        .values())
        labels.set(t.name, (labels.get(t.name) ?? new Set()).add(t.label));
      const agreed = (name: string) => {
        const set = labels.get(name);
        return set?.size === 1 ? [...set][0] : undefined;
      };
      const items = shown.map((s) => today.eventName(s, agreed(s.name)));
      return paginated(items, stats.length, page);
    },
    TODAY,
  );

  get(
    '/v1/events/:id',
    READ,
    (req: FastifyRequest, ctx) => {
      const row = store.usageEvents.get(ctx.visible, uuidParam((req.params as { id: string }).id));
      if (!row) throw new NotFound();
      return eventsJson(ctx, [row])[0];
    },
    TODAY,
  );
}

function depthParam(text: string): number {
  if (!/^\s*[+-]?\d+\s*$/.test(text))
    throw invalid(
      ['depth'],
      'Input should be a valid integer, unable to parse string as an integer',
      text,
      'int_parsing',
      undefined,
      'query',
    );
  const n = Number.parseInt(text, 10);
  if (n < 0)
    throw invalid(
      ['depth'],
      'Input should be greater than or equal to 0',
      text,
      'greater_than_equal',
      { ge: 0 },
      'query',
    );
  if (n > 5)
    throw invalid(
      ['depth'],
      'Input should be less than or equal to 5',
      text,
      'less_than_equal',
      { le: 5 },
      'query',
    );
  return n;
}
