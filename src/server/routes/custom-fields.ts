// Custom fields (custom_field/endpoints.py; served at f179ede58c and at c6c3645e, so in both
// generations, in the same form): the seller's list (organization_id, query in the name or slug,
// type; sorting by slug by default — the seed's generation sorted nothing: store/custom-fields.ts),
// get, create (201), update and delete (204, soft). Scopes custom_fields:read and :write. A
// field is one fact: the same rows products attach (attached_custom_fields) and checkouts,
// orders and subscriptions key their custom_field_data by.
import type { FastifyRequest } from 'fastify';
import { CUSTOM_FIELD_TYPES } from '../../shared/api-facts.js';
import { SORTING } from '../../shared/openapi/2026-10.facts.js';
import { type Context, NO_CONTENT, type Router, sellerAuth, slashRedirect } from '../app.js';
import {
  createCustomField,
  deleteCustomField,
  updateCustomField,
} from '../domain/custom-fields.js';
import { NotFound } from '../domain/errors.js';
import { payloadOrganization } from '../domain/payload-organization.js';
import { customField } from '../serialize/catalogue.js';
import { createBody, updateBody } from '../today/custom-fields.js';
import {
  enumList,
  listParams,
  paginated,
  parseBody,
  type Query,
  stringParam,
  uuidList,
  uuidParam,
} from '../validate.js';

const { READ, WRITE } = sellerAuth('custom_fields');

export function registerCustomFields({ app, get, write, service }: Router): void {
  const { store } = service;
  const idOf = (req: FastifyRequest) => uuidParam((req.params as { id: string }).id);
  const load = (id: string, ctx: Context) => {
    const row = store.customFields.visible(ctx.visible, id);
    if (!row) throw new NotFound();
    return row;
  };

  get('/v1/custom-fields/', READ, (req, ctx) => {
    const query = req.query as Query;
    const { page, sorting } = listParams(query, SORTING['custom-fields:list']!, ['slug']);
    const filter = {
      organization_id: uuidList(query, 'organization_id'),
      query: stringParam(query, 'query'),
      type: enumList(query, 'type', CUSTOM_FIELD_TYPES),
      unsorted: !ctx.today,
    };
    const { rows, total } = store.customFields.list(ctx.visible, filter, page, sorting);
    return paginated(rows.map(customField), total, page);
  });
  slashRedirect(app, '/v1/custom-fields', '/v1/custom-fields/');

  get('/v1/custom-fields/:id', READ, (req, ctx) => customField(load(idOf(req), ctx)));

  write('POST', '/v1/custom-fields/', WRITE, (req, ctx) => {
    const body = parseBody(createBody(ctx.today), req.body);
    const organizationId = payloadOrganization(ctx.principal!, ctx.visible, body.organization_id);
    const row = createCustomField(ctx.work, organizationId, body);
    ctx.reply.code(201);
    return customField(row);
  });

  write('PATCH', '/v1/custom-fields/:id', WRITE, (req, ctx) => {
    const id = idOf(req);
    const body = parseBody(updateBody(ctx.today), req.body);
    return customField(updateCustomField(ctx.work, load(id, ctx), body));
  });

  write('DELETE', '/v1/custom-fields/:id', WRITE, (req, ctx) => {
    deleteCustomField(ctx.work, load(idOf(req), ctx));
    ctx.reply.code(204);
    return NO_CONTENT;
  });
}
