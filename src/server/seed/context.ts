// What every part of the demo seed shares: the store, the seeded PRNG and the seed's "now", and
// the inserts more than one part makes.
import { type Random, seededRandom, uuid } from '../ids.js';
import { json, type Store } from '../store/index.js';
import type {
  CustomFieldType,
  DiscountRow,
  PriceAmountType,
  PriceType,
  RecurringInterval,
} from '../store/rows.js';

export const DAY = 86_400_000;

export interface SeedContext {
  store: Store;
  rnd: Random;
  id(): string;
  pick<T>(xs: T[]): T;
  /** The seed's "now" in ms. */
  now: number;
  /** An ISO timestamp this many days before now. */
  at(daysAgo: number): string;
  insertPrice(p: Price, createdAt: string, archived?: boolean): void;
  /** A custom field of `organizationId`; its id. */
  insertCustomField(organizationId: string, field: CustomField): string;
  /** A discount without a validity window. */
  insertDiscount(row: Omit<DiscountRow, 'modified_at' | 'starts_at' | 'ends_at'>): void;
}

interface CustomField {
  type: CustomFieldType;
  slug: string;
  name: string;
  metadata: object;
  properties: object;
}

export function seedContext(store: Store, now: number): SeedContext {
  const rnd = seededRandom(20261123);
  const c: SeedContext = {
    store,
    rnd,
    id: () => uuid(rnd),
    pick: <T>(xs: T[]): T => xs[Math.floor(rnd() * xs.length)]!,
    now,
    at: (daysAgo: number) => new Date(now - daysAgo * DAY).toISOString(),
    insertPrice: (p, createdAt, archived) => insertPrice(c, p, createdAt, archived),
    insertCustomField: (organizationId, field) => insertCustomField(c, organizationId, field),
    insertDiscount: (row) =>
      store.insert('discounts', { ...row, modified_at: null, starts_at: null, ends_at: null }),
  };
  return c;
}

/** A price of the demo catalogue, as the order history picks from it. */
export type Price = {
  id: string;
  product: string;
  amount: number | null;
  type: PriceType;
  interval: RecurringInterval | null;
  archived?: boolean;
  amountType?: PriceAmountType;
};

function insertPrice(c: SeedContext, p: Price, createdAt: string, archived = false): void {
  c.store.insert('prices', {
    id: p.id,
    created_at: createdAt,
    modified_at: null,
    product_id: p.product,
    amount_type: p.amountType ?? 'fixed',
    is_archived: archived ? 1 : 0,
    price_currency: 'usd',
    price_amount: p.amount,
    type: p.type,
    recurring_interval: p.interval,
  });
}

function insertCustomField(c: SeedContext, organizationId: string, field: CustomField): string {
  const id = c.id();
  c.store.insert('custom_fields', {
    id,
    created_at: c.at(380),
    modified_at: null,
    organization_id: organizationId,
    metadata: json(field.metadata),
    type: field.type,
    slug: field.slug,
    name: field.name,
    properties: json(field.properties),
  });
  return id;
}

export const FIRST = [
  'Jane',
  'Omar',
  'Li',
  'Sofia',
  'Mateo',
  'Aisha',
  'Noah',
  'Emma',
  'Yuki',
  'Lucas',
  'Priya',
  'Ivan',
  'Chloe',
  'Kofi',
  'Elena',
  'Hugo',
];
export const LAST = [
  'Doe',
  'Haddad',
  'Wei',
  'Rossi',
  'Garcia',
  'Khan',
  'Smith',
  'Martin',
  'Tanaka',
  'Silva',
  'Patel',
  'Petrov',
  'Dubois',
  'Mensah',
  'Novak',
  'Berg',
];
