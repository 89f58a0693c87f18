// Checkout sessions: GET, PATCH and the client-side confirm (spec endpoints 1–3, api-facts), the
// seller's list and create GET/POST /v1/checkouts/custom/, and the buyer's GET/PATCH
// /v1/checkouts/custom/client/{client_secret} (SDK 0.20.2 checkouts.custom.*). Today's generation
// mounts the same routes at /v1/checkouts/… and keeps /custom/ as a hidden alias
// (checkout/endpoints.py at c6c3645e): its forms and rules are today/checkouts.ts and
// domain/checkout-today*.ts, and a session past its expiry is gone for the buyer's routes (410).
import type { FastifyRequest } from 'fastify';
import {
  CHECKOUT_DEFAULT_SORTING,
  CHECKOUT_SORT_CRITERIA,
  CHECKOUT_STATUSES,
} from '../../shared/api-facts.js';
import { SORTING } from '../../shared/openapi/2026-10.facts.js';
import { type Context, type Router, sellerAuth, slashRedirect } from '../app.js';
import { createCheckout } from '../domain/checkout-create.js';
import { createTodaysCheckout } from '../domain/checkout-today.js';
import { updateCheckout, updateTodaysCheckout } from '../domain/checkouts.js';
import { ExpiredCheckout, NotFound } from '../domain/errors.js';
import { checkoutPublicView, checkoutView } from '../serialize.js';
import type { CheckoutRow } from '../store/rows.js';
import * as today from '../today/checkouts.js';
import {
  enumList,
  listParams,
  paginated,
  parseBody,
  type Query,
  stringParam,
  uuidLists,
  uuidParam,
} from '../validate.js';
import {
  parseCheckoutCreate,
  parseCheckoutUpdate,
  parseConfirm,
  parsePublicUpdate,
} from './checkouts-body.js';

const { READ, WRITE } = sellerAuth('checkouts');

export function registerCheckouts(router: Router): void {
  const { app } = router;
  // The seed's paths serve both generations; today's own paths only today's.
  register(router, '/v1/checkouts/custom/', {});
  register(router, '/v1/checkouts/', { only: 'today' });
  slashRedirect(app, '/v1/checkouts/custom', '/v1/checkouts/custom/');
  slashRedirect(app, '/v1/checkouts', '/v1/checkouts/');
}

function register(
  { get, write, command, service }: Router,
  base: string,
  options: { only?: 'today' },
): void {
  const { store, clock } = service;

  const load = ({ visible }: Context, rawId: unknown) => {
    const row = visible.own(store.row('checkouts', uuidParam(rawId)));
    if (!row) throw new NotFound();
    return row;
  };
  /** The seller's form of a session in the request's generation. */
  const form = (ctx: Context, row: CheckoutRow) =>
    ctx.today
      ? today.checkout(ctx.loader, row, clock.iso())
      : checkoutView(ctx.loader, row, clock.iso());

  get(
    base,
    READ,
    (req, ctx) => {
      const query = req.query as Query;
      const { visible } = ctx;
      if (!ctx.today) {
        const { page, sorting } = listParams(
          query,
          CHECKOUT_SORT_CRITERIA,
          CHECKOUT_DEFAULT_SORTING,
        );
        const filter = uuidLists(query, 'organization_id', 'product_id');
        const { rows, total } = store.checkouts.list(visible, filter, page, sorting);
        return paginated(
          rows.map((r) => form(ctx, r)),
          total,
          page,
        );
      }
      const criteria = SORTING['checkouts:list']!;
      const { page, sorting } = listParams(query, criteria, CHECKOUT_DEFAULT_SORTING);
      const filter = {
        ...uuidLists(query, 'organization_id', 'product_id', 'customer_id'),
        external_customer_id: [query.external_customer_id ?? []].flat(),
        status: enumList(query, 'status', CHECKOUT_STATUSES),
        query: stringParam(query, 'query'),
      };
      const listed = store.checkouts.todaysList(visible, filter, page, sorting, clock.iso());
      return paginated(
        listed.rows.map((r) => form(ctx, r)),
        listed.total,
        page,
      );
    },
    options,
  );

  get(
    `${base}:id`,
    READ,
    (req, ctx) => form(ctx, load(ctx, (req.params as { id: string }).id)),
    options,
  );

  write(
    'PATCH',
    `${base}:id`,
    WRITE,
    (req, ctx) => {
      const { id } = load(ctx, (req.params as { id: string }).id);
      if (ctx.today) {
        const body = parseBody(today.updateBody, req.body);
        updateTodaysCheckout(ctx.work, id, today.changes(body, req.body), 'seller');
      } else updateCheckout(ctx.work, id, parseCheckoutUpdate(req.body));
      return form(ctx, store.row('checkouts', id)!);
    },
    options,
  );

  write(
    'POST',
    base,
    WRITE,
    (req, ctx) => {
      const { visible, work, reply } = ctx;
      let id: string;
      if (ctx.today) {
        const body = parseBody(today.createBody, req.body);
        id = createTodaysCheckout(work, visible, today.createDraft(body, req.body as object));
      } else id = createCheckout(work, visible, parseCheckoutCreate(req.body));
      reply.code(201);
      return form(ctx, store.row('checkouts', id)!);
    },
    options,
  );

  // The buyer's side: the client secret is the credential. The seed's generation finds no
  // session past its expiry by its secret (404), today's says it expired (410); a confirmed one
  // reads, and refuses changes (403).
  const bySecret = (req: FastifyRequest, ctx: Context) => {
    const row = store.checkouts.bySecret((req.params as { secret: string }).secret);
    if (!row) throw new NotFound();
    if (row.expires_at <= clock.iso()) throw ctx.today ? new ExpiredCheckout() : new NotFound();
    return row;
  };
  const publicForm = (ctx: Context, row: CheckoutRow) =>
    ctx.today
      ? today.checkoutPublic(ctx.loader, row, clock.iso())
      : checkoutPublicView(ctx.loader, row, clock.iso());

  get(`${base}client/:secret`, null, (req, ctx) => publicForm(ctx, bySecret(req, ctx)), options);

  write(
    'PATCH',
    `${base}client/:secret`,
    null,
    (req, ctx) => {
      const { id } = bySecret(req, ctx);
      if (ctx.today) {
        const body = parseBody(today.publicUpdateBody, req.body);
        updateTodaysCheckout(ctx.work, id, today.changes(body, req.body), 'customer');
      } else updateCheckout(ctx.work, id, parsePublicUpdate(req.body), 'customer');
      return publicForm(ctx, store.row('checkouts', id)!);
    },
    options,
  );

  // A command (services/checkout-sessions.ts): the lock and the payment processor's round trip
  // come before the confirm's unit of work, shared with the hosted page's Pay.
  command(
    'POST',
    `${base}client/:secret/confirm`,
    null,
    (req, ctx) => {
      const row = store.checkouts.bySecret((req.params as { secret: string }).secret);
      if (!row) throw new NotFound();
      const { loader } = ctx;
      const parse = ctx.today
        ? () => ({ today: today.changes(parseBody(today.confirmBody, req.body ?? {}), req.body) })
        : () => parseConfirm(req.body);
      return service.checkoutSessions.confirm(row.id, parse, 'refuse', (_work, token) => {
        const now = store.row('checkouts', row.id)!;
        return ctx.today
          ? today.checkoutConfirmed(loader, now, clock.iso(), token)
          : checkoutView(loader, now, clock.iso(), token ?? undefined);
      });
    },
    options,
  );
}
