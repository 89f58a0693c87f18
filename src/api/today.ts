// Today's generation of the API (Polar-Version 2026-04 / 2026-10), typed from the real
// service's own description (src/shared/openapi/2026-10.ts, generated; vendor/polar-openapi).
// Requests the CLI sends in today's form are typed by these, so a field the service renamed
// or dropped is a compile error; answers are still read tolerantly (schemas.ts).
import type { components, operations } from '../shared/openapi/2026-10.js';

export type Schemas = components['schemas'];
type Operation = keyof operations;

type ReadonlyArray_<V> = V extends (infer E)[] ? V | readonly E[] : V;

/**
 * The query parameters of an operation, e.g. `Query<'orders:list'>` (arrays may be readonly:
 * the CLI's filters are, and nothing writes to them).
 */
export type Query<O extends Operation> = {
  [K in keyof NonNullable<operations[O]['parameters']['query']>]?: ReadonlyArray_<
    NonNullable<operations[O]['parameters']['query']>[K]
  >;
};

/** The JSON body of an operation, e.g. `Body<'products:create'>`. */
export type Body<O extends Operation> = operations[O] extends {
  requestBody?: { content: { 'application/json': infer B } };
}
  ? B
  : never;

/** The JSON answer of an operation with this status, e.g. `Answer<'orders:get'>`. */
export type Answer<O extends Operation, S extends number = 200> = operations[O] extends {
  responses: { [K in S]: { content: { 'application/json': infer A } } };
}
  ? A
  : never;

type Prev = [never, 0, 1, 2, 3, 4];
type Item<T> = T extends readonly (infer E)[] ? E : T;

/**
 * The dot paths into T (`customer.email`, `prices.price_amount`), four deep; a list steps into
 * its items. Columns are typed by it, so a field the description drops is a compile error.
 */
export type FieldPath<T, D extends number = 4> = [D] extends [never]
  ? never
  : T extends object
    ? {
        [K in keyof T & string]: K | `${K}.${FieldPath<Item<NonNullable<T[K]>>, Prev[D]>}`;
      }[keyof T & string]
    : never;
