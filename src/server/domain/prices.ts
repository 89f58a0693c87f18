// Today's rules for a product's prices (product/service.py `get_validated_prices` and schemas.py
// `validate_price_amount` at c6c3645e): the amounts per currency, then the prices a product may
// combine. The seed's rules are its bodies' (routes/products-body.ts). The sandbox has no meters
// (a metered price names none that exists) and does not sell seats (README differences).
import type { OrganizationRow, PriceRow } from '../store/rows.js';
import type { Loc, Problem } from './errors.js';

export type TaxBehavior = 'location' | 'inclusive' | 'exclusive';

/** A price of today's create and update bodies (ProductPrice*Create), before it is stored. */
export interface NewTodaysPrice {
  amount_type: 'fixed' | 'custom' | 'seat_based' | 'metered_unit';
  price_currency?: string;
  tax_behavior?: TaxBehavior | null;
  price_amount?: number;
  minimum_amount?: number;
  maximum_amount?: number | null;
  preset_amount?: number | null;
  meter_id?: string;
  /** metered_unit: cents per unit, a decimal string; the most one period charges. */
  unit_amount?: string;
  cap_amount?: number | null;
}

/** MINIMUM_PRICE_PER_CURRENCY (kit/currency.py; Stripe's, some raised); 50 for the others. */
const MINIMUMS = Object.fromEntries(
  (
    'usd:50 aed:200 all:5000 amd:20000 aoa:50000 ars:75000 aud:70 awg:100 azn:100 bam:100 bbd:200 ' +
    'bdt:7000 bif:2000 bmd:100 bnd:100 bob:500 brl:250 bsd:100 bwp:1000 bzd:200 cad:70 cdf:200000 ' +
    'chf:50 clp:500 cny:500 cop:200000 crc:30000 cve:5000 czk:1500 djf:100 dkk:320 dop:4000 ' +
    'dzd:7000 egp:3000 etb:8000 eur:50 fjd:200 fkp:100 gbp:40 gel:200 gnf:5000 gip:100 gmd:4000 ' +
    'gtq:500 gyd:20000 hkd:400 hnl:2000 htg:7000 huf:17500 idr:900000 ils:150 inr:6000 isk:7000 ' +
    'jmd:8000 jpy:80 kes:7000 kgs:5000 khr:300000 kmf:500 krw:800 kyd:100 kzt:30000 lak:2000000 ' +
    'lkr:20000 lrd:10000 lsl:1000 mad:500 mdl:1000 mga:3000 mkd:5000 mnt:200000 mop:500 mur:5000 ' +
    'mvr:800 mxn:900 mwk:100000 myr:200 mzn:5000 nad:1000 ngn:70000 nio:2000 nok:500 npr:8000 ' +
    'nzd:90 pab:100 pen:200 pgk:300 php:3500 pkr:20000 pln:200 pyg:4000 qar:200 ron:250 rsd:6000 ' +
    'rwf:1000 sar:200 sbd:400 scr:800 sek:500 sgd:70 shp:100 sos:50000 srd:2000 szl:1000 ' +
    'thb:2000 tjs:500 top:200 try:3000 ttd:400 twd:2000 tzs:200000 uah:3000 ugx:200000 ' +
    'uyu:2000 uzs:700000 vnd:20000 vuv:100 wst:200 xaf:500 xcd:200 xcg:100 xof:500 xpf:100 ' +
    'yer:20000 zar:900 zmw:1000'
  )
    .split(' ')
    .map((pair) => {
      const [currency, amount] = pair.split(':');
      return [currency!, Number(amount)];
    }),
);

/** MAXIMUM_PRICE_PER_CURRENCY: 999,999.99 but for currencies of a weak rate. */
const MAXIMUMS: Record<string, number> = {
  ars: 1_400_000_00,
  cdf: 2_800_000_00,
  cop: 4_000_000_00,
  idr: 16_000_000_00,
  khr: 4_000_000_00,
  lak: 21_000_000_00,
  mnt: 3_500_000_00,
  mwk: 1_750_000_00,
  ngn: 1_550_000_00,
  tzs: 2_500_000_00,
  ugx: 3_700_000_00,
  uzs: 12_500_000_00,
};

/** Today's presentment currencies (PresentmentCurrency): those with a minimum. */
export const PRESENTMENT_CURRENCIES = Object.keys(MINIMUMS) as [string, ...string[]];

export const minimumAmount = (currency: string) => MINIMUMS[currency] ?? 50;
export const maximumAmount = (currency: string) => MAXIMUMS[currency] ?? 999_999_99;

/** format_currency: the amount in the currency's major unit, as en_US writes it ($0.50). */
export function formatCurrency(amount: number, currency: string): string {
  const format = new Intl.NumberFormat('en-US', { style: 'currency', currency });
  const digits = format.resolvedOptions().maximumFractionDigits ?? 2;
  return format.format(amount / 10 ** digits);
}

/**
 * `validate_price_amount(currency, amount, allow_zero=True)`: the problem with an amount, if any
 * (its type and message), 0 always allowed.
 */
