// Customer meters (customer_meter/endpoints.py and customer_portal/endpoints/customer_meter.py
// at c6c3645e), today's generation only: the seller's list (organization, customer by either id,
// meter; the active meters unless meters are named; sorted by -modified_at unless asked) and
// one by id (scope customer_meters:read), and the customer portal's own (customer_portal:read).
import type { FastifyRequest } from 'fastify';
import { SORTING } from '../../shared/openapi/2026-10.facts.js';
import type { Context, RouteAuth, Router } from '../app.js';
import { NotFound } from '../domain/errors.js';
import { type CustomerMeterState, customerMeters } from '../domain/meter-credits.js';
import type { SortCriterion } from '../store/lists.js';
import type { CustomerRow, MeterRow } from '../store/rows.js';
import * as today from '../today/customer-meters.js';
import {
  listParams,
  type Page,
  paginated,
  type Query,
  stringParam,
  uuidList,
  uuidParam,
} from '../validate.js';

const SELLER: RouteAuth = { kinds: ['user', 'organization'], scopes: ['customer_meters:read'] };
const PORTAL: RouteAuth = {
  kinds: ['customer'],
  scopes: ['customer_portal:read', 'customer_portal:write'],
};
const TODAY = { only: 'today' } as const;

const KEYS: Record<string, (m: CustomerMeterState) => string | number> = {
  created_at: (m) => m.created_at,
  modified_at: (m) => m.modified_at ?? m.created_at,
  customer_id: (m) => m.customer.id,
  customer_name: (m) => m.customer.name ?? '',
  meter_id: (m) => m.meter.id,
  meter_name: (m) => m.meter.name,
  consumed_units: (m) => m.consumed_units,
  credited_units: (m) => m.credited_units,
  balance: (m) => m.balance,
};

function sorted(items: CustomerMeterState[], sorting: readonly SortCriterion[]) {
  return [...items].sort((a, b) => {
    for (const s of sorting) {
      const [x, y] = [KEYS[s.field]!(a), KEYS[s.field]!(b)];
      if (x !== y) return (x < y ? -1 : 1) * (s.desc ? -1 : 1);
    }
    return a.id < b.id ? -1 : 1;
  });
}

const pageOf = <T>(items: T[], page: Page) => items.slice(page.offset, page.offset + page.limit);

export function registerCustomerMeters({ get, service }: Router): void {
  const { store } = service;
  const deps = { store, clock: service.clock };

  /** The seller's customer meters under the list's filters. */
  const sellers = (ctx: Context, query: Query): CustomerMeterState[] => {
    const orgs = uuidList(query, 'organization_id');
    const ids = uuidList(query, 'customer_id');
    const external = [query.external_customer_id ?? []].flat();
    const meterIds = uuidList(query, 'meter_id');
    const seen = store.usageEvents
      .organizationsOf(ctx.visible)
      .filter((o) => !orgs.length || orgs.includes(o));
    const meters: MeterRow[] = seen.flatMap((o) =>
      meterIds.length
        ? meterIds.flatMap((id) => {
            const m = store.row('meters', id);
            return m && m.organization_id === o ? [m] : [];
          })
        : store.meters.active(o),
    );
    const customers: CustomerRow[] = seen.flatMap((o) =>
      store.usageEvents
        .customersOfOrganization(o)
        .filter(
          (c) =>
            (!ids.length || ids.includes(c.id)) &&
            (!external.length || external.includes(c.external_id ?? '')),
        ),
    );
    return customerMeters(deps, customers, meters);
  };

  get(
    '/v1/customer-meters/',
    SELLER,
    (req, ctx) => {
      const query = req.query as Query;
      const { page, sorting } = listParams(query, SORTING['customer_meters:list']!, [
        '-modified_at',
      ]);
      const items = sorted(sellers(ctx, query), sorting);
      return paginated(pageOf(items, page).map(today.customerMeter), items.length, page);
    },
    TODAY,
  );

  get(
    '/v1/customer-meters/:id',
    SELLER,
    (req: FastifyRequest, ctx) => {
      const id = uuidParam((req.params as { id: string }).id);
      const found = sellers(ctx, {}).find((m) => m.id === id);
      if (!found) throw new NotFound();
      return today.customerMeter(found);
    },
    TODAY,
  );

  /** The portal customer's own meters, of the organization's meters not archived. */
  const own = (ctx: Context, meterIds: readonly string[] = []): CustomerMeterState[] => {
    const principal = ctx.principal!;
    if (principal.kind !== 'customer') return [];
    const c = store.row('customers', principal.customerId);
    if (!c) return [];
    const meters = store.meters
      .active(c.organization_id)
      .filter((m) => !meterIds.length || meterIds.includes(m.id));
    return customerMeters(deps, [c], meters);
  };

  get(
    '/v1/customer-portal/meters/',
    PORTAL,
    (req, ctx) => {
      const query = req.query as Query;
      const { page, sorting } = listParams(
        query,
        SORTING['customer_portal:customer_meters:list']!,
        ['-modified_at'],
      );
      const text = stringParam(query, 'query')?.toLowerCase();
      const items = sorted(
        own(ctx, uuidList(query, 'meter_id')).filter(
          (m) => text === undefined || m.meter.name.toLowerCase().includes(text),
        ),
        sorting,
      );
      return paginated(pageOf(items, page).map(today.portalCustomerMeter), items.length, page);
    },
    TODAY,
  );

  get(
    '/v1/customer-portal/meters/:id',
    PORTAL,
    (req: FastifyRequest, ctx) => {
      const id = uuidParam((req.params as { id: string }).id);
      const found = own(ctx).find((m) => m.id === id);
      if (!found) throw new NotFound();
      return today.portalCustomerMeter(found);
    },
    TODAY,
  );
}
