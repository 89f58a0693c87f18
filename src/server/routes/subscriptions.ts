// PATCH /v1/subscriptions/{id}, and the customer portal's list and PATCH (spec endpoints 4–6).
import type { SQLInputValue } from 'node:sqlite';
import * as z from 'zod';
import { CANCELLATION_REASONS, SUBSCRIPTION_SORT_CRITERIA } from '../../shared/api-facts.js';
import { type Router, slashRedirect } from '../app.js';
import { organizationIds, type Principal } from '../auth.js';
import { type Row, type Store, sqlIn } from '../db.js';
import { HttpError, invalid, notFound } from '../errors.js';
import { primeAll, subscriptionAdmin, subscriptionPortal } from '../serialize.js';
import {
  boolParam,
  chars,
  pageParams,
  paginated,
  parseBody,
  type Query,
  sortingParam,
  stringParam,
  uuidList,
  uuidParam,
} from '../validate.js';

export const SUBSCRIPTION_SORTS = SUBSCRIPTION_SORT_CRITERIA;
const REASONS = CANCELLATION_REASONS;

const SORT_SQL: Record<string, string> = {
  started_at: 's.started_at',
  amount: 's.amount',
  status: 's.status',
  organization: '(SELECT slug FROM organizations WHERE id = s.organization_id)',
  product: '(SELECT name FROM products WHERE id = s.product_id)',
};
/**
 * Null placement of the real service (PostgreSQL): a missing started_at sorts after every date
 * ascending and before them descending; a missing amount always comes first (its `nulls_first`).
 */
function direction(field: string, desc: boolean): string {
  const dir = desc ? 'DESC' : 'ASC';
  if (field === 'amount') return `${dir} NULLS FIRST`;
  if (field === 'started_at') return `${dir} ${desc ? 'NULLS FIRST' : 'NULLS LAST'}`;
  return dir;
}

const priceChange = z.object({
  product_price_id: z.uuid(),
  proration_behavior: z.enum(['invoice', 'prorate']).nullish(),
});
const adminCancel = z.object({
  cancel_at_period_end: z.boolean().nullish(),
  revoke: z.literal(true).nullish(),
  customer_cancellation_reason: z.enum(REASONS).nullish(),
  customer_cancellation_comment: chars(1000).nullish(),
});
const portalCancel = z.object({
  cancel_at_period_end: z.boolean().nullish(),
  cancellation_reason: z.enum(REASONS).nullish(),
  cancellation_comment: chars(1000).nullish(),
});

const alreadyCanceled = () =>
  new HttpError(403, {
    error: 'AlreadyCanceledSubscription',
    detail: 'This subscription is already canceled or will be at the end of the period.',
  });

/** Portal visibility: the customer's own, or for a user every subscription of theirs. */
function portalScope(p: Principal): [string, SQLInputValue[]] {
  if (p.kind === 'customer') return ['s.customer_id = ?', [p.customerId]];
  if (p.kind === 'user') {
    return [
      '(s.user_id = ? OR s.customer_id IN (SELECT id FROM customers WHERE user_id = ?))',
      [p.userId, p.userId],
    ];
  }
  return ['0', []];
}

function applyUpdate(
  store: Store,
  now: string,
  sub: Row,
  body: Record<string, unknown>,
  admin: boolean,
): void {
  const ended =
    sub.ended_at != null || ['canceled', 'incomplete_expired'].includes(sub.status as string);
  if (typeof body.product_price_id === 'string') {
    if (ended || sub.cancel_at_period_end === 1) throw alreadyCanceled();
    const price = store.get(
      `SELECT pr.*, p.organization_id FROM prices pr JOIN products p ON p.id = pr.product_id WHERE pr.id = ?`,
      body.product_price_id,
    );
    const loc = ['body', 'product_price_id'];
    if (!price || price.organization_id !== sub.organization_id) {
      throw invalid(loc, 'Price does not exist.', body.product_price_id);
    }
    if (price.is_archived === 1) throw invalid(loc, 'Price is archived.', body.product_price_id);
    if (price.type !== 'recurring')
      throw invalid(loc, 'Price is not recurring.', body.product_price_id);
    store.run(
      `UPDATE subscriptions SET price_id = ?, product_id = ?, amount = ?, currency = ?, recurring_interval = ?,
       modified_at = ? WHERE id = ?`,
      price.id,
      price.product_id,
      price.price_amount ?? 0,
      price.price_currency ?? sub.currency,
      price.recurring_interval,
      now,
      sub.id,
    );
    return;
  }
  // Nothing to cancel, revoke or resume: the real service answers with the subscription as it
  // is, whatever its state (subscription service `update`, polar e61db971).
  const revoke = admin && body.revoke === true;
  if (!revoke && typeof body.cancel_at_period_end !== 'boolean') return;
  // The real service refuses both at once rather than pick one (the official SDK sends
  // `revoke: true` unless told `revoke: null`, so this is what its users meet).
  if (revoke && typeof body.cancel_at_period_end === 'boolean') {
    throw invalid(
      ['body', 'revoke'],
      'Use either `revoke` for immediate cancellation and revokation or `cancel_at_period_end`.',
      true,
    );
  }
  if (ended) throw alreadyCanceled();
  const reason = admin ? body.customer_cancellation_reason : body.cancellation_reason;
  const comment = admin ? body.customer_cancellation_comment : body.cancellation_comment;
  if (revoke) {
    store.run(
      `UPDATE subscriptions SET status = 'canceled', canceled_at = ?, ended_at = ?, ends_at = ?,
       cancel_at_period_end = 0, customer_cancellation_reason = coalesce(?, customer_cancellation_reason),
       customer_cancellation_comment = coalesce(?, customer_cancellation_comment), modified_at = ? WHERE id = ?`,
      now,
      now,
      now,
      (reason as string) ?? null,
      (comment as string) ?? null,
      now,
      sub.id,
    );
  } else if (body.cancel_at_period_end === true) {
    store.run(
      `UPDATE subscriptions SET cancel_at_period_end = 1, canceled_at = ?, ends_at = current_period_end,
       customer_cancellation_reason = ?, customer_cancellation_comment = ?, modified_at = ? WHERE id = ?`,
      now,
      (reason as string) ?? null,
      (comment as string) ?? null,
      now,
      sub.id,
    );
  } else if (body.cancel_at_period_end === false) {
    store.run(
      `UPDATE subscriptions SET cancel_at_period_end = 0, canceled_at = NULL, ends_at = NULL,
       customer_cancellation_reason = NULL, customer_cancellation_comment = NULL, modified_at = ? WHERE id = ?`,
      now,
      sub.id,
    );
  }
}

