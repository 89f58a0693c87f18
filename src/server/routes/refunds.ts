// GET and POST /v1/refunds/ (refund/endpoints.py at c6c3645e): only today's generation has
// refunds; without Polar-Version they are the router's 404, as on the real service's seed
// generation, which had none.
import { SORTING } from '../../shared/openapi/2026-10.facts.js';
import { type Router, sellerAuth, slashRedirect } from '../app.js';
import { invalid } from '../domain/errors.js';
import { createRefund } from '../domain/refunds.js';
import * as today from '../today/refunds.js';
import { boolParam, listParams, paginated, parseBody, type Query, uuidLists } from '../validate.js';

const { READ, WRITE } = sellerAuth('refunds');
const TODAY = { only: 'today' } as const;
const DEFAULT_SORTING = ['-created_at'] as const;

export function registerRefunds({ app, get, write, service }: Router): void {
  const { store } = service;

  get(
    '/v1/refunds/',
    READ,
    (req, ctx) => {
      const query = req.query as Query;
      const { page, sorting } = listParams(query, SORTING['refunds:list']!, DEFAULT_SORTING);
      const external = query.external_customer_id;
      const filter = {
        ...uuidLists(query, 'id', 'organization_id', 'order_id', 'subscription_id', 'customer_id'),
        external_customer_id: external === undefined ? [] : [external].flat(),
        succeeded: boolParam(query, 'succeeded'),
      };
      const { rows, total } = store.refunds.list(ctx.visible, filter, page, sorting);
      return paginated(rows.map(today.refund), total, page);
    },
    TODAY,
  );
  slashRedirect(app, '/v1/refunds', '/v1/refunds/');

  write(
    'POST',
    '/v1/refunds/',
    WRITE,
    (req, ctx) => {
      const body = parseBody(today.createBody, req.body);
      // An order the token cannot see is a problem of the body (refund/service.py user_create).
      const order = ctx.visible.own(store.row('orders', body.order_id.toLowerCase()));
      if (!order) throw invalid(['order_id'], 'Order not found', body.order_id);
      const refund = createRefund(ctx.work, order, today.refundInput(body));
      ctx.reply.code(201);
      return today.refund(refund);
    },
    TODAY,
  );
}
