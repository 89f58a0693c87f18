// Subscriptions in today's generation (Polar-Version 2026-04/2026-10), read from polarsource/polar
// at c6c3645e: the seller's Subscription and the customer portal's CustomerSubscription
// (subscription/schemas.py, customer_portal/schemas/subscription.py; the deprecated price_id,
// price, user_id and user are still serialized), the update unions (SubscriptionUpdate,
// CustomerSubscriptionUpdate: the first member the body fits, as pydantic's smart union picks;
// none: every member's problems under its name), the change previews' bodies and the list
// queries. The sandbox sells no seats (README): seats are null. A subscription's `prices` and
// `meters` (its period's usage so far) are the domain's (meter-billing.ts subscriptionUsage).
import * as z from 'zod';
import type { components } from '../../shared/openapi/2026-10.js';
import { discountAmount } from '../domain/checkout-amounts.js';
import { discountApplies } from '../domain/due.js';
import { Invalid, invalid, type Problem } from '../domain/errors.js';
import type { Metadata } from '../domain/metadata.js';
import type { Proration } from '../domain/subscription-billing.js';
import { firstDiscountedAt } from '../domain/subscription-billing.js';
import type { TodaysChange } from '../domain/subscriptions-today.js';
import { pythonFloat } from '../serialize/export.js';
import { b, j, type Loader, stamps } from '../serialize/loader.js';
import type { SortCriterion } from '../store/lists.js';
import type { DiscountRow, SubscriptionRow } from '../store/rows.js';
import type { TodaysFilter } from '../store/subscriptions.js';
import {
  boolParam,
  enumList,
  issueToItem,
  listParams,
  type Page,
  problem,
  type Query,
  uuidLists,
} from '../validate.js';
import { avatarOf, customer } from './customers.js';
import { metadataInput } from './metadata.js';
import { meter } from './meters.js';
import { customerOrganization, organization } from './organizations.js';
import { price, product } from './products.js';

type Schemas = components['schemas'];

/**
 * The subscription's discount as today shows it: the one whose repetitions still last in the
 * current period (the real cycle drops an expired one: `_clear_expired_discount`).
 */
function shownDiscount(l: Loader, r: SubscriptionRow): DiscountRow | null {
  const d = r.discount_id ? l.row('discounts', r.discount_id) : null;
  if (!d) return null;
  const start = new Date(r.current_period_start);
  return discountApplies(d, new Date(firstDiscountedAt(r, r.current_period_start)), start)
    ? d
    : null;
}

/** DiscountMinimal (SubscriptionDiscount): the discount without its products. */
export function discountMinimal(d: DiscountRow): Schemas['Subscription']['discount'] {
  const base = {
    created_at: d.created_at,
    modified_at: d.modified_at ?? null,
    id: d.id,
    metadata: (j(d.metadata) ?? {}) as Record<string, string>,
    name: d.name,
    code: d.code ?? null,
    starts_at: d.starts_at ?? null,
    ends_at: d.ends_at ?? null,
    max_redemptions: d.max_redemptions ?? null,
    max_redemptions_per_customer: null,
    redemptions_count: d.redemptions_count,
    organization_id: d.organization_id,
  };
  const repeat =
    d.duration === 'repeating' ? { duration_in_months: d.duration_in_months ?? 1 } : {};
  const off =
    d.type === 'percentage'
      ? { type: 'percentage' as const, basis_points: d.basis_points ?? 0 }
      : {
          type: 'fixed' as const,
          amount: d.amount ?? 0,
          currency: d.currency ?? 'usd',
          amounts: { [d.currency ?? 'usd']: d.amount ?? 0 },
        };
  return {
    duration: d.duration,
    ...repeat,
    ...off,
    ...base,
  } as Schemas['Subscription']['discount'];
}

/**
 * What a subscription's period costs today: its prices less the discount that still applies
 * (models/subscription.py update_amount_and_currency).
 */
