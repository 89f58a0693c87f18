// What every list query shares: a page of rows with the total count, sorted by the criteria asked
// for and then by a tie-breaker that runs the same way as the last criterion (so an index can
// serve both).
import type { Db } from './db.js';
import { sqlIn } from './db.js';

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
  tieBreaker: string,
): string {
  return [
    ...sorting.map((s) => `${columns[s.field]} ${direction(s.field, s.desc)}`),
    `${tieBreaker} ${sorting.at(-1)?.desc ? 'DESC' : 'ASC'}`,
  ].join(', ');
}

export const plainDirection = (_field: string, desc: boolean) => (desc ? 'DESC' : 'ASC');

/** The conditions of a list and their parameters, in order. */
export class Where {
  readonly conditions: string[] = [];
  readonly params: unknown[] = [];

  add(condition: string, ...params: unknown[]): this {
    this.conditions.push(condition);
    this.params.push(...params);
    return this;
  }

  /** A condition that pushes its own parameters (a Visibility's SQL). */
  scope(sql: (params: unknown[]) => string): this {
    this.conditions.push(sql(this.params));
    return this;
  }

  /** `column` is one of `values`, when any are given (a multi-value filter). */
  private in(column: string, values: readonly string[]): this {
    if (values.length) this.conditions.push(sqlIn(column, values, this.params));
    return this;
  }

  /**
   * Every multi-value filter of `filter`, in its order: the column of `alias` with the filter's
   * name, or the one `columns` names for it.
   */
  matching(
    alias: string,
    filter: Record<string, readonly string[]>,
    columns: Record<string, string> = {},
  ): this {
    for (const [name, values] of Object.entries(filter))
      this.in(`${alias}.${columns[name] ?? name}`, values);
    return this;
  }

  get sql(): string {
    return this.conditions.join(' AND ');
  }
}

export interface ListQuery {
  /** e.g. `o.*` from `orders o`. */
  columns: string;
  from: string;
  where: Where;
  order: string;
  page: Page;
  /** Counts the rows matching `where` (its SQL and parameters), when the caller caches counts. */
  count?: (whereSql: string, params: unknown[]) => number;
}

export function list<T>(db: Db, q: ListQuery): Listed<T> {
  const { sql: whereSql, params } = q.where;
  const total = q.count ? q.count(whereSql, params) : db.count(q.from, whereSql, ...params);
  const rows = db.all<T>(
    `SELECT ${q.columns} FROM ${q.from} WHERE ${whereSql} ORDER BY ${q.order} LIMIT ? OFFSET ?`,
    ...params,
    q.page.limit,
    q.page.offset,
  );
  return { rows, total };
}
