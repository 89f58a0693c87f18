// The buyer's orders in the customer portal: GET /v1/customer-portal/orders/ and /{id} (the real
// service's customer_portal order endpoints; the SDK 0.20.2 customerPortal.orders.list/get), in
// either generation. Today's also lets the buyer change the billing details, make and fetch the
// invoice, fetch the receipt and read the payment's status (customer_portal/endpoints/order.py
// at c6c3645e); a payment to retry there is none, every order of the sandbox being paid.

import * as z from 'zod';
import {
  CUSTOMER_ORDER_DEFAULT_SORTING,
  CUSTOMER_ORDER_SORT_CRITERIA,
  PRICE_TYPES,
} from '../../shared/api-facts.js';
import { ENUMS, SORTING } from '../../shared/openapi/2026-10.facts.js';
import { type Context, type RouteAuth, type Router, slashRedirect } from '../app.js';
import { authorize } from '../auth.js';
import { NamedRefusal, NotFound } from '../domain/errors.js';
import { requestInvoice, updateOrder } from '../domain/orders.js';
import { customerOrder, primeAll } from '../serialize.js';
import type { OrderRow } from '../store/rows.js';
import * as today from '../today/orders.js';
import {
  enumList,
  listParams,
  paginated,
  parseBody,
  type Query,
  stringParam,
  uuidList,
  uuidParam,
} from '../validate.js';
import { invoiceUrl, receiptUrl } from './orders.js';

const PORTAL_READ: RouteAuth = {
  kinds: ['user', 'customer'],
  scopes: ['customer_portal:read', 'customer_portal:write'],
};
/** Today's portal takes a customer session only (CustomerPortalUnionBillingRead/Write). */
const TODAYS_READ: RouteAuth = { kinds: ['customer'], scopes: PORTAL_READ.scopes };
const TODAYS_WRITE: RouteAuth = { kinds: ['customer'], scopes: ['customer_portal:write'] };
const TODAY = { only: 'today' } as const;

/** A route of both generations: today's refuses what is not a customer session. */
const todaysPrincipal = (ctx: Context) => {
  if (ctx.today) authorize(ctx.principal, TODAYS_READ.kinds, TODAYS_READ.scopes);
};

/**
 * CustomerOrderConfirmPayment: exactly one of a new confirmation token and a saved payment
 * method (a model validator: its problem is the body's).
 */
const confirmBody = z
  .object({
    confirmation_token_id: z.string().nullish(),
    payment_method_id: z.uuid().nullish(),
    payment_processor: z.enum(['stripe']).optional(),
  })
  .superRefine((body, ctx) => {
    const token = body.confirmation_token_id != null;
    const method = body.payment_method_id != null;
    if (token === method)
      ctx.addIssue({
        code: 'custom',
        message: token
          ? 'Value error, Only one of confirmation_token_id or payment_method_id can be provided'
          : 'Value error, Either confirmation_token_id or payment_method_id must be provided',
        input: body,
      });
  });

export function registerPortalOrders({ app, get, write, service }: Router): void {
  const { store } = service;

  /** The buyer's own order named by the path, or 404. */
  const own = (req: { params: unknown }, { visible }: Context): OrderRow => {
    const row = visible.bought('orders', uuidParam((req.params as { id: string }).id));
    if (!row) throw new NotFound();
    return row;
  };

  get('/v1/customer-portal/orders/', PORTAL_READ, (req, ctx) => {
    todaysPrincipal(ctx);
    const { visible, loader } = ctx;
    const query = req.query as Query;
    const { page, sorting } = listParams(
      query,
      ctx.today ? SORTING['customer_portal:orders:list']! : CUSTOMER_ORDER_SORT_CRITERIA,
      CUSTOMER_ORDER_DEFAULT_SORTING,
    );
    // Today's portal is one customer's: no organization filter, and the product's billing type.
    const filter = ctx.today
      ? {
          organization_id: [],
          product_id: uuidList(query, 'product_id'),
          product_price_type: [],
          product_billing_type: [
            ...new Set(enumList(query, 'product_billing_type', ENUMS.ProductBillingType)),
          ],
          subscription_id: uuidList(query, 'subscription_id'),
          query: stringParam(query, 'query'),
        }
      : {
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
    const form = ctx.today ? today.customerOrder : customerOrder;
    return paginated(
      rows.map((r) => form(loader, r)),
      total,
      page,
    );
  });
  slashRedirect(app, '/v1/customer-portal/orders', '/v1/customer-portal/orders/');

  get('/v1/customer-portal/orders/:id', PORTAL_READ, (req, ctx) => {
    todaysPrincipal(ctx);
    return (ctx.today ? today.customerOrder : customerOrder)(ctx.loader, own(req, ctx));
  });

  write(
    'PATCH',
    '/v1/customer-portal/orders/:id',
    TODAYS_WRITE,
    (req, ctx) => {
      const body = parseBody(today.updateBody, req.body);
      const row = own(req, ctx);
      updateOrder(ctx.work, row, today.updateChanges(body, req.body as object));
      return today.customerOrder(ctx.loader, store.row('orders', row.id)!);
    },
    TODAY,
  );

  write(
    'POST',
    '/v1/customer-portal/orders/:id/invoice',
    TODAYS_READ,
    (req, ctx) => {
      requestInvoice(ctx.work, own(req, ctx));
      ctx.reply.code(202);
      return null;
    },
    TODAY,
  );

  get(
    '/v1/customer-portal/orders/:id/invoice',
    TODAYS_READ,
    (req, ctx) => ({ url: invoiceUrl(service.baseUrl, own(req, ctx)) }),
    TODAY,
  );

  get(
    '/v1/customer-portal/orders/:id/receipt',
    TODAYS_READ,
    (req, ctx) => ({ url: receiptUrl(service.baseUrl, own(req, ctx)) }),
    TODAY,
  );

  // The latest payment's status: a paid order's payment succeeded; a free one had none.
  get(
    '/v1/customer-portal/orders/:id/payment-status',
    TODAYS_READ,
    (req, ctx) => {
      const row = own(req, ctx);
      return row.amount + row.tax_amount > 0
        ? { status: 'succeeded', error: null }
        : { status: 'no_payment', error: null };
    },
    TODAY,
  );

  // A retry is for an order whose payment failed (pending, in dunning): the sandbox has none.
  write(
    'POST',
    '/v1/customer-portal/orders/:id/confirm-payment',
    TODAYS_WRITE,
    (req, ctx) => {
      parseBody(confirmBody, req.body);
      const row = own(req, ctx);
      throw new NamedRefusal(
        422,
        'OrderNotEligibleForRetry',
        `Order ${row.id} is not eligible for payment retry.`,
      );
    },
    TODAY,
  );
}
