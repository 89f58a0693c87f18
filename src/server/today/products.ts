// Products and their prices in today's generation (Polar-Version 2026-04/2026-10), read from
// polarsource/polar at c6c3645e: product/schemas.py (Product, ProductPrice and its legacy form,
// ProductCreate, ProductUpdate), models/product.py (Product.prices: the catalog prices that are
// not archived, fixed and custom first) and models/product_price.py. What the real migrations made
// of the seed's rows is read here: a `free` price is a fixed price of 0 (free_price_to_fixed
// backfill, 4bdeea7746), a custom price without a minimum has 50 (7589c27494), a product with a
// single recurring price has its interval (c67833ccf3, store/products.ts settleIntervals) and one
// with several keeps legacy prices, which carry `type`, `recurring_interval` and `legacy: true`.
// Every price still carries the deprecated `type` and `recurring_interval` (SkipJsonSchema).
import * as z from 'zod';
import type { components } from '../../shared/openapi/2026-10.js';
import { amountProblem, type NewTodaysPrice, PRESENTMENT_CURRENCIES } from '../domain/prices.js';
import type { ProductChanges, ProductDraft } from '../domain/products.js';
import { checkoutAttachedFields, media } from '../serialize/catalogue.js';
import { b, j, type Loader, stamps } from '../serialize/loader.js';
import type { MeterRow, PriceRow, ProductRow } from '../store/rows.js';
import { chars, problem } from '../validate.js';
import { benefit, isTodays } from './benefits.js';
import { metadataInput } from './metadata.js';

type Schemas = components['schemas'];
/** A price of a product: today's union or a legacy recurring one. */
export type TodaysPrice = Schemas['ProductPrice'] | Schemas['LegacyRecurringProductPrice'];

/** ProductPriceCustomBase's minimum when the row has none (7589c27494). */
const CUSTOM_MINIMUM_DEFAULT = 50;

/** A metered price's meter as a price shows it (ProductPriceMeter). */
function priceMeter(m: MeterRow | null | undefined, id: string): Schemas['ProductPriceMeter'] {
  return {
    id,
    name: m?.name ?? '',
    unit: (m?.unit ?? 'scalar') as Schemas['MeterUnit'],
    custom_label: m?.custom_label ?? null,
    custom_multiplier: m?.custom_multiplier ?? null,
  };
}

/**
 * A price in today's form (ProductPriceFixed, ProductPriceCustom, ProductPriceMeteredUnit, or
 * the legacy forms); `l` reads a metered price's meter.
 */
export function price(r: PriceRow, l?: Pick<Loader, 'row'>): TodaysPrice {
  const base = {
    ...stamps(r),
    id: r.id,
    source: r.source ?? 'catalog',
    price_currency: r.price_currency ?? 'usd',
    tax_behavior: r.tax_behavior ?? null,
    is_archived: b(r.is_archived),
    product_id: r.product_id,
    // Deprecated, still serialized: the product's (a legacy price's own).
    type: r.type,
    recurring_interval: r.recurring_interval ?? null,
  };
  if (r.amount_type === 'metered_unit') {
    const { type: _t, recurring_interval: _r, ...metered } = base;
    return {
      ...metered,
      amount_type: 'metered_unit',
      unit_amount: r.unit_amount ?? '0',
      cap_amount: r.cap_amount ?? null,
      meter_id: r.meter_id!,
      meter: priceMeter(l?.row('meters', r.meter_id), r.meter_id!),
    } as TodaysPrice;
  }
  const priced =
    r.amount_type === 'custom'
      ? {
          ...base,
          amount_type: 'custom' as const,
          minimum_amount: r.minimum_amount ?? CUSTOM_MINIMUM_DEFAULT,
          maximum_amount: r.maximum_amount ?? null,
          preset_amount: r.preset_amount ?? null,
        }
      : // A free price is a fixed price of 0 today.
        { ...base, amount_type: 'fixed' as const, price_amount: r.price_amount ?? 0 };
  return (r.legacy ? { ...priced, legacy: true } : priced) as TodaysPrice;
}

/** Product.prices' order: fixed and custom, then metered, then the rest; oldest first in each. */
const rank = (p: PriceRow) =>
  p.amount_type === 'fixed' || p.amount_type === 'custom' || p.amount_type === 'free' ? 0 : 1;