function amountOf(r: SubscriptionRow, discount: DiscountRow | null): number {
  const base = r.amount ?? 0;
  return base - discountAmount(discount, base, r.currency ?? 'usd');
}

/**
 * What today's forms show of a subscription's money and trial, the customer state's included:
 * its amount after the discount still applying, that discount, and its trial's dates.
 */
export function todaysTerms(l: Loader, r: SubscriptionRow) {
  const discount = shownDiscount(l, r);
  const trialing = r.status === 'trialing';
  return {
    amount: amountOf(r, discount),
    discount_id: discount?.id ?? null,
    // A trial written before today's facts were stored is its current period.
    trial_start: r.trial_start ?? (trialing ? r.current_period_start : null),
    trial_end: r.trial_end ?? (trialing ? r.current_period_end : null),
  };
}

/** The fields both forms share (SubscriptionBase). */
function subscriptionBase(l: Loader, r: SubscriptionRow, discount: DiscountRow | null) {
  const trialing = r.status === 'trialing';
  const pending = l.pendingUpdate(r.id);
  return {
    ...stamps(r),
    id: r.id,
    amount: amountOf(r, discount),
    currency: r.currency ?? 'usd',
    recurring_interval: r.recurring_interval,
    recurring_interval_count: r.recurring_interval_count ?? 1,
    status: r.status,
    current_period_start: r.current_period_start,
    current_period_end: r.current_period_end ?? r.current_period_start,
    current_meter_period_start: null,
    current_meter_period_end: null,
    // A trial written before today's facts were stored is its current period.
    trial_start: r.trial_start ?? (trialing ? r.current_period_start : null),
    trial_end: r.trial_end ?? (trialing ? r.current_period_end : null),
    cancel_at_period_end: b(r.cancel_at_period_end),
    canceled_at: r.canceled_at ?? null,
    started_at: r.started_at ?? null,
    ends_at: r.ends_at ?? null,
    ended_at: r.ended_at ?? null,
    past_due_at: null,
    pause_at_period_end: b(r.pause_at_period_end ?? 0),
    paused_at: r.paused_at ?? null,
    resumes_at: r.resumes_at ?? null,
    customer_id: r.customer_id,
    product_id: r.product_id,
    discount_id: discount?.id ?? null,
    checkout_id: r.checkout_id ?? null,
    seats: null,
    units: null,
    customer_cancellation_reason: (r.customer_cancellation_reason ?? null) as
      | Schemas['CustomerCancellationReason']
      | null,
    customer_cancellation_comment: r.customer_cancellation_comment ?? null,
    // Deprecated, and still serialized (SkipJsonSchema).
    price_id: r.price_id,
    pending_update: pending
      ? {
          ...stamps(pending),
          id: pending.id,
          applies_at: pending.applies_at,
          product_id: pending.product_id ?? null,
          seats: null,
          units: null,
        }
      : null,
  };
}

/** The seller's Subscription. */
export function subscription(l: Loader, r: SubscriptionRow): Schemas['Subscription'] {
  const c = l.row('customers', r.customer_id)!;
  const discount = shownDiscount(l, r);
  const thePrice = price(l.row('prices', r.price_id)!);
  const usage = l.usage(r);
  return {
    ...subscriptionBase(l, r, discount),
    metadata: (j(r.metadata) ?? {}) as Record<string, string>,
    custom_field_data: (j(r.custom_field_data) ?? {}) as Record<string, string>,
    customer: customer(c),
    user_id: c.user_id ?? c.id,
    user: {
      id: c.user_id ?? c.id,
      email: c.email,
      public_name: Array.from(c.name || c.email || '?')[0]!,
      avatar_url: avatarOf(c.email),
      github_username: null,
    },
    product: product(l, l.row('products', r.product_id)!),
    discount: discount ? discountMinimal(discount) : null,
    price: thePrice,
    prices: usage ? usage.prices.map((p) => price(p)) : [thePrice],
    meters: (usage?.meters ?? []).flatMap((m) => {
      const row = l.row('meters', m.meter_id);
      return row ? [{ ...m, meter: meter(row) }] : [];
    }),
  } as Schemas['Subscription'];
}

