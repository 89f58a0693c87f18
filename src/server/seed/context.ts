// What every part of the demo seed shares: the store, the seeded PRNG and the seed's "now".
import type { Store } from '../db.js';
import { type Random, seededRandom, uuid } from '../ids.js';

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
}

export function seedContext(store: Store, now: number): SeedContext {
  const rnd = seededRandom(20261123);
  return {
    store,
    rnd,
    id: () => uuid(rnd),
    pick: <T>(xs: T[]): T => xs[Math.floor(rnd() * xs.length)]!,
    now,
    at: (daysAgo: number) => new Date(now - daysAgo * DAY).toISOString(),
  };
}

/** A price of the demo catalogue, as the order history picks from it. */
export type Price = {
  id: string;
  product: string;
  amount: number | null;
  type: string;
  interval: string | null;
  archived?: boolean;
  amountType?: string;
};

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
