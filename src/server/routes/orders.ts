// GET /v1/orders/ and GET /v1/orders/{id} (spec endpoints 12–13).
import { ORDER_DEFAULT_SORTING, ORDER_SORT_CRITERIA, PRICE_TYPES } from '../../shared/api-facts.js';
import { type Router, slashRedirect } from '../app.js';
import { NotFound } from '../domain/errors.js';
import { order, primeOrders } from '../serialize.js';
import { enumList, listParams, paginated, type Query, uuidLists, uuidParam } from '../validate.js';

const AUTH = { kinds: ['user' as const, 'organization' as const], scopes: ['orders:read'] };

/** The tables an order's JSON is made of: a write to any of them empties the memo. */
const ORDER_TABLES = [
  'orders',
  'customers',
  'users',
  'products',
  'prices',
  'discounts',
  'discount_products',
  'subscriptions',
] as const;

export function registerOrders({ app, get, service }: Router): void {
  const { store } = service;
  get('/v1/orders/', AUTH, (req, { visible, loader }) => {
    const query = req.query as Query;
    const { page, sorting } = listParams(query, ORDER_SORT_CRITERIA, ORDER_DEFAULT_SORTING);
    const filter = {
      ...uuidLists(query, 'organization_id', 'product_id'),
      product_price_type: enumList(query, 'product_price_type', PRICE_TYPES),
      ...uuidLists(query, 'discount_id', 'customer_id'),
    };
    const { rows, total } = store.orders.list(visible, filter, page, sorting);
    primeOrders(loader, rows);
    return paginated(
      rows.map((r) => order(loader, r)),
      total,
      page,
    );
  });
  slashRedirect(app, '/v1/orders', '/v1/orders/');

  get('/v1/orders/:id', AUTH, (req, { visible, loader, reply }) => {
    const id = uuidParam((req.params as { id: string }).id);
    // An order embeds six other rows; its JSON is kept until one of them is written.
    const found = store
      .memo<{ org: string; json: string } | false>('order-json', ORDER_TABLES)
      .get(id, () => {
        const row = store.row('orders', id);
        return row ? { org: row.organization_id, json: JSON.stringify(order(loader, row)) } : false;
      });
    if (!found || !visible.sellerSees(found.org)) throw new NotFound();
    reply.header('content-type', 'application/json; charset=utf-8');
    return found.json;
  });
}
