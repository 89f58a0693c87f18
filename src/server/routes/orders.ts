// GET /v1/orders/ and GET /v1/orders/{id} (spec endpoints 12–13), in either generation; today's
// also changes an order's billing details and makes its invoice (order/endpoints.py at c6c3645e:
// PATCH /v1/orders/{id}, POST and GET /{id}/invoice, GET /{id}/receipt). The documents those
// answers point at are served by routes/order-documents.ts.
import type { FastifyReply } from 'fastify';
import { ORDER_DEFAULT_SORTING, ORDER_SORT_CRITERIA, PRICE_TYPES } from '../../shared/api-facts.js';
import { SORTING } from '../../shared/openapi/2026-10.facts.js';
import { type Context, type Router, sellerAuth, slashRedirect } from '../app.js';
import { NamedRefusal, NotFound } from '../domain/errors.js';
import { requestInvoice, updateOrder } from '../domain/orders.js';
import { invoicePdf, receiptPdf } from '../serialize/order-documents.js';
import { ORDER_TABLES, order, primeOrders } from '../serialize.js';
import type { OrderRow } from '../store/rows.js';
import * as today from '../today/orders.js';
import { enumList, listParams, parseBody, type Query, uuidLists, uuidParam } from '../validate.js';

const AUTH = { kinds: ['user' as const, 'organization' as const], scopes: ['orders:read'] };
/** Today's changes of an order take orders:write (order/auth.py OrdersWrite). */
const WRITE = sellerAuth('orders').WRITE;
const TODAY = { only: 'today' } as const;

/** An order's JSON, as UTF-8, and its organization (false: no such order). */
type Kept = { org: string; json: Buffer } | false;
const ITEMS = Buffer.from('{"items":[');
const COMMA = Buffer.from(',');

/** Where the sandbox serves an order's documents (routes/order-documents.ts). */
export const documentUrl = (baseUrl: string, id: string, kind: 'invoice' | 'receipt') =>
  `${baseUrl}/documents/orders/${id}/${kind}.pdf`;

/**
 * Buffers a list page is copied into, each taken back once its answer is written. A Buffer made
 * per page (300–400 KB) kept up to 55 MB of pages waiting for the collector under load; a slab
 * reused keeps none (a stream of the kept parts, zero-copy, measured no better). Bounded: past
 * `kept` free ones, a slab is left to the collector.
 */
class Slabs {
  private readonly free: Buffer[] = [];

  constructor(
    private readonly size: number,
    private readonly kept: number,
  ) {}

  take(length: number): Buffer {
    const at = this.free.findIndex((slab) => slab.length >= length);
    if (at >= 0) return this.free.splice(at, 1)[0]!;
    return Buffer.allocUnsafeSlow(Math.max(length, this.size));
  }

  give(slab: Buffer): void {
    if (this.free.length < this.kept) this.free.push(slab);
  }
}

/** A page of 100 of today's orders is ~400 KB; twice the connections of a busy client. */
const slabs = new Slabs(512 * 1024, 32);

/**
 * `parts` as one JSON answer, copied into a slab that is taken back when the response closes
 * (after its last byte was handed to the socket, or the connection was lost: either way no
 * write of it is pending).
 */
function sendParts(reply: FastifyReply, parts: Buffer[]): Buffer {
  let length = 0;
  for (const part of parts) length += part.length;
  const slab = slabs.take(length);
  let at = 0;
  for (const part of parts) at += part.copy(slab, at);
  reply.raw.once('close', () => slabs.give(slab));
  reply.header('content-type', 'application/json; charset=utf-8');
  return slab.subarray(0, length);
}

