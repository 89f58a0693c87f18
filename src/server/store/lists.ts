// What every list query shares: a page of rows with the total count, sorted by the criteria asked
// for and then by id, the tie-breaker running the same way as the last criterion (so an index
// can serve both).
import type { Db } from './db.js';

export interface SortCriterion {
  field: string;
  desc: boolean;
}

/** `name` ascending, `-name` descending. */
export function criterion(value: string): SortCriterion {
  return { field: value.replace(/^-/, ''), desc: value.startsWith('-') };
}

export interface Page {
  limit: number;
  offset: number;
}

export interface Listed<T> {
  rows: T[];
  total: number;
}

/** ORDER BY for `sorting`: `columns` maps each criterion to SQL, `direction` words ASC/DESC. */
export function orderBy(
  sorting: readonly SortCriterion[],
  columns: Record<string, string>,
  direction: (field: string, desc: boolean) => string,
  id: string,
): string {
  return [
    ...sorting.map((s) => `${columns[s.field]} ${direction(s.field, s.desc)}`),
    `${id} ${sorting.at(-1)?.desc ? 'DESC' : 'ASC'}`,
  ].join(', ');
}

export const plainDirection = (_field: string, desc: boolean) => (desc ? 'DESC' : 'ASC');

/** `SELECT <columns> FROM <from> WHERE … ORDER BY … LIMIT … OFFSET …`. */
export function pageOf<T>(
  db: Db,
  columns: string,
  from: string,
  whereSql: string,
  params: unknown[],
  order: string,
  page: Page,
): T[] {
  return db.all<T>(
    `SELECT ${columns} FROM ${from} WHERE ${whereSql} ORDER BY ${order} LIMIT ? OFFSET ?`,
    ...params,
    page.limit,
    page.offset,
  );
}

/** `SELECT count(*) AS n FROM <from> WHERE …`. */
export function countOf(db: Db, from: string, whereSql: string, params: unknown[]): number {
  return db.get<{ n: number }>(`SELECT count(*) AS n FROM ${from} WHERE ${whereSql}`, ...params)!.n;
}