/** The customer portal's CustomerSubscription: no customer, discount nor metadata. */
export function customerSubscription(
  l: Loader,
  r: SubscriptionRow,
  now: string,
): Schemas['CustomerSubscription'] {
  const c = l.row('customers', r.customer_id)!;
  const thePrice = price(l.row('prices', r.price_id)!);
  const usage = l.usage(r);
  return {
    ...subscriptionBase(l, r, shownDiscount(l, r)),
    user_id: c.user_id ?? c.id,
    product: portalProduct(l, r.product_id, now),
    price: thePrice,
    prices: usage ? usage.prices.map((p) => price(p)) : [thePrice],
    // CustomerSubscriptionMeter: the meter's id, stamps and name only.
    meters: (usage?.meters ?? []).flatMap((m) => {
      const row = l.row('meters', m.meter_id);
      return row ? [{ ...m, meter: { ...stamps(row), id: row.id, name: row.name } }] : [];
    }),
  } as Schemas['CustomerSubscription'];
}

/** CustomerSubscriptionProduct: the product, its public benefits and its organization. */
function portalProduct(l: Loader, productId: string, now: string) {
  const {
    metadata: _m,
    attached_custom_fields: _f,
    benefits,
    ...rest
  } = product(l, l.row('products', productId)!);
  const org = organization(l.row('organizations', rest.organization_id)!, now);
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
      is_deleted: false,
      organization_id: x.organization_id,
    })),
    organization: customerOrganization(org),
  };
}

// ---- bodies

const PRORATIONS = ['invoice', 'prorate', 'next_period', 'reset'] as const;
const REASONS = [
  'customer_service',
  'low_quality',
  'missing_features',
  'switched_service',
  'too_complex',
  'too_expensive',
  'unused',
  'other',
] as const;

/** FutureDatetime: a date-time after the service's now (`now` too, where the field takes it). */
const future = (now: () => number, orNow = false) =>
  z.unknown().transform((value, ctx) => {
    if (orNow && value === 'now') return 'now';
    const at =
      typeof value === 'string' && /^\d{4}-\d{2}-\d{2}/.test(value) ? Date.parse(value) : NaN;
    if (Number.isNaN(at)) {
      ctx.issues.push(
        problem(value, 'datetime_from_date_parsing', 'Input should be a valid datetime'),
      );
      return z.NEVER;
    }
    if (at <= now()) {
      ctx.issues.push(problem(value, 'datetime_future', 'Input should be in the future'));
      return z.NEVER;
    }
    return new Date(at).toISOString();
  });

const int32 = z.number().int().min(-2147483648).max(2147483647);
const reason = z.enum(REASONS).nullish();

/** The seller's union (SubscriptionUpdate), in the document's order; each member forbids more. */
function sellerMembers(now: () => number): [string, z.ZodType][] {
  return [
    [
      'SubscriptionUpdateBase',
      z.strictObject({
        metadata: metadataInput.optional(),
        product_id: z.uuid().nullish(),
        proration_behavior: z.enum(PRORATIONS).nullish(),
        discount_id: z.uuid().nullish(),
        trial_end: future(now, true).nullish(),
      }),
    ],
    [
      'SubscriptionUpdateSeats',
      z.strictObject({ seats: int32.min(1), proration_behavior: z.enum(PRORATIONS).nullish() }),
    ],
    [
      'SubscriptionUpdateBillingPeriod',
      z.strictObject({ current_billing_period_end: future(now) }),
    ],
    [
      'SubscriptionCancel',
      z.strictObject({
        customer_cancellation_reason: reason,
        customer_cancellation_comment: z.string().nullish(),
        cancel_at_period_end: z.boolean(),
      }),
    ],
    [
      'SubscriptionRevoke',
      z.strictObject({
        customer_cancellation_reason: reason,
        customer_cancellation_comment: z.string().nullish(),
        revoke: z.literal(true),
      }),
    ],
    [
      'SubscriptionPause',
      z.strictObject({ pause_at_period_end: z.boolean(), resumes_at: future(now).nullish() }),
    ],
    ['SubscriptionResume', z.strictObject({ resume: z.literal(true) })],
    ['SubscriptionUpdateClear', z.strictObject({ pending_update: z.null() })],
  ];
}