export function registerOrders({ app, get, write, service }: Router): void {
  const { store } = service;

  /** The seller's order named by the path, or 404. */
  const sellers = (req: { params: unknown }, { visible }: Context): OrderRow => {
    const row = visible.own(store.row('orders', uuidParam((req.params as { id: string }).id)));
    if (!row) throw new NotFound();
    return row;
  };

  /**
   * An order's JSON in the request's generation, kept until a table it is made of is written
   * (a list page and GET /v1/orders/{id} share it).
   */
  const kept = (ctx: Context) =>
    ctx.today
      ? store.memo<Kept>('order-json-today', today.ORDER_TABLES)
      : store.memo<Kept>('order-json', ORDER_TABLES);
  const orderJson = (ctx: Context, row: OrderRow) => ({
    org: row.organization_id,
    json: Buffer.from(
      JSON.stringify(ctx.today ? today.order(ctx.loader, row) : order(ctx.loader, row)),
    ),
  });

  /**
   * A list page: the bytes the paginated object would be, copied from the kept orders' own
   * (encoding a 300 KB page to UTF-8 again on every request was a quarter of its time).
   */
  const page = (ctx: Context, ids: { id: string }[], total: number, limit: number): Buffer => {
    const memo = kept(ctx);
    let primed = false;
    // The page's rows and their related rows, one query per table, at the first order not kept
    // (the request's row cache is made only then).
    const prime = () => {
      const { loader } = ctx;
      const rowIds = ids.map((r) => r.id);
      loader.prime('orders', rowIds);
      primeOrders(
        loader,
        rowIds.map((id) => loader.row('orders', id)!),
      );
      primed = true;
    };
    const parts: Buffer[] = [ITEMS];
    for (const { id } of ids) {
      const found = memo.get(id, () => {
        if (!primed) prime();
        return orderJson(ctx, ctx.loader.row('orders', id)!);
      });
      if (parts.length > 1) parts.push(COMMA);
      parts.push((found as Exclude<Kept, false>).json);
    }
    const max = Math.ceil(total / limit);
    parts.push(Buffer.from(`],"pagination":{"total_count":${total},"max_page":${max}}}`));
    return sendParts(ctx.reply, parts);
  };

  get('/v1/orders/', AUTH, (req, ctx) => {
    const { visible } = ctx;
    const query = req.query as Query;
    if (ctx.today) {
      const params = listParams(query, SORTING['orders:list']!, ORDER_DEFAULT_SORTING);
      const filter = today.listFilter(query);
      const { rows, total } = store.orders.listToday(visible, filter, params.page, params.sorting);
      return page(ctx, rows, total, params.page.limit);
    }
    const { page: p, sorting } = listParams(query, ORDER_SORT_CRITERIA, ORDER_DEFAULT_SORTING);
    const filter = {
      ...uuidLists(query, 'organization_id', 'product_id'),
      product_price_type: enumList(query, 'product_price_type', PRICE_TYPES),
      ...uuidLists(query, 'discount_id', 'customer_id'),
    };
    const { rows, total } = store.orders.list(visible, filter, p, sorting);
    return page(ctx, rows, total, p.limit);
  });
  slashRedirect(app, '/v1/orders', '/v1/orders/');

  get('/v1/orders/:id', AUTH, (req, ctx) => {
    // The seller's order, as kept; the row is read only when its JSON is not.
    const id = uuidParam((req.params as { id: string }).id);
    const found = kept(ctx).get(id, () => {
      const row = store.row('orders', id);
      return row ? orderJson(ctx, row) : false;
    });
    if (!found || !ctx.visible.sellerSees(found.org)) throw new NotFound();
    ctx.reply.header('content-type', 'application/json; charset=utf-8');
    return found.json;
  });

  write(
    'PATCH',
    '/v1/orders/:id',
    WRITE,
    (req, ctx) => {
      // FastAPI reads the body before the order is looked up: a bad body is a 422 first.
      const body = parseBody(today.updateBody, req.body);
      const row = sellers(req, ctx);
      updateOrder(ctx.work, row, today.updateChanges(body, req.body as object));
      return today.order(ctx.loader, store.row('orders', row.id)!);
    },
    TODAY,
  );

  write(
    'POST',
    '/v1/orders/:id/invoice',
    AUTH,
    (req, ctx) => {
      requestInvoice(ctx.work, sellers(req, ctx));
      ctx.reply.code(202);
      return null;
    },
    TODAY,
  );

  get(
    '/v1/orders/:id/invoice',
    AUTH,
    (req, ctx) => ({ url: invoiceUrl(service.baseUrl, sellers(req, ctx)) }),
    TODAY,
  );

  get(
    '/v1/orders/:id/receipt',
    AUTH,
    (req, ctx) => ({ url: receiptUrl(service.baseUrl, sellers(req, ctx)) }),
    TODAY,
  );

  // The documents themselves, at the addresses above: like the real service's presigned links
  // they need no token (the order's id is the secret), and exist once made.
  const pdf = (ctx: Context, bytes: Buffer, name: string) => {
    ctx.reply
      .header('content-type', 'application/pdf')
      .header('content-disposition', `inline; filename="${name}"`);
    return bytes;
  };
  get('/documents/orders/:id/invoice.pdf', null, (req, ctx) => {
    const row = store.row('orders', uuidParam((req.params as { id: string }).id));
    if (!row?.invoice_generated_at || !row.invoice_number) throw new NotFound();
    return pdf(ctx, invoicePdf(ctx.loader, row), `Invoice-${row.invoice_number}.pdf`);
  });
  get('/documents/orders/:id/receipt.pdf', null, (req, ctx) => {
    const row = store.row('orders', uuidParam((req.params as { id: string }).id));
    if (!row?.receipt_number) throw new NotFound();
    const refunds = store.refunds.succeededOf(row.id);
    return pdf(ctx, receiptPdf(ctx.loader, row, refunds), `Receipt-${row.receipt_number}.pdf`);
  });
}

/** The invoice's address once it is made (InvoiceDoesNotExist before: 404). */
export function invoiceUrl(baseUrl: string, row: OrderRow): string {
  if (row.invoice_generated_at == null)
    throw new NamedRefusal(404, 'InvoiceDoesNotExist', `No invoice exists for order ${row.id}.`);
  return documentUrl(baseUrl, row.id, 'invoice');
}

/**
 * The receipt's address (ReceiptNotAllocated without a receipt number: a free order). The real
 * service renders the PDF on the first request and answers 202 meanwhile; the sandbox renders it
 * when it is downloaded, so it is always ready.
 */
export function receiptUrl(baseUrl: string, row: OrderRow): string {
  if (row.receipt_number == null)
    throw new NamedRefusal(404, 'ReceiptNotAllocated', `No receipt allocated for order ${row.id}.`);
  return documentUrl(baseUrl, row.id, 'receipt');
}
