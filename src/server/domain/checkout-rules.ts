// Rules a checkout change must pass: a discount that applies, custom-field values of the right
// type and size (problems naming the field).
import type { Store } from '../store/index.js';
import type { CustomFieldRow, DiscountRow, PriceRow } from '../store/rows.js';
import { Invalid, type Loc, type Problem } from './errors.js';
import { beyond, charLength, outOfRange } from './values.js';

/** Why discount `d` cannot apply to `productId` now; null when it can. */
export function discountProblem(
  store: Store,
  d: DiscountRow | undefined,
  productId: string,
  now: string,
): string | null {
  // A deleted discount (DELETE /v1/discounts/{id}) is as good as none.
  if (!d || d.deleted_at) return 'Discount does not exist.';
  if ((d.starts_at && d.starts_at > now) || (d.ends_at && d.ends_at <= now)) {
    return 'Discount is not active.';
  }
  if (d.max_redemptions != null && d.redemptions_count >= d.max_redemptions) {
    return 'Discount has reached its maximum number of redemptions.';
  }
  const limited = store.discounts.productIds(d.id);
  if (limited.length && !limited.includes(productId))
    return 'Discount does not apply to this product.';
  return null;
}

/** Why `amount` cannot be paid for custom price `price` (its bounds); undefined when it can. */
export function customAmountProblem(
  price: PriceRow,
  amount: number,
  loc: Loc,
): Problem | undefined {
  const { minimum_amount: min, maximum_amount: max } = price;
  if (min != null && amount < min)
    return {
      type: 'greater_than_equal',
      loc,
      msg: 'Amount is below minimum.',
      input: amount,
      ctx: { ge: min },
    };
  if (max != null && amount > max)
    return {
      type: 'less_than_equal',
      loc,
      msg: 'Amount is above maximum.',
      input: amount,
      ctx: { le: max },
    };
  return undefined;
}

/** The values sent for the product's custom fields, or every problem they have. */
export function checkCustomFields(
  store: Store,
  productId: string,
  data: Record<string, unknown>,
): Record<string, unknown> {
  const fields = store.products.customFields(productId);
  const out: Record<string, unknown> = {};
  const items: Problem[] = [];
  for (const f of fields) {
    const slug = f.slug;
    if (!(slug in data)) continue;
    const v = data[slug];
    const loc = ['custom_field_data', slug];
    const props = JSON.parse(f.properties) as Record<string, unknown>;
    const problem = v === null ? undefined : fieldProblem(f.type, props, loc, v);
    if (problem) items.push(problem);
    else out[slug] = v;
  }
  if (items.length) throw new Invalid(items);
  return out;
}

/** What is wrong with `v` as a value of a custom field of `type`; undefined when it is good. */
function fieldProblem(
  type: CustomFieldRow['type'],
  props: Record<string, unknown>,
  loc: Loc,
  v: unknown,
): Problem | undefined {
  const { min_length, max_length, ge, le } = props as Record<string, number | null | undefined>;
  if (type === 'text') {
    if (typeof v !== 'string')
      return { type: 'string_type', loc, msg: 'Input should be a valid string', input: v };
    if (min_length != null && charLength(v) < min_length)
      return beyond('min_length', min_length, loc, v);
    if (max_length != null && charLength(v) > max_length)
      return beyond('max_length', max_length, loc, v);
  } else if (type === 'number') {
    if (JSON.isRawJSON(v)) return outOfRange(loc, v, { ge: ge as number, le: le as number });
    if (typeof v !== 'number' || !Number.isInteger(v))
      return { type: 'int_type', loc, msg: 'Input should be a valid integer', input: v };
    if (ge != null && v < ge) return beyond('ge', ge, loc, v);
    if (le != null && v > le) return beyond('le', le, loc, v);
  } else if (type === 'checkbox') {
    if (typeof v !== 'boolean')
      return { type: 'bool_type', loc, msg: 'Input should be a valid boolean', input: v };
  } else if (type === 'date') {
    // A date or date-time string; the field's ge/le bounds are Unix timestamps.
    const ms = typeof v === 'string' && /^\d{4}-\d{2}-\d{2}/.test(v) ? Date.parse(v) : Number.NaN;
    if (Number.isNaN(ms))
      return { type: 'datetime_parsing', loc, msg: 'Input should be a valid datetime', input: v };
    if ((ge != null && ms < ge * 1000) || (le != null && ms > le * 1000))
      return { type: 'value_error', loc, msg: 'Date is out of the allowed range', input: v };
  } else if (type === 'select') {
    const values = ((props.options ?? []) as { value: string }[]).map((o) => o.value);
    if (typeof v !== 'string' || !values.includes(v)) {
      const expected = values.map((x) => `'${x}'`).join(', ');
      return { type: 'literal_error', loc, msg: `Input should be ${expected}`, input: v };
    }
  }
  return undefined;
}
