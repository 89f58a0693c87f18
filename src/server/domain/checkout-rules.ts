// Rules a checkout change must pass: a discount that applies, custom-field values of the right
// type and size (problems naming the field).
import type { Store } from '../store/index.js';
import type { DiscountRow } from '../store/rows.js';
import { Invalid, type Problem } from './errors.js';
import { charLength, outOfRange } from './values.js';

/** Why discount `d` cannot apply to `productId` now; null when it can. */
export function discountProblem(
  store: Store,
  d: DiscountRow | undefined,
  productId: string,
  now: string,
): string | null {
  if (!d) return 'Discount does not exist.';
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
    if (v === null) out[slug] = null;
    else if (f.type === 'text') {
      if (typeof v !== 'string')
        items.push({ type: 'string_type', loc, msg: 'Input should be a valid string', input: v });
      else if (props.min_length != null && charLength(v) < (props.min_length as number))
        items.push({
          type: 'string_too_short',
          loc,
          msg: `String should have at least ${props.min_length} characters`,
          input: v,
          ctx: { min_length: props.min_length },
        });
      else if (props.max_length != null && charLength(v) > (props.max_length as number))
        items.push({
          type: 'string_too_long',
          loc,
          msg: `String should have at most ${props.max_length} characters`,
          input: v,
          ctx: { max_length: props.max_length },
        });
      else out[slug] = v;
    } else if (f.type === 'number') {
      if (JSON.isRawJSON(v))
        items.push(outOfRange(loc, v, { ge: props.ge as number, le: props.le as number }));
      else if (typeof v !== 'number' || !Number.isInteger(v))
        items.push({ type: 'int_type', loc, msg: 'Input should be a valid integer', input: v });
      else if (props.ge != null && v < (props.ge as number))
        items.push({
          type: 'greater_than_equal',
          loc,
          msg: `Input should be greater than or equal to ${props.ge}`,
          input: v,
          ctx: { ge: props.ge },
        });
      else if (props.le != null && v > (props.le as number))
        items.push({
          type: 'less_than_equal',
          loc,
          msg: `Input should be less than or equal to ${props.le}`,
          input: v,
          ctx: { le: props.le },
        });
      else out[slug] = v;
    } else if (f.type === 'checkbox') {
      if (typeof v !== 'boolean')
        items.push({ type: 'bool_type', loc, msg: 'Input should be a valid boolean', input: v });
      else out[slug] = v;
    } else if (f.type === 'date') {
      // A date or date-time string; the field's ge/le bounds are Unix timestamps.
      const ms = typeof v === 'string' && /^\d{4}-\d{2}-\d{2}/.test(v) ? Date.parse(v) : Number.NaN;
      if (Number.isNaN(ms))
        items.push({
          type: 'datetime_parsing',
          loc,
          msg: 'Input should be a valid datetime',
          input: v,
        });
      else if (
        (props.ge != null && ms < (props.ge as number) * 1000) ||
        (props.le != null && ms > (props.le as number) * 1000)
      )
        items.push({ type: 'value_error', loc, msg: 'Date is out of the allowed range', input: v });
      else out[slug] = v;
    } else if (f.type === 'select') {
      const values = ((props.options ?? []) as { value: string }[]).map((o) => o.value);
      if (typeof v !== 'string' || !values.includes(v)) {
        const expected = values.map((x) => `'${x}'`).join(', ');
        items.push({ type: 'literal_error', loc, msg: `Input should be ${expected}`, input: v });
      } else out[slug] = v;
    } else out[slug] = v;
  }
  if (items.length) throw new Invalid(items);
  return out;
}
