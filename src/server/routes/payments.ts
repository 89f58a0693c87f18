// Payments and disputes, today's generation only (payment/endpoints.py, dispute/endpoints.py at
// c6c3645e). Payments are the sandbox's paid orders' (today/payments.ts); the sandbox has no
// payment processor, so no buyer ever disputes a charge: the list is empty, and a dispute's get
// and accept are the real service's 404 for a dispute the token cannot see. Scopes as real
// (payment/auth.py: payments:read; dispute/auth.py: disputes:read or :write, :write to accept).
import { SORTING } from '../../shared/openapi/2026-10.facts.js';
import { type RouteAuth, type Router, sellerAuth, slashRedirect } from '../app.js';
import { NotFound } from '../domain/errors.js';
import * as today from '../today/payments.js';
import { enumList, listParams, paginated, type Query, uuidLists, uuidParam } from '../validate.js';

const PAYMENTS_READ: RouteAuth = { kinds: ['user', 'organization'], scopes: ['payments:read'] };
const DISPUTES = sellerAuth('disputes');
const TODAY = { only: 'today' } as const;
const PAYMENT_STATUSES = ['pending', 'succeeded', 'failed'];
const DISPUTE_STATUSES = [
  'prevented',
  'early_warning',
  'needs_response',
  'under_review',
  'lost',
  'won',
];

const strings = (query: Query, name: string): string[] => {
  const v = query[name];
  return v === undefined ? [] : [v].flat();
};

export function registerPayments({ app, get, write, service }: Router): void {
  const { store } = service;

  get(
    '/v1/payments/',
    PAYMENTS_READ,
    (req, ctx) => {
      const query = req.query as Query;
      const { page, sorting } = listParams(query, SORTING['payments:list']!, ['-created_at']);
      const filter = {
        ...uuidLists(query, 'organization_id', 'checkout_id', 'order_id', 'customer_id'),
        status: enumList(query, 'status', PAYMENT_STATUSES),
        method: strings(query, 'method'),
        customer_email: strings(query, 'customer_email'),
      };
      const { rows, total } = store.payments.list(ctx.visible, filter, page, sorting);
      return paginated(rows.map(today.payment), total, page);
    },
    TODAY,
  );
  slashRedirect(app, '/v1/payments', '/v1/payments/');

  get(
    '/v1/payments/:id',
    PAYMENTS_READ,
    (req, ctx) => {
      const id = uuidParam((req.params as { id: string }).id);
      const order = store.payments.paidOrder(ctx.visible, today.orderIdOf(id));
      if (!order) throw new NotFound();
      return today.payment(order);
    },
    TODAY,
  );

  get(
    '/v1/disputes/',
    DISPUTES.READ,
    (req) => {
      const query = req.query as Query;
      const { page } = listParams(query, SORTING['disputes:list']!, ['-created_at']);
      uuidLists(query, 'organization_id', 'order_id');
      enumList(query, 'status', DISPUTE_STATUSES);
      return paginated([], 0, page);
    },
    TODAY,
  );
  slashRedirect(app, '/v1/disputes', '/v1/disputes/');

  get(
    '/v1/disputes/:id',
    DISPUTES.READ,
    (req) => {
      uuidParam((req.params as { id: string }).id);
      throw new NotFound();
    },
    TODAY,
  );

  write(
    'POST',
    '/v1/disputes/:id/accept',
    DISPUTES.WRITE,
    (req) => {
      uuidParam((req.params as { id: string }).id);
      throw new NotFound();
    },
    TODAY,
  );
}
