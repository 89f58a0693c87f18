// The seller's discounts: GET/POST /v1/discounts/, GET/PATCH/DELETE /v1/discounts/{id} (the real
// service's discount endpoints at the spec's generation, SDK 0.20.2 discounts.*, and today's:
// discount/endpoints.py at c6c3645e, SDK 1.0.1, bodies and forms in today/discounts.ts).
import type { FastifyRequest } from 'fastify';
import { DISCOUNT_DEFAULT_SORTING, DISCOUNT_SORT_CRITERIA } from '../../shared/api-facts.js';
import { SORTING } from '../../shared/openapi/2026-10.facts.js';
import { type Context, NO_CONTENT, type Router, sellerAuth, slashRedirect } from '../app.js';
import { createDiscount, deleteDiscount, updateDiscount } from '../domain/discounts.js';
import { NotFound } from '../domain/errors.js';
import type { Loader } from '../serialize/loader.js';
import { discountFull } from '../serialize.js';
import type { DiscountRow } from '../store/rows.js';
import * as today from '../today/discounts.js';
import {
  listParams,
  paginated,
  parseBody,
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
  /** The discount in the request's generation. */
  const form = (ctx: Context, l: Loader, r: DiscountRow) =>
    ctx.today ? today.discount(l, r) : discountFull(l, r);

  get('/v1/discounts/', READ, (req, ctx) => {
    const query = req.query as Query;
    // Today's sorts by `ends_at` too (discount/sorting.py at c6c3645e).
    const criteria = ctx.today ? SORTING['discounts:list']! : DISCOUNT_SORT_CRITERIA;
    const { page, sorting } = listParams(query, criteria, DISCOUNT_DEFAULT_SORTING);
    const filter = { ...uuidLists(query, 'organization_id'), query: stringParam(query, 'query') };
    const { rows, total } = store.discounts.list(ctx.visible, filter, page, sorting);
    return paginated(
      rows.map((r) => form(ctx, ctx.loader, r)),
      total,
      page,
    );
  });
  slashRedirect(app, '/v1/discounts', '/v1/discounts/');

  get('/v1/discounts/:id', READ, (req, ctx) => form(ctx, ctx.loader, load(ctx, idOf(req))));

  write('POST', '/v1/discounts/', WRITE, (req, ctx) => {
    const { principal, visible, work, loader, reply } = ctx;
    const draft = ctx.today
      ? today.createDraft(parseBody(today.createBody, req.body))
      : parseDiscountCreate(req.body);
    const id = createDiscount(work, principal!, visible, draft, ctx.generation);
    reply.code(201);
    return form(ctx, loader, store.row('discounts', id)!);
  });

  write('PATCH', '/v1/discounts/:id', WRITE, (req, ctx) => {
    // As FastAPI does: the path and the body are checked before the discount is looked up.
    const id = idOf(req);
    const changes = ctx.today
      ? today.updateChanges(parseBody(today.updateBody, req.body))
      : parseDiscountUpdate(req.body);
    updateDiscount(ctx.work, load(ctx, id), changes, ctx.generation);
    return form(ctx, ctx.loader, store.row('discounts', id)!);
  });

  write('DELETE', '/v1/discounts/:id', WRITE, (req, ctx) => {
    deleteDiscount(ctx.work, load(ctx, idOf(req)));
    ctx.reply.code(204);
    return NO_CONTENT;
  });
}
