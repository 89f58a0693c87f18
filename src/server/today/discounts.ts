// Discounts in today's generation (Polar-Version 2026-04/2026-10), read from polarsource/polar at
// c6c3645e (discount/schemas.py, models/discount.py): the Discount union (fixed or percentage,
// once/forever or repeating), its base form without products (a checkout link's `discount`), the
// short form a checkout session shows (CheckoutDiscount*), and the create and update bodies. A
// fixed discount has its amount per currency in `amounts` beside the deprecated `amount` and
// `currency` (the amount in the organization's default currency, stored with it).
import * as z from 'zod';
import type { components } from '../../shared/openapi/2026-10.js';
import {
  type Amounts,
  amountsOf,
  type DiscountChanges,
  type DiscountDraft,
} from '../domain/discounts.js';
import { PRESENTMENT_CURRENCIES } from '../domain/prices.js';
import { charLength } from '../domain/values.js';
import { j, type Loader, stamps } from '../serialize/loader.js';
import type { DiscountRow } from '../store/rows.js';
import {
  after,
  check,
  dateTime,
  fail,
  field,
  ok,
  oneOf,
  orNull,
  type Result,
  tagged,
  valueError,
} from '../validate-models.js';
import { metadataInput } from './metadata.js';
import { product } from './products.js';

type Schemas = components['schemas'];

/** The form every union member shares: by type, then by duration. */
function kind(r: DiscountRow) {
  const duration = r.duration;
  const repeat = duration === 'repeating' ? { duration_in_months: r.duration_in_months ?? 1 } : {};
  if (r.type === 'percentage')
    return { duration, ...repeat, type: 'percentage' as const, basis_points: r.basis_points ?? 0 };
  const amounts = amountsOf(r);
  const currency = r.currency ?? Object.keys(amounts)[0] ?? 'usd';
  return {
    duration,
    ...repeat,
    type: 'fixed' as const,
    amount: r.amount ?? amounts[currency] ?? 0,
    currency,
    amounts,
  };
}

/** CheckoutDiscount*: what a checkout session shows of its discount. */
export function checkoutDiscount(r: DiscountRow): NonNullable<Schemas['Checkout']['discount']> {
  return { ...kind(r), id: r.id, name: r.name, code: r.code ?? null } as NonNullable<
    Schemas['Checkout']['discount']
  >;
}

/** Discount*Base: the discount without its products (CheckoutLink.discount). */
export function discountBase(r: DiscountRow): NonNullable<Schemas['CheckoutLink']['discount']> {
  return {
    ...kind(r),
    ...stamps(r),
    id: r.id,
    metadata: (j(r.metadata) ?? {}) as Record<string, string>,
    name: r.name,
    code: r.code ?? null,
    starts_at: r.starts_at ?? null,
    ends_at: r.ends_at ?? null,
    max_redemptions: r.max_redemptions ?? null,
    max_redemptions_per_customer: r.max_redemptions_per_customer ?? null,
    redemptions_count: r.redemptions_count,
    organization_id: r.organization_id,
  } as NonNullable<Schemas['CheckoutLink']['discount']>;
}

/** The Discount form: the base and the products it is limited to (DiscountProduct). */
export function discount(l: Loader, r: DiscountRow): Schemas['Discount'] {
  const products = l.discountProducts(r.id).map((p): Schemas['DiscountProduct'] => {
    const {
      prices: _p,
      benefits: _b,
      medias: _m,
      attached_custom_fields: _a,
      ...base
    } = product(l, p);
    return base;
  });
  return { ...discountBase(r), products } as Schemas['Discount'];
}

// ---- request bodies (DiscountCreate, DiscountUpdate)

const INT32_MAX = 2_147_483_647;
const int = (min: number, max: number) => z.number().int().min(min).max(max);
/** Amount: a fixed amount in minor units. */
const amount = int(0, 999_999_999_999);
const currency = z.enum(PRESENTMENT_CURRENCIES);

/** Name: at least one character. */
const name = z.string().min(1);

/** Code: EmptyStrToNone, then `_code_validator`: 3 to 256 letters or digits (str.isalnum). */
const code = orNull(
  field<string | null>((input) => {
    if (typeof input !== 'string')
      return fail({ type: 'string_type', loc: [], msg: 'Input should be a valid string', input });
    const v = input.trim();
    if (v === '') return ok(null);
    if (!/^[\p{L}\p{N}]+$/u.test(v))
      return fail(valueError('Code must contain only alphanumeric characters.', input));
    const n = charLength(v);
    if (n < 3 || n > 256)
      return fail(valueError('Code must be between 3 and 256 characters long.', input));
    return ok(v);
  }),
);

