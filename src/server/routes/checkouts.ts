// Checkout sessions: GET, PATCH and the client-side confirm (spec endpoints 1–3, api-facts), the
// seller's list and create GET/POST /v1/checkouts/custom/, and the buyer's GET/PATCH
// /v1/checkouts/custom/client/{client_secret} (SDK 0.20.2 checkouts.custom.*).
import type { FastifyRequest } from 'fastify';
import { CHECKOUT_DEFAULT_SORTING, CHECKOUT_SORT_CRITERIA } from '../../shared/api-facts.js';
import { type Context, type Router, sellerAuth, slashRedirect } from '../app.js';
import { createCheckout } from '../domain/checkout-create.js';
import { updateCheckout } from '../domain/checkouts.js';
import { NotFound } from '../domain/errors.js';
import { checkoutPublicView, checkoutView } from '../serialize.js';
import { listParams, paginated, type Query, uuidLists, uuidParam } from '../validate.js';
import {
  parseCheckoutCreate,
  parseCheckoutUpdate,
  parseConfirm,
  parsePublicUpdate,
} from './checkouts-body.js';

const { READ, WRITE } = sellerAuth('checkouts');

export function registerCheckouts({ app, get, write, command, service }: Router): void {
  const { store, clock } = service;

  const load = ({ visible }: Context, rawId: unknown) => {
    const row = visible.own(store.row('checkouts', uuidParam(rawId)));
    if (!row) throw new NotFound();
    return row;
  };

  get('/v1/checkouts/custom/', READ, (req, { visible, loader }) => {
    const query = req.query as Query;
    const { page, sorting } = listParams(query, CHECKOUT_SORT_CRITERIA, CHECKOUT_DEFAULT_SORTING);
    const filter = uuidLists(query, 'organization_id', 'product_id');
    const { rows, total } = store.checkouts.list(visible, filter, page, sorting);
    const now = clock.iso();
    return paginated(
      rows.map((r) => checkoutView(loader, r, now)),
      total,
      page,
    );
  });
  slashRedirect(app, '/v1/checkouts/custom', '/v1/checkouts/custom/');

  get('/v1/checkouts/custom/:id', READ, (req, ctx) => {
    const row = load(ctx, (req.params as { id: string }).id);
    return checkoutView(ctx.loader, row, clock.iso());
  });

  write('PATCH', '/v1/checkouts/custom/:id', WRITE, (req, ctx) => {
    const { id } = load(ctx, (req.params as { id: string }).id);
    updateCheckout(ctx.work, id, parseCheckoutUpdate(req.body));
    return checkoutView(ctx.loader, store.row('checkouts', id)!, clock.iso());
  });

  write('POST', '/v1/checkouts/custom/', WRITE, (req, { visible, work, loader, reply }) => {
    const id = createCheckout(work, visible, parseCheckoutCreate(req.body));
    reply.code(201);
    return checkoutView(loader, store.row('checkouts', id)!, clock.iso());
  });

  // The buyer's side: the client secret is the credential. The real service finds no session
  // past its expiry by its secret (404); a confirmed one reads, and refuses changes (403).
  const bySecret = (req: FastifyRequest) => {
    const row = store.checkouts.bySecret((req.params as { secret: string }).secret);
    if (!row || row.expires_at <= clock.iso()) throw new NotFound();
    return row;
  };

  get('/v1/checkouts/custom/client/:secret', null, (req, { loader }) =>
    checkoutPublicView(loader, bySecret(req), clock.iso()),
  );

  write('PATCH', '/v1/checkouts/custom/client/:secret', null, (req, { work, loader }) => {
    const { id } = bySecret(req);
    updateCheckout(work, id, parsePublicUpdate(req.body), 'customer');
    return checkoutPublicView(loader, store.row('checkouts', id)!, clock.iso());
  });

  // A command (services/checkout-sessions.ts): the lock and the payment processor's round trip
  // come before the confirm's unit of work, shared with the hosted page's Pay.
  command('POST', '/v1/checkouts/custom/client/:secret/confirm', null, (req, { loader }) => {
    const row = store.checkouts.bySecret((req.params as { secret: string }).secret);
    if (!row) throw new NotFound();
    return service.checkoutSessions.confirm(
      row.id,
      () => parseConfirm(req.body),
      'refuse',
      (_work, token) => checkoutView(loader, store.row('checkouts', row.id)!, clock.iso(), token),
    );
  });
}
