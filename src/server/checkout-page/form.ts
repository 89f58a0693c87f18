// The hosted checkout form: the order summary (product, price and interval, discount line,
// total, the discount code box) beside the buyer's details (email, name, the product's custom
// fields with their labels and help text) and the Pay button. One <form>: Apply (first in
// order, so Enter in any field saves and re-prices rather than pays) and Pay both send it.
import { esc } from './layout.js';
import {
  type BillingAddress,
  majorUnits,
  money,
  type PageCheckout,
  type PageField,
  type SummaryLine,
  summarize,
} from './view.js';

/** The form's name for a custom field's value. */
export const fieldName = (slug: string) => `cf.${slug}`;

/**
 * The billing address's parts the form asks for, by their form names (`billing_<part>`), in its
 * order: what a card payment form asks (the API's Address needs only the country).
 */
export const ADDRESS_PARTS = ['country', 'state', 'postal_code'] as const;
/**
 * Where the whole address is required (the seller's `require_billing_address`, a business:
 * is_billing_address_required, models/checkout.py at c6c3645e), all of its parts, in the order
 * a buyer writes them.
 */
export const FULL_ADDRESS_PARTS: readonly (keyof BillingAddress)[] = [
  'line1',
  'line2',
  'city',
  'state',
  'postal_code',
  'country',
];
/** The parts of the address the session's form asks for. */
export const addressParts = (c: PageCheckout): readonly (keyof BillingAddress)[] =>
  c.full_address ? FULL_ADDRESS_PARTS : ADDRESS_PARTS;
export const addressName = (part: string) => `billing_${part}`;

export interface FormState {
  /** What the inputs show: what was sent (after a refusal) or what the session holds. */
  values: Record<string, string>;
  /** Messages by input name (`_` for the form as a whole). */
  errors: Map<string, string>;
}

/** The inputs' values from what the session holds. */
export function storedValues(c: PageCheckout): Record<string, string> {
  const values: Record<string, string> = {
    customer_email: c.customer_email ?? '',
    customer_name: c.customer_name ?? '',
  };
  for (const part of addressParts(c))
    values[addressName(part)] = c.customer_billing_address?.[part] ?? '';
  if (c.product_price.amount_type === 'custom') values.amount = majorUnits(c.amount);
  for (const f of c.attached_custom_fields) {
    const v = c.custom_field_data[f.custom_field.slug];
    const name = fieldName(f.custom_field.slug);
    if (f.custom_field.type === 'checkbox') values[name] = v === true ? 'true' : '';
    else if (f.custom_field.type === 'date' && typeof v === 'string') values[name] = v.slice(0, 10);
    else values[name] = v === undefined || v === null ? '' : String(v);
  }
  return values;
}

const attr = (name: string, value: unknown) =>
  value === undefined || value === null || value === '' ? '' : ` ${name}="${esc(value)}"`;

function errorOf(state: FormState, name: string, id: string): string {
  const msg = state.errors.get(name);
  return msg ? `<p class="error-text" id="${esc(id)}-error">${esc(msg)}</p>` : '';
}

const described = (state: FormState, name: string, id: string, help: boolean) => {
  const ids = [help ? `${id}-help` : '', state.errors.has(name) ? `${id}-error` : '']
    .filter(Boolean)
    .join(' ');
  return `${attr('aria-describedby', ids)}${state.errors.has(name) ? ' aria-invalid="true"' : ''}`;
};

/** A date bound stored as Unix seconds, as an input's yyyy-mm-dd. */
const day = (seconds: unknown) =>
  typeof seconds === 'number' ? new Date(seconds * 1000).toISOString().slice(0, 10) : undefined;

