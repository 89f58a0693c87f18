// Per-request row loading for the serializers: one query per table for a page of rows.
import { parseJson, type Row, type Store } from '../db.js';

export type R = Record<string, unknown>;
export const j = (v: unknown): unknown => parseJson(v);
export const b = (v: unknown): boolean => v === 1 || v === true;

/** Per-request row cache; `prime` fetches many rows of one table in one query. */
export class Loader {
  private readonly rows = new Map<string, Map<string, Row | null>>();
  constructor(
    readonly store: Store,
    readonly baseUrl: string,
  ) {}

  prime(table: string, ids: Iterable<unknown>): void {
    const cache = this.table(table);
    const missing = [
      ...new Set([...ids].filter((id): id is string => typeof id === 'string' && !cache.has(id))),
    ];
    if (!missing.length) return;
    const rows = this.store.all(
      `SELECT * FROM ${table} WHERE id IN (SELECT value FROM json_each(?))`,
      JSON.stringify(missing),
    );
    for (const id of missing) cache.set(id, null);
    for (const row of rows) cache.set(row.id as string, row);
  }

  row(table: string, id: unknown): Row | null {
    if (typeof id !== 'string') return null;
    const cache = this.table(table);
    if (!cache.has(id))
      cache.set(id, this.store.get(`SELECT * FROM ${table} WHERE id = ?`, id) ?? null);
    return cache.get(id) ?? null;
  }

  private table(name: string) {
    let t = this.rows.get(name);
    if (!t) {
      t = new Map();
      this.rows.set(name, t);
    }
    return t;
  }

  // Product children are small and shared by many rows: one query per product, memoised.
  private readonly children = new Map<string, Row[]>();
  productChildren(kind: 'prices' | 'benefits' | 'medias' | 'fields', productId: string): Row[] {
    const key = `${kind}:${productId}`;
    let rows = this.children.get(key);
    if (!rows) {
      rows = this.store.all(CHILD_SQL[kind], productId);
      this.children.set(key, rows);
    }
    return rows;
  }
}

const CHILD_SQL = {
  prices: 'SELECT * FROM prices WHERE product_id = ? ORDER BY created_at, id',
  benefits: `SELECT b.* FROM benefits b JOIN product_benefits pb ON pb.benefit_id = b.id
             WHERE pb.product_id = ? ORDER BY pb."order"`,
  medias: `SELECT m.* FROM medias m JOIN product_medias pm ON pm.media_id = m.id
           WHERE pm.product_id = ? ORDER BY pm."order"`,
  fields: `SELECT cf.*, pcf."order" AS attach_order, pcf.required AS attach_required FROM custom_fields cf
           JOIN product_custom_fields pcf ON pcf.custom_field_id = cf.id WHERE pcf.product_id = ? ORDER BY pcf."order"`,
};

export const stamps = (r: Row) => ({
  created_at: r.created_at,
  modified_at: r.modified_at ?? null,
});
