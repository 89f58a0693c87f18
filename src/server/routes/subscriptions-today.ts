// The subscription routes only today's generation has (subscription/endpoints.py and
// customer_portal/endpoints/subscription.py at c6c3645e; none of them at f179ede58c, so the
// seed's generation answers them 404): a seller's subscription by id, a subscription to a free
// product, and the private previews — the next charge, a cancellation, a product change — for
// the seller and for the buyer in the customer portal, with the service clock's now.
import type { FastifyRequest } from 'fastify';
import { type Context, type Router, sellerAuth } from '../app.js';
import { NotFound } from '../domain/errors.js';
import {
  cancelPreview,
  chargePreview,
  hasNextCharge,
  previewChange,
} from '../domain/subscription-previews.js';
import { createSubscription } from '../domain/subscriptions-today.js';
import type { SubscriptionRow } from '../store/rows.js';
import * as today from '../today/subscriptions.js';
import { uuidParam } from '../validate.js';
import { PORTAL_READ, PORTAL_WRITE } from './subscriptions.js';

const { READ, WRITE } = sellerAuth('subscriptions');
const TODAY = { only: 'today' } as const;

export function registerTodaysSubscriptions({ get, write, service }: Router): void {
  const { store } = service;

  /** SubscriptionService.get: the seller's, started. */
  const sold = (req: FastifyRequest, { visible }: Context): SubscriptionRow => {
    const sub = visible.own(
      store.row('subscriptions', uuidParam((req.params as { id: string }).id)),
    );
    if (!sub?.started_at) throw new NotFound();
    return sub;
  };
  /** CustomerSubscriptionService.get_by_id: the customer's own. */
  const bought = (req: FastifyRequest, { visible }: Context): SubscriptionRow => {
    const sub = visible.bought('subscriptions', uuidParam((req.params as { id: string }).id));
    if (!sub) throw new NotFound();
    return sub;
  };
  const charge = (sub: SubscriptionRow, ctx: Context) => {
    if (!hasNextCharge(sub)) throw new NotFound();
    return chargePreview(ctx.deps, sub);
  };

  get(
    '/v1/subscriptions/:id',
    READ,
    (req, ctx) => today.subscription(ctx.loader, sold(req, ctx)),
    TODAY,
  );

  write(
    'POST',
    '/v1/subscriptions/',
    WRITE,
    (req, ctx) => {
      const body = today.createBody(req.body);
      const product = ctx.visible.own(store.row('products', body.product_id)) ?? undefined;
      const id = createSubscription(ctx.work, product, body.customer, body.metadata ?? {});
      ctx.reply.code(201);
      return today.subscription(ctx.loader, store.row('subscriptions', id)!);
    },
    TODAY,
  );

  get(
    '/v1/subscriptions/:id/charge-preview',
    READ,
    (req, ctx) => charge(sold(req, ctx), ctx),
    TODAY,
  );
  get(
    '/v1/subscriptions/:id/cancel-preview',
    READ,
    (req, ctx) => cancelPreview(ctx.deps, sold(req, ctx)),
    TODAY,
  );
  get(
    '/v1/customer-portal/subscriptions/:id/charge-preview',
    PORTAL_READ,
    (req, ctx) => charge(bought(req, ctx), ctx),
    TODAY,
  );
  get(
    '/v1/customer-portal/subscriptions/:id/cancel-preview',
    PORTAL_READ,
    (req, ctx) => cancelPreview(ctx.deps, bought(req, ctx)),
    TODAY,
  );
  // A POST that changes nothing: the real one applies the change in a savepoint it rolls back.
  write(
    'POST',
    '/v1/subscriptions/:id/change-preview',
    WRITE,
    (req, ctx) => {
      const body = today.previewBody(req.body, true);
      return previewChange(ctx.deps, sold(req, ctx), body, 'seller');
    },
    TODAY,
  );
  write(
    'POST',
    '/v1/customer-portal/subscriptions/:id/change-preview',
    PORTAL_WRITE,
    (req, ctx) => {
      const body = today.previewBody(req.body, false);
      return previewChange(ctx.deps, bought(req, ctx), body, 'customer');
    },
    TODAY,
  );
}
