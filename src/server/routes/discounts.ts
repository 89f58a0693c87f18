// The seller's discounts: GET/POST /v1/discounts/, GET/PATCH/DELETE /v1/discounts/{id} (the real
// service's discount endpoints at the spec's generation; SDK 0.20.2 discounts.*).
import type { FastifyRequest } from 'fastify';
import { DISCOUNT_DEFAULT_SORTING, DISCOUNT_SORT_CRITERIA } from '../../shared/api-facts.js';
import { type Context, NO_CONTENT, type Router, sellerAuth, slashRedirect } from '../app.js';
import { createDiscount, deleteDiscount, updateDiscount } from '../domain/discounts.js';
import { NotFound } from '../domain/errors.js';
import { discountFull } from '../serialize.js';
import {
  listParams,
  paginated,
  type Query,
  stringParam,
  uuidLists,
  uuidParam,
} from '../validate.js';
import { parseDiscountCreate, parseDiscountUpdate } from './discounts-body.js';

const { READ, WRITE } = sellerAuth('discounts');

export function registerDiscounts({ app, get, write, service }: Router): void {
  const { store } = service;

  const load = ({ visible }: Context, id: string) => {
    const row = store.discounts.visible(visible, id);
    if (!row) throw new NotFound();
    return row;
  };
  const idOf = (req: FastifyRequest) => uuidParam((req.params as { id: string }).id);

  get('/v1/discounts/', READ, (req, { visible, loader }) => {
    const query = req.query as Query;
    const { page, sorting } = listParams(query, DISCOUNT_SORT_CRITERIA, DISCOUNT_DEFAULT_SORTING);
    const filter = { ...uuidLists(query, 'organization_id'), query: stringParam(query, 'query') };
    const { rows, total } = store.discounts.list(visible, filter, page, sorting);
    return paginated(
      rows.map((r) => discountFull(loader, r)),
      total,
      page,
    );
  });
  slashRedirect(app, '/v1/discounts', '/v1/discounts/');

  get('/v1/discounts/:id', READ, (req, ctx) => discountFull(ctx.loader, load(ctx, idOf(req))));

  write('POST', '/v1/discounts/', WRITE, (req, { principal, visible, work, loader, reply }) => {
    const id = createDiscount(work, principal!, visible, parseDiscountCreate(req.body));
    reply.code(201);
    return discountFull(loader, store.row('discounts', id)!);
  });

  write('PATCH', '/v1/discounts/:id', WRITE, (req, ctx) => {
    // As FastAPI does: the path and the body are checked before the discount is looked up.
    const id = idOf(req);
    const changes = parseDiscountUpdate(req.body);
    updateDiscount(ctx.work, load(ctx, id), changes);
    return discountFull(ctx.loader, store.row('discounts', id)!);
  });

  write('DELETE', '/v1/discounts/:id', WRITE, (req, ctx) => {
    deleteDiscount(ctx.work, load(ctx, idOf(req)));
    ctx.reply.code(204);
    return NO_CONTENT;
  });
}
