// GET /v1/orders/ and GET /v1/orders/{id} (spec endpoints 12–13).

import { ORDER_SORT_CRITERIA } from '../../shared/api-facts.js';
import { type Router, slashRedirect } from '../app.js';
import { organizationIds } from '../auth.js';
import { sqlIn } from '../db.js';
import { notFound } from '../errors.js';
import { order, primeOrders } from '../serialize.js';
import {
  enumList,
  pageParams,
  paginated,
  type Query,
  sortingParam,
  uuidList,
  uuidParam,
} from '../validate.js';

export const ORDER_SORTS = ORDER_SORT_CRITERIA;

const SORT_SQL: Record<string, string> = {
  created_at: 'o.created_at',
  amount: 'o.amount',
  customer: '(SELECT email FROM customers WHERE id = o.customer_id)',
  product: '(SELECT name FROM products WHERE id = o.product_id)',
  discount: '(SELECT name FROM discounts WHERE id = o.discount_id)',
  subscription: 'o.subscription_id',
};
/**
 * Criteria that can be null sort as the real service's PostgreSQL does: nulls after every value
 * ascending, before them descending (SQLite's default is the reverse). Only these get the clause,
 * which would keep SQLite from walking an index for the others.
 */
const NULLABLE = new Set(['discount', 'subscription']);
const direction = (field: string, desc: boolean) =>
  `${desc ? 'DESC' : 'ASC'}${NULLABLE.has(field) ? (desc ? ' NULLS FIRST' : ' NULLS LAST') : ''}`;

const AUTH = { kinds: ['user', 'organization'] as const, scopes: ['orders:read'] };

export function registerOrders({ app, route, service }: Router): void {
  const { store } = service;
  route(
    'GET',
    '/v1/orders/',
    { kinds: [...AUTH.kinds], scopes: AUTH.scopes },
    (req, { principal, loader }) => {
      const query = req.query as Query;
      const page = pageParams(query);
      const sorting = sortingParam(query, ORDER_SORTS, ['-created_at']);
      const where: string[] = [];
      const params: unknown[] = [];
      const filter = (column: string, values: string[]) => {
        if (values.length) where.push(sqlIn(column, values, params));
      };
      const own = organizationIds(store, principal!);
      // A principal without organizations sees nothing (not everything).
      where.push(own.length ? sqlIn('o.organization_id', own, params) : '0');
      filter('o.organization_id', uuidList(query, 'organization_id'));
      filter('o.product_id', uuidList(query, 'product_id'));
      filter('o.price_type', enumList(query, 'product_price_type', ['one_time', 'recurring']));
      filter('o.discount_id', uuidList(query, 'discount_id'));
      filter('o.customer_id', uuidList(query, 'customer_id'));
      const whereSql = where.join(' AND ');
      const countSql = `SELECT count(*) AS n FROM orders o WHERE ${whereSql}`;
      // Counting 100 000 rows takes milliseconds; pages of one listing share the count.
      const total = store
        .memo<number>('orders-count')
        .get(
          `${countSql}|${JSON.stringify(params)}`,
          () => store.get<{ n: number }>(countSql, ...params)!.n,
        );
      // The id tie-breaker runs the same way as the last criterion, so an index can serve both.
      const last = sorting.at(-1)?.desc ? 'DESC' : 'ASC';
      const orderBy = [
        ...sorting.map((s) => `${SORT_SQL[s.field]} ${direction(s.field, s.desc)}`),
        `o.id ${last}`,
      ].join(', ');
      const rows = store.all(
        `SELECT o.* FROM orders o WHERE ${whereSql} ORDER BY ${orderBy} LIMIT ? OFFSET ?`,
        ...params,
        page.limit,
        page.offset,
      );
      primeOrders(loader, rows);
      return paginated(
        rows.map((r) => order(loader, r)),
        total,
        page,
      );
    },
  );
  slashRedirect(app, '/v1/orders', '/v1/orders/');

  route(
    'GET',
    '/v1/orders/:id',
    { kinds: [...AUTH.kinds], scopes: AUTH.scopes },
    (req, { principal, loader, reply }) => {
      const id = uuidParam((req.params as { id: string }).id, ['path', 'id']);
      // An order embeds six other rows; its JSON is kept until the next write anywhere.
      const found = store.memo<{ org: string; json: string } | false>('order-json').get(id, () => {
        const row = store.get('SELECT * FROM orders WHERE id = ?', id);
        return row
          ? { org: row.organization_id as string, json: JSON.stringify(order(loader, row)) }
          : false;
      });
      if (!found || !organizationIds(store, principal!).includes(found.org)) throw notFound();
      reply.header('content-type', 'application/json; charset=utf-8');
      return found.json;
    },
  );
}
