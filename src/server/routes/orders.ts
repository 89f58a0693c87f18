// GET /v1/orders/ and GET /v1/orders/{id} (spec endpoints 12–13).

import type { SQLInputValue } from 'node:sqlite';
import { type Router, slashRedirect } from '../app.js';
import { organizationIds } from '../auth.js';
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

export const ORDER_SORTS = [
  'created_at',
  'amount',
  'customer',
  'product',
  'discount',
  'subscription',
] as const;

const SORT_SQL: Record<string, string> = {
  created_at: 'o.created_at',
  amount: 'o.amount',
  customer: '(SELECT email FROM customers WHERE id = o.customer_id)',
  product: '(SELECT name FROM products WHERE id = o.product_id)',
  discount: '(SELECT name FROM discounts WHERE id = o.discount_id)',
  subscription: 'o.subscription_id',
};

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
      const params: SQLInputValue[] = [];
      const filter = (column: string, values: string[]) => {
        if (!values.length) return;
        where.push(`${column} IN (SELECT value FROM json_each(?))`);
        params.push(JSON.stringify(values));
      };
      filter('o.organization_id', organizationIds(store, principal!));
      filter('o.organization_id', uuidList(query, 'organization_id'));
      filter('o.product_id', uuidList(query, 'product_id'));
      filter('o.price_type', enumList(query, 'product_price_type', ['one_time', 'recurring']));
      filter('o.discount_id', uuidList(query, 'discount_id'));
      filter('o.customer_id', uuidList(query, 'customer_id'));
      const whereSql = where.join(' AND ');
      const total = store.get<{ n: number }>(
        `SELECT count(*) AS n FROM orders o WHERE ${whereSql}`,
        ...params,
      )!.n;
      const orderBy = [
        ...sorting.map((s) => `${SORT_SQL[s.field]} ${s.desc ? 'DESC' : 'ASC'}`),
        'o.id ASC',
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
    (req, { principal, loader }) => {
      const id = uuidParam((req.params as { id: string }).id, ['path', 'id']);
      const row = store.get('SELECT * FROM orders WHERE id = ?', id);
      if (!row || !organizationIds(store, principal!).includes(row.organization_id as string))
        throw notFound();
      return order(loader, row);
    },
  );
}
