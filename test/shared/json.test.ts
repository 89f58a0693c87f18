// parseJson keeps integers beyond 2^53 exactly wherever JSON can hold a number, and leaves
// digits inside strings alone.
import { describe, expect, it } from 'vitest';
import { parseJson } from '../../src/shared/json.js';

describe('parseJson', () => {
  it.each([
    ['{"n":12345678901234567891}', '{"n":12345678901234567891}'],
    ['{"n": -98765432109876543210}', '{"n":-98765432109876543210}'],
    ['[1, 90071992547409931]', '[1,90071992547409931]'],
    ['{"a":[ 12345678901234567891 ]}', '{"a":[12345678901234567891]}'],
    ['{"s":"x1234567890123456789y","n":1}', '{"s":"x1234567890123456789y","n":1}'],
    ['{"f":1.5e300,"g":9007199254740993.5}', '{"f":1.5e+300,"g":9007199254740994}'],
  ])('%s', (text, back) => {
    expect(JSON.stringify(parseJson(text))).toBe(back);
  });
});
