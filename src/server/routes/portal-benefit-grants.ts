// The customer portal's benefit grants and an organization's portal page data, today's
// generation only (customer_portal/endpoints/benefit_grant.py and organization.py at c6c3645e;
// absent at f179ede58c). Grants: a customer session's own, not revoked, of public benefits —
// list (filters, sorting by product_benefit then -granted_at by default), get, and the PATCH a
// customer may make (domain/portal-benefit-grants.ts). The organization by slug needs no token.
import type { FastifyRequest } from 'fastify';
import { SORTING } from '../../shared/openapi/2026-10.facts.js';
import type { Context, RouteAuth, Router } from '../app.js';
import { NotFound } from '../domain/errors.js';
import { updatePortalGrant } from '../domain/portal-benefit-grants.js';
import * as today from '../today/portal.js';
import { listParams, paginated, parseBody, type Query, uuidParam } from '../validate.js';

const READ: RouteAuth = {
  kinds: ['customer'],
  scopes: ['customer_portal:read', 'customer_portal:write'],
};
const WRITE: RouteAuth = { kinds: ['customer'], scopes: ['customer_portal:write'] };
const TODAY = { only: 'today' } as const;
const DEFAULT_SORTING = ['product_benefit', '-granted_at'] as const;

export function registerPortalBenefitGrants({ get, write, service }: Router): void {
  const { store, clock } = service;
  const idOf = (req: FastifyRequest) => uuidParam((req.params as { id: string }).id);
  const load = (id: string, ctx: Context) => {
    const row = store.portal.benefitGrant(ctx.visible, id);
    if (!row) throw new NotFound();
    return row;
  };

  get(
    '/v1/customer-portal/benefit-grants/',
    READ,
    (req, ctx) => {
      const query = req.query as Query;
      const filter = today.grantFilter(query);
      const allowed = SORTING['customer_portal:benefit-grants:list']!;
      const { page, sorting } = listParams(query, allowed, DEFAULT_SORTING);
      const { rows, total } = store.portal.benefitGrants(ctx.visible, filter, page, sorting);
      const now = clock.iso();
      return paginated(
        rows.map((r) => today.customerBenefitGrant(ctx.loader, r, now)),
        total,
        page,
      );
    },
    TODAY,
  );

  get(
    '/v1/customer-portal/benefit-grants/:id',
    READ,
    (req, ctx) => today.customerBenefitGrant(ctx.loader, load(idOf(req), ctx), clock.iso()),
    TODAY,
  );

  write(
    'PATCH',
    '/v1/customer-portal/benefit-grants/:id',
    WRITE,
    (req, ctx) => {
      // The id and the body are checked before the grant is looked for (422 before 404).
      const id = idOf(req);
      const update = parseBody(today.updateBody, req.body);
      const grant = load(id, ctx);
      updatePortalGrant(ctx.work, grant, update);
      return today.customerBenefitGrant(
        ctx.loader,
        store.row('benefit_grants', grant.id)!,
        clock.iso(),
      );
    },
    TODAY,
  );

  get(
    '/v1/customer-portal/organizations/:slug',
    null,
    (req, ctx) => {
      const org = store.portal.organizationBySlug((req.params as { slug: string }).slug);
      if (!org) throw new NotFound();
      return today.organizationData(
        ctx.loader,
        org,
        store.portal.publicProducts(org.id),
        clock.iso(),
      );
    },
    TODAY,
  );
}
