// The hosted checkout page's document: the sandbox bar, the style and script under the
// response's nonce, and the pages other than the form (expired, complete, not found, refused,
// the receipt). Every value from the session or the request goes through esc().
import { esc } from '../oauth/page.js';
import { SCRIPT, style } from './assets.js';
import { laterPeriods, money, type PageCheckout } from './view.js';

export { esc };

export interface Doc {
  title: string;
  nonce: string;
  accent: string;
  main: string;
  script?: boolean;
}

export function documentOf(doc: Doc): string {
  const script = doc.script ? `<script nonce="${esc(doc.nonce)}">${SCRIPT}</script>` : '';
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<meta name="robots" content="noindex"><link rel="icon" href="data:,"><title>${esc(doc.title)}</title>
<style nonce="${esc(doc.nonce)}">${style(doc.accent)}</style></head>
<body>
<div class="sandbox" role="note"><strong>Sandbox</strong> · test mode: no card is charged.</div>
${doc.main}
${script}
</body></html>
`;
}

const ICONS = {
  ok: '<path d="M5 12.5l4.5 4.5L19 7.5" fill="none" stroke="currentColor" stroke-width="2.4" stroke-linecap="round" stroke-linejoin="round"/>',
  warn: '<path d="M12 7v6m0 4h.01" fill="none" stroke="currentColor" stroke-width="2.4" stroke-linecap="round"/>',
  bad: '<path d="M8 8l8 8M16 8l-8 8" fill="none" stroke="currentColor" stroke-width="2.4" stroke-linecap="round"/>',
};

export function icon(kind: keyof typeof ICONS): string {
  return `<div class="icon ${kind}" aria-hidden="true"><svg width="28" height="28" viewBox="0 0 24 24">${ICONS[kind]}</svg></div>`;
}

/** A page with one message: expired, complete, not found, refused. */
export function statePage(
  kind: keyof typeof ICONS,
  title: string,
  paragraphs: string[],
  extra = '',
): string {
  return `<main class="state">${icon(kind)}<h1>${esc(title)}</h1>
${paragraphs.map((p) => `<p>${esc(p)}</p>`).join('\n')}${extra}</main>`;
}

/** A link out only to an http(s) address. */
export function safeHref(url: string): string | null {
  try {
    const u = new URL(url);
    return u.protocol === 'http:' || u.protocol === 'https:' ? u.href : null;
  } catch {
    return null;
  }
}

export interface ReceiptOrder {
  id: string;
  amount: number;
  created_at: string;
}

/** The confirmation page a session without success_url sends the buyer to. */
export function receiptPage(c: PageCheckout, order: ReceiptOrder | undefined): string {
  const m = (cents: number) => money(cents, c.currency);
  const row = (label: string, value: string) =>
    `<div class="line"><dt>${esc(label)}</dt><dd>${esc(value)}</dd></div>`;
  const rows = [
    row('Product', c.product.name),
    row('Paid', m(order?.amount ?? c.total_amount)),
    ...(c.discount ? [row('Discount', c.discount.code ?? c.discount.name)] : []),
    ...(laterPeriods(c) ? [row('Then', laterPeriods(c)!)] : []),
    ...(c.customer_email ? [row('Email', c.customer_email)] : []),
    ...(order ? [row('Order', order.id)] : []),
    row('Checkout', c.id),
  ];
  const who = c.customer_name ? `Thank you, ${c.customer_name}!` : 'Thank you!';
  return `<main class="state">${icon('ok')}<h1>${c.product.is_recurring ? 'Your subscription is active' : 'Payment successful'}</h1>
<p>${esc(who)} Your order from ${esc(c.organization.name)} is confirmed.</p>
<dl class="receipt">${rows.join('')}</dl>
<p class="fine">No email was sent.</p></main>`;
}
