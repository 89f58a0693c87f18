// The customer portal's benefit grants and an organization's portal page data
// (customer_portal/endpoints/benefit_grant.py and organization.py): served at f179ede58c and at
// c6c3645e, so in both generations. Grants: the buyer's own, not revoked — list (filters and
// sorting of each generation), get, and the PATCH a customer may make
// (domain/portal-benefit-grants.ts); today's take a customer session only and read grants of
// public benefits, the seed's took a user's token too. The organization by slug needs no token:
// the seed's answered the Organization, today's CustomerOrganizationData.
import type { FastifyRequest } from 'fastify';
import * as z from 'zod';
import { BENEFIT_TYPES } from '../../shared/api-facts.js';
import { SORTING } from '../../shared/openapi/2026-10.facts.js';
import type { Context, RouteAuth, Router } from '../app.js';
import { authorize } from '../auth.js';
import { NotFound } from '../domain/errors.js';
import { updatePortalGrant } from '../domain/portal-benefit-grants.js';
import { organization } from '../serialize/catalogue.js';
import { customerBenefitGrant } from '../serialize/portal.js';
import * as today from '../today/portal.js';
import {
  enumList,
  listParams,
  paginated,
  parseBody,
  type Query,
  uuidLists,
  uuidParam,
} from '../validate.js';

const READ: RouteAuth = {
  kinds: ['user', 'customer'],
  scopes: ['customer_portal:read', 'customer_portal:write'],
};
const WRITE: RouteAuth = { kinds: ['user', 'customer'], scopes: ['customer_portal:write'] };
const TODAYS_DEFAULT = ['product_benefit', '-granted_at'] as const;
// f179ede58c: sorting by granted_at, type or organization, newest grant first by default.
const SEED_SORTING = ['granted_at', 'type', 'organization'] as const;
const SEED_DEFAULT = ['-granted_at'] as const;
// f179ede58c's updates: a Discord or GitHub account id, never null.
const seedUpdateBody = today.grantUpdateBody(BENEFIT_TYPES, {
  discord: z.object({ account_id: z.string() }),
  github_repository: z.object({ account_id: z.string() }),
});

export function registerPortalBenefitGrants({ get, write, service }: Router): void {
  const { store, clock } = service;
  /** Today's routes take a customer session only (CustomerPortalUnionRead/Write). */
  const todays = (ctx: Context, auth: RouteAuth) => {
    if (ctx.today) authorize(ctx.principal, ['customer'], auth.scopes);
  };
  const idOf = (req: FastifyRequest) => uuidParam((req.params as { id: string }).id);
  const load = (id: string, ctx: Context) => {
    const row = store.portal.benefitGrant(ctx.visible, id, !ctx.today);
    if (!row) throw new NotFound();
    return row;
  };
  const form = (ctx: Context, row: Parameters<typeof customerBenefitGrant>[1]) =>
    ctx.today
      ? today.customerBenefitGrant(ctx.loader, row, clock.iso())
      : customerBenefitGrant(ctx.loader, row);

  get('/v1/customer-portal/benefit-grants/', READ, (req, ctx) => {
    todays(ctx, READ);
    const query = req.query as Query;
    const filter = ctx.today
      ? today.grantFilter(query)
      : {
          type: enumList(query, 'type', BENEFIT_TYPES),
          ...uuidLists(query, 'benefit_id', 'organization_id', 'checkout_id', 'order_id'),
          ...uuidLists(query, 'subscription_id'),
          member_id: [],
          seed: true,
        };
    const { page, sorting } = ctx.today
      ? listParams(query, SORTING['customer_portal:benefit-grants:list']!, TODAYS_DEFAULT)
      : listParams(query, SEED_SORTING, SEED_DEFAULT);
    const { rows, total } = store.portal.benefitGrants(ctx.visible, filter, page, sorting);
    return paginated(
      rows.map((r) => form(ctx, r)),
      total,
      page,
    );
  });

  get('/v1/customer-portal/benefit-grants/:id', READ, (req, ctx) => {
    todays(ctx, READ);
    return form(ctx, load(idOf(req), ctx));
  });

  write('PATCH', '/v1/customer-portal/benefit-grants/:id', WRITE, (req, ctx) => {
    todays(ctx, WRITE);
    // The id and the body are checked before the grant is looked for (422 before 404).
    const id = idOf(req);
    const update = parseBody(ctx.today ? today.updateBody : seedUpdateBody, req.body);
    const grant = load(id, ctx);
    updatePortalGrant(ctx.work, grant, update);
    return form(ctx, store.row('benefit_grants', grant.id)!);
  });

  get('/v1/customer-portal/organizations/:slug', null, (req, ctx) => {
    const org = store.portal.organizationBySlug((req.params as { slug: string }).slug);
    if (!org) throw new NotFound();
    if (!ctx.today) return organization(org);
    return today.organizationData(
      ctx.loader,
      org,
      store.portal.publicProducts(org.id),
      clock.iso(),
    );
  });
}
