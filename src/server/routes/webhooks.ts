// Webhooks as the real API serves them (api-facts "Events"; polar/webhook/endpoints.py):
// endpoints (CRUD), their deliveries, an event's redelivery, and the CLI event stream
// GET /v1/cli/listen/{organization_id} (webhooks/listen.ts). Unlike the real service, endpoint
// URLs may be http:// and point at loopback or private addresses: that is what a local sandbox
// is for — but never at the service itself (webhooks/self-address.ts: any token could call its
// /__local/ surface). Only the raw format is delivered.
import type { FastifyRequest } from 'fastify';
import * as z from 'zod';
import { WEBHOOK_EVENT_TYPES, WEBHOOK_FORMATS } from '../../shared/api-facts.js';
import { type Context, NO_CONTENT, type Router, sellerAuth, slashRedirect } from '../app.js';
import { invalid, NotFound } from '../domain/errors.js';
import { payloadOrganization } from '../domain/payload-organization.js';
import {
  createEndpoint,
  deleteEndpoint,
  type EndpointFields,
  redeliver,
  resetEndpointSecret,
  updateEndpoint,
} from '../domain/webhooks.js';
import { HttpError } from '../errors.js';
import { readHttpUrl } from '../fields.js';
import { UUID_RE } from '../ids.js';
import { webhookDelivery, webhookEndpoint } from '../serialize.js';
import type { WebhookEndpointRow } from '../store/rows.js';
import * as today from '../today/webhooks.js';
import {
  pageParams,
  paginated,
  parseBody,
  problem,
  type Query,
  stringParam,
  uuidList,
  uuidParam,
} from '../validate.js';

const { READ, WRITE } = sellerAuth('webhooks');

/**
 * pydantic's AnyUrl with http or https (the real service: https only, to public hosts); an
 * update's may be null (nothing changes then).
 */
const endpointUrl = (nullable: boolean) =>
  z
    .unknown()
    .transform((value, ctx): string | null =>
      value === null && nullable ? null : readHttpUrl(value, ctx),
    );

/** The formats of the real service; the local one sends only `raw` bodies. */
const format = z.enum(WEBHOOK_FORMATS).check((ctx) => {
  if (ctx.value !== 'raw')
    ctx.issues.push(
      problem(ctx.value, 'value_error', 'The local service delivers only the raw format.'),
    );
});

const fields = {
  url: endpointUrl(false),
  format,
  events: z.array(z.enum(WEBHOOK_EVENT_TYPES)),
  // Deprecated on the real service, which generates it: at least 32 characters when sent.
  secret: z.string().min(32).nullish(),
};
const createBody = z.object({ ...fields, organization_id: z.uuid().nullish() });
const updateBody = z.object({
  url: endpointUrl(true).optional(),
  format: format.nullish(),
  events: fields.events.nullish(),
  secret: fields.secret,
});
// Today's: today's event types, a name, and (on update) enabled (today/webhooks.ts).
const todaysCreateBody = createBody.extend(today.todaysFields);
const todaysUpdateBody = updateBody.extend({
  name: today.todaysFields.name,
  events: today.eventTypes.nullish(),
  enabled: today.enabled,
});

