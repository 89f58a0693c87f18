// The bodies of POST /v1/discounts/ and PATCH /v1/discounts/{id} as the real service's schemas
// take them (discount/schemas.py at the spec's generation). A new discount is one of four
// members picked by `type` and `duration` (fixed or percentage; once/forever or repeating), its
// problems reported under that tag; each member's fields are in its pydantic order.
import * as z from 'zod';
import {
  CURRENCIES,
  DISCOUNT_BASIS_POINTS_MAX,
  DISCOUNT_BASIS_POINTS_MIN,
  DISCOUNT_CODE_MAX_LENGTH,
  DISCOUNT_CODE_MIN_LENGTH,
  DISCOUNT_DURATIONS,
  DISCOUNT_TYPES,
} from '../../shared/api-facts.js';
import type { DiscountChanges, DiscountDraft } from '../domain/discounts.js';
import { charLength } from '../domain/values.js';
import { chars, parseBody } from '../validate.js';
import {
  after,
  check,
  dateTime,
  emptyToNone,
  fail,
  field,
  list,
  matching,
  metadata,
  oneOf,
  orNull,
  tagged,
  valueError,
} from '../validate-models.js';

const name = chars(Number.MAX_SAFE_INTEGER, 1);
const basisPoints = z.number().int().min(DISCOUNT_BASIS_POINTS_MIN).max(DISCOUNT_BASIS_POINTS_MAX);
const atLeastOne = z.number().int().min(1);

/** The real service's `_code_validator`, after EmptyStrToNone (an empty code is no code). */
function codeProblem(code: string): string | null {
  if (!/^[\p{L}\p{N}]+$/u.test(code)) return 'Code must contain only alphanumeric characters.';
  const n = charLength(code);
  if (n < DISCOUNT_CODE_MIN_LENGTH || n > DISCOUNT_CODE_MAX_LENGTH)
    return `Code must be between ${DISCOUNT_CODE_MIN_LENGTH} and ${DISCOUNT_CODE_MAX_LENGTH} characters long.`;
  return null;
}
/** Absent: undefined (a PATCH leaves the code); null or empty: no code. */
const code = field<string | null | undefined>(
  (input) => {
    const r = check(emptyToNone, input);
    if (!r.ok || r.value == null) return r;
    const problem = codeProblem(r.value);
    return problem ? fail(valueError(problem, input)) : r;
  },
  () => undefined,
);

/** starts_at must be before ends_at (a model validator: its problem is the whole body's). */
const startsBeforeEnds = (v: { starts_at?: string | null; ends_at?: string | null }) =>
  v.starts_at && v.ends_at && v.starts_at >= v.ends_at ? 'starts_at must be before ends_at' : null;

const base = {
  metadata: metadata(() => ({})),
  name,
  code,
  starts_at: orNull(dateTime),
  ends_at: orNull(dateTime),
  max_redemptions: orNull(atLeastOne),
  products: orNull(list(z.uuid())),
  organization_id: orNull(z.uuid()),
};
const duration = oneOf(DISCOUNT_DURATIONS);
const type = oneOf(DISCOUNT_TYPES);
const fixed = {
  amount: z.number().int().min(0),
  currency: matching(CURRENCIES.join('|'), () => CURRENCIES[0]),
};

const member = (shape: z.ZodRawShape) =>
  after(z.object(shape) as unknown as z.ZodType<DiscountDraft, unknown>, startsBeforeEnds);

/** Python's str() of a JSON value, as the real discriminator formats the tag with it. */
function pyStr(v: unknown): string {
  if (v === null) return 'None';
  if (typeof v === 'boolean') return v ? 'True' : 'False';
  return typeof v === 'string' ? v : JSON.stringify(v);
}

const createBody = tagged<DiscountDraft>(
  'get_discriminator_value()',
  (v) => {
    if (!('type' in v) || !('duration' in v)) return undefined;
    const once = v.duration === 'once' || v.duration === 'forever';
    return `${pyStr(v.type)}.${once ? 'once_forever' : 'repeat'}`;
  },
  {
    'fixed.once_forever': member({ duration, type, ...fixed, ...base }),
    'fixed.repeat': member({ duration, duration_in_months: atLeastOne, type, ...fixed, ...base }),
    'percentage.once_forever': member({ duration, type, basis_points: basisPoints, ...base }),
    'percentage.repeat': member({
      duration,
      duration_in_months: atLeastOne,
      type,
      basis_points: basisPoints,
      ...base,
    }),
  },
);

const updateBody = after(
  z.object({
    metadata: orNull(metadata()),
    name: orNull(name),
    code,
    starts_at: orNull(dateTime),
    ends_at: orNull(dateTime),
    max_redemptions: orNull(atLeastOne),
    duration: orNull(duration),
    duration_in_months: orNull(atLeastOne),
    type: orNull(type),
    amount: orNull(fixed.amount),
    currency: orNull(matching(CURRENCIES.join('|'))),
    basis_points: orNull(basisPoints),
    products: orNull(list(z.uuid())),
  }),
  startsBeforeEnds,
);

export function parseDiscountCreate(body: unknown): DiscountDraft {
  const draft = parseBody(createBody, body);
  return { ...draft, code: draft.code ?? null };
}

export function parseDiscountUpdate(body: unknown): DiscountChanges {
  return parseBody(updateBody, body);
}