function customField(f: PageField, state: FormState): string {
  const { slug, name: fieldTitle, type, properties: p } = f.custom_field;
  const name = fieldName(slug);
  const id = `cf-${slug}`;
  const value = state.values[name] ?? '';
  const label = typeof p.form_label === 'string' && p.form_label ? p.form_label : fieldTitle;
  const help = typeof p.form_help_text === 'string' && p.form_help_text ? p.form_help_text : '';
  const req = f.required ? ' required' : '';
  const star = f.required ? '<span class="req" aria-hidden="true">*</span>' : '';
  const common = ` id="${esc(id)}" name="${esc(name)}"${req}${described(state, name, id, !!help)}`;
  const placeholder = attr('placeholder', p.form_placeholder);
  let control: string;
  if (type === 'checkbox') {
    control = `<label class="check"><input type="checkbox" value="true"${common}${value === 'true' ? ' checked' : ''}> <span>${esc(label)}${star}</span></label>`;
  } else {
    let input: string;
    if (type === 'select') {
      const options = (Array.isArray(p.options) ? p.options : []) as {
        value: string;
        label: string;
      }[];
      input = `<select${common}><option value="">${esc(p.form_placeholder ?? 'Choose…')}</option>${options
        .map(
          (o) =>
            `<option value="${esc(o.value)}"${o.value === value ? ' selected' : ''}>${esc(o.label)}</option>`,
        )
        .join('')}</select>`;
    } else if (type === 'text' && p.textarea === true) {
      input = `<textarea${common}${placeholder}${attr('minlength', p.min_length)}${attr('maxlength', p.max_length)}>${esc(value)}</textarea>`;
    } else if (type === 'number') {
      input = `<input type="number" step="1" inputmode="numeric"${common}${placeholder}${attr('min', p.ge)}${attr('max', p.le)} value="${esc(value)}">`;
    } else if (type === 'date') {
      input = `<input type="date"${common}${attr('min', day(p.ge))}${attr('max', day(p.le))} value="${esc(value)}">`;
    } else {
      input = `<input type="text"${common}${placeholder}${attr('minlength', p.min_length)}${attr('maxlength', p.max_length)} value="${esc(value)}">`;
    }
    control = `<label for="${esc(id)}">${esc(label)}${star}</label>${input}`;
  }
  const helpText = help ? `<p class="help" id="${esc(id)}-help">${esc(help)}</p>` : '';
  // Short inputs (a number, a date, a choice, a box to tick) share a row on a wide screen.
  const wide = type === 'text' ? ' wide' : '';
  return `<div class="field${wide}${state.errors.has(name) ? ' invalid' : ''}">${control}${helpText}${errorOf(state, name, id)}</div>`;
}

function input(
  state: FormState,
  name: string,
  label: string,
  type: string,
  extra: string,
  required = false,
): string {
  const star = required ? '<span class="req" aria-hidden="true">*</span>' : '';
  return `<div class="field${state.errors.has(name) ? ' invalid' : ''}"><label for="${name}">${esc(label)}${star}</label>
<input type="${type}" id="${name}" name="${name}" value="${esc(state.values[name] ?? '')}"${required ? ' required' : ''}${extra}${described(state, name, name, false)}>${errorOf(state, name, name)}</div>`;
}

/**
 * The billing address, asked for where a payment or a payment method is taken (the real
 * service's required confirm fields at f179ede58c, the seed generation), in one row under the
 * name, so that on a laptop screen the Pay button stays in view.
 */
function addressRow(c: PageCheckout, state: FormState): string {
  if (!c.is_payment_form_required && !c.full_address) return '';
  const part = (name: string, label: string, extra: string, required = false) =>
    input(state, addressName(name), label, 'text', extra, required);
  const country = part(
    'country',
    'Country',
    ' autocomplete="country" maxlength="2" placeholder="US" title="Two letters: US, GB, DE…"',
    true,
  );
  const region = part(
    'state',
    'State or region',
    ' autocomplete="address-level1" maxlength="128" placeholder="IL"',
  );
  if (!c.full_address)
    return `<div class="fields three" role="group" aria-label="Billing address">
${country}
${region}
${part('postal_code', 'Postal code', ' autocomplete="postal-code" maxlength="32"')}
</div>`;
  // The whole address (the API's lengths: checkouts-body.ts).
  return `<div role="group" aria-label="Billing address">
<div class="fields">
${part('line1', 'Address', ' autocomplete="address-line1" maxlength="256"', true)}
${part('line2', 'Apartment, suite', ' autocomplete="address-line2" maxlength="256"')}
</div>
<div class="fields three">
${part('city', 'City', ' autocomplete="address-level2" maxlength="128"', true)}
${region}
${part('postal_code', 'Postal code', ' autocomplete="postal-code" maxlength="32"', true)}
</div>
<div class="fields">
${country}
</div>
</div>`;
}

function codeBox(c: PageCheckout, state: FormState): string {
  // An applied discount shows on its line of the summary (with Remove when the buyer may).
  if (c.discount || !c.allow_discount_codes || c.product_price.amount_type !== 'fixed') return '';
  const bad = state.errors.has('discount_code');
  return `<div class="code-box${bad ? ' invalid' : ''}"><label for="discount_code">Discount code</label>
<div class="code-row"><input type="text" id="discount_code" name="discount_code" autocomplete="off" autocapitalize="characters" value="${esc(state.values.discount_code ?? '')}"${described(state, 'discount_code', 'discount_code', false)}>
<button type="submit" class="secondary" name="action" value="apply" formnovalidate>Apply</button></div>${errorOf(state, 'discount_code', 'discount_code')}</div>`;
}

/** The discount's line: its name, its code, and Remove for a code the buyer applied (spec §2.2). */
function discountLine(c: PageCheckout, line: SummaryLine): string {
  const d = c.discount!;
  const remove =
    c.allow_discount_codes && !c.discount_locked
      ? ' <button type="submit" class="link" name="action" value="remove_code" formnovalidate>Remove</button>'
      : '';
  const code = d.code ? `<span class="tag">${esc(d.code)}</span>` : '';
  return `<div class="line discount"><dt>${esc(line.label)}<span class="sub">${code}${remove}</span></dt><dd>${esc(line.amount)}</dd></div>`;
}

