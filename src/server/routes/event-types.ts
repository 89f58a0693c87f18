// Event types (event_type/endpoints.py at c6c3645e), today's generation only (the seed's had
// none): GET /v1/event-types/ (each name's statistics over the usage events, with its row) and
// PATCH /v1/event-types/{id} (the label). Scopes events:read or events:write, and events:write
// (event_type/auth.py). The list follows event_type/service.py list_with_stats: the statistics
// of the events the filters keep, grouped by organization, name and source (tinybird_repository
// get_event_type_stats), sorted by name, occurrences, first_seen or last_seen (a `label`
// criterion is accepted and ignored: the service maps it to no column; none left: -last_seen);
// then `query` keeps the names whose name or resolved label contains it, without case; the page
// is cut from what is left (its total), and a user name without a row is left out of the page.
import type { FastifyRequest } from 'fastify';
import { SORTING } from '../../shared/openapi/2026-10.facts.js';
import { type Router, sellerAuth } from '../app.js';
import { NotFound } from '../domain/errors.js';
import { updateEventType } from '../domain/event-types.js';
import type { EventTypeRow } from '../store/rows.js';
import type { NameStats } from '../store/usage-events.js';
import * as today from '../today/event-types.js';
import { nameLabel } from '../today/usage-events.js';
import {
  boolParam,
  enumParam,
  listParams,
  paginated,
  parseBody,
  type Query,
  stringParam,
  uuidList,
  uuidParam,
} from '../validate.js';
import { customerScope, seenOrganizations } from './usage-events.js';

const { READ, WRITE } = sellerAuth('events');
const TODAY = { only: 'today' } as const;
const SOURCES = ['system', 'user'];
/** The criteria the service sorts by (service.py list_with_stats); `label` is not one. */
const COLUMNS: Record<string, string> = {
  name: 'name',
  occurrences: 'occurrences',
  first_seen: 'first_seen',
  last_seen: 'last_seen',
};

/** service.py _resolve_label: a system name's own label first, then the row's, then the name. */
const labelOf = (s: NameStats, row: EventTypeRow | undefined) =>
  nameLabel(s.name, s.source, row?.label);

function parentParam(query: Query): string | undefined {
  const v = stringParam(query, 'parent_id');
  return v === undefined ? undefined : uuidParam(v, 'parent_id', 'query');
}

export function registerEventTypes({ get, write, service }: Router): void {
  const { store } = service;

  get(
    '/v1/event-types/',
    READ,
    (req, ctx) => {
      const query = req.query as Query;
      const { page, sorting } = listParams(query, SORTING['event-types:list']!, ['-last_seen']);
      const organizations = uuidList(query, 'organization_id');
      const ids = uuidList(query, 'customer_id');
      const external = [query.external_customer_id ?? []].flat();
      const text = stringParam(query, 'query');
      const root = boolParam(query, 'root_events') ?? false;
      const parentId = parentParam(query);
      const source = enumParam(query, 'source', SOURCES);
      const seen = seenOrganizations(ctx, organizations);
      if (!seen.length) return paginated([], 0, page);
      const criteria = sorting.flatMap((s) =>
        COLUMNS[s.field] ? [`${COLUMNS[s.field]} ${s.desc ? 'DESC' : 'ASC'}`] : [],
      );
      const order = [
        ...(criteria.length ? criteria : ['last_seen DESC']),
        'name ASC',
        'source ASC',
        'organization_id ASC',
      ].join(', ');
      let stats = store.usageEvents.names(
        ctx.visible,
        {
          organization_id: seen,
          customers: customerScope(ctx, seen, ids, external),
          source: source === undefined ? [] : [source],
          root,
          parentId,
          perOrganization: true,
        },
        order,
      ) as (NameStats & { organization_id: string })[];
      const rows = store.eventTypes.byNames(seen, [...new Set(stats.map((s) => s.name))]);
      const rowOf = (s: NameStats) => rows.get(`${s.organization_id}\n${s.name}`);
      if (text !== undefined) {
        const needle = text.toLowerCase();
        stats = stats.filter(
          (s) =>
            s.name.toLowerCase().includes(needle) ||
            labelOf(s, rowOf(s)).toLowerCase().includes(needle),
        );
      }
      const items = stats.slice(page.offset, page.offset + page.limit).flatMap((s) => {
        const row = rowOf(s);
        if (!row && s.source !== 'system') return [];
        return [today.eventTypeWithStats(s, row, labelOf(s, row))];
      });
      return paginated(items, stats.length, page);
    },
    TODAY,
  );

  write(
    'PATCH',
    '/v1/event-types/:id',
    WRITE,
    (req: FastifyRequest, ctx) => {
      const id = uuidParam((req.params as { id: string }).id);
      const body = parseBody(today.updateBody, req.body);
      const row = store.eventTypes.visible(ctx.visible, id);
      if (!row) throw new NotFound();
      const selector = body.label_property_selector ?? null;
      return today.eventType(updateEventType(ctx.work, row, body.label, selector));
    },
    TODAY,
  );
}
