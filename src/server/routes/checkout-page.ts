// The hosted checkout page at a session's `url` (GET /checkout/{client_secret}), its form posts
// and the confirmation page a session without success_url ends on (issue 18). Server-rendered,
// nothing loaded from elsewhere; a strict CSP under a per-response nonce, frame-ancestors from
// embed_origin. Apply saves the buyer's details and re-prices through the same domain code as
// PATCH /v1/checkouts/custom/client/{client_secret}; Pay confirms through the same application
// service as the confirm endpoint (services/checkout-sessions.ts: its lock, the processor's wait,
// domain/checkouts.ts), so a double click makes one order, and lands on success_url
// ({CHECKOUT_ID} replaced) either way.
import { randomBytes } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Router } from '../app.js';
import { formFields } from '../body.js';
import { changesOf, messageFor } from '../checkout-page/fields.js';
import { type FormState, formPage, storedValues } from '../checkout-page/form.js';
import { foreign, pageHeaders } from '../checkout-page/http.js';
import { documentOf, esc, receiptPage, safeHref, statePage } from '../checkout-page/layout.js';
import { accentOf, DEFAULT_ACCENT, type PageCheckout } from '../checkout-page/view.js';
import { shownStatus } from '../domain/checkout-amounts.js';
import { isBillingAddressRequired } from '../domain/checkout-today-changes.js';
import { ExpiredCheckout, Invalid, NotOpenCheckout, type Problem } from '../domain/errors.js';
import { checkoutPublicView } from '../serialize.js';
import type { CheckoutRow } from '../store/rows.js';
import { parseConfirm, parsePublicUpdate } from './checkouts-body.js';

