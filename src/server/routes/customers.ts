// Customers of the seller: GET/POST /v1/customers/, GET/PATCH/DELETE /v1/customers/{id} (the
// real service's customer endpoints at the spec's generation; the SDK 0.20.2 customers.* calls).
import type { FastifyRequest } from 'fastify';
import * as z from 'zod';
import {
  CUSTOMER_DEFAULT_SORTING,
  CUSTOMER_SORT_CRITERIA,
  TAX_ID_FORMATS,
} from '../../shared/api-facts.js';
import { type Context, NO_CONTENT, type Router, sellerAuth, slashRedirect } from '../app.js';
import {
  type CustomerFields,
  createCustomer,
  deleteCustomer,
  updateCustomer,
} from '../domain/customers.js';
import { NotFound } from '../domain/errors.js';
import { payloadOrganization } from '../domain/payload-organization.js';
import { customer } from '../serialize.js';
import {
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

/**
 * Why email-validator (behind pydantic's EmailStr) refuses an address, for the common cases; the
 * real service also asks DNS whether the domain takes mail, which a local service cannot.
 */
function emailReason(value: string): string | undefined {
  const at = value.lastIndexOf('@');
  if (at < 0) return 'An email address must have an @-sign.';
  if (at === 0) return 'There must be something before the @-sign.';
  if (at === value.length - 1) return 'There must be something after the @-sign.';
  if (!value.slice(at + 1).includes('.'))
    return 'The part after the @-sign is not valid. It should have a period.';
  if (!z.email().safeParse(value).success) return 'The email address is not valid.';
  return undefined;
}

/** An email address as pydantic reads one: trimmed, the domain in lower case. */
const email = z.string().transform((value, ctx) => {
  const trimmed = value.trim();
  const reason = emailReason(trimmed);
  if (reason) {
    ctx.issues.push(
      problem(value, 'value_error', `value is not a valid email address: ${reason}`, { reason }),
    );
    return z.NEVER;
  }
  const at = trimmed.lastIndexOf('@');
  return trimmed.slice(0, at + 1) + trimmed.slice(at + 1).toLowerCase();
});

const REGIONS = new Intl.DisplayNames(['en'], { type: 'region', fallback: 'none' });

/** An empty string is no value (the real service's EmptyStrToNone). */
const optionalText = z
  .string()
  .nullish()
  .transform((v) => (v === '' ? null : v));

const address = z.object({
  line1: optionalText,
  line2: optionalText,
  postal_code: optionalText,
  city: optionalText,
  state: optionalText,
  country: z.string().check((ctx) => {
    if (!/^[A-Z]{2}$/.test(ctx.value) || !REGIONS.of(ctx.value))
      ctx.issues.push(problem(ctx.value, 'country_alpha2', 'Invalid country alpha2 code'));
  }),
});

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

  get('/v1/customers/', READ, (req, { visible }) => {
    const query = req.query as Query;
    const { page, sorting } = listParams(query, CUSTOMER_SORT_CRITERIA, CUSTOMER_DEFAULT_SORTING);
    const filter = { organization_id: uuidList(query, 'organization_id') };
    const { rows, total } = store.customers.list(
      visible,
      { ...filter, query: stringParam(query, 'query') },
      page,
      sorting,
    );
    return paginated(rows.map(customer), total, page);
  });
  slashRedirect(app, '/v1/customers', '/v1/customers/');

  get('/v1/customers/:id', READ, (req, ctx) => customer(load(req, ctx)));

  write('POST', '/v1/customers/', WRITE, (req, { principal, visible, work, reply }) => {
    const body = parseBody(createBody, req.body);
    const organizationId = payloadOrganization(principal!, visible, body.organization_id);
    const row = createCustomer(work, organizationId, body as CustomerFields & { email: string });
    reply.code(201);
    return customer(row);
  });

  write('PATCH', '/v1/customers/:id', WRITE, (req, ctx) => {
    // FastAPI reads the body before the handler looks the customer up: a bad body is a 422.
    const body = sent(parseBody(updateBody, req.body), req.body);
    const row = load(req, ctx);
    updateCustomer(ctx.work, row, body as CustomerFields);
    return customer(store.row('customers', row.id)!);
  });

  write('DELETE', '/v1/customers/:id', WRITE, (req, ctx) => {
    deleteCustomer(ctx.work, load(req, ctx));
    ctx.reply.code(204);
    return NO_CONTENT;
  });
}