/** The buyer's union (CustomerSubscriptionUpdate). */
function portalMembers(now: () => number): [string, z.ZodType][] {
  return [
    ['CustomerSubscriptionUpdateProduct', z.strictObject({ product_id: z.uuid() })],
    ['CustomerSubscriptionUpdateSeats', z.strictObject({ seats: int32.min(1) })],
    [
      'CustomerSubscriptionCancel',
      z.strictObject({
        cancel_at_period_end: z.boolean().nullish(),
        cancellation_reason: reason,
        cancellation_comment: z.string().nullish(),
      }),
    ],
    [
      'CustomerSubscriptionPause',
      z.strictObject({ pause_at_period_end: z.boolean(), resumes_at: future(now).nullish() }),
    ],
    ['CustomerSubscriptionResume', z.strictObject({ resume: z.literal(true) })],
    ['CustomerSubscriptionUpdateClear', z.strictObject({ pending_update: z.null() })],
  ];
}

/** The first member `body` fits, with its name; none: a 422 with each member's problems. */
function pick(members: [string, z.ZodType][], body: unknown): [string, Record<string, unknown>] {
  if (body === null || typeof body !== 'object' || Array.isArray(body))
    throw new Invalid([
      {
        type: 'model_attributes_type',
        loc: [],
        msg: 'Input should be a valid dictionary or object to extract fields from',
        input: body,
      },
    ]);
  const problems: Problem[] = [];
  for (const [name, schema] of members) {
    const parsed = schema.safeParse(body, { reportInput: true });
    if (parsed.success) return [name, parsed.data as Record<string, unknown>];
    for (const issue of parsed.error.issues) {
      // extra='forbid': pydantic's extra_forbidden, one per key sent.
      if (issue.code === 'unrecognized_keys') {
        for (const key of issue.keys)
          problems.push({
            type: 'extra_forbidden',
            loc: [name, ...issue.path.map(String), key],
            msg: 'Extra inputs are not permitted',
            input: (body as Record<string, unknown>)[key],
          });
        continue;
      }
      const item = issueToItem(issue, body);
      problems.push({ ...item, loc: [name, ...item.loc] });
    }
  }
  throw new Invalid(problems);
}

/** PATCH /v1/subscriptions/{id}: the body as the domain's change. */
export function sellerChange(body: unknown, now: () => number): TodaysChange {
  const [member, v] = pick(sellerMembers(now), body);
  return toChange(member, v, body as Record<string, unknown>);
}

/** PATCH /v1/customer-portal/subscriptions/{id}. */
export function portalChange(body: unknown, now: () => number): TodaysChange {
  const [member, v] = pick(portalMembers(now), body);
  return toChange(member, v, body as Record<string, unknown>);
}

