// JSON that keeps integers beyond 2^53 exactly. Spec §8 allows any integer as a metadata
// value, and JSON.parse would round 12345678901234567891 to …7890. Such a literal becomes a
// JSON.rawJSON value, which JSON.stringify writes back digit for digit. No imports.

declare global {
  interface JSON {
    rawJSON(text: string): RawJSON;
    isRawJSON(value: unknown): value is RawJSON;
  }
}

export interface RawJSON {
  readonly rawJSON: string;
}

// 16 digits in a row is the shortest literal that can pass 2^53 (9007199254740992); as a number
// it follows a colon, a bracket or a comma. Digits inside strings (a gravatar hash in an avatar
// URL) must not send every page down the slow path.
const LONG_NUMBER = /[:[,]\s*-?\d{16}/;
const INTEGER = /^-?\d+$/;

function keepBigIntegers(_key: string, value: unknown, context?: { source?: string }): unknown {
  if (typeof value === 'number' && !Number.isSafeInteger(value)) {
    const source = context?.source;
    if (source !== undefined && INTEGER.test(source)) return JSON.rawJSON(source);
  }
  return value;
}

/** JSON.parse, with integers outside the safe range kept exactly (see above). */
export function parseJson(text: string): unknown {
  // The reviver visits every value: only texts that may hold a big integer pay for it.
  return LONG_NUMBER.test(text) ? JSON.parse(text, keepBigIntegers as never) : JSON.parse(text);
}

/** An integer metadata value: a safe integer, or a big one kept by parseJson / bigInteger. */
export function isInteger(value: unknown): boolean {
  return (
    (typeof value === 'number' && Number.isSafeInteger(value)) ||
    (JSON.isRawJSON(value) && INTEGER.test(value.rawJSON))
  );
}

/** `12345678901234567891` as typed by a user, as an integer that JSON keeps exactly. */
export function bigInteger(text: string): RawJSON | number | undefined {
  if (!INTEGER.test(text)) return undefined;
  const n = Number(text);
  return Number.isSafeInteger(n) ? n : JSON.rawJSON(text.replace(/^(-?)0+(?=\d)/, '$1'));
}