function amountBox(c: PageCheckout, state: FormState): string {
  const p = c.product_price;
  if (p.amount_type !== 'custom') return '';
  const min = p.minimum_amount ?? 50;
  const bounds = [`at least ${money(min, c.currency)}`];
  if (p.maximum_amount != null) bounds.push(`at most ${money(p.maximum_amount, c.currency)}`);
  const extra = ` step="0.01" inputmode="decimal"${attr('min', majorUnits(min))}${attr('max', p.maximum_amount != null ? majorUnits(p.maximum_amount) : undefined)}`;
  return `<div class="code-box">${input(state, 'amount', `Name your price (${bounds.join(', ')})`, 'number', extra, true)}
<button type="submit" class="secondary" name="action" value="apply" formnovalidate>Update price</button></div>`;
}

function summaryPanel(c: PageCheckout, state: FormState): string {
  const s = summarize(c);
  const line = (l: SummaryLine) =>
    l.kind === 'discount'
      ? discountLine(c, l)
      : `<div class="line${l.kind ? ` ${l.kind}` : ''}"><dt>${esc(l.label)}${l.detail ? `<span class="sub">${esc(l.detail)}</span>` : ''}</dt><dd>${esc(l.amount)}</dd></div>`;
  const media = c.product.medias.find((m) => m.mime_type.startsWith('image/'));
  const benefits = c.product.benefits.length
    ? `<ul class="benefits" aria-label="Included">${c.product.benefits.map((b) => `<li>${esc(b.description)}</li>`).join('')}</ul>`
    : '';
  const initial = Array.from(c.organization.name.trim())[0]?.toUpperCase() ?? '?';
  return `<section class="summary" aria-label="Order summary"><div class="inner">
<p class="seller"><span class="logo" aria-hidden="true">${esc(initial)}</span>${esc(c.organization.name)}</p>
<h1 class="product-name">${esc(c.product.is_recurring ? `Subscribe to ${c.product.name}` : c.product.name)}</h1>
<p class="price" id="price">${esc(s.price)}${s.interval ? `<span class="interval">${esc(s.interval)}</span>` : ''}</p>
${c.product.description ? `<p class="description">${esc(c.product.description)}</p>` : ''}
${media ? `<img class="media" src="${esc(media.public_url)}" alt="">` : ''}${benefits}
${amountBox(c, state)}
<dl class="lines" id="lines">${s.lines.map(line).join('')}</dl>
${codeBox(c, state)}
<dl class="lines totals">${line(s.total)}</dl>
${s.then ? `<p class="then">${esc(s.then)}</p>` : ''}
</div></section>`;
}

function detailsPanel(c: PageCheckout, state: FormState): string {
  const s = summarize(c);
  const fields = [...c.attached_custom_fields].map((f) => customField(f, state)).join('\n');
  const general = state.errors.get('_');
  const alert = state.errors.size
    ? `<div class="alert" role="alert">${esc(general ?? 'Please check the fields marked below.')}</div>`
    : '';
  const payment = c.is_payment_form_required
    ? `<div class="section payment"><div class="sandbox-card"><svg width="34" height="24" viewBox="0 0 34 24" aria-hidden="true"><rect x=".5" y=".5" width="33" height="23" rx="4" fill="#fff" stroke="#c6d0dc"/><rect x="0" y="5" width="34" height="4" fill="#c6d0dc"/><rect x="4" y="14" width="12" height="3" rx="1.5" fill="#dbe2ea"/></svg><span><strong>Test payment</strong>No card details needed: Pay confirms this checkout.</span></div></div>`
    : '';
  return `<section class="details" aria-label="Your details"><div class="inner">
${alert}<div class="section"><h2>Contact information</h2>
<div class="fields">${input(state, 'customer_email', 'Email', 'email', ' autocomplete="email" maxlength="320" placeholder="you@example.com"', true)}
${input(state, 'customer_name', 'Name', 'text', ' autocomplete="name" maxlength="256"', c.is_payment_form_required)}</div>
${addressRow(c, state)}
</div>
${fields ? `<div class="section"><h2>Additional information</h2>\n<div class="fields">${fields}</div></div>` : ''}
${payment}
<div class="pay-bar"><button type="submit" class="pay" id="pay" name="action" value="pay">${esc(s.action)}</button></div>
<p class="powered">Checkout by billing</p>
</div></section>`;
}

export function formPage(c: PageCheckout, action: string, state: FormState): string {
  // Implicit submission (Enter in a field) presses the form's first button: this one saves and
  // re-prices, so Enter never pays nor removes a code.
  return `<main><form class="checkout" method="post" action="${esc(action)}">
<button type="submit" class="default-submit" name="action" value="apply" tabindex="-1" aria-hidden="true" formnovalidate>Save</button>
${summaryPanel(c, state)}
${detailsPanel(c, state)}
</form></main>`;
}
