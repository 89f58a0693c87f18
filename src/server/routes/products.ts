// The seller's products: GET/POST /v1/products/, GET/PATCH /v1/products/{id} (the real service's
// product endpoints at the spec's generation; SDK 0.20.2 products.*) and, with `Polar-Version`,
// today's (product/endpoints.py at c6c3645e: the product's own interval, visibility and metadata
// filters; today/products.ts). Archiving is a PATCH of `is_archived`. POST
// /v1/products/{id}/benefits sets the product's benefits, granting and revoking them for its
// existing customers (domain/product-benefits.ts).
import type { FastifyRequest } from 'fastify';
import { PRODUCT_DEFAULT_SORTING, PRODUCT_SORT_CRITERIA } from '../../shared/api-facts.js';
import { SORTING } from '../../shared/openapi/2026-10.facts.js';
import { type Context, type Router, sellerAuth, slashRedirect } from '../app.js';
import { NotFound } from '../domain/errors.js';
import { updateProductBenefits } from '../domain/product-benefits.js';
import { createProduct, updateProduct } from '../domain/products.js';
import { product } from '../serialize.js';
import type { ProductRow } from '../store/rows.js';
import * as today from '../today/products.js';
import {
  boolParam,
  enumList,
  listParams,
  paginated,
  parseBody,
  type Query,
  stringParam,
  uuidLists,
  uuidParam,
} from '../validate.js';
import { parseProductBenefits, parseProductCreate, parseProductUpdate } from './products-body.js';

const { READ, WRITE } = sellerAuth('products');

/** Today's `metadata[key]=value` query filters (kit/metadata.py MetadataQuery). */
export function metadataQuery(query: Query): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const [key, value] of Object.entries(query)) {
    const m = /^metadata\[(.+)\]$/.exec(key);
    if (m && value !== undefined) out[m[1]!] = Array.isArray(value) ? value : [value];
  }
  return out;
}

export function registerProducts({ app, get, write, service }: Router): void {
  const { store } = service;

  const load = ({ visible }: Context, id: string) => {
    const row = visible.own(store.row('products', id));
    if (!row) throw new NotFound();
    return row;
  };
  const idOf = (req: FastifyRequest) => uuidParam((req.params as { id: string }).id);
  const form = (ctx: Context, row: ProductRow) =>
    ctx.today ? today.product(ctx.loader, row) : product(ctx.loader, row, 'admin');

  get('/v1/products/', READ, (req, ctx) => {
    const query = req.query as Query;
    const { page, sorting } = ctx.today
      ? listParams(query, SORTING['products:list']!, ['-created_at'])
      : listParams(query, PRODUCT_SORT_CRITERIA, PRODUCT_DEFAULT_SORTING);
    const filter = {
      ...uuidLists(query, 'id', 'organization_id'),
      query: stringParam(query, 'query'),
      is_archived: boolParam(query, 'is_archived'),
      is_recurring: boolParam(query, 'is_recurring'),
      ...uuidLists(query, 'benefit_id'),
      ...(ctx.today
        ? {
            visibility: enumList(query, 'visibility', ['draft', 'private', 'public']),
            metadata: metadataQuery(query),
          }
        : {}),
    };
    const { rows, total } = store.products.list(ctx.visible, filter, page, sorting, ctx.today);
    return paginated(
      rows.map((r) => form(ctx, r)),
      total,
      page,
    );
  });
  slashRedirect(app, '/v1/products', '/v1/products/');

  get('/v1/products/:id', READ, (req, ctx) => form(ctx, load(ctx, idOf(req))));

  write('POST', '/v1/products/', WRITE, (req, ctx) => {
    const { principal, visible, work, reply } = ctx;
    const id = ctx.today
      ? createProduct(
          work,
          principal!,
          visible,
          today.createDraft(parseBody(today.createBody, req.body)),
          'today',
        )
      : createProduct(work, principal!, visible, parseProductCreate(req.body));
    reply.code(201);
    return form(ctx, store.row('products', id)!);
  });

  write('PATCH', '/v1/products/:id', WRITE, (req, ctx) => {
    // As FastAPI does: the path and the body are checked before the product is looked up.
    const id = idOf(req);
    if (ctx.today) {
      const body = parseBody(today.updateBody, req.body);
      const changes = today.updateChanges(body, req.body as object);
      updateProduct(ctx.work, load(ctx, id), changes, 'today');
    } else updateProduct(ctx.work, load(ctx, id), parseProductUpdate(req.body));
    return form(ctx, store.row('products', id)!);
  });

  // 200 with the product, as the real endpoint answers (product/endpoints.py update_benefits).
  write('POST', '/v1/products/:id/benefits', WRITE, (req, ctx) => {
    const id = idOf(req);
    const ids = ctx.today
      ? parseBody(today.benefitsBody, req.body).benefits
      : parseProductBenefits(req.body);
    updateProductBenefits(ctx.work, ctx.visible, load(ctx, id), ids, ctx.generation);
    return form(ctx, store.row('products', id)!);
  });
}
