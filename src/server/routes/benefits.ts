// The seller's benefits: GET/POST /v1/benefits/, GET/PATCH/DELETE /v1/benefits/{id} (the real
// service's benefit endpoints at the spec's generation; SDK 0.20.2 benefits.*), and with
// `Polar-Version` today's (benefit/endpoints.py at c6c3645e; today/benefits.ts): metadata and
// visibility, the id, exclude_id, query and metadata filters, sorting, and a benefit's grants.
// The seed's list takes no sorting: always by type, then oldest first (api-facts "the benefit
// list's fixed order"). Only custom and license_keys benefits are created and updated here
// (domain/benefits.ts); a deleted benefit is gone from both reads, an `ads` one from today's (its
// type was removed with its rows).
import type { FastifyRequest } from 'fastify';
import { BENEFIT_TYPES } from '../../shared/api-facts.js';
import { ENUMS, SORTING } from '../../shared/openapi/2026-10.facts.js';
import { type Context, NO_CONTENT, type Router, sellerAuth, slashRedirect } from '../app.js';
import { createBenefit, deleteBenefit, updateBenefit } from '../domain/benefits.js';
import { NotFound } from '../domain/errors.js';
import { benefit } from '../serialize.js';
import * as grants from '../today/benefit-grants.js';
import * as today from '../today/benefits.js';
import {
  boolParam,
  enumList,
  listParams,
  pageParams,
  paginated,
  parseBody,
  type Query,
  stringParam,
  uuidList,
  uuidLists,
  uuidParam,
} from '../validate.js';
import { parseBenefitCreate, parseBenefitUpdate } from './benefits-body.js';
import { metadataQuery } from './products.js';

const { READ, WRITE } = sellerAuth('benefits');
/** Types today's generation no longer has: their benefits and grants are gone from it. */
export const REMOVED_TYPES = BENEFIT_TYPES.filter(
  (t) => !(ENUMS.BenefitType as readonly string[]).includes(t),
);

/** Benefit types only today's generation has (issue 27: meter credits); the seed's hides them. */
const TODAYS_ONLY = ['meter_credit'] as const;
export const isSeeds = (r: { type: string }) =>
  !(TODAYS_ONLY as readonly string[]).includes(r.type);

export function registerBenefits({ app, get, write, service }: Router): void {
  const { store } = service;

  const load = (ctx: Context, id: string) => {
    const row = ctx.visible.own(store.row('benefits', id));
    if (!row || row.deleted_at || (ctx.today ? !today.isTodays(row) : !isSeeds(row)))
      throw new NotFound();
    return row;
  };
  const idOf = (req: FastifyRequest) => uuidParam((req.params as { id: string }).id);
  const form = (ctx: Context, id: string) => {
    const row = store.row('benefits', id)!;
    return ctx.today ? today.benefit(row) : benefit(row, true);
  };

  get('/v1/benefits/', READ, (req, ctx) => {
    const query = req.query as Query;
    if (!ctx.today) {
      const page = pageParams(query);
      const filter = {
        ...uuidLists(query, 'organization_id'),
        type: enumList(query, 'type', BENEFIT_TYPES),
        exclude_type: TODAYS_ONLY,
      };
      const { rows, total } = store.products.benefits(ctx.visible, filter, page);
      return paginated(
        rows.map((r) => benefit(r, true)),
        total,
        page,
      );
    }
    const filter = {
      ...uuidLists(query, 'organization_id'),
      type: enumList(query, 'type', ENUMS.BenefitType),
      ...uuidLists(query, 'id', 'exclude_id'),
      query: stringParam(query, 'query'),
      metadata: metadataQuery(query),
      exclude_type: REMOVED_TYPES,
    };
    const { page, sorting } = listParams(query, SORTING['benefits:list']!, ['-created_at']);
    const { rows, total } = store.products.benefits(ctx.visible, filter, page, sorting);
    return paginated(rows.map(today.benefit), total, page);
  });
  slashRedirect(app, '/v1/benefits', '/v1/benefits/');

  get('/v1/benefits/:id', READ, (req, ctx) => form(ctx, load(ctx, idOf(req)).id));

  write('POST', '/v1/benefits/', WRITE, (req, ctx) => {
    const { principal, visible, work, reply } = ctx;
    const draft = ctx.today
      ? today.createDraft(parseBody(today.createBody, req.body))
      : parseBenefitCreate(req.body);
    const id = createBenefit(work, principal!, visible, draft);
    reply.code(201);
    return form(ctx, id);
  });

  write('PATCH', '/v1/benefits/:id', WRITE, (req, ctx) => {
    // As FastAPI does: the path and the body are checked before the benefit is looked up.
    const id = idOf(req);
    const changes = ctx.today
      ? today.updateChanges(parseBody(today.updateBody, req.body), req.body as object)
      : parseBenefitUpdate(req.body);
    updateBenefit(ctx.work, load(ctx, id), changes, ctx.generation);
    return form(ctx, id);
  });

  write('DELETE', '/v1/benefits/:id', WRITE, (req, ctx) => {
    deleteBenefit(ctx.work, load(ctx, idOf(req)));
    ctx.reply.code(204);
    return NO_CONTENT;
  });

  // Today's: a benefit's grants, newest first (benefit/endpoints.py `grants`,
  // benefit/grant/service.py `list` at c6c3645e). The sandbox has no members.
  get(
    '/v1/benefits/:id/grants',
    READ,
    (req, ctx) => {
      const row = load(ctx, idOf(req));
      const query = req.query as Query;
      const filter = {
        benefit_id: row.id,
        organization_id: [],
        customer_id: uuidList(query, 'customer_id'),
        external_customer_id: [],
        is_granted: boolParam(query, 'is_granted'),
        exclude_type: [],
      };
      // A member filter matches no grant: the sandbox's grants have no member.
      const members = uuidList(query, 'member_id');
      const page = pageParams(query);
      const { rows, total } = members.length
        ? { rows: [], total: 0 }
        : store.benefitGrants.list(ctx.visible, filter, page, [
            { field: 'created_at', desc: true },
          ]);
      grants.primeGrants(ctx.loader, rows);
      return paginated(
        rows.map((r) => grants.benefitGrant(ctx.loader, r)),
        total,
        page,
      );
    },
    { only: 'today' },
  );

  // Today's: every grant of the seller's benefits (benefit/grant/endpoints.py at c6c3645e).
  get(
    '/v1/benefit-grants/',
    READ,
    (req, ctx) => {
      const query = req.query as Query;
      const filter = {
        organization_id: uuidList(query, 'organization_id'),
        customer_id: uuidList(query, 'customer_id'),
        external_customer_id: ([] as string[]).concat(query.external_customer_id ?? []),
        is_granted: boolParam(query, 'is_granted'),
        exclude_type: REMOVED_TYPES,
      };
      const { page, sorting } = listParams(query, SORTING['benefit-grants:list']!, ['-created_at']);
      const { rows, total } = store.benefitGrants.list(ctx.visible, filter, page, sorting);
      grants.primeGrants(ctx.loader, rows);
      return paginated(
        rows.map((r) => grants.benefitGrant(ctx.loader, r)),
        total,
        page,
      );
    },
    { only: 'today' },
  );
  slashRedirect(app, '/v1/benefit-grants', '/v1/benefit-grants/');
}