function toChange(
  member: string,
  v: Record<string, unknown>,
  sent: Record<string, unknown>,
): TodaysChange {
  const has = (k: string) => Object.hasOwn(sent, k);
  switch (member) {
    case 'SubscriptionUpdateBase':
      return {
        form: 'base',
        productId: (v.product_id as string | null) ?? undefined,
        proration: v.proration_behavior as Proration | null,
        discount:
          v.discount_id != null
            ? (v.discount_id as string)
            : has('discount_id')
              ? 'unset'
              : undefined,
        trialEnd: (v.trial_end as string | null) ?? undefined,
        metadata: has('metadata') ? (v.metadata as Record<string, string>) : undefined,
      };
    case 'CustomerSubscriptionUpdateProduct':
      return { form: 'base', productId: v.product_id as string };
    case 'SubscriptionUpdateSeats':
    case 'CustomerSubscriptionUpdateSeats':
      return { form: 'seats' };
    case 'SubscriptionUpdateBillingPeriod':
      return { form: 'billing_period', end: v.current_billing_period_end as string };
    case 'SubscriptionCancel':
      return {
        form: 'cancel',
        cancelAtPeriodEnd: v.cancel_at_period_end as boolean,
        reason: v.customer_cancellation_reason as string | null,
        comment: v.customer_cancellation_comment as string | null,
      };
    case 'CustomerSubscriptionCancel':
      return {
        form: 'cancel',
        cancelAtPeriodEnd: (v.cancel_at_period_end as boolean | null) ?? null,
        reason: v.cancellation_reason as string | null,
        comment: v.cancellation_comment as string | null,
      };
    case 'SubscriptionRevoke':
      return {
        form: 'revoke',
        reason: v.customer_cancellation_reason as string | null,
        comment: v.customer_cancellation_comment as string | null,
      };
    case 'SubscriptionPause':
    case 'CustomerSubscriptionPause':
      return {
        form: 'pause',
        pauseAtPeriodEnd: v.pause_at_period_end as boolean,
        resumesAt: (v.resumes_at as string | null) ?? null,
      };
    case 'SubscriptionResume':
    case 'CustomerSubscriptionResume':
      return { form: 'resume' };
    default:
      return { form: 'clear' };
  }
}

/** SubscriptionChangePreview (the seller's) and CustomerSubscriptionChangePreview. */
export function previewBody(
  body: unknown,
  seller: boolean,
): { productId?: string; proration?: Proration | null } {
  const members: [string, z.ZodType][] = seller
    ? [
        [
          'SubscriptionChangePreviewProduct',
          z.strictObject({
            product_id: z.uuid(),
            proration_behavior: z.enum(PRORATIONS).nullish(),
          }),
        ],
        [
          'SubscriptionChangePreviewSeats',
          z.strictObject({ seats: int32.min(1), proration_behavior: z.enum(PRORATIONS).nullish() }),
        ],
      ]
    : [
        ['CustomerSubscriptionChangePreviewProduct', z.strictObject({ product_id: z.uuid() })],
        ['CustomerSubscriptionChangePreviewSeats', z.strictObject({ seats: int32.min(1) })],
      ];
  const [member, v] = pick(members, body);
  // The sandbox sells no seats: a seats preview has no product.
  if (member.endsWith('Seats')) return {};
  return { productId: v.product_id as string, proration: v.proration_behavior as Proration | null };
}

// ---- queries

const STATUSES = [
  'incomplete',
  'incomplete_expired',
  'trialing',
  'active',
  'past_due',
  'canceled',
  'unpaid',
  'paused',
] as const;
/** SubscriptionSortProperty. */
export const SORTS = [
  'customer',
  'status',
  'started_at',
  'current_period_end',
  'ended_at',
  'ends_at',
  'amount',
  'product',
  'discount',
] as const;

const listOf = (query: Query, name: string): string[] => {
  const v = query[name];
  return v === undefined ? [] : Array.isArray(v) ? v : [v];
};

/** A date-time query value as ISO text (`aware`: it must name its offset, AwareDatetime). */
export function dateParam(query: Query, name: string, aware = false): string | undefined {
  const raw = listOf(query, name).at(-1);
  if (raw === undefined) return undefined;
  const at = Date.parse(raw);
  if (Number.isNaN(at) || !/^\d{4}-\d{2}-\d{2}/.test(raw))
    throw invalid(
      [name],
      'Input should be a valid datetime',
      raw,
      'datetime_from_date_parsing',
      undefined,
      'query',
    );
  if (aware && !/(Z|[+-]\d{2}:?\d{2})$/i.test(raw))
    throw invalid(
      [name],
      'Input should have timezone info',
      raw,
      'timezone_aware',
      undefined,
      'query',
    );
  return new Date(at).toISOString();
}

