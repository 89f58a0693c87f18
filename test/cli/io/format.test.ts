import { describe, expect, it } from 'vitest';
import { parseFields, resolveFormat } from '../../../src/cli/io/format.js';
import { EXIT, exitCodeOf } from '../../../src/cli/main.js';
import { UsageError } from '../../../src/errors.js';

describe('resolveFormat', () => {
  it.each([
    [{ isTTY: true }, 'table'],
    [{ isTTY: false }, 'tsv'],
    [{}, 'tsv'],
    [{ json: true, isTTY: true }, 'json'],
    [{ json: true, isTTY: false }, 'json'],
    [{ output: 'json', isTTY: true }, 'json'],
    [{ json: true, output: 'json' }, 'json'],
    [{ output: 'ndjson', isTTY: true }, 'ndjson'],
    [{ output: 'tsv', isTTY: true }, 'tsv'],
    [{ output: 'table', isTTY: false }, 'table'],
    [{ json: false, output: 'ndjson' }, 'ndjson'],
  ])('%j -> %s', (flags, expected) => {
    expect(resolveFormat(flags)).toBe(expected);
  });

  it.each([
    [{ output: 'xml' }, 'invalid output format "xml": expected one of table, tsv, json, ndjson'],
    [{ output: 'JSON' }, 'invalid output format "JSON": expected one of table, tsv, json, ndjson'],
    [{ output: '' }, 'invalid output format "": expected one of table, tsv, json, ndjson'],
    [{ json: true, output: 'tsv' }, '--json conflicts with --output tsv'],
  ])('%j -> UsageError %s', (flags, message) => {
    const err = catchError(() => resolveFormat(flags));
    expect(err).toBeInstanceOf(UsageError);
    expect((err as UsageError).message).toBe(message);
    expect(exitCodeOf(err)).toBe(EXIT.usage);
    expect(EXIT.usage).toBe(2);
  });
});

describe('parseFields', () => {
  it.each([
    ['id', ['id']],
    ['id,status', ['id', 'status']],
    [' id , customer.email ', ['id', 'customer.email']],
    ['items.0.id,a_b.C9', ['items.0.id', 'a_b.C9']],
    ['id,id,status', ['id', 'status']],
  ])('%j -> %j', (input, expected) => {
    expect(parseFields(input)).toEqual(expected);
  });

  it('accepts already-split paths', () => {
    expect(parseFields(['id', 'customer.email'])).toEqual(['id', 'customer.email']);
  });

  it.each([
    ['', 'invalid --fields: (empty)'],
    ['id,', 'invalid --fields: (empty)'],
    ['id,,status', 'invalid --fields: (empty)'],
    ['customer..email', 'invalid --fields: "customer..email"'],
    ['.id', 'invalid --fields: ".id"'],
    ['id.', 'invalid --fields: "id."'],
    ['id,cus-tomer,a b', 'invalid --fields: "cus-tomer", "a b"'],
    ['items[0]', 'invalid --fields: "items[0]"'],
  ])('%j -> UsageError %s', (input, message) => {
    const err = catchError(() => parseFields(input));
    expect(err).toBeInstanceOf(UsageError);
    expect((err as UsageError).message).toBe(message);
    expect(exitCodeOf(err)).toBe(2);
    expect((err as UsageError).hint).toBe(
      'Use comma-separated dot paths, e.g. --fields id,status,customer.email',
    );
  });

  it('rejects an empty list', () => {
    expect(() => parseFields([])).toThrow(UsageError);
  });
});

function catchError(fn: () => unknown): unknown {
  try {
    fn();
  } catch (err) {
    return err;
  }
  throw new Error('expected an error');
}
