// Customers of the seller: GET/POST /v1/customers/, GET/PATCH/DELETE /v1/customers/{id} (the
// real service's customer endpoints at the spec's generation; the SDK 0.20.2 customers.* calls),
// in both generations: today's bodies and forms are today/customers.ts. The routes only today's
// generation has (by external id, the state, the export) are routes/customers-today.ts.
import type { FastifyRequest } from 'fastify';
import * as z from 'zod';
import {
  CUSTOMER_DEFAULT_SORTING,
  CUSTOMER_SORT_CRITERIA,
  TAX_ID_FORMATS,
} from '../../shared/api-facts.js';
import { SORTING } from '../../shared/openapi/2026-10.facts.js';
import { type Context, NO_CONTENT, type Router, sellerAuth, slashRedirect } from '../app.js';
import {
  type CustomerFields,
  createCustomer,
  deleteCustomer,
  updateCustomer,
} from '../domain/customers.js';
import { NotFound } from '../domain/errors.js';
import { payloadOrganization } from '../domain/payload-organization.js';
import { addressInput, emailAddress } from '../fields.js';
import { customer } from '../serialize.js';
import type { CustomerFilter } from '../store/customers.js';
import type { CustomerRow } from '../store/rows.js';
import * as today from '../today/customers.js';
import {
  boolParam,
  listParams,
  paginated,
  parseBody,
  problem,
  type Query,
  stringParam,
  uuidList,
  uuidParam,
} from '../validate.js';

const { READ, WRITE } = sellerAuth('customers');

const email = emailAddress;
const address = addressInput;

/** `[number, format]`: pydantic's tuple[str, TaxIDFormat], problem by problem. */
const taxId = z.unknown().transform((value, ctx): [string, string] | null | undefined => {
  if (value === null || value === undefined) return value;
  if (!Array.isArray(value)) {
    ctx.issues.push(problem(value, 'tuple_type', 'Input should be a valid tuple'));
    return z.NEVER;
  }
  if (value.length > 2) {
    const msg = `Tuple should have at most 2 items after validation, not ${value.length}`;
    const size = { field_type: 'Tuple', max_length: 2, actual_length: value.length };
    ctx.issues.push(problem(value, 'too_long', msg, size));
    return z.NEVER;
  }
  const item = z.tuple([z.string(), z.enum(TAX_ID_FORMATS)]).safeParse(value);
  if (item.success) return item.data;
  for (const issue of item.error.issues) {
    const [index] = issue.path as number[];
    if (index === undefined || value.length <= index) {
      const at = value.length;
      ctx.issues.push({ ...problem(value, 'missing', 'Field required'), path: [at] });
      break;
    }
    ctx.issues.push({ ...issue, input: value[index], path: [index] } as z.core.$ZodRawIssue);
  }
  return z.NEVER;
});

const fields = {
  name: z.string().nullish(),
  billing_address: address.nullish(),
  tax_id: taxId.optional(),
};
const createBody = z.object({ email, ...fields, organization_id: z.uuid().nullish() });
const updateBody = z.object({ email: email.nullish(), ...fields });

/** The fields a body sent (pydantic's exclude_unset): what an update sets. */
function sent<T extends object>(parsed: T, body: unknown): Partial<T> {
  const keys = Object.keys(body as object);
  return Object.fromEntries(Object.entries(parsed).filter(([k]) => keys.includes(k))) as T;
}

export function registerCustomers({ app, get, write, service }: Router): void {
  const { store } = service;

  const load = (req: FastifyRequest, { visible }: Context) => {
    const row = store.customers.visible(visible, uuidParam((req.params as { id: string }).id));
    if (!row) throw new NotFound();
    return row;
  };
  /** The customer in the request's generation's form. */
  const form = (ctx: Context, row: CustomerRow) =>
    ctx.today ? today.customer(row) : customer(row);

  get('/v1/customers/', READ, (req, ctx) => {
    const query = req.query as Query;
    const criteria = ctx.today ? SORTING['customers:list']! : CUSTOMER_SORT_CRITERIA;
    const { page, sorting } = listParams(query, criteria, CUSTOMER_DEFAULT_SORTING);
    const filter = {
      organization_id: uuidList(query, 'organization_id'),
      query: stringParam(query, 'query'),
      ...(ctx.today ? todaysFilters(query) : {}),
    };
    const { rows, total } = store.customers.list(ctx.visible, filter, page, sorting);
    return paginated(
      rows.map((r) => form(ctx, r)),
      total,
      page,
    );
  });
  slashRedirect(app, '/v1/customers', '/v1/customers/');

  get('/v1/customers/:id', READ, (req, ctx) => form(ctx, load(req, ctx)));

  write('POST', '/v1/customers/', WRITE, (req, ctx) => {
    const { principal, visible, work, reply } = ctx;
    let row: CustomerRow;
    if (ctx.today) {
      const body = parseBody(today.createBody, req.body);
      const organizationId = payloadOrganization(principal!, visible, body.organization_id);
      row = createCustomer(work, organizationId, today.createFields(body), 'today');
    } else {
      const body = parseBody(createBody, req.body);
      const organizationId = payloadOrganization(principal!, visible, body.organization_id);
      row = createCustomer(work, organizationId, body as CustomerFields & { email: string });
    }
    reply.code(201);
    return form(ctx, row);
  });

  write('PATCH', '/v1/customers/:id', WRITE, (req, ctx) => {
    // FastAPI reads the body before the handler looks the customer up: a bad body is a 422.
    if (ctx.today) {
      const body = parseBody(today.updateBody, req.body);
      const row = load(req, ctx);
      updateCustomer(ctx.work, row, today.updateChanges(body, req.body as object), 'today');
      return form(ctx, store.row('customers', row.id)!);
    }
    const body = sent(parseBody(updateBody, req.body), req.body);
    const row = load(req, ctx);
    updateCustomer(ctx.work, row, body as CustomerFields);
    return form(ctx, store.row('customers', row.id)!);
  });

  write('DELETE', '/v1/customers/:id', WRITE, (req, ctx) => {
    const query = req.query as Query;
    // Today's `anonymize` query parameter, read before the customer is looked up.
    const anonymize = ctx.today ? (boolParam(query, 'anonymize') ?? false) : false;
    deleteCustomer(ctx.work, load(req, ctx), ctx.generation, { anonymize });
    ctx.reply.code(204);
    return NO_CONTENT;
  });
}

/** Today's list filters: exact email, active customers, metadata (customer/endpoints.py). */
export function todaysFilters(query: Query): Partial<CustomerFilter> {
  const metadata: Record<string, string[]> = {};
  for (const [key, value] of Object.entries(query)) {
    const m = /^metadata\[(.+)\]$/.exec(key);
    if (m && value !== undefined) metadata[m[1]!] = Array.isArray(value) ? value : [value];
  }
  return {
    queryExternal: true,
    email: stringParam(query, 'email'),
    active: boolParam(query, 'active'),
    metadata,
  };
}
