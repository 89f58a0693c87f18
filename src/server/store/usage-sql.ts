// A meter's filter and aggregation as SQL over usage_events (alias `e`), as the real service's
// get_sql_clause/get_sql_column build them for PostgreSQL (meter/filter.py, meter/aggregation.py
// at c6c3645e), in SQLite's terms: jsonb_typeof is json_type, `->>` is json_extract, a LIKE
// '%value%' is instr (PostgreSQL's LIKE tells case apart, SQLite's does not), and the timestamp
// property is `extract(epoch …)` cast to BIGINT, which rounds.
import {
  type Aggregation,
  FILTERABLE_FIELDS,
  type Filter,
  type FilterClause,
  isClause,
} from '../domain/meter-filter.js';

/** The epoch seconds of the event's timestamp, rounded as PostgreSQL's cast to BIGINT rounds. */
const EPOCH = 'CAST(round(e.ts / 1000.0) AS INTEGER)';

/** A JSON path to a dot-separated metadata property (kit/metadata.py get_nested_metadata_attr). */
export function jsonPath(property: string): string {
  return `$${property
    .split('.')
    .map((p) => `."${p.replaceAll('"', '')}"`)
    .join('')}`;
}

const OPS: Record<string, string> = { eq: '=', ne: '<>', gt: '>', gte: '>=', lt: '<', lte: '<=' };

/** filter.py `_get_str_value`: a boolean is 't' or 'f'. */
const strValue = (v: FilterClause['value']) =>
  typeof v === 'boolean' ? (v ? 't' : 'f') : String(v);

function compare(attr: string, c: FilterClause, value: unknown, params: unknown[]): string {
  if (c.operator === 'like' || c.operator === 'not_like') {
    params.push(value);
    const has = `instr(${attr}, ?) > 0`;
    return c.operator === 'like' ? `(${has})` : `(NOT (${has}))`;
  }
  params.push(value);
  return `(${attr} ${OPS[c.operator]} ?)`;
}

function clauseSql(c: FilterClause, params: unknown[]): string {
  const field = FILTERABLE_FIELDS[c.property as keyof typeof FILTERABLE_FIELDS];
  if (field) {
    // Python's bool is an int: a boolean passes where an integer is allowed.
    const fits = field === 'int' ? typeof c.value !== 'string' : typeof c.value === 'string';
    if (!fits) return '0';
    const attr = c.property === 'timestamp' ? EPOCH : `e.${c.property}`;
    if (c.operator === 'like' || c.operator === 'not_like')
      return compare(`CAST(${attr} AS TEXT)`, c, strValue(c.value), params);
    return compare(attr, c, typeof c.value === 'boolean' ? Number(c.value) : c.value, params);
  }
  const path = jsonPath(c.property);
  if (c.operator === 'like' || c.operator === 'not_like') {
    params.push(path, path);
    const text = `(CASE json_type(e.metadata, ?) WHEN 'true' THEN 'true' WHEN 'false' THEN 'false' ELSE json_extract(e.metadata, ?) END)`;
    return compare(text, c, strValue(c.value), params);
  }
  const parts: string[] = [];
  params.push(path);
  parts.push(`CASE json_type(e.metadata, ?)`);
  params.push(path);
  parts.push(
    `WHEN 'text' THEN ${compare('json_extract(e.metadata, ?)', c, strValue(c.value), params)}`,
  );
  const numeric = typeof c.value === 'number' || typeof c.value === 'boolean';
  for (const t of ['integer', 'real']) {
    if (!numeric) {
      parts.push(`WHEN '${t}' THEN 0`);
      continue;
    }
    params.push(path);
    parts.push(
      `WHEN '${t}' THEN ${compare('json_extract(e.metadata, ?)', c, Number(c.value), params)}`,
    );
  }
  for (const [t, v] of [
    ['true', 1],
    ['false', 0],
  ] as const) {
    if (typeof c.value !== 'boolean') parts.push(`WHEN '${t}' THEN 0`);
    else parts.push(`WHEN '${t}' THEN ${compare(String(v), c, Number(c.value), params)}`);
  }
  parts.push('END');
  return `(${parts.join(' ')})`;
}

/** The filter's condition; an empty one is true (filter.py `conjunction(*clauses or (true(),))`). */
export function filterSql(f: Filter, params: unknown[]): string {
  if (!f.clauses.length) return '1';
  const joiner = f.conjunction === 'and' ? ' AND ' : ' OR ';
  return `(${f.clauses.map((c) => (isClause(c) ? clauseSql(c, params) : filterSql(c, params))).join(joiner)})`;
}

/** The rows an aggregation can work on (aggregation.py `get_sql_clause`). */
export function aggregationClause(a: Aggregation, params: unknown[]): string {
  if (a.func === 'count' || a.func === 'unique') return '1';
  const field = FILTERABLE_FIELDS[a.property as keyof typeof FILTERABLE_FIELDS];
  if (field) return field === 'int' ? '1' : '0';
  params.push(jsonPath(a.property));
  return `(json_type(e.metadata, ?) IN ('integer', 'real'))`;
}

/**
 * The aggregate over `e` (aggregation.py `get_sql_column`). unique counts the distinct JSON
 * values, as jsonb compares them: a string, a number, a boolean and a null apart.
 */
export function aggregationSql(a: Aggregation, params: unknown[]): string {
  if (a.func === 'count') return 'count(e.id)';
  const path = jsonPath(a.property);
  if (a.func === 'unique') {
    params.push(path, path, path, path, path);
    return `count(DISTINCT CASE json_type(e.metadata, ?)
      WHEN 'text' THEN 's:' || json_extract(e.metadata, ?)
      WHEN 'integer' THEN json_extract(e.metadata, ?) WHEN 'real' THEN json_extract(e.metadata, ?)
      WHEN 'true' THEN 'b:t' WHEN 'false' THEN 'b:f' WHEN 'null' THEN 'n:' ELSE 'j:' || json_extract(e.metadata, ?) END)`;
  }
  const field = FILTERABLE_FIELDS[a.property as keyof typeof FILTERABLE_FIELDS];
  let attr: string;
  if (field) attr = field === 'int' ? `(${EPOCH} * 1.0)` : 'NULL';
  else {
    params.push(path);
    attr = 'CAST(json_extract(e.metadata, ?) AS REAL)';
  }
  return `${a.func}(${attr})`;
}