function parseUpdate(body: unknown, admin: boolean): Record<string, unknown> {
  if (body && typeof body === 'object' && 'product_price_id' in body)
    return parseBody(priceChange, body);
  return parseBody(admin ? adminCancel : portalCancel, body);
}

export function registerSubscriptions({ app, route, service }: Router): void {
  const { store, clock } = service;

  route(
    'PATCH',
    '/v1/subscriptions/:id',
    { kinds: ['user', 'organization'], scopes: ['subscriptions:write'] },
    (req, { principal, loader }) => {
      const id = uuidParam((req.params as { id: string }).id, ['path', 'id']);
      const body = parseUpdate(req.body, true);
      store.tx(() => {
        const sub = store.get('SELECT * FROM subscriptions WHERE id = ?', id);
        if (!sub || !organizationIds(store, principal!).includes(sub.organization_id as string))
          throw notFound();
        applyUpdate(store, clock.iso(), sub, body, true);
      });
      return subscriptionAdmin(loader, store.get('SELECT * FROM subscriptions WHERE id = ?', id)!);
    },
  );

  route(
    'GET',
    '/v1/customer-portal/subscriptions/',
    { kinds: ['user', 'customer'], scopes: ['customer_portal:read', 'customer_portal:write'] },
    (req, { principal, loader }) => {
      const query = req.query as Query;
      const page = pageParams(query);
      const sorting = sortingParam(query, SUBSCRIPTION_SORTS, ['-started_at']);
      const [scopeSql, params] = portalScope(principal!);
      const where = [scopeSql];
      const filter = (column: string, values: string[]) => {
        if (values.length) where.push(sqlIn(column, values, params));
      };
      filter('s.organization_id', uuidList(query, 'organization_id'));
      filter('s.product_id', uuidList(query, 'product_id'));
      const active = boolParam(query, 'active');
      if (active === true) where.push("s.status IN ('trialing', 'active')");
      if (active === false) where.push("s.status IN ('canceled', 'unpaid')");
      const text = stringParam(query, 'query');
      if (text) {
        where.push("(SELECT name FROM products WHERE id = s.product_id) LIKE ? ESCAPE '\\'");
        params.push(`%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
      }
      const whereSql = where.join(' AND ');
      const total = store.get<{ n: number }>(
        `SELECT count(*) AS n FROM subscriptions s WHERE ${whereSql}`,
        ...params,
      )!.n;
      const orderBy = [
        ...sorting.map((s) => `${SORT_SQL[s.field]} ${direction(s.field, s.desc)}`),
        `s.id ${sorting.at(-1)?.desc ? 'DESC' : 'ASC'}`,
      ].join(', ');
      const rows = store.all(
        `SELECT s.* FROM subscriptions s WHERE ${whereSql} ORDER BY ${orderBy} LIMIT ? OFFSET ?`,
        ...params,
        page.limit,
        page.offset,
      );
      primeAll(loader, rows, { products: 'product_id', prices: 'price_id' });
      return paginated(
        rows.map((r) => subscriptionPortal(loader, r)),
        total,
        page,
      );
    },
  );
  slashRedirect(app, '/v1/customer-portal/subscriptions', '/v1/customer-portal/subscriptions/');

  route(
    'PATCH',
    '/v1/customer-portal/subscriptions/:id',
    { kinds: ['user', 'customer'], scopes: ['customer_portal:write'] },
    (req, { principal, loader }) => {
      const id = uuidParam((req.params as { id: string }).id, ['path', 'id']);
      const body = parseUpdate(req.body, false);
      const [scopeSql, params] = portalScope(principal!);
      store.tx(() => {
        const sub = store.get(
          `SELECT s.* FROM subscriptions s WHERE s.id = ? AND ${scopeSql}`,
          id,
          ...params,
        );
        if (!sub) throw notFound();
        applyUpdate(store, clock.iso(), sub, body, false);
      });
      return subscriptionPortal(loader, store.get('SELECT * FROM subscriptions WHERE id = ?', id)!);
    },
  );
}
