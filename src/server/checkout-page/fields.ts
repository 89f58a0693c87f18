// The checkout form's fields as the buyer's changes (the JSON body the API takes), and the
// API's problems back as messages beside the inputs they are about.

import { requiredAddressParts } from '../domain/checkout-today-changes.js';
import type { Problem } from '../domain/errors.js';
import { addressName, addressParts, fieldName } from './form.js';
import type { PageCheckout } from './view.js';

/** What the page's Pay sends as the payment processor's token: nothing is charged. */
const SANDBOX_TOKEN = 'tok_sandbox_checkout_page';

/** Which input a problem is about (`_`: the form as a whole), and words for a buyer. */
export function messageFor(p: Problem): [string, string] {
  const [head, slug] = p.loc;
  const key =
    head === 'custom_field_data' && typeof slug === 'string'
      ? fieldName(slug)
      : head === 'customer_billing_address'
        ? addressName(typeof slug === 'string' ? slug : 'country')
        : head === 'discount_id'
          ? 'discount_code'
          : typeof head === 'string' &&
              ['customer_email', 'customer_name', 'discount_code', 'amount'].includes(head)
            ? head
            : '_';
  if (p.type === 'missing') return [key, 'This field is required.'];
  if (key === 'customer_email') return [key, 'Enter a valid email address.'];
  if (key === addressName('country')) return [key, 'Enter a two-letter country code, such as US.'];
  return [key, p.msg];
}

/**
 * The address the form's parts make over the one the session has, when any part is filled in:
 * the country upper-cased, and a US or Canadian state given as its two letters prefixed with the
 * country (IL: US-IL), as the real service stores it.
 */
function billingAddress(
  c: PageCheckout,
  f: Record<string, string>,
): Record<string, string | null> | undefined {
  const parts: Record<string, string | null> = {};
  const shown = addressParts(c);
  for (const part of shown) parts[part] = f[addressName(part)]?.trim() || null;
  if (shown.every((part) => parts[part] === null)) return undefined;
  const country = parts.country?.toUpperCase() ?? null;
  const state = parts.state;
  if (country && state && (country === 'US' || country === 'CA') && /^[A-Za-z]{2}$/.test(state))
    parts.state = `${country}-${state.toUpperCase()}`;
  const kept = c.customer_billing_address ?? {};
  return { line1: null, line2: null, city: null, ...kept, ...parts, country };
}

/** The form's fields as the buyer's changes (the JSON body the API would take). */
export function changesOf(c: PageCheckout, f: Record<string, string>, action: string) {
  const body: Record<string, unknown> = {};
  const problems: Problem[] = [];
  const text = (v: string | undefined) => (v === undefined ? undefined : v.trim() || null);
  if ('customer_email' in f) body.customer_email = text(f.customer_email);
  if ('customer_name' in f) body.customer_name = text(f.customer_name);
  const address = billingAddress(c, f);
  if (address) body.customer_billing_address = address;
  if (c.product_price.amount_type === 'custom' && text(f.amount)) {
    const v = f.amount!.trim();
    if (/^\d{1,9}(\.\d{1,2})?$/.test(v)) body.amount = Math.round(Number(v) * 100);
    else
      problems.push({
        type: 'value_error',
        loc: ['amount'],
        msg: 'Enter an amount such as 12.50.',
        input: v,
      });
  }
  const data: Record<string, unknown> = {};
  for (const { custom_field: cf } of c.attached_custom_fields) {
    const raw = f[fieldName(cf.slug)];
    if (cf.type === 'checkbox') data[cf.slug] = raw === 'true';
    else if (raw === undefined) continue;
    else if (cf.type === 'number' && /^-?\d+$/.test(raw.trim())) data[cf.slug] = Number(raw.trim());
    else data[cf.slug] = text(raw);
  }
  if (Object.keys(data).length) body.custom_field_data = data;
  if (action === 'remove_code') body.discount_code = null;
  else if (text(f.discount_code)) body.discount_code = text(f.discount_code);
  if (action === 'pay' && c.is_payment_form_required) body.confirmation_token_id = SANDBOX_TOKEN;
  if (action === 'pay' && c.full_address) problems.push(...missingAddressParts(c, address));
  return { body, problems };
}

/**
 * The parts a whole billing address lacks, where one is required: today's confirm asks for them
 * (checkout/service.py _get_required_confirm_fields at c6c3645e; domain/checkout-today-changes.ts).
 * The seed's confirm, which the page's Pay goes through, does not know the setting.
 */
function missingAddressParts(
  c: PageCheckout,
  sent: Record<string, string | null> | undefined,
): Problem[] {
  const address: Record<string, string | null> = { ...(c.customer_billing_address ?? {}), ...sent };
  return requiredAddressParts(address.country, true)
    .filter((part) => !address[part])
    .map((part) => ({
      type: 'missing',
      loc: ['customer_billing_address', part],
      msg: 'Field is required.',
      input: null,
    }));
}
