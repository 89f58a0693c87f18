// GET / PATCH /v1/organizations/{id} (spec endpoints 14–15).
import * as z from 'zod';
import { ORGANIZATION_SORT_CRITERIA } from '../../shared/api-facts.js';
import { type Router, slashRedirect } from '../app.js';
import { organizationIds } from '../auth.js';
import { json, parseJson, sqlIn } from '../db.js';
import { notFound } from '../errors.js';
import { organization } from '../serialize.js';
import {
  chars,
  pageParams,
  paginated,
  parseBody,
  type Query,
  sortingParam,
  stringParam,
  uuidParam,
} from '../validate.js';

const httpUrl = z.url({ protocol: /^https?$/ }).max(2048);

const profileSettings = z
  .object({
    enabled: z.boolean().nullish(),
    description: chars(160).nullish(),
    featured_projects: z.array(z.uuid()).max(20).nullish(),
    featured_organizations: z.array(z.uuid()).max(20).nullish(),
    links: z.array(httpUrl).max(5).nullish(),
    subscribe: z
      .object({
        promote: z.boolean().nullish(),
        show_count: z.boolean().nullish(),
        count_free: z.boolean().nullish(),
        all: z.boolean().nullish(),
      })
      .nullish(),
    accent_color: chars(32).nullish(),
  })
  .strip();

const updateBody = z.object({
  name: chars(64, 3).nullish(),
  avatar_url: httpUrl.nullish(),
  billing_email: z.email().nullish(),
  default_upfront_split_to_contributors: z.number().int().min(0).max(100).nullish(),
  pledge_badge_show_amount: z.boolean().nullish(),
  pledge_minimum_amount: z.number().int().min(0).nullish(),
  default_badge_custom_content: chars(500).nullish(),
  total_monthly_spending_limit: z.number().int().min(0).nullish(),
  per_user_monthly_spending_limit: z.number().int().min(0).nullish(),
  profile_settings: profileSettings.nullish(),
  feature_settings: z.object({ issue_funding_enabled: z.boolean().nullish() }).nullish(),
  subscription_settings: z.record(z.string(), z.unknown()).nullish(),
});

const USER_OR_ORG = ['user', 'organization'] as const;

export function registerOrganizations({ app, route, service }: Router): void {
  const { store, clock } = service;
  const load = (principal: Parameters<typeof organizationIds>[1], rawId: unknown) => {
    const id = uuidParam(rawId, ['path', 'id']);
    const row = organizationIds(store, principal).includes(id)
      ? store.get('SELECT * FROM organizations WHERE id = ?', id)
      : undefined;
    if (!row) throw notFound();
    return row;
  };

  // The organizations the token can act for (sorting: api-facts; default created_at).
  route(
    'GET',
    '/v1/organizations/',
    { kinds: [...USER_OR_ORG], scopes: ['organizations:read', 'organizations:write'] },
    (req, { principal }) => {
      const query = req.query as Query;
      const page = pageParams(query);
      const sorting = sortingParam(query, ORGANIZATION_SORT_CRITERIA, ['created_at']);
      const params: unknown[] = [];
      const own = organizationIds(store, principal!);
      const where = [own.length ? sqlIn('id', own, params) : '0'];
      const slug = stringParam(query, 'slug');
      if (slug !== undefined) {
        where.push('slug = ?');
        params.push(slug);
      }
      const whereSql = where.join(' AND ');
      const total = store.get<{ n: number }>(
        `SELECT count(*) AS n FROM organizations WHERE ${whereSql}`,
        ...params,
      )!.n;
      const orderBy = [
        ...sorting.map((s) => `${s.field} ${s.desc ? 'DESC' : 'ASC'}`),
        `id ${sorting.at(-1)?.desc ? 'DESC' : 'ASC'}`,
      ].join(', ');
      const rows = store.all(
        `SELECT * FROM organizations WHERE ${whereSql} ORDER BY ${orderBy} LIMIT ? OFFSET ?`,
        ...params,
        page.limit,
        page.offset,
      );
      return paginated(rows.map(organization), total, page);
    },
  );
  slashRedirect(app, '/v1/organizations', '/v1/organizations/');

  route(
    'GET',
    '/v1/organizations/:id',
    { kinds: [...USER_OR_ORG], scopes: ['organizations:read', 'organizations:write'] },
    (req, { principal }) => organization(load(principal!, (req.params as { id: string }).id)),
  );

  route(
    'PATCH',
    '/v1/organizations/:id',
    { kinds: [...USER_OR_ORG], scopes: ['organizations:write'] },
    (req, { principal }) => {
      const row = load(principal!, (req.params as { id: string }).id);
      const body = parseBody(updateBody, req.body);
      const set: Record<string, unknown> = {};
      // Only fields that were sent change; null clears the nullable ones.
      for (const key of [
        'avatar_url',
        'billing_email',
        'default_upfront_split_to_contributors',
        'default_badge_custom_content',
        'total_monthly_spending_limit',
        'per_user_monthly_spending_limit',
      ] as const) {
        if (body[key] !== undefined) set[key] = body[key];
      }
      if (body.name != null) set.name = body.name;
      if (body.pledge_minimum_amount != null)
        set.pledge_minimum_amount = body.pledge_minimum_amount;
      if (body.pledge_badge_show_amount != null)
        set.pledge_badge_show_amount = body.pledge_badge_show_amount ? 1 : 0;
      const merge = (column: string, patch: Record<string, unknown> | null | undefined) => {
        if (!patch) return;
        const current = parseJson<Record<string, unknown>>(row[column]) ?? {};
        const sent = Object.fromEntries(
          Object.entries(patch).filter(([, v]) => v !== undefined && v !== null),
        );
        if (column === 'profile_settings' && patch.subscribe) {
          const sub = Object.fromEntries(
            Object.entries(patch.subscribe).filter(([, v]) => v != null),
          );
          sent.subscribe = { ...(current.subscribe as object), ...sub };
        }
        set[column] = json({ ...current, ...sent });
      };
      merge('profile_settings', body.profile_settings);
      merge('feature_settings', body.feature_settings);
      merge('subscription_settings', body.subscription_settings as Record<string, unknown> | null);
      const keys = Object.keys(set);
      if (keys.length) {
        store.tx(() =>
          store.run(
            `UPDATE organizations SET ${keys.map((k) => `${k} = ?`).join(', ')}, modified_at = ? WHERE id = ?`,
            ...(Object.values(set) as (string | number | null)[]),
            clock.iso(),
            row.id as string,
          ),
        );
      }
      return organization(store.get('SELECT * FROM organizations WHERE id = ?', row.id as string)!);
    },
  );
}