/** `metadata[key]=value` query filters (kit/metadata.py MetadataQuery). */
function metadataQuery(query: Query): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const [key, value] of Object.entries(query)) {
    const m = /^metadata\[(.+)\]$/.exec(key);
    if (m && value !== undefined) out[m[1]!] = Array.isArray(value) ? value : [value];
  }
  return out;
}

/** GET /v1/subscriptions/'s query in today's generation. */
export function listQuery(query: Query): {
  page: Page;
  sorting: SortCriterion[];
  filter: TodaysFilter;
} {
  const { page, sorting } = listParams(query, SORTS, ['-started_at']);
  const filter: TodaysFilter = {
    ...uuidLists(query, 'organization_id', 'product_id', 'customer_id', 'discount_id'),
    external_customer_id: listOf(query, 'external_customer_id'),
    status: enumList(query, 'status', STATUSES),
    customer_cancellation_reason: enumList(query, 'customer_cancellation_reason', REASONS),
    active: boolParam(query, 'active'),
    cancel_at_period_end: boolParam(query, 'cancel_at_period_end'),
    canceled_at_after: dateParam(query, 'canceled_at_after'),
    canceled_at_before: dateParam(query, 'canceled_at_before'),
    started_after: dateParam(query, 'started_after'),
    started_before: dateParam(query, 'started_before'),
    metadata: metadataQuery(query),
  };
  return { page, sorting, filter };
}

// ---- the CSV export (subscription/export.py)

const COLUMNS = {
  email: 'Email',
  started_at: 'Started At',
  product: 'Product',
  amount: 'Amount',
  currency: 'Currency',
  status: 'Status',
  recurring_interval: 'Billing Interval',
  customer_name: 'Customer Name',
  billing_name: 'Billing Name',
  billing_country: 'Billing Country',
  net_amount: 'Net Amount',
  discount: 'Discount',
  seats: 'Seats',
  current_period_start: 'Current Period Start',
  current_period_end: 'Current Period End',
  cancel_at_period_end: 'Cancels At Period End',
  canceled_at: 'Canceled At',
  ends_at: 'Ends At',
  ended_at: 'Ended At',
  cancellation_reason: 'Cancellation Reason',
  trial_start: 'Trial Start',
  trial_end: 'Trial End',
} as const;
type Column = keyof typeof COLUMNS;
const DEFAULT_COLUMNS: Column[] = [
  'email',
  'started_at',
  'product',
  'amount',
  'currency',
  'status',
  'recurring_interval',
];

/** The export's query: its filters, the time zone its dates are written in, its columns. */
export function exportQuery(query: Query) {
  const timezone = listOf(query, 'timezone').at(-1) ?? 'UTC';
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: timezone });
  } catch {
    const msg = `Value error, '${timezone}' is not a valid IANA time zone`;
    throw invalid(['timezone'], msg, timezone, 'value_error', undefined, 'query');
  }
  const columns = enumList(query, 'columns', Object.keys(COLUMNS)) as Column[];
  const filter: TodaysFilter = {
    ...uuidLists(query, 'organization_id', 'product_id'),
    customer_id: [],
    discount_id: [],
    external_customer_id: [],
    status: enumList(query, 'status', STATUSES),
    customer_cancellation_reason: [],
    cancel_at_period_end: boolParam(query, 'cancel_at_period_end'),
    started_after: dateParam(query, 'started_after', true),
    started_before: dateParam(query, 'started_before', true),
    metadata: {},
  };
  return { filter, timezone, columns: columns.length ? columns : DEFAULT_COLUMNS };
}

/** datetime.astimezone(tz).isoformat(): the wall time there and its offset. */
export function isoIn(iso: string, timeZone: string): string {
  const at = new Date(iso);
  const name =
    new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'longOffset' })
      .formatToParts(at)
      .find((p) => p.type === 'timeZoneName')?.value ?? 'GMT';
  const m = /GMT([+-])(\d{2}):(\d{2})/.exec(name);
  const minutes = m ? (m[1] === '-' ? -1 : 1) * (Number(m[2]) * 60 + Number(m[3])) : 0;
  const local = new Date(at.getTime() + minutes * 60_000).toISOString();
  const ms = at.getUTCMilliseconds();
  const fraction = ms === 0 ? '' : `.${String(ms * 1000).padStart(6, '0')}`;
  const offset = m ? `${m[1]}${m[2]}:${m[3]}` : '+00:00';
  return `${local.slice(0, 19)}${fraction}${offset}`;
}

