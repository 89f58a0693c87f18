// The buyer's orders in the customer portal: GET /v1/customer-portal/orders/ and /{id} (the real
// service's customer_portal order endpoints; the SDK 0.20.2 customerPortal.orders.list/get).
import {
  CUSTOMER_ORDER_DEFAULT_SORTING,
  CUSTOMER_ORDER_SORT_CRITERIA,
  PRICE_TYPES,
} from '../../shared/api-facts.js';
import { type Router, slashRedirect } from '../app.js';
import { NotFound } from '../domain/errors.js';
import { customerOrder, primeAll } from '../serialize.js';
import {
  enumList,
  listParams,
  paginated,
  type Query,
  stringParam,
  uuidList,
  uuidParam,
} from '../validate.js';

const PORTAL_READ = {
  kinds: ['user' as const, 'customer' as const],
  scopes: ['customer_portal:read', 'customer_portal:write'],
};

export function registerPortalOrders({ app, get, service }: Router): void {
  const { store } = service;

  get('/v1/customer-portal/orders/', PORTAL_READ, (req, { visible, loader }) => {
    const query = req.query as Query;
    const { page, sorting } = listParams(
      query,
      CUSTOMER_ORDER_SORT_CRITERIA,
      CUSTOMER_ORDER_DEFAULT_SORTING,
    );
    const filter = {
      organization_id: uuidList(query, 'organization_id'),
      product_id: uuidList(query, 'product_id'),
      product_price_type: enumList(query, 'product_price_type', PRICE_TYPES),
      subscription_id: uuidList(query, 'subscription_id'),
      query: stringParam(query, 'query'),
    };
    const { rows, total } = store.orders.listBought(visible, filter, page, sorting);
    primeAll(loader, rows, {
      products: 'product_id',
      prices: 'product_price_id',
      subscriptions: 'subscription_id',
      organizations: 'organization_id',
    });
    return paginated(
      rows.map((r) => customerOrder(loader, r)),
      total,
      page,
    );
  });
  slashRedirect(app, '/v1/customer-portal/orders', '/v1/customer-portal/orders/');

  get('/v1/customer-portal/orders/:id', PORTAL_READ, (req, { visible, loader }) => {
    const row = visible.bought('orders', uuidParam((req.params as { id: string }).id));
    if (!row) throw new NotFound();
    return customerOrder(loader, row);
  });
}