export function registerCheckoutPage({ app, service }: Router): void {
  const { store, clock, checkoutSessions } = service;
  const viewOf = (row: CheckoutRow): PageCheckout => ({
    ...(checkoutPublicView(
      store.loader(service.baseUrl),
      row,
      clock.iso(),
    ) as unknown as PageCheckout),
    discount_locked: row.discount_locked === 1,
    full_address: isBillingAddressRequired(row),
  });
  const secretOf = (req: FastifyRequest) => (req.params as { secret: string }).secret;

  function send(
    reply: FastifyReply,
    status: number,
    c: PageCheckout | undefined,
    title: string,
    main: string,
    script = false,
  ) {
    const nonce = randomBytes(16).toString('base64');
    const accent = c ? accentOf(c) : DEFAULT_ACCENT;
    return reply
      .code(status)
      .headers(pageHeaders(c, nonce, new URL(service.baseUrl).origin))
      .send(documentOf({ title, nonce, accent, main, script }));
  }

  const notFound = (reply: FastifyReply) =>
    send(
      reply,
      404,
      undefined,
      'Checkout not found',
      statePage('bad', 'Checkout not found', [
        'This checkout link is not valid. Go back to the seller’s site and start again.',
      ]),
    );

  /**
   * How long the session was open, from its own dates: an hour in the seed's generation, 24
   * hours in today's (CHECKOUT_TTL_SECONDS, config.py at c6c3645e).
   */
  const openFor = (row: CheckoutRow) => {
    const hours = Math.round((Date.parse(row.expires_at) - Date.parse(row.created_at)) / 3_600_000);
    return hours > 1 ? `${hours} hours` : 'an hour';
  };

  /** The page for a session that is no longer open; undefined while it is. */
  function closed(reply: FastifyReply, row: CheckoutRow, c: PageCheckout) {
    const status = shownStatus(row, clock.iso());
    if (status === 'open') return undefined;
    if (status === 'expired' || status === 'failed') {
      return send(
        reply,
        410,
        c,
        'Checkout expired',
        statePage('warn', 'This checkout has expired', [
          `Checkout sessions stay open for ${openFor(row)}. Go back to ${c.organization.name} and start again.`,
        ]),
      );
    }
    const href = safeHref(c.success_url);
    const link = href ? `<a class="pay continue" href="${esc(href)}">Continue</a>` : '';
    return send(
      reply,
      200,
      c,
      'Checkout complete',
      statePage(
        'ok',
        'This checkout is complete',
        [`${c.product.name} is paid for. Nothing more to do here.`],
        link,
      ),
    );
  }

  function form(reply: FastifyReply, c: PageCheckout, state: FormState, status = 200) {
    const title = `${c.product.name} · ${c.organization.name}`;
    return send(
      reply,
      status,
      c,
      title,
      formPage(c, `/checkout/${encodeURIComponent(c.client_secret)}`, state),
      true,
    );
  }

  const refused = (
    reply: FastifyReply,
    c: PageCheckout,
    problems: Problem[],
    values: Record<string, string>,
  ) => form(reply, c, { values, errors: new Map(problems.map(messageFor).reverse()) }, 422);

  app.get('/checkout/:secret', (req, reply) => {
    const row = store.checkouts.bySecret(secretOf(req));
    if (!row) return notFound(reply);
    const c = viewOf(row);
    return closed(reply, row, c) ?? form(reply, c, { values: storedValues(c), errors: new Map() });
  });

  app.get('/checkout/:secret/confirmation', (req, reply) => {
    const row = store.checkouts.bySecret(secretOf(req));
    if (!row) return notFound(reply);
    const c = viewOf(row);
    const status = shownStatus(row, clock.iso());
    if (status === 'open')
      return reply.redirect(`/checkout/${encodeURIComponent(row.client_secret)}`, 303);
    if (status !== 'confirmed' && status !== 'succeeded') return closed(reply, row, c);
    const order = store.orders.byCheckout(row.id);
    return send(reply, 200, c, 'Payment successful', receiptPage(c, order));
  });

  app.post('/checkout/:secret', async (req, reply) => {
    const row = store.checkouts.bySecret(secretOf(req));
    if (!row) return notFound(reply);
    const c = viewOf(row);
    if (foreign(req)) {
      return send(
        reply,
        403,
        c,
        'Refused',
        statePage('bad', 'This form was sent from another site', [
          'A checkout form is only accepted from its own page. Open the checkout link again.',
        ]),
      );
    }
    const fields = formFields(req.body);
    if (!fields) {
      return send(
        reply,
        415,
        c,
        'Refused',
        statePage('bad', 'Send the checkout form', [
          'This address takes the checkout page’s own form (application/x-www-form-urlencoded).',
        ]),
      );
    }
    const action =
      fields.action === 'pay' || fields.action === 'remove_code' ? fields.action : 'apply';
    const success = () => reply.redirect(viewOf(store.row('checkouts', row.id)!).success_url, 303);
    /** Where a session that is no longer open sends the buyer: paid, success_url. */
    const settled = () => {
      const now = store.row('checkouts', row.id)!;
      const status = shownStatus(now, clock.iso());
      if (status === 'confirmed' || status === 'succeeded') return success();
      const view = viewOf(now);
      return closed(reply, now, view) ?? form(reply, view, { values: fields, errors: new Map() });
    };
    const { body, problems } = changesOf(c, fields, action);
    if (problems.length) return refused(reply, c, problems, fields);
    try {
      if (action !== 'pay') {
        checkoutSessions.update(row.id, parsePublicUpdate(body));
        return reply.redirect(`/checkout/${encodeURIComponent(row.client_secret)}`, 303);
      }
      // A second click waits for the first one's confirm, then finds the session confirmed (a
      // refusal caught below) and follows it to success_url.
      await checkoutSessions.confirm(
        row.id,
        () => parseConfirm(body),
        'wait',
        () => undefined,
      );
      return success();
    } catch (err) {
      if (err instanceof Invalid) return refused(reply, c, err.problems, fields);
      if (err instanceof NotOpenCheckout || err instanceof ExpiredCheckout) return settled();
      throw err;
    }
  });
}