/** get_filename: the bounds' dates in the time zone. */
export function exportFilename(q: ReturnType<typeof exportQuery>): string {
  let name = 'polar-subscriptions';
  for (const bound of [q.filter.started_after, q.filter.started_before])
    if (bound) name += `-${isoIn(bound, q.timezone).slice(0, 10)}`;
  return `${name}.csv`;
}

const pyMoney = (cents: number) => pythonFloat(cents / 100);

/** One subscription's row, in the columns asked for. */
export function exportRow(
  l: Loader,
  r: SubscriptionRow,
  q: ReturnType<typeof exportQuery>,
): string[] {
  const c = l.row('customers', r.customer_id)!;
  const discount = shownDiscount(l, r);
  const time = (v: string | null | undefined) => (v ? isoIn(v, q.timezone) : null);
  const count = r.recurring_interval_count ?? 1;
  const amount = amountOf(r, discount);
  const trialing = r.status === 'trialing';
  const values: Record<Column, string | number | null> = {
    email: c.email,
    started_at: time(r.started_at),
    product: l.row('products', r.product_id)?.name ?? null,
    amount: pyMoney(amount),
    currency: r.currency ?? 'usd',
    status: r.status,
    recurring_interval: count === 1 ? r.recurring_interval : `${count} ${r.recurring_interval}s`,
    customer_name: c.name ?? null,
    billing_name: c.billing_name ?? c.name ?? null,
    billing_country: (j(c.billing_address) as { country?: string } | null)?.country ?? null,
    // No tax inclusive in the sandbox: the net amount is the amount.
    net_amount: pyMoney(amount),
    discount: discount ? (discount.code ?? discount.name) : null,
    seats: null,
    current_period_start: time(r.current_period_start),
    current_period_end: time(r.current_period_end),
    cancel_at_period_end: r.cancel_at_period_end === 1 ? 'true' : 'false',
    canceled_at: time(r.canceled_at),
    ends_at: time(r.ends_at),
    ended_at: time(r.ended_at),
    cancellation_reason: r.customer_cancellation_reason ?? null,
    trial_start: time(r.trial_start ?? (trialing ? r.current_period_start : null)),
    trial_end: time(r.trial_end ?? (trialing ? r.current_period_end : null)),
  };
  // Python's csv writes None as an empty field.
  return q.columns.map((column) => String(values[column] ?? ''));
}

/** The header row of the columns asked for. */
export const exportHeader = (q: ReturnType<typeof exportQuery>) => q.columns.map((c) => COLUMNS[c]);

// ---- a subscription to a free product

/** SubscriptionCreate: SubscriptionCreateCustomer | SubscriptionCreateExternalCustomer. */
export function createBody(body: unknown): {
  product_id: string;
  customer: { id: string } | { externalId: string };
  metadata?: Metadata;
} {
  const base = { metadata: metadataInput.optional(), product_id: z.uuid() };
  const [member, v] = pick(
    [
      ['SubscriptionCreateCustomer', z.object({ ...base, customer_id: z.uuid() })],
      [
        'SubscriptionCreateExternalCustomer',
        z.object({ ...base, external_customer_id: z.string() }),
      ],
    ],
    body,
  );
  const customer =
    member === 'SubscriptionCreateCustomer'
      ? { id: (v.customer_id as string).toLowerCase() }
      : { externalId: v.external_customer_id as string };
  return {
    product_id: (v.product_id as string).toLowerCase(),
    customer,
    metadata: v.metadata as Metadata | undefined,
  };
}