/** The Product form. */
export function product(l: Loader, r: ProductRow): Schemas['Product'] {
  const prices = l
    .productChildren('prices', r.id)
    .filter((p) => !p.is_archived && (p.source ?? 'catalog') === 'catalog')
    .sort((a, b) => rank(a) - rank(b) || a.created_at.localeCompare(b.created_at));
  return {
    ...productFields(r),
    prices: prices.map((p) => price(p, l)),
    benefits: l.productChildren('benefits', r.id).filter(isTodays).map(benefit),
    medias: l
      .productChildren('medias', r.id)
      .map((m) => media(m, l.baseUrl) as Schemas['ProductMediaFileRead']),
    attached_custom_fields: checkoutAttachedFields(
      l,
      r.id,
    ) as unknown as Schemas['AttachedCustomField'][],
  };
}

/** The product's own fields, before its prices, benefits, media and custom fields (ProductBase). */
export function productFields(r: ProductRow) {
  return {
    id: r.id,
    ...stamps(r),
    trial_interval: r.trial_interval ?? null,
    trial_interval_count: r.trial_interval_count ?? null,
    name: r.name,
    description: r.description ?? null,
    visibility: r.visibility ?? 'public',
    recurring_interval: r.recurring_interval ?? null,
    recurring_interval_count: r.recurring_interval_count ?? null,
    meter_interval: r.meter_interval ?? null,
    meter_interval_count: r.meter_interval_count ?? null,
    is_recurring: b(r.is_recurring),
    is_archived: b(r.is_archived),
    organization_id: r.organization_id,
    metadata: (j(r.metadata) ?? {}) as Record<string, string>,
  };
}

/**
 * A product as a buyer sees it (CheckoutProduct, CustomerProduct): without its metadata and
 * attached fields, its benefits in their public form.
 */
export function buyersProduct(l: Loader, r: ProductRow) {
  const { metadata: _m, attached_custom_fields: _f, benefits, ...rest } = product(l, r);
  return {
    ...rest,
    benefits: benefits.map((x) => ({
      id: x.id,
      created_at: x.created_at,
      modified_at: x.modified_at,
      type: x.type,
      description: x.description,
      selectable: x.selectable,
      deletable: x.deletable,
      is_deleted: x.is_deleted,
      organization_id: x.organization_id,
    })),
  };
}

// ---- request bodies

const INTERVALS = ['day', 'week', 'month', 'year'] as const;
const TAX_BEHAVIORS = ['location', 'inclusive', 'exclusive'] as const;
const PRICE_TAGS = ['fixed', 'custom', 'seat_based', 'metered_unit'] as const;

/** ProductName: stripped, 3 to 64 characters. */
const name = z
  .string()
  .transform((v) => v.trim())
  .pipe(chars(64, 3));
/** ProductDescription: an empty one is none. */
const description = z
  .string()
  .nullish()
  .transform((v) => (v === '' ? null : v));
const visibility = z.enum(['draft', 'private', 'public']);
const count = (max: number) => z.number().int().min(1).max(max);

const priceBase = {
  price_currency: z.enum(PRESENTMENT_CURRENCIES).optional(),
  tax_behavior: z.enum(TAX_BEHAVIORS).nullish(),
};

/** `validate_price_amount(currency, amount, allow_zero=True)` on each of `fields`. */
const amountsIn =
  (...fields: string[]) =>
  (body: Record<string, unknown>, ctx: z.RefinementCtx) => {
    const currency = (body.price_currency as string | undefined) ?? 'usd';
    for (const f of fields) {
      const amount = body[f];
      if (typeof amount !== 'number') continue;
      const found = amountProblem(currency, amount);
      if (found) ctx.issues.push({ ...problem(amount, found[0], found[1]), path: [f] });
    }
  };

/**
 * ProductPriceMeteredUnitCreate.unit_amount: a Decimal > 0 of at most 17 digits, 12 decimals
 * (product/schemas.py), kept as the text pydantic's Decimal makes of it.
 */
const unitAmount = z.union([z.number(), z.string()]).transform((v, ctx): string => {
  const text = String(v).trim();
  const m = /^[+-]?(\d*)(?:\.(\d*))?$/.exec(text);
  if (!m || (m[1] === '' && (m[2] ?? '') === '')) {
    ctx.issues.push(problem(v, 'decimal_parsing', 'Input should be a valid decimal'));
    return z.NEVER;
  }
  const value = Number(text);
  if (!(value > 0)) {
    ctx.issues.push(problem(v, 'greater_than', 'Input should be greater than 0', { gt: 0 }));
    return z.NEVER;
  }
  const whole = m[1]!.replace(/^0+/, '');
  const decimals = (m[2] ?? '').replace(/0+$/, '');
  if (decimals.length > 12) {
    const msg = 'Decimal input should have no more than 12 decimal places';
    ctx.issues.push(problem(v, 'decimal_max_places', msg, { decimal_places: 12 }));
    return z.NEVER;
  }
  if (whole.length + decimals.length > 17) {
    const msg = 'Decimal input should have no more than 17 digits in total';
    ctx.issues.push(problem(v, 'decimal_max_digits', msg, { max_digits: 17 }));
    return z.NEVER;
  }
  return text.replace(/^\+/, '');
});

