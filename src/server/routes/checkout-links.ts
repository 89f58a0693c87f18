// Checkout links, today's generation only (checkout_link/endpoints.py at c6c3645e): the seller's
// CRUD at /v1/checkout-links/ (scopes checkout_links:read/write), and the link's own address,
// GET /v1/checkout-links/{client_secret}/redirect, which opens a fresh session and sends the
// browser to its page. A browser names no version, so the address answers in both generations.
import type { FastifyRequest } from 'fastify';
import { SORTING } from '../../shared/openapi/2026-10.facts.js';
import { type Context, NO_CONTENT, type Router, sellerAuth, slashRedirect } from '../app.js';
import {
  createCheckoutLink,
  deleteCheckoutLink,
  embedOriginOf,
  type LinkPrefill,
  openCheckoutLink,
  updateCheckoutLink,
} from '../domain/checkout-links.js';
import { NamedRefusal, NotFound } from '../domain/errors.js';
import * as today from '../today/checkout-links.js';
import { organization } from '../today/organizations.js';
import { listParams, paginated, parseBody, type Query, uuidLists, uuidParam } from '../validate.js';

const { READ, WRITE } = sellerAuth('checkout_links');
const TODAY = { only: 'today' } as const;

/** The query parameters the redirect reads itself; the others go on to the session's page. */
const PREFILL = [
  'product_id',
  'amount',
  'customer_email',
  'customer_name',
  'discount_code',
  'locale',
];
const METADATA = [
  'reference_id',
  'utm_source',
  'utm_medium',
  'utm_campaign',
  'utm_term',
  'utm_content',
];

export function registerCheckoutLinks({ app, get, write, service }: Router): void {
  const { store, clock } = service;

  const load = (req: FastifyRequest, { visible }: Context) => {
    const row = store.checkoutLinks.visible(visible, uuidParam((req.params as { id: string }).id));
    if (!row) throw new NotFound();
    return row;
  };

  get(
    '/v1/checkout-links/',
    READ,
    (req, ctx) => {
      const query = req.query as Query;
      const { page, sorting } = listParams(query, SORTING['checkout-links:list']!, ['created_at']);
      const filter = uuidLists(query, 'organization_id', 'product_id');
      const { rows, total } = store.checkoutLinks.list(ctx.visible, filter, page, sorting);
      return paginated(
        rows.map((r) => today.checkoutLink(ctx.loader, r)),
        total,
        page,
      );
    },
    TODAY,
  );
  slashRedirect(app, '/v1/checkout-links', '/v1/checkout-links/');

  get(
    '/v1/checkout-links/:id',
    READ,
    (req, ctx) => today.checkoutLink(ctx.loader, load(req, ctx)),
    TODAY,
  );

  write(
    'POST',
    '/v1/checkout-links/',
    WRITE,
    (req, ctx) => {
      const id = createCheckoutLink(ctx.work, ctx.visible, parseBody(today.createBody, req.body));
      ctx.reply.code(201);
      return today.checkoutLink(ctx.loader, store.row('checkout_links', id)!);
    },
    TODAY,
  );

  write(
    'PATCH',
    '/v1/checkout-links/:id',
    WRITE,
    (req, ctx) => {
      const link = load(req, ctx);
      const body = parseBody(today.updateBody, req.body);
      updateCheckoutLink(ctx.work, ctx.visible, link, today.updateChanges(body, req.body));
      return today.checkoutLink(ctx.loader, store.row('checkout_links', link.id)!);
    },
    TODAY,
  );

  write(
    'DELETE',
    '/v1/checkout-links/:id',
    WRITE,
    (req, ctx) => {
      deleteCheckoutLink(ctx.work, load(req, ctx));
      ctx.reply.code(204);
      return NO_CONTENT;
    },
    TODAY,
  );

  // The link's address: a new session each time (307 to its page), the query's prefill applied.
  write('GET', '/v1/checkout-links/:secret/redirect', null, (req, ctx) => {
    const link = store.checkoutLinks.bySecret((req.params as { secret: string }).secret);
    if (!link) throw new NotFound();
    const query = req.query as Query;
    const one = (k: string) => {
      const v = [query[k] ?? []].flat().at(-1)?.trim();
      return v ? v : undefined;
    };
    const prefill: LinkPrefill = { metadata: {}, customer_ip_address: req.ip };
    for (const k of PREFILL) {
      const v = one(k);
      if (v !== undefined) (prefill as unknown as Record<string, string>)[k] = v;
    }
    for (const k of METADATA) {
      const v = one(k);
      if (v !== undefined) prefill.metadata[k] = v;
    }
    const fields = Object.entries(query).filter(([k]) => k.startsWith('custom_field_data.'));
    if (fields.length)
      prefill.custom_field_data = Object.fromEntries(
        fields.map(([k, v]) => [k.slice('custom_field_data.'.length), [v ?? []].flat().at(-1)!]),
      );
    const origin = one('embed_origin');
    if (origin !== undefined) {
      const org = organization(store.row('organizations', link.organization_id)!, clock.iso());
      const checked = embedOriginOf(origin, org.embed_hosts_enforced ? org.embed_hosts : null);
      if (checked === false)
        throw new NamedRefusal(
          403,
          'EmbedHostNotAllowed',
          `${origin} is not allowed to embed this checkout.`,
        );
      prefill.embed_origin = checked ?? undefined;
    }
    const id = openCheckoutLink(ctx.work, link, prefill);
    const checkout = store.row('checkouts', id)!;
    const kept = new Set(Object.keys(JSON.parse(checkout.custom_field_data)));
    const target = new URL(
      `${service.baseUrl}/checkout/${encodeURIComponent(checkout.client_secret)}`,
    );
    for (const [k, v] of Object.entries(query)) {
      const field = k.startsWith('custom_field_data.') && kept.has(k.slice(18));
      if (k === 'embed_origin' || PREFILL.includes(k) || field) continue;
      for (const value of [v ?? []].flat()) target.searchParams.append(k, value);
    }
    // Sent after the commit, as every answer of a write.
    ctx.reply.code(307).header('location', target.href);
    return NO_CONTENT;
  });
}