export function amountProblem(currency: string, amount: number): [string, string] | undefined {
  const min = minimumAmount(currency);
  if (amount < min && amount !== 0)
    return [
      'minimum_price',
      `Amount must be at least ${formatCurrency(min, currency)} or 0 for free pricing`,
    ];
  const max = maximumAmount(currency);
  if (amount > max)
    return ['maximum_price', `Amount must be at most ${formatCurrency(max, currency)}`];
  return undefined;
}

/** A price as the rules see it: one sent, or one the product keeps. */
interface Checked {
  amount_type: string;
  currency: string;
  tax_behavior: string | null;
  legacy: boolean;
  index: number;
  meter_id?: string;
}

const kind = (amountType: string) => (amountType === 'free' ? 'fixed' : amountType);

/**
 * The problems of a product's prices: those kept by `{id}` (among its `active` ones) and those
 * added, `interval` the product's. Returns the kept rows and the added prices with the problems.
 */
export function checkPrices(
  org: Pick<OrganizationRow, 'feature_settings' | 'default_presentment_currency'>,
  sent: readonly (NewTodaysPrice | { id: string })[],
  interval: string | null,
  active: readonly PriceRow[],
  loc: Loc = ['prices'],
  /** Whether a meter the token can read has this id (the real get_readable_by_id). */
  meterExists: (id: string) => boolean = () => false,
): { kept: PriceRow[]; added: NewTodaysPrice[]; problems: Problem[] } {
  const problems: Problem[] = [];
  const kept: PriceRow[] = [];
  const added: NewTodaysPrice[] = [];
  const prices: Checked[] = [];
  const features = JSON.parse(org.feature_settings || '{}') as Record<string, unknown>;
  const fail = (at: Loc, msg: string, input: unknown): void => {
    problems.push({ type: 'value_error', loc: at, msg, input });
  };
  for (const [index, p] of sent.entries()) {
    if ('id' in p) {
      const row = active.find((a) => a.id === p.id.toLowerCase());
      if (!row) {
        fail([...loc, index], 'Price does not exist.', p.id);
        continue;
      }
      kept.push(row);
      prices.push({
        amount_type: kind(row.amount_type),
        currency: row.price_currency ?? 'usd',
        tax_behavior: row.tax_behavior ?? null,
        legacy: Boolean(row.legacy),
        index,
        meter_id: row.meter_id ?? undefined,
      });
      continue;
    }
    if (p.amount_type === 'seat_based') {
      const msg = features.seat_based_pricing_enabled
        ? 'The local sandbox does not sell seats: seat-based prices are not available.'
        : 'Seat-based pricing is not enabled for this organization.';
      fail([...loc, index], msg, p);
      continue;
    }
    if (p.amount_type === 'metered_unit') {
      if (interval === null) {
        fail([...loc, index], 'Metered pricing is not supported on one-time products.', p);
        continue;
      }
      if (!meterExists(p.meter_id!.toLowerCase())) {
        fail([...loc, index, 'meter_id'], 'Meter does not exist.', p.meter_id);
        continue;
      }
    }
    added.push(p);
    prices.push({
      amount_type: p.amount_type,
      currency: p.price_currency ?? 'usd',
      tax_behavior: p.tax_behavior ?? null,
      legacy: false,
      index,
      meter_id: p.meter_id?.toLowerCase(),
    });
  }
  if (kept.length + added.length < 1)
    problems.push({ type: 'too_short', loc, msg: 'At least one price is required.', input: sent });
  const byCurrency = new Map<string, Checked[]>();
  for (const p of prices) byCurrency.set(p.currency, [...(byCurrency.get(p.currency) ?? []), p]);
  const structures = new Set<string>();
  for (const group of byCurrency.values()) {
    const count = (t: string) => group.filter((p) => p.amount_type === t).length;
    const [fixed, custom, seats] = [count('fixed'), count('custom'), count('seat_based')];
    // Legacy recurring products may have one static price per interval.
    if (!group.every((p) => p.legacy)) {
      if (fixed > 1) fail(loc, 'Only one fixed price is allowed.', sent);
      if (seats > 1) fail(loc, 'Only one seat-based price is allowed.', sent);
      if (custom > 1) fail(loc, 'Only one custom price is allowed.', sent);
      if (custom && (fixed || seats))
        fail(
          loc,
          'A custom price cannot be combined with a fixed, seat-based or unit-based price.',
          sent,
        );
    }
    // A meter appears once per currency (product/service.py get_validated_prices).
    const meters = new Set<string>();
    for (const p of group) {
      if (p.amount_type !== 'metered_unit' || !p.meter_id) continue;
      if (meters.has(p.meter_id))
        fail([...loc, p.index, 'meter_id'], 'Meter is already used for another price.', p.meter_id);
      else meters.add(p.meter_id);
    }
    if (new Set(group.map((p) => p.tax_behavior)).size > 1)
      fail(loc, 'All prices for the same currency must have the same tax behavior.', sent);
    structures.add(JSON.stringify([fixed > 0, seats > 0, false, custom > 0, meters.size]));
  }
  if (structures.size > 1)
    fail(loc, 'All price currencies must define the same set of price types.', sent);
  if (!byCurrency.has(org.default_presentment_currency ?? 'usd'))
    fail(
      loc,
      "The organization's default presentment currency must be present in the prices.",
      sent,
    );
  return { kept, added, problems };
}