const PRICE_MEMBERS: Record<(typeof PRICE_TAGS)[number], z.ZodType> = {
  fixed: z
    .object({
      ...priceBase,
      amount_type: z.literal('fixed'),
      price_amount: z.number().int().min(0),
    })
    .superRefine(amountsIn('price_amount')),
  custom: z
    .object({
      ...priceBase,
      amount_type: z.literal('custom'),
      minimum_amount: z.number().int().min(0).optional(),
      maximum_amount: z.number().int().min(1).nullish(),
      preset_amount: z.number().int().min(0).nullish(),
    })
    .superRefine(amountsIn('minimum_amount', 'maximum_amount', 'preset_amount')),
  seat_based: z.object({
    ...priceBase,
    amount_type: z.literal('seat_based'),
    seat_tiers: z.object({ tiers: z.array(z.unknown()).min(1) }).loose(),
  }),
  metered_unit: z.object({
    ...priceBase,
    amount_type: z.literal('metered_unit'),
    meter_id: z.uuid(),
    unit_amount: unitAmount,
    cap_amount: z.number().int().min(0).max(2_147_483_647).nullish(),
  }),
};

/**
 * ProductPriceCreate: a union tagged by `amount_type`, problems under the tag. The removed
 * `free` type is still read, as a fixed price of 0 (`_coerce_legacy_free_price`).
 */
export const priceCreate = z.unknown().transform((value, ctx): NewTodaysPrice => {
  let input = value as Record<string, unknown>;
  if (input && typeof input === 'object' && input.amount_type === 'free') {
    const { price_currency, tax_behavior } = input;
    input = { amount_type: 'fixed', price_amount: 0, price_currency, tax_behavior };
    for (const k of ['price_currency', 'tax_behavior']) if (input[k] === undefined) delete input[k];
  }
  const tag = input && typeof input === 'object' ? input.amount_type : undefined;
  if (tag === undefined) {
    ctx.issues.push(
      problem(
        value,
        'union_tag_not_found',
        "Unable to extract tag using discriminator 'amount_type'",
        {
          discriminator: "'amount_type'",
        },
      ),
    );
    return z.NEVER;
  }
  const schema = PRICE_MEMBERS[String(tag) as keyof typeof PRICE_MEMBERS];
  if (!schema) {
    const expected = PRICE_TAGS.map((t) => `'${t}'`).join(', ');
    ctx.issues.push(
      problem(
        value,
        'union_tag_invalid',
        `Input tag '${String(tag)}' found using 'amount_type' does not match any of the expected tags: ${expected}`,
        { discriminator: "'amount_type'", tag: String(tag), expected_tags: expected },
      ),
    );
    return z.NEVER;
  }
  const parsed = schema.safeParse(input, { reportInput: true });
  if (!parsed.success) {
    for (const issue of parsed.error.issues)
      ctx.issues.push({ ...issue, path: [String(tag), ...issue.path] } as z.core.$ZodRawIssue);
    return z.NEVER;
  }
  return parsed.data as NewTodaysPrice;
});

const trial = {
  trial_interval: z.enum(INTERVALS).nullish(),
  trial_interval_count: count(1000).nullish(),
};

/** TrialConfigurationInputMixin: both or neither, a problem of the whole model. */
function completeTrial(
  body: { trial_interval?: string | null; trial_interval_count?: number | null },
  ctx: z.RefinementCtx,
) {
  if ((body.trial_interval == null) !== (body.trial_interval_count == null))
    ctx.issues.push(
      problem(
        body,
        'missing',
        'Both trial_interval and trial_interval_count must be set together.',
      ),
    );
}

const createBase = {
  metadata: metadataInput.optional(),
  name,
  description,
  visibility: visibility.optional(),
  prices: z.array(priceCreate).min(1),
  medias: z.array(z.uuid()).nullish(),
  attached_custom_fields: z
    .array(z.object({ custom_field_id: z.uuid(), required: z.boolean() }))
    .optional(),
  organization_id: z.uuid().nullish(),
};

const createRecurring = z
  .object({
    ...createBase,
    ...trial,
    recurring_interval: z.enum(INTERVALS),
    recurring_interval_count: count(999).optional(),
    meter_interval: z.enum(INTERVALS).nullish(),
    meter_interval_count: count(999).nullish(),
  })
  .superRefine(completeTrial);
