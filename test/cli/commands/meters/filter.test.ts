// The --filter grammar and --aggregation: text -> the real Filter and aggregation (meter/
// filter.py and meter/aggregation.py at c6c3645e, 2026-10), or the one-line error; and back.
// Every filter parsed is checked against the 2026-10 description's Filter schema.
import { describe, expect, it } from 'vitest';
import {
  formatAggregation,
  parseAggregation,
} from '../../../../src/cli/commands/meters/aggregation.js';
import { formatFilter, parseFilter } from '../../../../src/cli/commands/meters/filter.js';
import { parseFilterJson } from '../../../../src/cli/commands/meters/filter-json.js';
import { schemaErrors } from '../../../conformance/openapi.js';

const c = (property: string, operator: string, value: unknown) => ({ property, operator, value });

describe('--filter: text -> Filter', () => {
  it.each([
    ['name = api_request', { conjunction: 'and', clauses: [c('name', 'eq', 'api_request')] }],
    [
      "name = api_request and metadata.model like 'gpt-4' and metadata.tokens >= 1000",
      {
        conjunction: 'and',
        clauses: [
          c('name', 'eq', 'api_request'),
          c('metadata.model', 'like', 'gpt-4'),
          c('metadata.tokens', 'gte', 1000),
        ],
      },
    ],
    [
      'name = a or name = b and source != system',
      {
        conjunction: 'or',
        clauses: [
          c('name', 'eq', 'a'),
          { conjunction: 'and', clauses: [c('name', 'eq', 'b'), c('source', 'ne', 'system')] },
        ],
      },
    ],
    [
      '(name = a or name = b) and (metadata.paid = true) AND metadata.x NOT LIKE "a b"',
      {
        conjunction: 'and',
        clauses: [
          { conjunction: 'or', clauses: [c('name', 'eq', 'a'), c('name', 'eq', 'b')] },
          c('metadata.paid', 'eq', true),
          c('metadata.x', 'not_like', 'a b'),
        ],
      },
    ],
    [
      'metadata.n lt -5 or metadata.code = "42" or metadata.s !~ x',
      {
        conjunction: 'or',
        clauses: [
          c('metadata.n', 'lt', -5),
          c('metadata.code', 'eq', '42'),
          c('metadata.s', 'not_like', 'x'),
        ],
      },
    ],
    [
      'timestamp >= 2026-11-01 and timestamp < "2026-11-01T12:00:00Z" and timestamp > 1700000000',
      {
        conjunction: 'and',
        clauses: [
          c('timestamp', 'gte', 1793491200),
          c('timestamp', 'lt', 1793534400),
          c('timestamp', 'gt', 1700000000),
        ],
      },
    ],
  ])('%s', (text, filter) => {
    const parsed = parseFilter('--filter', text);
    expect(parsed).toEqual(filter);
    expect(schemaErrors('Filter', parsed)).toEqual([]);
  });

  it.each([
    ['', "--filter: empty; e.g. 'name = api_request'"],
    [
      'name',
      '--filter: expected an operator after "name" (= != > >= < <= like, not like) at the end',
    ],
    [
      'name api_request',
      '--filter: expected an operator after "name" (= != > >= < <= like, not like) at character 6, found "api_request"',
    ],
    ['name =', '--filter: expected a value after "name =" at the end'],
    ['name = a and', '--filter: expected a property at the end'],
    ['name = a b = c', '--filter: expected "and", "or" or the end at character 10, found "b"'],
    ['(name = a', '--filter: expected ")" at the end'],
    ["name = 'a", '--filter: a quote opened at character 8 is not closed'],
    [
      'metadata.n > 3000000000',
      '--filter: 3000000000 is not a 32-bit integer; quote it to compare it as text',
    ],
    ['= a', '--filter: expected a property at character 1, found "="'],
  ])('%j -> %s', (text, message) => {
    expect(() => parseFilter('--filter', text)).toThrow(message);
  });

  it('formats back to what it reads', () => {
    for (const text of [
      'name = api_request',
      'name = a or (name = b and source != system)',
      'metadata.model like "gpt 4" and metadata.tokens >= 1000 and metadata.paid = true',
      'metadata.code = "42" and metadata.x not like y',
    ]) {
      const f = parseFilter('--filter', text);
      expect(formatFilter(f)).toBe(text);
      expect(parseFilter('--filter', formatFilter(f))).toEqual(f);
    }
  });
});

it('a property the service stored without its metadata. prefix is written with it', () => {
  expect(
    formatFilter({
      conjunction: 'and',
      clauses: [
        { property: 'name', operator: 'eq', value: 'llm' },
        { property: 'model', operator: 'like', value: 'gpt' },
      ],
    }),
  ).toBe('name = llm and metadata.model like gpt');
  expect(formatAggregation({ func: 'sum', property: 'tokens' })).toBe('sum:metadata.tokens');
});

describe('--filter-json', () => {
  it('takes the API object', () => {
    const f = { conjunction: 'or', clauses: [c('name', 'eq', 'a')] };
    expect(parseFilterJson('--filter-json', JSON.stringify(f))).toEqual(f);
  });
  it.each([
    ['{', /^--filter-json: invalid JSON: /],
    [
      '{"conjunction": "xor", "clauses": []}',
      '--filter-json: the filter: conjunction must be "and" or "or"',
    ],
    [
      '{"conjunction": "and", "clauses": [{"property": "n", "operator": "=", "value": 1}]}',
      '--filter-json: clauses[0]: operator must be one of eq, ne, gt, gte, lt, lte, like, not_like',
    ],
    [
      '{"conjunction": "and", "clauses": [{"property": "n", "operator": "eq", "value": 1.5}]}',
      '--filter-json: clauses[0]: value must be a text (≤ 1000 characters), a 32-bit integer or a boolean',
    ],
  ])('%s', (text, message) => {
    expect(() => parseFilterJson('--filter-json', text)).toThrow(message);
  });
});

describe('--aggregation', () => {
  it.each([
    ['count', { func: 'count' }],
    ['sum:metadata.tokens', { func: 'sum', property: 'metadata.tokens' }],
    ['max:metadata.duration_ms', { func: 'max', property: 'metadata.duration_ms' }],
    ['unique:metadata.user', { func: 'unique', property: 'metadata.user' }],
  ])('%s', (text, aggregation) => {
    expect(parseAggregation('--aggregation', text)).toEqual(aggregation);
    expect(formatAggregation(aggregation)).toBe(text);
  });
  it.each([
    ['total', '--aggregation: "total" is not count or sum|max|min|avg|unique:<property>'],
    ['sum', '--aggregation: sum needs a property, e.g. sum:metadata.tokens'],
    ['count:x', '--aggregation: count takes no property'],
  ])('%s', (text, message) => {
    expect(() => parseAggregation('--aggregation', text)).toThrow(message);
  });
});
