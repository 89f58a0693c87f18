// License keys: admin list/get/update and an activation, customer-portal list/get, and the
// unauthenticated activate/validate/deactivate family (spec endpoints 7–11, api-facts "Request
// bodies"; the seller's get and activation get of the real service's license_key endpoints).
import * as z from 'zod';
import { LICENSE_KEY_STATUSES } from '../../shared/api-facts.js';
import { isInteger, type RawJSON } from '../../shared/json.js';
import { NO_CONTENT, type Router, sellerAuth, slashRedirect } from '../app.js';
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
import {
  chars,
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

  get('/v1/license-keys', SELLER_READ, (req, { visible, loader }) => {
    const query = req.query as Query;
    const filter = uuidLists(query, 'organization_id', 'benefit_id');
    // The page is read after the filters, so a bad filter is the problem reported.
    const page = pageParams(query);
    return listed(loader, page, store.licenseKeys.list(visible, 'seller', filter, page));
  });
  slashRedirect(app, '/v1/license-keys/', '/v1/license-keys');

  const sellerKey = (visible: Visibility, id: string) => {
    const row = visible.own(store.row('license_keys', id));
    if (!row) throw new NotFound();
    return row;
  };

  get('/v1/license-keys/:id', SELLER_READ, (req, { visible, loader }) => {
    const id = uuidParam((req.params as { id: string }).id);
    return licenseKey(loader, sellerKey(visible, id), true);
  });

  get('/v1/license-keys/:id/activations/:activation_id', SELLER_READ, (req, ctx) => {
    const params = req.params as { id: string; activation_id: string };
    const id = uuidParam(params.id);
    const activationId = uuidParam(params.activation_id, 'activation_id');
    const key = sellerKey(ctx.visible, id);
    // A deactivated one is gone (the real service's get_activation_or_raise).
    const found = store.licenseKeys.activeActivation(activationId, key.id);
    if (!found) throw new NotFound();
    return { ...activation(found), license_key: licenseKey(ctx.loader, key) };
  });

  write('PATCH', '/v1/license-keys/:id', SELLER_WRITE, (req, { visible, work, loader }) => {
    const id = uuidParam((req.params as { id: string }).id);
    const body = parseBody(updateBody, req.body);
    if (!visible.own(store.row('license_keys', id))) throw new NotFound();
    updateLicenseKey(work, id, body);
    return licenseKey(loader, store.row('license_keys', id)!);
  });

  get('/v1/customer-portal/license-keys/', PORTAL, (req, { visible, loader }) => {
    const query = req.query as Query;
    const filter = {
      organization_id: uuidList(query, 'organization_id'),
      // benefit_id is a single value here (api-facts "Filters").
      benefit_id: uuidList(query, 'benefit_id').slice(-1),
    };
    const page = pageParams(query);
    return listed(loader, page, store.licenseKeys.list(visible, 'buyer', filter, page));
  });
  slashRedirect(app, '/v1/customer-portal/license-keys', '/v1/customer-portal/license-keys/');

  get('/v1/customer-portal/license-keys/:id', PORTAL, (req, { visible, loader }) => {
    const row = visible.bought('license_keys', uuidParam((req.params as { id: string }).id));
    if (!row) throw new NotFound();
    return licenseKey(loader, row, true);
  });

  write('POST', '/v1/customer-portal/license-keys/activate', null, (req, { work, loader }) => {
    const created = activate(work, parseBody(activateBody, req.body));
    return { ...activation(created.activation), license_key: licenseKey(loader, created.key) };
  });

  write('POST', '/v1/customer-portal/license-keys/validate', null, (req, { work, loader }) => {
    const result = validate(work, parseBody(validateBody, req.body));
    return {
      ...licenseKey(loader, result.key),
      activation: result.activation ? activation(result.activation) : null,
    };
  });

  write('POST', '/v1/customer-portal/license-keys/deactivate', null, (req, { work, reply }) => {
    deactivate(work, parseBody(deactivateBody, req.body));
    reply.code(204);
    return NO_CONTENT;
  });
}
