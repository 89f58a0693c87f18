// A meter's filter as people write it on a command line, and back:
//   --filter 'name = api_request and (metadata.model like gpt or metadata.tokens > 1000)'
// parsed into the real Filter ({conjunction, clauses}, meter/filter.py at c6c3645e: operators
// eq ne gt gte lt lte like not_like; a value is a text of at most 1 000 characters, a 32-bit
// integer or a boolean).
import type { Filter, FilterClause } from '../../../api/meters.js';
import { UsageError } from '../../../errors.js';
import { clip } from '../../input.js';

type Operator = FilterClause['operator'];

/** The operators as written, and the API's name of each. */
export const OPERATORS: Record<string, Operator> = {
  '=': 'eq',
  '==': 'eq',
  '!=': 'ne',
  '<>': 'ne',
  '>': 'gt',
  '>=': 'gte',
  '<': 'lt',
  '<=': 'lte',
  '~': 'like',
  '!~': 'not_like',
  eq: 'eq',
  ne: 'ne',
  gt: 'gt',
  gte: 'gte',
  lt: 'lt',
  lte: 'lte',
  like: 'like',
  not_like: 'not_like',
};
const SHOWN: Record<Operator, string> = {
  eq: '=',
  ne: '!=',
  gt: '>',
  gte: '>=',
  lt: '<',
  lte: '<=',
  like: 'like',
  not_like: 'not like',
};
export const INT32 = 2 ** 31;

export const FILTER_GRAMMAR =
  '\nFilters (--filter):\n' +
  '  <property> <operator> <value>, joined by "and" / "or" ("and" binds first),\n' +
  '  grouped by ( ).\n' +
  '  property  name, source, timestamp (Unix seconds, or an ISO 8601 date),\n' +
  '            or metadata.<key>\n' +
  '  operator  = != > >= < <= like (contains) "not like",\n' +
  '            or eq ne gt gte lt lte not_like\n' +
  '  value     a 32-bit number, true, false, a word, or "quoted text"\n' +
  '  e.g.      name = llm and (metadata.model like gpt or metadata.tokens > 1000)\n' +
  '  --filter-json takes the API\'s own {"conjunction": …, "clauses": […]} instead.\n' +
  'Aggregations (--aggregation):\n' +
  '  count, or sum|max|min|avg|unique:<property>, e.g. sum:metadata.tokens\n';

interface Token {
  text: string;
  quoted: boolean;
  at: number;
}

function tokenize(flag: string, input: string): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  while (i < input.length) {
    const c = input[i]!;
    if (/\s/.test(c)) {
      i++;
      continue;
    }
    if (c === '"' || c === "'") {
      const end = input.indexOf(c, i + 1);
      if (end < 0)
        throw new UsageError(`${flag}: a quote opened at character ${i + 1} is not closed`);
      tokens.push({ text: input.slice(i + 1, end), quoted: true, at: i + 1 });
      i = end + 1;
      continue;
    }
    const symbol = /^(\(|\)|==|!=|<>|>=|<=|!~|=|>|<|~)/.exec(input.slice(i));
    if (symbol) {
      tokens.push({ text: symbol[1]!, quoted: false, at: i + 1 });
      i += symbol[1]!.length;
      continue;
    }
    const word = /^[^\s()"'=!<>~]+/.exec(input.slice(i))!;
    tokens.push({ text: word[0], quoted: false, at: i + 1 });
    i += word[0].length;
  }
  return tokens;
}

/**
 * The service compares `timestamp` as Unix seconds (models/event.py _filterable_fields at
 * c6c3645e): an ISO 8601 date or date-time written for it is sent as its seconds.
 */
function seconds(v: FilterClause['value']): FilterClause['value'] {
  if (typeof v !== 'string' || !/^\d{4}-\d{2}-\d{2}/.test(v)) return v;
  const ms = Date.parse(v);
  return Number.isNaN(ms) ? v : Math.floor(ms / 1000);
}

