// License keys: admin list/get/update and an activation, customer-portal list/get, and the
// unauthenticated activate/validate/deactivate family (spec endpoints 7–11, api-facts "Request
// bodies"; the seller's get and activation get of the real service's license_key endpoints).
// With `Polar-Version`, today's forms (today/license-keys.ts), the status filter, and the
// seller's own validate/activate/deactivate (license_key/endpoints.py at c6c3645e: a token with
// license_keys:write, the key found only in the seller's organizations).

import type { FastifyRequest } from 'fastify';
import * as z from 'zod';
import { LICENSE_KEY_STATUSES } from '../../shared/api-facts.js';
import { isInteger, type RawJSON } from '../../shared/json.js';
import { type Context, NO_CONTENT, type Router, sellerAuth, slashRedirect } from '../app.js';
import { NotFound } from '../domain/errors.js';
import {
  activate,
  COUNTER_MAX,
  deactivate,
  updateLicenseKey,
  validate,
} from '../domain/license-keys.js';
import type { Loader } from '../serialize.js';
import { activation, licenseKey, primeLicenseKeys } from '../serialize.js';
import type { Visibility } from '../store/index.js';
import type { Listed } from '../store/lists.js';
import type { LicenseKeyRow } from '../store/rows.js';
import * as today from '../today/license-keys.js';
import {
  chars,
  enumList,
  type Page,
  pageParams,
  paginated,
  parseBody,
  type Query,
  uuidList,
  uuidLists,
  uuidParam,
} from '../validate.js';

// The real service takes any JSON here (dict[str, Any] at the seed generation); these are bounds
// for an endpoint anyone may call. An integer beyond 2^53 is kept exactly (shared/json.ts).
const scalar = z.union([
  chars(500),
  z.number(),
  z.boolean(),
  z.custom<RawJSON>((v) => JSON.isRawJSON(v) && isInteger(v)),
]);
const conditions = z.record(chars(40), scalar).refine((o) => Object.keys(o).length <= 50, {
  message: 'At most 50 conditions',
});

const updateBody = z.object({
  status: z.enum(LICENSE_KEY_STATUSES).nullish(),
  usage: z.number().int().min(0).max(COUNTER_MAX).optional(),
  limit_activations: z.number().int().min(1).max(50).nullable().optional(),
  limit_usage: z.number().int().gt(0).max(COUNTER_MAX).nullable().optional(),
  expires_at: z.iso.datetime({ offset: true }).nullable().optional(),
});

const activateBody = z.object({
  key: z.string().min(1),
  organization_id: z.uuid(),
  label: chars(256, 1),
  conditions: conditions.optional(),
  meta: conditions.optional(),
});

const validateBody = z.object({
  key: z.string().min(1),
  organization_id: z.uuid(),
  activation_id: z.uuid().nullish(),
  benefit_id: z.uuid().nullish(),
  customer_id: z.uuid().nullish(),
  increment_usage: z.number().int().min(0).max(COUNTER_MAX).nullish(),
  conditions: conditions.optional(),
});

const deactivateBody = z.object({
  key: z.string().min(1),
  organization_id: z.uuid(),
  activation_id: z.uuid(),
});

const { READ: SELLER_READ, WRITE: SELLER_WRITE } = sellerAuth('license_keys');
const PORTAL = {
  kinds: ['user' as const, 'customer' as const],
  scopes: ['customer_portal:read', 'customer_portal:write'],
};

/** FastAPI's redirect_slashes, for a path whose slash form differs by generation. */
function redirect(ctx: Context, to: string, req: FastifyRequest) {
  const q = req.url.indexOf('?');
  ctx.reply.redirect(to + (q >= 0 ? req.url.slice(q) : ''), 307);
  return null;
}

function listed(loader: Loader, page: Page, { rows, total }: Listed<LicenseKeyRow>) {
  primeLicenseKeys(loader, rows);
  return paginated(
    rows.map((r) => licenseKey(loader, r)),
    total,
    page,
  );
}