export function registerWebhooks({ app, get, write, service }: Router): void {
  const { store } = service;
  /** Refuses a URL of the service's own host and port (issue 23), naming `url`. */
  const notSelf = (url: string | null | undefined, input: unknown) => {
    if (url == null || !service.events.self.isOwnUrl(new URL(url))) return;
    const { host } = new URL(url);
    const msg = `${host} is this service's own address: deliveries never call the service itself. Point the endpoint at your webhook handler, on another port.`;
    throw invalid(['url'], msg, input, 'value_error');
  };
  const idOf = (req: FastifyRequest) => uuidParam((req.params as { id: string }).id);
  const load = (req: FastifyRequest, { visible }: Context) => {
    const row = store.webhooks.endpoint(visible, idOf(req));
    if (!row) throw new NotFound();
    return row;
  };
  const endpoint = (ctx: Context, row: WebhookEndpointRow) =>
    ctx.today ? today.webhookEndpoint(row) : webhookEndpoint(row);

  get('/v1/webhooks/endpoints', READ, (req, ctx) => {
    const query = req.query as Query;
    const page = pageParams(query);
    const filter = { organization_id: uuidList(query, 'organization_id') };
    const { rows, total } = store.webhooks.listEndpoints(ctx.visible, filter, page);
    return paginated(
      rows.map((r) => endpoint(ctx, r)),
      total,
      page,
    );
  });
  slashRedirect(app, '/v1/webhooks/endpoints/', '/v1/webhooks/endpoints');

  get('/v1/webhooks/endpoints/:id', READ, (req, ctx) => endpoint(ctx, load(req, ctx)));

  write('POST', '/v1/webhooks/endpoints', WRITE, (req, ctx) => {
    const { principal, visible, work, reply } = ctx;
    const body = parseBody(ctx.today ? todaysCreateBody : createBody, req.body);
    notSelf(body.url, (req.body as { url?: unknown }).url);
    const organizationId = payloadOrganization(principal!, visible, body.organization_id);
    const fields = body as EndpointFields;
    // The endpoint remembers the version it was created under: its deliveries' shapes.
    const row = createEndpoint(work, organizationId, fields, undefined, ctx.version ?? null);
    reply.code(201);
    return endpoint(ctx, row);
  });

  write('PATCH', '/v1/webhooks/endpoints/:id', WRITE, (req, ctx) => {
    const body = parseBody(ctx.today ? todaysUpdateBody : updateBody, req.body);
    const row = load(req, ctx);
    notSelf(body.url, (req.body as { url?: unknown }).url);
    updateEndpoint(ctx.work, row, body as Partial<EndpointFields>);
    return endpoint(ctx, store.row('webhook_endpoints', row.id)!);
  });

  // Today's: a fresh secret, generated by the service (webhook/endpoints.py at c6c3645e).
  write(
    'PATCH',
    '/v1/webhooks/endpoints/:id/secret',
    WRITE,
    (req, ctx) => {
      const row = load(req, ctx);
      resetEndpointSecret(ctx.work, row);
      return endpoint(ctx, store.row('webhook_endpoints', row.id)!);
    },
    { only: 'today' },
  );

  write('DELETE', '/v1/webhooks/endpoints/:id', WRITE, (req, ctx) => {
    deleteEndpoint(ctx.work, load(req, ctx));
    ctx.reply.code(204);
    return NO_CONTENT;
  });

  get('/v1/webhooks/deliveries', READ, (req, ctx) => {
    const { visible } = ctx;
    const query = req.query as Query;
    const page = pageParams(query);
    if (ctx.today) {
      const { rows, total } = store.webhooks.listDeliveries(
        visible,
        today.deliveriesFilter(query),
        page,
      );
      return paginated(rows.map(today.webhookDelivery), total, page);
    }
    const endpointId = stringParam(query, 'endpoint_id');
    if (endpointId !== undefined && !UUID_RE.test(endpointId))
      throw invalid(
        ['endpoint_id'],
        'Input should be a valid UUID',
        endpointId,
        'uuid_parsing',
        undefined,
        'query',
      );
    const endpoint_id = endpointId === undefined ? [] : [endpointId.toLowerCase()];
    const { rows, total } = store.webhooks.listDeliveries(visible, { endpoint_id }, page);
    return paginated(rows.map(webhookDelivery), total, page);
  });
  slashRedirect(app, '/v1/webhooks/deliveries/', '/v1/webhooks/deliveries');

  write('POST', '/v1/webhooks/events/:id/redeliver', WRITE, (req, ctx) => {
    const event = store.webhooks.webhookEvent(ctx.visible, idOf(req));
    if (!event) throw new NotFound();
    redeliver(ctx.work, event);
    // Runs once this transaction has committed.
    service.events.worker.wake();
    ctx.reply.code(202);
    return null;
  });

  // The CLI event stream: a token that may read webhooks, for one of its organizations; a
  // bounded number of streams per organization and per token (429 past it).
  get('/v1/cli/listen/:id', READ, (req, ctx) => {
    const id = idOf(req);
    if (!ctx.visible.sellerSees(id) || !store.row('organizations', id)) throw new NotFound();
    const principal = ctx.principal!;
    const tokenId = principal.kind === 'customer' ? principal.customerId : principal.tokenId;
    const hub = service.events.hub;
    const refusal = hub.refusal(id, tokenId);
    if (refusal) throw new HttpError(429, { error: 'TooManyRequests', detail: refusal });
    ctx.reply.hijack();
    const last = req.headers['last-event-id'];
    hub.open(ctx.reply.raw, id, tokenId, typeof last === 'string' ? last : undefined);
  });
}
