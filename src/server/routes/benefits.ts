// The seller's benefits: GET/POST /v1/benefits/, GET/PATCH/DELETE /v1/benefits/{id} (the real
// service's benefit endpoints at the spec's generation; SDK 0.20.2 benefits.*). The list takes no
// sorting: always by type, then oldest first (api-facts "the benefit list's fixed order"). Only
// custom and license_keys benefits are created and updated here (domain/benefits.ts); a deleted
// benefit is gone from both reads.
import type { FastifyRequest } from 'fastify';
import { BENEFIT_TYPES } from '../../shared/api-facts.js';
import { type Context, NO_CONTENT, type Router, sellerAuth, slashRedirect } from '../app.js';
import { createBenefit, deleteBenefit, updateBenefit } from '../domain/benefits.js';
import { NotFound } from '../domain/errors.js';
import { benefit } from '../serialize.js';
import { enumList, pageParams, paginated, type Query, uuidLists, uuidParam } from '../validate.js';
import { parseBenefitCreate, parseBenefitUpdate } from './benefits-body.js';

const { READ, WRITE } = sellerAuth('benefits');

export function registerBenefits({ app, get, write, service }: Router): void {
  const { store } = service;

  const load = ({ visible }: Context, id: string) => {
    const row = visible.own(store.row('benefits', id));
    if (!row || row.deleted_at) throw new NotFound();
    return row;
  };
  const idOf = (req: FastifyRequest) => uuidParam((req.params as { id: string }).id);

  get('/v1/benefits/', READ, (req, { visible }) => {
    const query = req.query as Query;
    const page = pageParams(query);
    const filter = {
      ...uuidLists(query, 'organization_id'),
      type: enumList(query, 'type', BENEFIT_TYPES),
    };
    const { rows, total } = store.products.benefits(visible, filter, page);
    return paginated(
      rows.map((r) => benefit(r, true)),
      total,
      page,
    );
  });
  slashRedirect(app, '/v1/benefits', '/v1/benefits/');

  get('/v1/benefits/:id', READ, (req, ctx) => benefit(load(ctx, idOf(req)), true));

  write('POST', '/v1/benefits/', WRITE, (req, { principal, visible, work, reply }) => {
    const id = createBenefit(work, principal!, visible, parseBenefitCreate(req.body));
    reply.code(201);
    return benefit(store.row('benefits', id)!, true);
  });

  write('PATCH', '/v1/benefits/:id', WRITE, (req, ctx) => {
    // As FastAPI does: the path and the body are checked before the benefit is looked up.
    const id = idOf(req);
    const changes = parseBenefitUpdate(req.body);
    updateBenefit(ctx.work, load(ctx, id), changes);
    return benefit(store.row('benefits', id)!, true);
  });

  write('DELETE', '/v1/benefits/:id', WRITE, (req, ctx) => {
    deleteBenefit(ctx.work, load(ctx, idOf(req)));
    ctx.reply.code(204);
    return NO_CONTENT;
  });
}
