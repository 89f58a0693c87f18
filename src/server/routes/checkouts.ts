// Checkout sessions: GET, PATCH and the client-side confirm (spec endpoints 1–3, api-facts), and
// the seller's list GET /v1/checkouts/custom/ (SDK 0.20.2 checkouts.custom.list).
import * as z from 'zod';
import { CHECKOUT_DEFAULT_SORTING, CHECKOUT_SORT_CRITERIA } from '../../shared/api-facts.js';
import { type Context, type Router, slashRedirect } from '../app.js';
import {
  assertConfirmable,
  type CheckoutChanges,
  confirmCheckout,
  updateCheckout,
} from '../domain/checkouts.js';
import { CheckoutLocked, NotFound } from '../domain/errors.js';
import { KeyedLock } from '../lock.js';
import { checkoutView } from '../serialize.js';
import {
  chars,
  listParams,
  paginated,
  parseBody,
  type Query,
  uuidLists,
  uuidParam,
} from '../validate.js';

const address = z.object({
  line1: chars(256).nullish(),
  line2: chars(256).nullish(),
  postal_code: chars(32).nullish(),
  city: chars(128).nullish(),
  state: chars(128).nullish(),
  country: z.string().regex(/^[A-Z]{2}$/, 'Country must be an ISO 3166-1 alpha-2 code'),
});

const shared = {
  product_price_id: z.uuid().nullish(),
  amount: z.number().int().min(50).max(99_999_999).nullish(),
  customer_name: chars(256).nullish(),
  customer_email: z.email().max(320).nullish(),
  customer_billing_address: address.nullish(),
  customer_tax_id: chars(64).nullish(),
  custom_field_data: z.record(z.string(), z.unknown()).nullish(),
};

const updateBody = z.object({
  ...shared,
  // metadata and customer_metadata are checked by checkMetadata (spec §8) for exact locations.
  metadata: z.unknown().optional(),
  customer_metadata: z.unknown().optional(),
  discount_id: z.uuid().nullish(),
  allow_discount_codes: z.boolean().nullish(),
  customer_ip_address: z.union([z.ipv4(), z.ipv6()]).nullish(),
  success_url: z
    .url({ protocol: /^https?$/ })
    .max(2048)
    .nullish(),
  embed_origin: chars(256).nullish(),
});

const confirmBody = z.object({
  ...shared,
  discount_code: chars(256, 1).nullish(),
  confirmation_token_id: chars(256, 1).nullish(),
});

const READ = {
  kinds: ['user' as const, 'organization' as const],
  scopes: ['checkouts:read', 'checkouts:write'],
};
const WRITE = { kinds: READ.kinds, scopes: ['checkouts:write'] };

export function registerCheckouts({ app, get, write, service }: Router): void {
  const { store, clock } = service;
  // One confirm at a time per checkout: the others meet the lock (409), they do not queue.
  const confirming = new KeyedLock();

  const load = ({ visible }: Context, rawId: unknown) => {
    const row = visible.own(store.row('checkouts', uuidParam(rawId)));
    if (!row) throw new NotFound();
    return row;
  };

  get('/v1/checkouts/custom/', READ, (req, { visible, loader }) => {
    const query = req.query as Query;
    const { page, sorting } = listParams(query, CHECKOUT_SORT_CRITERIA, CHECKOUT_DEFAULT_SORTING);
    const filter = uuidLists(query, 'organization_id', 'product_id');
    const { rows, total } = store.checkouts.list(visible, filter, page, sorting);
    const now = clock.iso();
    return paginated(
      rows.map((r) => checkoutView(loader, r, now)),
      total,
      page,
    );
  });
  slashRedirect(app, '/v1/checkouts/custom', '/v1/checkouts/custom/');

  get('/v1/checkouts/custom/:id', READ, (req, ctx) => {
    const row = load(ctx, (req.params as { id: string }).id);
    return checkoutView(ctx.loader, row, clock.iso());
  });

  write('PATCH', '/v1/checkouts/custom/:id', WRITE, (req, ctx) => {
    const { id } = load(ctx, (req.params as { id: string }).id);
    updateCheckout(ctx.work, id, parseBody(updateBody, req.body) as CheckoutChanges);
    return checkoutView(ctx.loader, store.row('checkouts', id)!, clock.iso());
  });

  write<{ id: string; changes: CheckoutChanges }>(
    'POST',
    '/v1/checkouts/custom/client/:secret/confirm',
    null,
    (_req, { work, loader, held }) => {
      const { token } = confirmCheckout(work, held.id, held.changes);
      return checkoutView(loader, store.row('checkouts', held.id)!, clock.iso(), token);
    },
    // Before the transaction: the checks that need no lock, the lock, and the payment
    // processor's round trip; the confirm itself commits in one transaction after it.
    async (req) => {
      const row = store.checkouts.bySecret((req.params as { secret: string }).secret);
      if (!row) throw new NotFound();
      assertConfirmable(row, clock.iso());
      if (!confirming.tryAcquire(row.id)) throw new CheckoutLocked();
      const release = () => confirming.release(row.id);
      try {
        const changes = parseBody(confirmBody, req.body ?? {}) as CheckoutChanges;
        // The real service locks the session while the payment processor answers, so
        // concurrent confirms meet the lock (409) instead of queueing behind it.
        await service.processor(row.id);
        return { held: { id: row.id, changes }, release };
      } catch (err) {
        release();
        throw err;
      }
    },
  );
}
