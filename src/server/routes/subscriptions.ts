// PATCH /v1/subscriptions/{id}, and the customer portal's list, get, PATCH and DELETE (spec
// endpoints 4–6; the portal's get and cancellation of the real service's customer_portal), each
// in either generation: today's (Polar-Version 2026-04/2026-10) reads its own bodies and answers
// in its own forms (today/subscriptions.ts), over today's rules (domain/subscriptions-today.ts).

import type { FastifyRequest } from 'fastify';
import * as z from 'zod';
import {
  CANCELLATION_REASONS,
  PRORATION_BEHAVIORS,
  SUBSCRIPTION_DEFAULT_SORTING,
  SUBSCRIPTION_SORT_CRITERIA,
} from '../../shared/api-facts.js';
import { type Router, slashRedirect, type WriteContext } from '../app.js';
import { NotFound } from '../domain/errors.js';
import {
  cancelSubscription,
  changeSubscription,
  type SubscriptionChange,
} from '../domain/subscriptions.js';
import { cancelToday, changeToday } from '../domain/subscriptions-today.js';
import { type Loader, primeAll, subscriptionAdmin, subscriptionPortal } from '../serialize.js';
import type { Visibility } from '../store/index.js';
import type { SubscriptionRow } from '../store/rows.js';
import * as today from '../today/subscriptions.js';
import {
  boolParam,
  chars,
  listParams,
  paginated,
  parseBody,
  type Query,
  stringParam,
  uuidList,
  uuidParam,
} from '../validate.js';

const priceChange = z.object({
  product_price_id: z.uuid(),
  proration_behavior: z.enum(PRORATION_BEHAVIORS).nullish(),
});
const adminCancel = z.object({
  cancel_at_period_end: z.boolean().nullish(),
  revoke: z.literal(true).nullish(),
  customer_cancellation_reason: z.enum(CANCELLATION_REASONS).nullish(),
  customer_cancellation_comment: chars(1000).nullish(),
});
const portalCancel = z.object({
  cancel_at_period_end: z.boolean().nullish(),
  cancellation_reason: z.enum(CANCELLATION_REASONS).nullish(),
  cancellation_comment: chars(1000).nullish(),
});

/** Either body form of api-facts "Request bodies": a price change, or a cancellation. */
function parseChange(body: unknown, seller: boolean): SubscriptionChange {
  if (body && typeof body === 'object' && 'product_price_id' in body)
    return parseBody(priceChange, body);
  return parseBody(seller ? adminCancel : portalCancel, body);
}

export const PORTAL_READ = {
  kinds: ['user' as const, 'customer' as const],
  scopes: ['customer_portal:read', 'customer_portal:write'],
};
export const PORTAL_WRITE = {
  kinds: ['user' as const, 'customer' as const],
  scopes: ['customer_portal:write'],
};

export function registerSubscriptions({ app, get, write, service }: Router): void {
  const { store } = service;

  /** A PATCH by the seller or the buyer: the same changes, found and answered in their forms. */
  const change =
    (
      actor: 'seller' | 'customer',
      find: (visible: Visibility, id: string) => SubscriptionRow | undefined,
      form: (loader: Loader, row: SubscriptionRow) => unknown,
    ) =>
    (req: FastifyRequest, ctx: WriteContext) => {
      const { visible, work, loader } = ctx;
      const id = uuidParam((req.params as { id: string }).id);
      if (ctx.today) {
        const now = () => service.clock.now().getTime();
        const change =
          actor === 'seller'
            ? today.sellerChange(req.body, now)
            : today.portalChange(req.body, now);
        const sub = find(visible, id);
        // Today's `get(for_update=True)` finds only subscriptions that have started.
        if (!sub || (actor === 'seller' && !sub.started_at)) throw new NotFound();
        changeToday(work, sub, change, actor);
        const row = store.row('subscriptions', id)!;
        return actor === 'seller'
          ? today.subscription(loader, row)
          : today.customerSubscription(loader, row, service.clock.iso());
      }
      const body = parseChange(req.body, actor === 'seller');
      const sub = find(visible, id);
      if (!sub) throw new NotFound();
      changeSubscription(work, sub, body, actor);
      return form(loader, store.row('subscriptions', id)!);
    };

  write(
    'PATCH',
    '/v1/subscriptions/:id',
    { kinds: ['user', 'organization'], scopes: ['subscriptions:write'] },
    change(
      'seller',
      (visible, id) => visible.own(store.row('subscriptions', id)),
      subscriptionAdmin,
    ),
  );

  get('/v1/customer-portal/subscriptions/', PORTAL_READ, (req, ctx) => {
    const { visible, loader } = ctx;
    const query = req.query as Query;
    const { page, sorting } = listParams(
      query,
      SUBSCRIPTION_SORT_CRITERIA,
      SUBSCRIPTION_DEFAULT_SORTING,
    );
    // Today's portal is one customer's: no organization filter, and only what has started.
    const filter = {
      organization_id: ctx.today ? [] : uuidList(query, 'organization_id'),
      product_id: uuidList(query, 'product_id'),
      active: boolParam(query, 'active'),
      query: stringParam(query, 'query'),
      started: ctx.today,
    };
    const { rows, total } = store.subscriptions.listBought(visible, filter, page, sorting);
    primeAll(loader, rows, { products: 'product_id', prices: 'price_id' });
    const now = service.clock.iso();
    return paginated(
      rows.map((r) =>
        ctx.today ? today.customerSubscription(loader, r, now) : subscriptionPortal(loader, r),
      ),
      total,
      page,
    );
  });
  slashRedirect(app, '/v1/customer-portal/subscriptions', '/v1/customer-portal/subscriptions/');

  get('/v1/customer-portal/subscriptions/:id', PORTAL_READ, (req, ctx) => {
    const row = ctx.visible.bought('subscriptions', uuidParam((req.params as { id: string }).id));
    if (!row) throw new NotFound();
    return ctx.today
      ? today.customerSubscription(ctx.loader, row, service.clock.iso())
      : subscriptionPortal(ctx.loader, row);
  });

  write(
    'PATCH',
    '/v1/customer-portal/subscriptions/:id',
    PORTAL_WRITE,
    change('customer', (visible, id) => visible.bought('subscriptions', id), subscriptionPortal),
  );

  // The buyer's cancellation: at the period's end, as the real portal's `cancel` asks of the
  // subscription service (which refuses one that has ended or is already set to end).
  write('DELETE', '/v1/customer-portal/subscriptions/:id', PORTAL_WRITE, (req, ctx) => {
    const { visible, work, loader } = ctx;
    const id = uuidParam((req.params as { id: string }).id);
    const sub = visible.bought('subscriptions', id);
    if (!sub) throw new NotFound();
    if (ctx.today) {
      cancelToday(work, sub);
      return today.customerSubscription(
        loader,
        store.row('subscriptions', id)!,
        service.clock.iso(),
      );
    }
    cancelSubscription(work, sub, false);
    return subscriptionPortal(loader, store.row('subscriptions', id)!);
  });
}
