// The seller's subscriptions: GET /v1/subscriptions/, GET /v1/subscriptions/export (CSV) and
// DELETE /v1/subscriptions/{id} (revoke now), as the real service's subscription endpoints at the
// SDK 0.20.2 generation, and at today's (c6c3645e: its filters, sorts and export columns, its
// forms). There is no seller GET /v1/subscriptions/{id} at the seed's generation
// (subscriptions-today.ts).
import {
  SELLER_SUBSCRIPTION_DEFAULT_SORTING,
  SELLER_SUBSCRIPTION_SORT_CRITERIA,
} from '../../shared/api-facts.js';
import { type Router, sellerAuth, slashRedirect } from '../app.js';
import { NotFound } from '../domain/errors.js';
import { cancelSubscription } from '../domain/subscriptions.js';
import { revokeToday } from '../domain/subscriptions-today.js';
import {
  csvRow,
  primeAll,
  SUBSCRIPTION_EXPORT_HEADER,
  subscriptionAdmin,
  subscriptionExportRow,
} from '../serialize.js';
import { criterion } from '../store/lists.js';
import * as today from '../today/subscriptions.js';
import {
  boolParam,
  listParams,
  paginated,
  type Query,
  uuidList,
  uuidLists,
  uuidParam,
} from '../validate.js';

const { READ, WRITE } = sellerAuth('subscriptions');

/** The real service's export lists every row on one page. */
const EVERY_ROW = { limit: Number.MAX_SAFE_INTEGER, offset: 0 };
const PRIME = {
  customers: 'customer_id',
  users: 'user_id',
  products: 'product_id',
  prices: 'price_id',
  discounts: 'discount_id',
} as const;

export function registerSellerSubscriptions({ app, get, write, service }: Router): void {
  const { store } = service;

  get('/v1/subscriptions/', READ, (req, { visible, loader, today: isToday }) => {
    const query = req.query as Query;
    if (isToday) {
      const { page, sorting, filter } = today.listQuery(query);
      const { rows, total } = store.subscriptions.listTodays(visible, filter, page, sorting);
      primeAll(loader, rows, PRIME);
      return paginated(
        rows.map((r) => today.subscription(loader, r)),
        total,
        page,
      );
    }
    const { page, sorting } = listParams(
      query,
      SELLER_SUBSCRIPTION_SORT_CRITERIA,
      SELLER_SUBSCRIPTION_DEFAULT_SORTING,
    );
    const filter = {
      ...uuidLists(query, 'organization_id', 'product_id', 'customer_id', 'discount_id'),
      active: boolParam(query, 'active'),
    };
    const { rows, total } = store.subscriptions.listSold(visible, filter, page, sorting);
    primeAll(loader, rows, PRIME);
    return paginated(
      rows.map((r) => subscriptionAdmin(loader, r)),
      total,
      page,
    );
  });
  slashRedirect(app, '/v1/subscriptions', '/v1/subscriptions/');

  get('/v1/subscriptions/export', READ, (req, { visible, loader, reply, today: isToday }) => {
    if (isToday) {
      const q = today.exportQuery(req.query as Query);
      const sorting = SELLER_SUBSCRIPTION_DEFAULT_SORTING.map(criterion);
      const { rows } = store.subscriptions.listTodays(visible, q.filter, EVERY_ROW, sorting);
      primeAll(loader, rows, { customers: 'customer_id', products: 'product_id' });
      reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${today.exportFilename(q)}"`);
      return [today.exportHeader(q), ...rows.map((r) => today.exportRow(loader, r, q))]
        .map(csvRow)
        .join('');
    }
    const filter = {
      organization_id: uuidList(req.query as Query, 'organization_id'),
      product_id: [],
      customer_id: [],
      discount_id: [],
    };
    const sorting = SELLER_SUBSCRIPTION_DEFAULT_SORTING.map(criterion);
    const { rows } = store.subscriptions.listSold(visible, filter, EVERY_ROW, sorting);
    primeAll(loader, rows, { customers: 'customer_id', products: 'product_id' });
    reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', 'attachment; filename=polar-subscribers.csv');
    return [SUBSCRIPTION_EXPORT_HEADER, ...rows.map((r) => subscriptionExportRow(loader, r))]
      .map(csvRow)
      .join('');
  });

  write('DELETE', '/v1/subscriptions/:id', WRITE, (req, ctx) => {
    const { visible, work, loader } = ctx;
    const id = uuidParam((req.params as { id: string }).id);
    const sub = visible.own(store.row('subscriptions', id));
    // The real service's `user_get` finds only subscriptions that have started.
    if (!sub?.started_at) throw new NotFound();
    if (ctx.today) {
      revokeToday(work, sub);
      return today.subscription(loader, store.row('subscriptions', id)!);
    }
    cancelSubscription(work, sub, true);
    return subscriptionAdmin(loader, store.row('subscriptions', id)!);
  });
}
