// Refunds in today's generation (the seed's has none), read from polarsource/polar at c6c3645e:
// the Refund form and the RefundCreate body (refund/schemas.py, models/refund.py).
import * as z from 'zod';
import type { components } from '../../shared/openapi/2026-10.js';
import { MANUAL_REFUND_REASONS, type RefundInput } from '../domain/refunds.js';
import { b, j, stamps } from '../serialize/loader.js';
import type { RefundRow } from '../store/rows.js';
import { problem } from '../validate.js';
import { metadataInput } from './metadata.js';

type Schemas = components['schemas'];

/** The Refund form. The sandbox prevents no dispute: `dispute` is always null. */
export function refund(r: RefundRow): Schemas['Refund'] {
  return {
    ...stamps(r),
    id: r.id,
    metadata: (j(r.metadata) ?? {}) as Schemas['Refund']['metadata'],
    status: r.status,
    reason: r.reason as Schemas['RefundReason'],
    amount: r.amount,
    tax_amount: r.tax_amount,
    currency: r.currency,
    organization_id: r.organization_id,
    order_id: r.order_id,
    subscription_id: r.subscription_id ?? null,
    customer_id: r.customer_id,
    revoke_benefits: b(r.revoke_benefits),
    dispute: null,
  };
}

const quoted = (values: readonly string[]) =>
  `${values
    .slice(0, -1)
    .map((v) => `'${v}'`)
    .join(', ')} or '${values.at(-1)}'`;

/** A Literal of pydantic: any other value, of any type, is a `literal_error`. */
function literal<const T extends readonly string[]>(values: T) {
  const expected = quoted(values);
  return z.unknown().transform((value, ctx): T[number] => {
    if (typeof value === 'string' && values.includes(value)) return value as T[number];
    if (value === undefined) {
      ctx.issues.push({ code: 'invalid_type', expected: 'string', input: value });
      return z.NEVER;
    }
    ctx.issues.push(problem(value, 'literal_error', `Input should be ${expected}`, { expected }));
    return z.NEVER;
  });
}

/** RefundCreate. */
export const createBody = z.object({
  metadata: metadataInput.optional(),
  order_id: z.uuid(),
  reason: literal(MANUAL_REFUND_REASONS),
  amount: z.int().gt(0),
  comment: z.string().nullish(),
  revoke_benefits: z.boolean().optional(),
});

/** The domain's input from a parsed body. */
export function refundInput(body: z.output<typeof createBody>): RefundInput {
  return {
    reason: body.reason,
    amount: body.amount,
    comment: body.comment ?? null,
    revoke_benefits: body.revoke_benefits ?? false,
    metadata: body.metadata ?? {},
  };
}
