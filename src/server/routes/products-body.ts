// The bodies of POST /v1/products/ and PATCH /v1/products/{id} as the real service's schemas take
// them (product/schemas.py at the spec's generation); the class names are the labels its union
// problems carry. A recurring product has one fixed price per interval (at most two) or a single
// free price; a one-time product a single fixed, pay-what-you-want (custom) or free price.
import * as z from 'zod';
import {
  CURRENCIES,
  PRICE_AMOUNT_MAX,
  PRICE_AMOUNT_MIN,
  PRODUCT_NAME_MIN_LENGTH,
  RECURRING_FIXED_PRICES_MAX,
  RECURRING_INTERVALS,
} from '../../shared/api-facts.js';
import type { NewPrice, ProductChanges, ProductDraft } from '../domain/products.js';
import { chars, parseBody } from '../validate.js';
import {
  after,
  emptyToNone,
  list,
  literal,
  matching,
  metadata,
  oneOf,
  orNull,
  union,
  withDefault,
} from '../validate-models.js';

const amount = z.number().int().min(PRICE_AMOUNT_MIN).max(PRICE_AMOUNT_MAX);
const currency = matching(CURRENCIES.join('|'), () => CURRENCIES[0]);
const name = chars(Number.MAX_SAFE_INTEGER, PRODUCT_NAME_MIN_LENGTH);
const priceType = <V extends 'one_time' | 'recurring'>(v: V) => literal('ProductPriceType', v);
const amountType = <V extends 'fixed' | 'custom' | 'free'>(v: V) =>
  literal('ProductPriceAmountType', v);
const interval = oneOf(RECURRING_INTERVALS);

const recurringFixed = z.object({
  type: priceType('recurring'),
  amount_type: amountType('fixed'),
  price_amount: amount,
  price_currency: currency,
  recurring_interval: interval,
});
const recurringFree = z.object({
  type: priceType('recurring'),
  amount_type: amountType('free'),
  recurring_interval: interval,
});
const oneTimeFixed = z.object({
  type: priceType('one_time'),
  amount_type: amountType('fixed'),
  price_amount: amount,
  price_currency: currency,
});
const oneTimeCustom = z.object({
  type: priceType('one_time'),
  amount_type: amountType('custom'),
  price_currency: currency,
  minimum_amount: orNull(amount),
  maximum_amount: orNull(amount),
  preset_amount: orNull(amount),
});
const oneTimeFree = z.object({ type: priceType('one_time'), amount_type: amountType('free') });

const RECURRING_FIXED = 'ProductPriceRecurringFixedCreate';
const RECURRING_FREE = 'ProductPriceRecurringFreeCreate';
const ONE_TIME_MEMBERS: [string, z.ZodType<NewPrice, unknown>][] = [
  ['ProductPriceOneTimeFixedCreate', oneTimeFixed],
  ['ProductPriceOneTimeCustomCreate', oneTimeCustom],
  ['ProductPriceOneTimeFreeCreate', oneTimeFree],
];

/** Only one price per interval (the real service's `_check_intervals`). */
const oneAnInterval = (prices: { recurring_interval: string }[]) =>
  new Set(prices.map((p) => p.recurring_interval)).size === prices.length
    ? null
    : 'Only one price per interval is allowed.';

const recurringPrices = union<NewPrice[]>([
  [
    `function-after[_check_intervals(), list[${RECURRING_FIXED}]]`,
    after(list(recurringFixed, { min: 1, max: RECURRING_FIXED_PRICES_MAX }), oneAnInterval),
  ],
  [`list[${RECURRING_FREE}]`, list(recurringFree, { min: 1, max: 1 })],
]);
const oneTimePrices = list(union(ONE_TIME_MEMBERS), { min: 1, max: 1 });

const attachedField = z.object({ custom_field_id: z.uuid(), required: z.boolean() });

/** ProductCreateBase's fields in its order, with `prices` of the member. */
const productCreate = (prices: z.ZodType<NewPrice[], unknown>) =>
  z.object({
    metadata: metadata(() => ({})),
    name,
    description: emptyToNone,
    prices,
    medias: orNull(list(z.uuid())),
    attached_custom_fields: withDefault(list(attachedField), () => []),
    organization_id: orNull(z.uuid()),
  });

const createBody = union([
  ['ProductRecurringCreate', productCreate(recurringPrices)],
  ['ProductOneTimeCreate', productCreate(oneTimePrices)],
]);

const updateBody = z.object({
  metadata: orNull(metadata()),
  name: orNull(name),
  description: emptyToNone,
  is_archived: orNull(z.boolean()),
  // Left to right: an object with an `id` is a price to keep, whatever else it carries.
  prices: orNull(
    list(
      union<NewPrice | { id: string }>([
        ['ExistingProductPrice', z.object({ id: z.uuid() })],
        [RECURRING_FIXED, recurringFixed],
        [RECURRING_FREE, recurringFree],
        ...ONE_TIME_MEMBERS,
      ]),
    ),
  ),
  medias: orNull(list(z.uuid())),
  attached_custom_fields: orNull(list(attachedField)),
});

// ProductBenefitsUpdate: the benefits' ids, in the order the product lists them.
const benefitsBody = z.object({ benefits: list(z.uuid()) });

export function parseProductBenefits(body: unknown): string[] {
  return parseBody(benefitsBody, body).benefits;
}

export function parseProductCreate(body: unknown): ProductDraft {
  return parseBody(createBody, body);
}

export function parseProductUpdate(body: unknown): ProductChanges {
  return parseBody(updateBody, body);
}
