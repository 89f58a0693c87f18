// Meters (meter/endpoints.py at c6c3645e), today's generation only: the list (organization,
// name query, archived, metadata; sorted by name unless asked), get, create, update and the
// quantities. Scopes meters:read / meters:write (meter/auth.py).
import type { FastifyRequest } from 'fastify';
import { SORTING } from '../../shared/openapi/2026-10.facts.js';
import { type Context, type Router, sellerAuth } from '../app.js';
import { Invalid, NotFound } from '../domain/errors.js';
import { AGGREGATION_FUNCTIONS, type AggregationFunction } from '../domain/meter-filter.js';
import {
  knownZone,
  MIN_DATETIME,
  TIME_INTERVALS,
  type TimeInterval,
  underLimits,
} from '../domain/meter-quantities.js';
import { createMeter, meterQuantities, updateMeter } from '../domain/meters.js';
import { payloadOrganization } from '../domain/payload-organization.js';
import type { MeterRow } from '../store/rows.js';
import * as today from '../today/meters.js';
import {
  boolParam,
  enumList,
  listParams,
  paginated,
  parseBody,
  type Query,
  stringParam,
  uuidList,
  uuidParam,
} from '../validate.js';
import { metadataQuery, queryTime } from './usage-query.js';

const { READ, WRITE } = sellerAuth('meters');
const TODAY = { only: 'today' } as const;

export function registerMeters({ get, write, service }: Router): void {
  const { store } = service;

  const byId = (req: FastifyRequest, ctx: Context): MeterRow => {
    const row = store.meters.visible(ctx.visible, uuidParam((req.params as { id: string }).id));
    if (!row) throw new NotFound();
    return row;
  };

  get(
    '/v1/meters/',
    READ,
    (req, ctx) => {
      const query = req.query as Query;
      const { page, sorting } = listParams(query, SORTING['meters:list']!, ['name']);
      const { rows, total } = store.meters.list(
        ctx.visible,
        {
          organization_id: uuidList(query, 'organization_id'),
          query: stringParam(query, 'query'),
          is_archived: boolParam(query, 'is_archived'),
          metadata: metadataQuery(query),
        },
        page,
        sorting,
      );
      return paginated(rows.map(today.meter), total, page);
    },
    TODAY,
  );

  write(
    'POST',
    '/v1/meters/',
    WRITE,
    (req, ctx) => {
      const body = parseBody(today.createBody, req.body);
      const organizationId = payloadOrganization(ctx.principal!, ctx.visible, body.organization_id);
      const row = createMeter(ctx.work, organizationId, today.createFields(body));
      ctx.reply.code(201);
      return today.meter(row);
    },
    TODAY,
  );

  get('/v1/meters/:id', READ, (req, ctx) => today.meter(byId(req, ctx)), TODAY);

  write(
    'PATCH',
    '/v1/meters/:id',
    WRITE,
    (req, ctx) => {
      const body = parseBody(today.updateBody, req.body);
      const row = byId(req, ctx);
      return today.meter(updateMeter(ctx.work, row, today.updateChanges(body, req.body as object)));
    },
    TODAY,
  );

  get(
    '/v1/meters/:id/quantities',
    READ,
    (req, ctx) => {
      const query = req.query as Query;
      const row = byId(req, ctx);
      const start = queryTime(query, 'start_timestamp', true)!;
      const end = queryTime(query, 'end_timestamp', true)!;
      if (start < MIN_DATETIME)
        throw new Invalid(
          [
            {
              type: 'greater_than_equal',
              loc: ['start_timestamp'],
              msg: 'Input should be greater than or equal to 2023-01-01T00:00:00Z',
              input: stringParam(query, 'start_timestamp'),
              ctx: { ge: '2023-01-01T00:00:00Z' },
            },
          ],
          'query',
        );
      const interval = stringParam(query, 'interval');
      if (interval === undefined)
        throw new Invalid(
          [{ type: 'missing', loc: ['interval'], msg: 'Field required', input: null }],
          'query',
        );
      enumList(query, 'interval', TIME_INTERVALS);
      const zone = stringParam(query, 'timezone') ?? 'UTC';
      if (!knownZone(zone))
        throw new Invalid(
          [{ type: 'TimeZoneName', loc: ['timezone'], msg: 'Invalid timezone name.', input: zone }],
          'query',
        );
      const fn = stringParam(query, 'customer_aggregation_function');
      if (fn !== undefined) enumList(query, 'customer_aggregation_function', AGGREGATION_FUNCTIONS);
      const ids = uuidList(query, 'customer_id');
      const external = [query.external_customer_id ?? []].flat();
      const dates = (name: string, ms: number) => ({
        ms,
        date: dateAsWritten(stringParam(query, name)!),
      });
      if (
        !underLimits(
          dates('start_timestamp', start),
          dates('end_timestamp', end),
          interval as TimeInterval,
        )
      )
        throw new Invalid(
          [
            {
              type: 'value_error',
              loc: [],
              msg: 'The interval is too small for the given date range. Use a larger interval or reduce the date range.',
              input: [
                stringParam(query, 'start_timestamp'),
                stringParam(query, 'end_timestamp'),
                interval,
              ],
            },
          ],
          'query',
        );
      const customers =
        ids.length || external.length
          ? store.meters.resolveCustomers(row.organization_id, ids, external)
          : undefined;
      return meterQuantities(store, row, {
        start,
        end,
        interval: interval as TimeInterval,
        zone,
        customers,
        metadata: metadataQuery(query),
        customerAggregation: fn as AggregationFunction | undefined,
      });
    },
    TODAY,
  );
}

/** The date part of a datetime as written (its own offset), for is_under_limits. */
function dateAsWritten(text: string): string {
  return /^\d{4}-\d{2}-\d{2}/.exec(text)?.[0] ?? text;
}