export function registerLicenseKeys({ app, get, write, service }: Router): void {
  const { store } = service;

  const sellerList = (req: FastifyRequest, { visible, loader, today: todays }: Context) => {
    const query = req.query as Query;
    const filter = {
      ...uuidLists(query, 'organization_id', 'benefit_id'),
      ...(todays ? { status: enumList(query, 'status', LICENSE_KEY_STATUSES) } : {}),
    };
    // The page is read after the filters, so a bad filter is the problem reported.
    const page = pageParams(query);
    const found = store.licenseKeys.list(visible, 'seller', filter, page);
    if (!todays) return listed(loader, page, found);
    primeLicenseKeys(loader, found.rows);
    return paginated(
      found.rows.map((r) => today.licenseKey(loader, r)),
      found.total,
      page,
    );
  };
  // The seed's path has no slash, today's has one (the SDK 1.0.1 asks for it); each answers
  // the other's with a redirect.
  get('/v1/license-keys', SELLER_READ, (req, ctx) =>
    ctx.today ? redirect(ctx, '/v1/license-keys/', req) : sellerList(req, ctx),
  );
  get('/v1/license-keys/', SELLER_READ, (req, ctx) =>
    ctx.today ? sellerList(req, ctx) : redirect(ctx, '/v1/license-keys', req),
  );

  const sellerKey = (visible: Visibility, id: string) => {
    const row = visible.own(store.row('license_keys', id));
    if (!row) throw new NotFound();
    return row;
  };

  get('/v1/license-keys/:id', SELLER_READ, (req, { visible, loader, today: todays }) => {
    const id = uuidParam((req.params as { id: string }).id);
    const key = sellerKey(visible, id);
    return todays ? today.licenseKeyWithActivations(loader, key) : licenseKey(loader, key, true);
  });

  get('/v1/license-keys/:id/activations/:activation_id', SELLER_READ, (req, ctx) => {
    const params = req.params as { id: string; activation_id: string };
    const id = uuidParam(params.id);
    const activationId = uuidParam(params.activation_id, 'activation_id');
    const key = sellerKey(ctx.visible, id);
    // A deactivated one is gone (the real service's get_activation_or_raise).
    const found = store.licenseKeys.activeActivation(activationId, key.id);
    if (!found) throw new NotFound();
    if (ctx.today) return today.activationRead(ctx.loader, found, key);
    return { ...activation(found), license_key: licenseKey(ctx.loader, key) };
  });

  write('PATCH', '/v1/license-keys/:id', SELLER_WRITE, (req, ctx) => {
    const { visible, work, loader } = ctx;
    const id = uuidParam((req.params as { id: string }).id);
    const body = ctx.today
      ? today.updateChanges(parseBody(today.updateBody, req.body), req.body as object)
      : parseBody(updateBody, req.body);
    if (!visible.own(store.row('license_keys', id))) throw new NotFound();
    updateLicenseKey(work, id, body, ctx.generation);
    const row = store.row('license_keys', id)!;
    return ctx.today ? today.licenseKey(loader, row) : licenseKey(loader, row);
  });

  // Today's seller routes: the same rules as the portal's, on the seller's own keys.
  const TODAY = { only: 'today' } as const;
  write(
    'POST',
    '/v1/license-keys/validate',
    SELLER_WRITE,
    (req, ctx) => {
      const body = parseBody(today.validateBody, req.body);
      const result = validate(ctx.work, body, 'today', ctx.visible);
      return today.validated(ctx.loader, result.key, result.activation);
    },
    TODAY,
  );
  write(
    'POST',
    '/v1/license-keys/activate',
    SELLER_WRITE,
    (req, ctx) => {
      const body = parseBody(today.activateBody, req.body);
      const created = activate(ctx.work, body, 'today', ctx.visible);
      return today.activationRead(ctx.loader, created.activation, created.key);
    },
    TODAY,
  );
  write(
    'POST',
    '/v1/license-keys/deactivate',
    SELLER_WRITE,
    (req, ctx) => {
      deactivate(ctx.work, parseBody(today.deactivateBody, req.body), 'today', ctx.visible);
      ctx.reply.code(204);
      return NO_CONTENT;
    },
    TODAY,
  );

  get('/v1/customer-portal/license-keys/', PORTAL, (req, { visible, loader, today: todays }) => {
    const query = req.query as Query;
    const filter = {
      organization_id: uuidList(query, 'organization_id'),
      // benefit_id is a single value here (api-facts "Filters").
      benefit_id: uuidList(query, 'benefit_id').slice(-1),
    };
    const page = pageParams(query);
    const found = store.licenseKeys.list(visible, 'buyer', filter, page);
    if (!todays) return listed(loader, page, found);
    primeLicenseKeys(loader, found.rows);
    return paginated(
      found.rows.map((r) => today.licenseKey(loader, r)),
      found.total,
      page,
    );
  });
  slashRedirect(app, '/v1/customer-portal/license-keys', '/v1/customer-portal/license-keys/');

  get('/v1/customer-portal/license-keys/:id', PORTAL, (req, { visible, loader, today: todays }) => {
    const row = visible.bought('license_keys', uuidParam((req.params as { id: string }).id));
    if (!row) throw new NotFound();
    return todays ? today.licenseKeyWithActivations(loader, row) : licenseKey(loader, row, true);
  });

  write('POST', '/v1/customer-portal/license-keys/activate', null, (req, ctx) => {
    if (ctx.today) {
      const created = activate(ctx.work, parseBody(today.activateBody, req.body), 'today');
      return today.activationRead(ctx.loader, created.activation, created.key);
    }
    const created = activate(ctx.work, parseBody(activateBody, req.body));
    return { ...activation(created.activation), license_key: licenseKey(ctx.loader, created.key) };
  });

  write('POST', '/v1/customer-portal/license-keys/validate', null, (req, ctx) => {
    if (ctx.today) {
      const result = validate(ctx.work, parseBody(today.validateBody, req.body), 'today');
      return today.validated(ctx.loader, result.key, result.activation);
    }
    const result = validate(ctx.work, parseBody(validateBody, req.body));
    return {
      ...licenseKey(ctx.loader, result.key),
      activation: result.activation ? activation(result.activation) : null,
    };
  });

  write('POST', '/v1/customer-portal/license-keys/deactivate', null, (req, ctx) => {
    if (ctx.today) deactivate(ctx.work, parseBody(today.deactivateBody, req.body), 'today');
    else deactivate(ctx.work, parseBody(deactivateBody, req.body));
    ctx.reply.code(204);
    return NO_CONTENT;
  });
}
