// The customer routes only today's generation has (customer/endpoints.py at c6c3645e; none of
// them at f179ede58c, so the seed's generation answers them 404): a customer by the seller's own
// id for it (`/v1/customers/external/{external_id}`: get, update, delete), its state (by either
// id), its saved payment methods (none: the sandbox has no payment processor) and the CSV export.
import type { FastifyRequest } from 'fastify';
import { type Context, NO_CONTENT, type Router, sellerAuth } from '../app.js';
import { deleteCustomer, updateCustomer } from '../domain/customers.js';
import { NotFound } from '../domain/errors.js';
import { customerMeters } from '../domain/meter-credits.js';
import { parseJson } from '../store/index.js';
import type { CustomerRow } from '../store/rows.js';
import { stateMeter } from '../today/customer-meters.js';
import * as today from '../today/customers.js';
import {
  boolParam,
  pageParams,
  paginated,
  parseBody,
  type Query,
  uuidList,
  uuidParam,
} from '../validate.js';
import { pyIsoTime, pyJson } from '../webhooks/python-json.js';

const { READ, WRITE } = sellerAuth('customers');
const TODAY = { only: 'today' } as const;

/** excel dialect: a field with a comma, a quote or a line break is quoted, quotes doubled. */
const csvField = (v: unknown) => {
  const text = v == null ? '' : String(v);
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
};
const csvRow = (values: unknown[]) => `${values.map(csvField).join(',')}\r\n`;

export function registerTodaysCustomers({ get, write, service }: Router): void {
  const { store } = service;

  const byId = (req: FastifyRequest, { visible }: Context): CustomerRow => {
    const row = store.customers.visible(visible, uuidParam((req.params as { id: string }).id));
    if (!row) throw new NotFound();
    return row;
  };
  const byExternal = (req: FastifyRequest, { visible }: Context): CustomerRow => {
    const externalId = (req.params as { external_id: string }).external_id;
    const row = store.customers.byExternalId(visible, externalId);
    if (!row) throw new NotFound();
    return row;
  };

  // The customer's meters of the organization's active meters (issue 27).
  const state = (ctx: Context, row: CustomerRow) =>
    today.customerState(
      ctx.loader,
      row,
      customerMeters(ctx.deps, [row], store.meters.active(row.organization_id)).map(stateMeter),
    );

  get(
    '/v1/customers/external/:external_id',
    READ,
    (req, ctx) => today.customer(byExternal(req, ctx)),
    TODAY,
  );

  write(
    'PATCH',
    '/v1/customers/external/:external_id',
    WRITE,
    (req, ctx) => {
      const body = parseBody(today.updateExternalBody, req.body);
      const row = byExternal(req, ctx);
      updateCustomer(ctx.work, row, today.updateChanges(body, req.body as object), 'today');
      return today.customer(store.row('customers', row.id)!);
    },
    TODAY,
  );

  write(
    'DELETE',
    '/v1/customers/external/:external_id',
    WRITE,
    (req, ctx) => {
      const anonymize = boolParam(req.query as Query, 'anonymize') ?? false;
      deleteCustomer(ctx.work, byExternal(req, ctx), 'today', { anonymize });
      ctx.reply.code(204);
      return NO_CONTENT;
    },
    TODAY,
  );

  get('/v1/customers/:id/state', READ, (req, ctx) => state(ctx, byId(req, ctx)), TODAY);
  get(
    '/v1/customers/external/:external_id/state',
    READ,
    (req, ctx) => state(ctx, byExternal(req, ctx)),
    TODAY,
  );

  // No payment processor, so no saved payment method: an empty page, after the customer is found.
  get(
    '/v1/customers/:id/payment-methods',
    READ,
    (req, ctx) => {
      const page = pageParams(req.query as Query);
      byId(req, ctx);
      return paginated([], 0, page);
    },
    TODAY,
  );
  get(
    '/v1/customers/external/:external_id/payment-methods',
    READ,
    (req, ctx) => {
      const page = pageParams(req.query as Query);
      byExternal(req, ctx);
      return paginated([], 0, page);
    },
    TODAY,
  );

  // The CSV export (polar-customers.csv), every customer the token sees, oldest first.
  get(
    '/v1/customers/export',
    READ,
    (req, ctx) => {
      const filter = uuidList(req.query as Query, 'organization_id');
      const header = [
        'ID',
        'External ID',
        'Created At',
        'Email',
        'Name',
        'Tax ID',
        'Billing Address Line 1',
        'Billing Address Line 2',
        'Billing Address City',
        'Billing Address State',
        'Billing Address Zip',
        'Billing Address Country',
        'Metadata',
      ];
      const lines = [csvRow(header)];
      for (const r of store.customers.every(ctx.visible, filter)) {
        const address = r.billing_address ? JSON.parse(r.billing_address) : null;
        const metadata = parseJson<object>(r.metadata);
        lines.push(
          csvRow([
            r.id,
            r.external_id,
            pyIsoTime(r.created_at),
            r.email,
            r.name,
            // The tax ID as Python prints its stored pair.
            r.tax_id ? `('${JSON.parse(r.tax_id).join("', '")}')` : null,
            address?.line1,
            address?.line2,
            address?.city,
            address?.state,
            address?.postal_code,
            address?.country,
            Object.keys(metadata).length ? pyJson(metadata) : null,
          ]),
        );
      }
      ctx.reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', 'attachment; filename="polar-customers.csv"');
      return lines.join('');
    },
    TODAY,
  );
}