/** `--filter` text → the API's Filter. */
export function parseFilter(flag: string, input: string): Filter {
  const tokens = tokenize(flag, input);
  let pos = 0;
  const peek = () => tokens[pos];
  const word = (t: Token | undefined, w: string) =>
    t !== undefined && !t.quoted && t.text.toLowerCase() === w;
  const fail = (what: string, t: Token | undefined): never => {
    throw new UsageError(
      t
        ? `${flag}: expected ${what} at character ${t.at}, found "${clip(t.text, 30)}"`
        : `${flag}: expected ${what} at the end`,
    );
  };

  function group(conjunction: 'and' | 'or', items: (Filter | FilterClause)[]) {
    // a and (b and c) is one list: the API's filter needs no group of one conjunction in itself.
    const clauses = items.flatMap((c) =>
      'conjunction' in c && c.conjunction === conjunction ? c.clauses : [c],
    );
    return { conjunction, clauses };
  }

  function or(): Filter | FilterClause {
    const items = [and()];
    while (word(peek(), 'or')) {
      pos++;
      items.push(and());
    }
    return items.length === 1 ? items[0]! : group('or', items);
  }

  function and(): Filter | FilterClause {
    const items = [unary()];
    while (word(peek(), 'and')) {
      pos++;
      items.push(unary());
    }
    return items.length === 1 ? items[0]! : group('and', items);
  }

  function unary(): Filter | FilterClause {
    const t = peek();
    if (t && !t.quoted && t.text === '(') {
      pos++;
      const inner = or();
      const close = peek();
      if (!close || close.quoted || close.text !== ')') fail('")"', close);
      pos++;
      return inner;
    }
    return clause();
  }

  function clause(): FilterClause {
    const p = peek();
    if (!p || p.quoted || /^[()]$/.test(p.text) || p.text in OPERATORS) fail('a property', p);
    const property = p!.text;
    if (!/^[A-Za-z_][\w.-]*$/.test(property)) fail('a property', p);
    pos++;
    let opToken = peek();
    let opText = opToken && !opToken.quoted ? opToken.text.toLowerCase() : undefined;
    if (opText === 'not' && word(tokens[pos + 1], 'like')) {
      pos++;
      opText = 'not_like';
      opToken = peek();
    }
    const operator = opText === undefined ? undefined : OPERATORS[opText];
    if (!operator)
      fail(`an operator after "${clip(property, 30)}" (= != > >= < <= like, not like)`, opToken);
    pos++;
    const v = peek();
    if (!v || (!v.quoted && /^[()]$/.test(v.text)))
      fail(`a value after "${property} ${opText}"`, v);
    pos++;
    const given = value(flag, v!);
    return {
      property,
      operator: operator!,
      value: property === 'timestamp' ? seconds(given) : given,
    };
  }

  if (tokens.length === 0) throw new UsageError(`${flag}: empty; e.g. 'name = api_request'`);
  const result = or();
  if (pos < tokens.length) fail('"and", "or" or the end', peek());
  return 'conjunction' in result ? result : { conjunction: 'and', clauses: [result] };
}

function value(flag: string, t: Token): FilterClause['value'] {
  if (!t.quoted) {
    if (/^[+-]?\d+$/.test(t.text)) {
      const n = Number(t.text);
      if (n < -INT32 || n >= INT32)
        throw new UsageError(
          `${flag}: ${t.text} is not a 32-bit integer; quote it to compare it as text`,
        );
      return n;
    }
    if (t.text.toLowerCase() === 'true') return true;
    if (t.text.toLowerCase() === 'false') return false;
  }
  if (t.text.length > 1000) throw new UsageError(`${flag}: a value is at most 1000 characters`);
  return t.text;
}

/** A filter as --filter would take it (for cards). */
export function formatFilter(f: Filter, nested = false): string {
  if (f.clauses.length === 0) return '(everything)';
  const parts = f.clauses.map((c) =>
    'conjunction' in c
      ? formatFilter(c, true)
      : `${property(c.property)} ${SHOWN[c.operator]} ${shown(c.value)}`,
  );
  const text = parts.join(` ${f.conjunction} `);
  return nested && parts.length > 1 ? `(${text})` : text;
}

/** The Event's own fields a filter reads (models/event.py _filterable_fields at c6c3645e). */
const EVENT_FIELDS = new Set(['name', 'source', 'timestamp']);

/**
 * The service strips `metadata.` from a property it stores (meter/filter.py
 * _strip_metadata_prefix): it is written back, so that the text says what it reads.
 */
export function property(p: string): string {
  return EVENT_FIELDS.has(p) || p.startsWith('metadata.') ? p : `metadata.${p}`;
}

function shown(v: FilterClause['value']): string {
  if (typeof v !== 'string') return String(v);
  return /^[A-Za-z_][\w.-]*$/.test(v) && !/^(and|or|not|true|false|like)$/i.test(v)
    ? v
    : JSON.stringify(v);
}