const createOneTime = z.object({
  ...createBase,
  recurring_interval: z.null().optional(),
  recurring_interval_count: z.null().optional(),
});

/**
 * ProductCreate: recurring when `recurring_interval` is set, one-time otherwise (the
 * `_product_create_discriminator`), problems under the member's tag.
 */
export const createBody = z.unknown().transform((value, ctx) => {
  const tag = (value as { recurring_interval?: unknown }).recurring_interval == null;
  const [label, schema] = tag
    ? (['one_time', createOneTime] as const)
    : (['recurring', createRecurring] as const);
  const parsed = (schema as z.ZodType).safeParse(value, { reportInput: true });
  if (!parsed.success) {
    for (const issue of parsed.error.issues)
      ctx.issues.push({ ...issue, path: [label, ...issue.path] } as z.core.$ZodRawIssue);
    return z.NEVER;
  }
  return parsed.data as z.output<typeof createRecurring> | z.output<typeof createOneTime>;
});

/** The domain's draft of a parsed create body. */
export function createDraft(body: z.output<typeof createBody>): ProductDraft {
  const recurring = 'meter_interval' in body || body.recurring_interval != null;
  const r = body as Partial<z.output<typeof createRecurring>>;
  let meterCount = r.meter_interval_count ?? null;
  if (r.meter_interval == null) meterCount = null;
  else if (meterCount == null) meterCount = 1;
  return {
    metadata: body.metadata ?? {},
    name: body.name,
    description: body.description ?? null,
    prices: [],
    todaysPrices: body.prices,
    medias: body.medias ?? null,
    attached_custom_fields: body.attached_custom_fields ?? [],
    organization_id: body.organization_id ?? null,
    visibility: body.visibility ?? 'public',
    recurring_interval: recurring ? (r.recurring_interval ?? null) : null,
    recurring_interval_count: recurring ? (r.recurring_interval_count ?? 1) : null,
    trial_interval: r.trial_interval ?? null,
    trial_interval_count: r.trial_interval_count ?? null,
    meter_interval: r.meter_interval ?? null,
    meter_interval_count: meterCount,
  };
}

/** ProductUpdate. An object with an `id` is a price to keep (left to right: that comes first). */
export const updateBody = z
  .object({
    metadata: metadataInput.optional(),
    ...trial,
    name: name.nullish(),
    description,
    recurring_interval: z.enum(INTERVALS).nullish(),
    recurring_interval_count: count(999).nullish(),
    is_archived: z.boolean().nullish(),
    visibility: visibility.nullish(),
    prices: z
      .array(
        z.unknown().transform((value, ctx): NewTodaysPrice | { id: string } => {
          const existing = z.object({ id: z.uuid() }).safeParse(value);
          if (existing.success) return existing.data;
          const parsed = priceCreate.safeParse(value, { reportInput: true });
          if (parsed.success) return parsed.data;
          for (const issue of parsed.error.issues) ctx.issues.push(issue as z.core.$ZodRawIssue);
          return z.NEVER;
        }),
      )
      .nullish(),
    medias: z.array(z.uuid()).nullish(),
    attached_custom_fields: z
      .array(z.object({ custom_field_id: z.uuid(), required: z.boolean() }))
      .nullish(),
  })
  .superRefine(completeTrial);

/** The domain's changes: what was sent (exclude_unset); a null is no change but where noted. */
export function updateChanges(body: z.output<typeof updateBody>, sent: object): ProductChanges {
  const has = (k: string) => Object.hasOwn(sent, k);
  const out: ProductChanges = {
    name: body.name ?? null,
    is_archived: body.is_archived ?? null,
    medias: body.medias ?? null,
    attached_custom_fields: body.attached_custom_fields ?? null,
    todaysPrices: body.prices ?? null,
  };
  // Sent, it is set: an empty or null description clears it.
  if (has('description')) out.description = body.description ?? null;
  if (has('metadata') && body.metadata) out.metadata = body.metadata;
  if (body.visibility != null) out.visibility = body.visibility;
  if (body.recurring_interval != null) out.recurring_interval = body.recurring_interval;
  // setattr of every key sent: a null count or trial clears it.
  if (has('recurring_interval_count'))
    out.recurring_interval_count = body.recurring_interval_count ?? null;
  if (has('trial_interval')) out.trial_interval = body.trial_interval ?? null;
  if (has('trial_interval_count')) out.trial_interval_count = body.trial_interval_count ?? null;
  return out;
}

/** ProductBenefitsUpdate. */
export const benefitsBody = z.object({ benefits: z.array(z.uuid()) });
