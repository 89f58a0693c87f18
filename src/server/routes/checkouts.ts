// Checkout sessions: GET, PATCH and the client-side confirm (spec endpoints 1–3, api-facts).
import { setTimeout as delay } from 'node:timers/promises';
import * as z from 'zod';
import type { Router } from '../app.js';
import { organizationIds } from '../auth.js';
import { parseJson, type Row } from '../db.js';
import { HttpError, notFound, type ValidationItem, validation } from '../errors.js';
import type { Loader } from '../serialize.js';
import { chars, parseBody, uuidParam } from '../validate.js';
import { applyCheckoutChanges, type CheckoutChanges, confirmCheckout } from './checkout-state.js';
import { checkoutView } from './checkout-view.js';

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

/** How long a confirm holds the checkout's lock, standing for the payment processor's answer. */
const PROCESSOR_MS = 25;

export const expired = () =>
  new HttpError(410, {
    error: 'ExpiredCheckoutError',
    detail: 'This checkout session has expired.',
  });
export const notOpen = (row: Row) =>
  new HttpError(403, {
    error: 'NotOpenCheckout',
    detail: `Checkout ${row.id} is not open: ${row.status}`,
  });
const locked = () =>
  new HttpError(409, {
    error: 'CheckoutLocked',
    detail: 'This checkout is being processed; try again later.',
  });

export function registerCheckouts({ route, service }: Router): void {
  const { store, clock } = service;
  const inFlight = new Set<string>();

  const loadAdmin = (principal: Parameters<typeof organizationIds>[1], rawId: unknown): Row => {
    const id = uuidParam(rawId, ['path', 'id']);
    const row = store.get('SELECT * FROM checkouts WHERE id = ?', id);
    if (!row || !organizationIds(store, principal).includes(row.organization_id as string))
      throw notFound();
    return row;
  };
  const view = (loader: Loader, id: string) =>
    checkoutView(loader, store.get('SELECT * FROM checkouts WHERE id = ?', id)!, clock.iso());

  route(
    'GET',
    '/v1/checkouts/custom/:id',
    { kinds: ['user', 'organization'], scopes: ['checkouts:read', 'checkouts:write'] },
    (req, { principal, loader }) =>
      view(loader, loadAdmin(principal!, (req.params as { id: string }).id).id as string),
  );

  route(
    'PATCH',
    '/v1/checkouts/custom/:id',
    { kinds: ['user', 'organization'], scopes: ['checkouts:write'] },
    (req, { principal, loader }) => {
      const row = loadAdmin(principal!, (req.params as { id: string }).id);
      const body = parseBody(updateBody, req.body) as CheckoutChanges;
      store.tx(() => {
        const current = store.get('SELECT * FROM checkouts WHERE id = ?', row.id as string)!;
        // Only confirm answers 410; an update of a session past expires_at is refused like any
        // non-open one, with the status GET shows (api-facts "Errors").
        if (current.status === 'open' && (current.expires_at as string) <= clock.iso())
          throw notOpen({ ...current, status: 'expired' });
        if (current.status !== 'open') throw notOpen(current);
        applyCheckoutChanges(store, clock, current, body, 'seller');
      });
      return view(loader, row.id as string);
    },
  );

  route('POST', '/v1/checkouts/custom/client/:secret/confirm', null, async (req, { loader }) => {
    const secret = (req.params as { secret: string }).secret;
    const row = store.get('SELECT * FROM checkouts WHERE client_secret = ?', secret);
    if (!row) throw notFound();
    if ((row.expires_at as string) <= clock.iso()) throw expired();
    if (row.status !== 'open') throw notOpen(row);
    if (inFlight.has(row.id as string)) throw locked();
    const body = parseBody(confirmBody, req.body ?? {}) as CheckoutChanges;
    inFlight.add(row.id as string);
    try {
      // The real service locks the session while the payment processor answers; the pause stands
      // for that round trip, so concurrent confirms meet the lock (409) instead of queueing
      // behind it. (A bare setImmediate was too short: the others arrived after the commit.)
      await delay(PROCESSOR_MS);
      const { token } = store.tx(() => {
        const current = store.get('SELECT * FROM checkouts WHERE id = ?', row.id as string)!;
        if ((current.expires_at as string) <= clock.iso()) throw expired();
        if (current.status !== 'open') throw notOpen(current);
        applyCheckoutChanges(store, clock, current, body, 'customer');
        const updated = store.get('SELECT * FROM checkouts WHERE id = ?', row.id as string)!;
        const problems: ValidationItem[] = requiredForConfirm(loader, updated, body, clock.iso());
        if (problems.length) throw validation(problems);
        return confirmCheckout(store, clock, loader, updated);
      });
      return checkoutView(
        loader,
        store.get('SELECT * FROM checkouts WHERE id = ?', row.id as string)!,
        clock.iso(),
        token,
      );
    } finally {
      inFlight.delete(row.id as string);
    }
  });
}

function requiredForConfirm(
  loader: Loader,
  row: Row,
  body: CheckoutChanges,
  now: string,
): ValidationItem[] {
  const items: ValidationItem[] = [];
  if (!row.customer_email) {
    items.push({
      type: 'missing',
      loc: ['body', 'customer_email'],
      msg: 'Field required',
      input: null,
    });
  }
  const data = parseJson<Record<string, unknown>>(row.custom_field_data);
  for (const f of loader.productChildren('fields', row.product_id as string)) {
    const value = data[f.slug as string];
    if (f.attach_required === 1 && (value === undefined || value === null || value === '')) {
      items.push({
        type: 'missing',
        loc: ['body', 'custom_field_data', f.slug as string],
        msg: 'Field required',
        input: null,
      });
    }
  }
  const v = checkoutView(loader, row, now);
  if (v.is_payment_form_required && !body.confirmation_token_id) {
    items.push({
      type: 'missing',
      loc: ['body', 'confirmation_token_id'],
      msg: 'Confirmation token is required.',
      input: null,
    });
  }
  return items;
}