/** Amounts: a dict of PresentmentCurrency to Amount, at least one. */
const amounts = field<Amounts>((input): Result<Amounts> => {
  if (input === null || typeof input !== 'object' || Array.isArray(input))
    return fail({ type: 'dict_type', loc: [], msg: 'Input should be a valid dictionary', input });
  const problems: Result<never> & { ok: false } = { ok: false, problems: [] };
  const out: Amounts = {};
  for (const [key, value] of Object.entries(input)) {
    const k = check(currency, key);
    if (!k.ok) problems.problems.push(...k.problems.map((p) => ({ ...p, loc: [key, '[key]'] })));
    const v = check(amount, value);
    if (!v.ok) problems.problems.push(...v.problems.map((p) => ({ ...p, loc: [key, ...p.loc] })));
    if (k.ok && v.ok) out[key] = v.value;
  }
  if (problems.problems.length) return problems;
  if (Object.keys(out).length < 1)
    return fail({
      type: 'too_short',
      loc: [],
      msg: 'Dictionary should have at least 1 item after validation, not 0',
      input,
      ctx: { field_type: 'Dictionary', min_length: 1, actual_length: 0 },
    });
  return ok(out);
});

type Window = { starts_at?: string | null; ends_at?: string | null };
const startsBeforeEnds = (v: Window) =>
  v.starts_at && v.ends_at && v.starts_at >= v.ends_at ? 'starts_at must be before ends_at' : null;

type Durations = { duration: string; duration_in_months?: number | null };
/** `_validate_duration_in_months`. */
const monthsFit = (v: Durations) => {
  if (v.duration === 'repeating' && v.duration_in_months == null)
    return '`duration_in_months` is required when `duration` is `repeating`.';
  if (v.duration !== 'repeating' && v.duration_in_months != null)
    return '`duration_in_months` must be omitted when `duration` is not `repeating`.';
  return null;
};

type Fixed = { amount?: number | null; amounts?: Amounts | null };
const amountOrAmounts = (v: Fixed, required: boolean) => {
  if (v.amount != null && v.amounts != null) return 'Cannot specify both `amount` and `amounts`.';
  if (required && v.amount == null && v.amounts == null)
    return 'Must specify either `amount` or `amounts`.';
  return null;
};

/** DiscountCreateBase's fields, in their order. */
const createBase = {
  metadata: metadataInput.optional(),
  name,
  code,
  starts_at: orNull(dateTime),
  ends_at: orNull(dateTime),
  max_redemptions: orNull(int(1, INT32_MAX)),
  max_redemptions_per_customer: orNull(int(1, INT32_MAX)),
  products: orNull(z.array(z.uuid())),
  organization_id: orNull(z.uuid()),
};
const durationFields = {
  duration: oneOf(['once', 'forever', 'repeating'] as const),
  duration_in_months: orNull(int(1, 999)),
};

type FixedCreate = z.output<typeof fixedCreateShape>;
const fixedCreateShape = z.object({
  ...createBase,
  type: z.literal('fixed'),
  ...durationFields,
  amount: orNull(amount),
  // The default (usd) only when absent; null is no currency, read as the default too.
  currency: orNull(currency),
  amounts: orNull(amounts),
});
type PercentageCreate = z.output<typeof percentageCreateShape>;
const percentageCreateShape = z.object({
  ...createBase,
  type: z.literal('percentage'),
  ...durationFields,
  basis_points: int(1, 10_000),
});

/** The model validators, in the order pydantic runs them (the base's first). */
const fixedCreate = after(
  fixedCreateShape,
  (v) => startsBeforeEnds(v) ?? amountOrAmounts(v, true) ?? monthsFit(v),
);
const percentageCreate = after(percentageCreateShape, (v) => startsBeforeEnds(v) ?? monthsFit(v));

/** DiscountCreate: Discriminator("type"), its problems under the member's tag. */
export const createBody = tagged<FixedCreate | PercentageCreate>(
  "'type'",
  (v) => (v.type === undefined ? undefined : String(v.type)),
  {
    fixed: fixedCreate as z.ZodType<FixedCreate | PercentageCreate, unknown>,
    percentage: percentageCreate as z.ZodType<FixedCreate | PercentageCreate, unknown>,
  },
);

/** The domain's draft of a parsed create body. */
export function createDraft(body: FixedCreate | PercentageCreate): DiscountDraft {
  return {
    ...body,
    metadata: (body.metadata ?? {}) as DiscountDraft['metadata'],
    code: body.code ?? null,
  };
}

/** DiscountUpdate: every field optional; the absent ones unchanged. */
export const updateBody = after(
  z.object({
    metadata: metadataInput.optional(),
    name: orNull(name),
    code,
    starts_at: orNull(dateTime),
    ends_at: orNull(dateTime),
    max_redemptions: orNull(int(1, INT32_MAX)),
    max_redemptions_per_customer: orNull(int(1, INT32_MAX)),
    duration: orNull(oneOf(['once', 'forever', 'repeating'] as const)),
    duration_in_months: orNull(int(1, 999)),
    type: orNull(oneOf(['fixed', 'percentage'] as const)),
    amount: orNull(amount),
    currency: orNull(currency),
    amounts: orNull(amounts),
    basis_points: orNull(int(1, 10_000)),
    products: orNull(z.array(z.uuid())),
  }),
  (v) => startsBeforeEnds(v) ?? amountOrAmounts(v, false),
);

/** The domain's changes of a parsed update body: what was sent, null included. */
export function updateChanges(body: z.output<typeof updateBody>): DiscountChanges {
  return Object.fromEntries(
    Object.entries(body).filter(([, v]) => v !== undefined),
  ) as DiscountChanges;
}
