// License keys: admin list/update, customer-portal list/get, and the unauthenticated
// activate/validate/deactivate family (spec endpoints 7–11, api-facts "Request bodies").
import type { SQLInputValue } from 'node:sqlite';
import * as z from 'zod';
import { type Router, slashRedirect } from '../app.js';
import { organizationIds, type Principal } from '../auth.js';
import { json, parseJson, type Row, type Store, sqlIn } from '../db.js';
import { badRequest, invalid, notFound, notPermitted } from '../errors.js';
import { uuid } from '../ids.js';
import { activation, licenseKey, primeLicenseKeys } from '../serialize.js';
import {
  COUNTER_MAX,
  chars,
  pageParams,
  paginated,
  parseBody,
  type Query,
  uuidList,
  uuidParam,
} from '../validate.js';

const scalar = z.union([chars(500), z.number(), z.boolean()]);
const conditions = z.record(chars(40), scalar).refine((o) => Object.keys(o).length <= 50, {
  message: 'At most 50 conditions',
});

const updateBody = z.object({
  status: z.enum(['granted', 'revoked', 'disabled']).nullish(),
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

function findKey(store: Store, organizationId: string, key: string): Row {
  const row = store.get(
    'SELECT * FROM license_keys WHERE organization_id = ? AND key = ?',
    organizationId.toLowerCase(),
    key,
  );
  if (!row) throw notFound('License key not found.');
  return row;
}

function portalScope(p: Principal): [string, SQLInputValue[]] {
  if (p.kind === 'customer') return ['k.customer_id = ?', [p.customerId]];
  if (p.kind === 'user') {
    return [
      '(k.user_id = ? OR k.customer_id IN (SELECT id FROM customers WHERE user_id = ?))',
      [p.userId, p.userId],
    ];
  }
  return ['0', []];
}

export function registerLicenseKeys({ app, route, service }: Router): void {
  const { store, clock } = service;

  const list = (
    where: string[],
    params: SQLInputValue[],
    query: Query,
    loader: Parameters<typeof licenseKey>[0],
  ) => {
    const page = pageParams(query);
    const whereSql = where.join(' AND ');
    const total = store.get<{ n: number }>(
      `SELECT count(*) AS n FROM license_keys k WHERE ${whereSql}`,
      ...params,
    )!.n;
    const rows = store.all(
      `SELECT k.* FROM license_keys k WHERE ${whereSql} ORDER BY k.created_at, k.seq LIMIT ? OFFSET ?`,
      ...params,
      page.limit,
      page.offset,
    );
    primeLicenseKeys(loader, rows);
    return paginated(
      rows.map((r) => licenseKey(loader, r)),
      total,
      page,
    );
  };
  const inList = (column: string, values: string[], where: string[], params: SQLInputValue[]) => {
    if (values.length) where.push(sqlIn(column, values, params));
  };

  route(
    'GET',
    '/v1/license-keys',
    { kinds: ['user', 'organization'], scopes: ['license_keys:read', 'license_keys:write'] },
    (req, { principal, loader }) => {
      const query = req.query as Query;
      const where: string[] = [];
      const params: SQLInputValue[] = [];
      const own = organizationIds(store, principal!);
      // A principal without organizations sees nothing (not everything).
      if (!own.length) where.push('0');
      inList('k.organization_id', own, where, params);
      inList('k.organization_id', uuidList(query, 'organization_id'), where, params);
      inList('k.benefit_id', uuidList(query, 'benefit_id'), where, params);
      return list(where, params, query, loader);
    },
  );
  slashRedirect(app, '/v1/license-keys/', '/v1/license-keys');

  route(
    'PATCH',
    '/v1/license-keys/:id',
    { kinds: ['user', 'organization'], scopes: ['license_keys:write'] },
    (req, { principal, loader }) => {
      const id = uuidParam((req.params as { id: string }).id, ['path', 'id']);
      const body = parseBody(updateBody, req.body);
      const row = store.tx(() => {
        const key = store.get('SELECT * FROM license_keys WHERE id = ?', id);
        if (!key || !organizationIds(store, principal!).includes(key.organization_id as string))
          throw notFound();
        const set: Record<string, unknown> = {};
        // Only sent fields change; an explicit null clears a limit or the expiry.
        if (body.status != null) set.status = body.status;
        if (body.usage !== undefined) set.usage = body.usage;
        if (body.limit_activations !== undefined) set.limit_activations = body.limit_activations;
        if (body.limit_usage !== undefined) set.limit_usage = body.limit_usage;
        if (body.expires_at !== undefined)
          set.expires_at = body.expires_at && new Date(body.expires_at).toISOString();
        const keys = Object.keys(set);
        if (keys.length) {
          store.run(
            `UPDATE license_keys SET ${keys.map((k) => `${k} = ?`).join(', ')}, modified_at = ? WHERE id = ?`,
            ...Object.values(set),
            clock.iso(),
            id,
          );
        }
        return store.get('SELECT * FROM license_keys WHERE id = ?', id)!;
      });
      return licenseKey(loader, row);
    },
  );

  const portalAuth = {
    kinds: ['user', 'customer'] as ('user' | 'customer')[],
    scopes: ['customer_portal:read', 'customer_portal:write'],
  };
  route('GET', '/v1/customer-portal/license-keys/', portalAuth, (req, { principal, loader }) => {
    const query = req.query as Query;
    const [scopeSql, params] = portalScope(principal!);
    const where = [scopeSql];
    inList('k.organization_id', uuidList(query, 'organization_id'), where, params);
    // benefit_id is a single value here (api-facts "Filters").
    inList('k.benefit_id', uuidList(query, 'benefit_id').slice(-1), where, params);
    return list(where, params, query, loader);
  });
  slashRedirect(app, '/v1/customer-portal/license-keys', '/v1/customer-portal/license-keys/');

  route('GET', '/v1/customer-portal/license-keys/:id', portalAuth, (req, { principal, loader }) => {
    const id = uuidParam((req.params as { id: string }).id, ['path', 'id']);
    const [scopeSql, params] = portalScope(principal!);
    const row = store.get(
      `SELECT k.* FROM license_keys k WHERE k.id = ? AND ${scopeSql}`,
      id,
      ...params,
    );
    if (!row) throw notFound();
    return licenseKey(loader, row, true);
  });

  route('POST', '/v1/customer-portal/license-keys/activate', null, (req, { loader }) => {
    const body = parseBody(activateBody, req.body);
    // Synchronous transaction: concurrent activations are serialised, so the limit holds.
    const created = store.tx(() => {
      const key = findKey(store, body.organization_id, body.key);
      const now = clock.iso();
      if (key.status !== 'granted') throw notPermitted('License key is no longer active.');
      if (key.expires_at && (key.expires_at as string) <= now)
        throw notPermitted('License key has expired.');
      if (key.limit_activations == null)
        throw notPermitted('License key does not require activation');
      const active = store.get<{ n: number }>(
        'SELECT count(*) AS n FROM license_key_activations WHERE license_key_id = ? AND deleted_at IS NULL',
        key.id as string,
      )!.n;
      if (active >= (key.limit_activations as number))
        throw notPermitted('License key activation limit already reached');
      const id = uuid();
      store.run(
        `INSERT INTO license_key_activations (id, created_at, modified_at, license_key_id, label, meta, conditions)
         VALUES (?, ?, NULL, ?, ?, ?, ?)`,
        id,
        now,
        key.id as string,
        body.label,
        json(body.meta ?? {}),
        json(body.conditions ?? {}),
      );
      return {
        activation: store.get('SELECT * FROM license_key_activations WHERE id = ?', id)!,
        key,
      };
    });
    return { ...activation(created.activation), license_key: licenseKey(loader, created.key) };
  });

  route('POST', '/v1/customer-portal/license-keys/validate', null, (req, { loader }) => {
    const body = parseBody(validateBody, req.body);
    const result = store.tx(() => {
      const key = findKey(store, body.organization_id, body.key);
      const now = clock.iso();
      let act: Row | undefined;
      if (body.activation_id) {
        act = store.get(
          'SELECT * FROM license_key_activations WHERE id = ? AND license_key_id = ? AND deleted_at IS NULL',
          body.activation_id.toLowerCase(),
          key.id as string,
        );
        if (!act) throw notFound('License key activation does not exist.');
        const required = parseJson<Record<string, unknown>>(act.conditions) ?? {};
        if (
          Object.keys(required).length &&
          JSON.stringify(required) !== JSON.stringify(body.conditions ?? {})
        ) {
          throw notFound('License key does not match required conditions');
        }
      }
      if (body.benefit_id && body.benefit_id.toLowerCase() !== key.benefit_id)
        throw notFound('License key does not match the given benefit.');
      if (body.customer_id && body.customer_id.toLowerCase() !== key.customer_id)
        throw notFound('License key does not match the given customer.');
      if (key.status !== 'granted') throw notPermitted('License key is no longer active.');
      if (key.expires_at && (key.expires_at as string) <= now)
        throw notPermitted('License key has expired.');
      const increment = body.increment_usage ?? 0;
      const usage = key.usage as number;
      if (increment && key.limit_usage != null) {
        const remaining = (key.limit_usage as number) - usage;
        if (increment > remaining)
          // A 400, as the real service answers it (license_key/service.py).
          throw badRequest(`License key only has ${Math.max(remaining, 0)} more usages.`);
      }
      // Checked before writing: a sum past the counter range would not read back (issue 12).
      if (usage + increment > COUNTER_MAX) {
        const le = COUNTER_MAX - usage;
        throw invalid(
          ['body', 'increment_usage'],
          `Input should be less than or equal to ${le}`,
          body.increment_usage,
          'less_than_equal',
          { le },
        );
      }
      store.run(
        'UPDATE license_keys SET usage = usage + ?, validations = validations + 1, last_validated_at = ? WHERE id = ?',
        increment,
        now,
        key.id as string,
      );
      return { key: store.get('SELECT * FROM license_keys WHERE id = ?', key.id as string)!, act };
    });
    return {
      ...licenseKey(loader, result.key),
      activation: result.act ? activation(result.act) : null,
    };
  });

  route('POST', '/v1/customer-portal/license-keys/deactivate', null, (req, { reply }) => {
    const body = parseBody(deactivateBody, req.body);
    store.tx(() => {
      const key = findKey(store, body.organization_id, body.key);
      const act = store.get(
        'SELECT id FROM license_key_activations WHERE id = ? AND license_key_id = ? AND deleted_at IS NULL',
        body.activation_id.toLowerCase(),
        key.id as string,
      );
      if (!act) throw notFound('License key activation does not exist.');
      store.run(
        'UPDATE license_key_activations SET deleted_at = ?, modified_at = ? WHERE id = ?',
        clock.iso(),
        clock.iso(),
        act.id as string,
      );
    });
    reply.code(204).send();
  });
}
