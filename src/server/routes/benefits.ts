// The seller's benefits: GET /v1/benefits/ and GET /v1/benefits/{id} (the real service's benefit
// endpoints at the spec's generation; SDK 0.20.2 benefits.list/get). The list takes no sorting:
// always by type, then oldest first (api-facts "the benefit list's fixed order").
import type { FastifyRequest } from 'fastify';
import { BENEFIT_TYPES } from '../../shared/api-facts.js';
import { type Router, slashRedirect } from '../app.js';
import { NotFound } from '../domain/errors.js';
import { benefit } from '../serialize.js';
import { enumList, pageParams, paginated, type Query, uuidLists, uuidParam } from '../validate.js';

const AUTH = {
  kinds: ['user' as const, 'organization' as const],
  scopes: ['benefits:read', 'benefits:write'],
};

export function registerBenefits({ app, get, service }: Router): void {
  const { store } = service;

  get('/v1/benefits/', AUTH, (req, { visible }) => {
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

  get('/v1/benefits/:id', AUTH, (req: FastifyRequest, { visible }) => {
    const row = visible.own(store.row('benefits', uuidParam((req.params as { id: string }).id)));
    if (!row) throw new NotFound();
    return benefit(row, true);
  });
}
