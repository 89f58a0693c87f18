// GET /v1/organizations/, GET / PATCH /v1/organizations/{id} (spec endpoints 14–15); today's
// generation reads and writes them in its own forms (today/organizations.ts), and creates them.
import * as z from 'zod';
import {
  ORGANIZATION_DEFAULT_SORTING,
  ORGANIZATION_SORT_CRITERIA,
} from '../../shared/api-facts.js';
import { SORTING } from '../../shared/openapi/2026-10.facts.js';
import { type Context, type Router, sellerAuth, slashRedirect } from '../app.js';
import { NotFound } from '../domain/errors.js';
import { createOrganization, updateOrganization } from '../domain/organizations.js';
import { organization } from '../serialize.js';
import type { OrganizationRow } from '../store/rows.js';
import * as today from '../today/organizations.js';
import {
  chars,
  listParams,
  paginated,
  parseBody,
  type Query,
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

const { READ, WRITE } = sellerAuth('organizations');

export function registerOrganizations({ app, get, write, service }: Router): void {
  const { store } = service;
  /** The organization in the request's generation's form. */
  const form = (ctx: Context, row: OrganizationRow) =>
    ctx.today ? today.organization(row, ctx.deps.clock.iso()) : organization(row);
  const load = ({ visible }: Context, rawId: unknown) => {
    const id = uuidParam(rawId);
    const row = visible.sellerSees(id) ? store.row('organizations', id) : undefined;
    if (!row) throw new NotFound();
    return row;
  };

  // The organizations the token can act for (sorting: api-facts).
  get('/v1/organizations/', READ, (req, ctx) => {
    const { visible } = ctx;
    const query = req.query as Query;
    const { page, sorting } = listParams(
      query,
      ctx.today ? SORTING['organizations:list']! : ORGANIZATION_SORT_CRITERIA,
      ORGANIZATION_DEFAULT_SORTING,
    );
    const slug = stringParam(query, 'slug');
    const { rows, total } = store.organizations.list(visible, { slug }, page, sorting);
    return paginated(
      rows.map((r) => form(ctx, r)),
      total,
      page,
    );
  });
  slashRedirect(app, '/v1/organizations', '/v1/organizations/');

  // A user's new organization (today's generation only: the seed's had it too, the spec does not
  // list it). Only a user creates one (OrganizationsCreate takes no organization token).
  write(
    'POST',
    '/v1/organizations/',
    { kinds: ['user'], scopes: ['organizations:write'] },
    (req, ctx) => {
      const body = today.newOrganization(parseBody(today.createBody, req.body));
      const principal = ctx.principal!;
      if (principal.kind !== 'user') throw new NotFound();
      const id = createOrganization(ctx.work, principal.userId, body);
      ctx.reply.code(201);
      return form(ctx, store.row('organizations', id)!);
    },
    { only: 'today' },
  );

  get('/v1/organizations/:id', READ, (req, ctx) =>
    form(ctx, load(ctx, (req.params as { id: string }).id)),
  );

  write('PATCH', '/v1/organizations/:id', WRITE, (req, ctx) => {
    // The organization is a dependency (AuthorizeOrgManage today): a 404 before the body's 422.
    const row = load(ctx, (req.params as { id: string }).id);
    if (ctx.today) {
      const body = parseBody(today.updateBody, req.body);
      updateOrganization(ctx.work, row, today.changes(body, req.body as object), 'today');
    } else updateOrganization(ctx.work, row, parseBody(updateBody, req.body));
    return form(ctx, store.row('organizations', row.id)!);
  });
}
