// The seller's products: GET/POST /v1/products/, GET/PATCH /v1/products/{id} (the real service's
// product endpoints at the spec's generation; SDK 0.20.2 products.*). Archiving is a PATCH of
// `is_archived`. POST /v1/products/{id}/benefits sets the product's benefits, granting and
// revoking them for its existing customers (domain/product-benefits.ts).
import type { FastifyRequest } from 'fastify';
import { PRODUCT_DEFAULT_SORTING, PRODUCT_SORT_CRITERIA } from '../../shared/api-facts.js';
import { type Context, type Router, sellerAuth, slashRedirect } from '../app.js';
import { NotFound } from '../domain/errors.js';
import { updateProductBenefits } from '../domain/product-benefits.js';
import { createProduct, updateProduct } from '../domain/products.js';
import { product } from '../serialize.js';
import {
  boolParam,
  listParams,
  paginated,
  type Query,
  stringParam,
  uuidLists,
  uuidParam,
} from '../validate.js';
import { parseProductBenefits, parseProductCreate, parseProductUpdate } from './products-body.js';

const { READ, WRITE } = sellerAuth('products');

export function registerProducts({ app, get, write, service }: Router): void {
  const { store } = service;

  const load = ({ visible }: Context, id: string) => {
    const row = visible.own(store.row('products', id));
    if (!row) throw new NotFound();
    return row;
  };
  const idOf = (req: FastifyRequest) => uuidParam((req.params as { id: string }).id);

  get('/v1/products/', READ, (req, { visible, loader }) => {
    const query = req.query as Query;
    const { page, sorting } = listParams(query, PRODUCT_SORT_CRITERIA, PRODUCT_DEFAULT_SORTING);
    const filter = {
      ...uuidLists(query, 'id', 'organization_id'),
      query: stringParam(query, 'query'),
      is_archived: boolParam(query, 'is_archived'),
      is_recurring: boolParam(query, 'is_recurring'),
      ...uuidLists(query, 'benefit_id'),
    };
    const { rows, total } = store.products.list(visible, filter, page, sorting);
    return paginated(
      rows.map((r) => product(loader, r, 'admin')),
      total,
      page,
    );
  });
  slashRedirect(app, '/v1/products', '/v1/products/');

  get('/v1/products/:id', READ, (req, ctx) => product(ctx.loader, load(ctx, idOf(req)), 'admin'));

  write('POST', '/v1/products/', WRITE, (req, { principal, visible, work, loader, reply }) => {
    const draft = parseProductCreate(req.body);
    const id = createProduct(work, principal!, visible, draft);
    reply.code(201);
    return product(loader, store.row('products', id)!, 'admin');
  });

  write('PATCH', '/v1/products/:id', WRITE, (req, ctx) => {
    // As FastAPI does: the path and the body are checked before the product is looked up.
    const id = idOf(req);
    const changes = parseProductUpdate(req.body);
    updateProduct(ctx.work, load(ctx, id), changes);
    return product(ctx.loader, store.row('products', id)!, 'admin');
  });

  // 200 with the product, as the real endpoint answers (product/endpoints.py update_benefits).
  write('POST', '/v1/products/:id/benefits', WRITE, (req, ctx) => {
    const id = idOf(req);
    const ids = parseProductBenefits(req.body);
    updateProductBenefits(ctx.work, ctx.visible, load(ctx, id), ids);
    return product(ctx.loader, store.row('products', id)!, 'admin');
  });
}
