// Text from the server never reaches a terminal raw (issue 13): a buyer's name can carry an
// escape sequence that recolours or rewrites the seller's screen. C0 and C1 controls, DEL,
// bidi marks, overrides and isolates and the Unicode line separators become visible escapes
// (`\x1b`, `\u202e`) in every human and TSV output; JSON escapes its own.

// biome-ignore lint/suspicious/noControlCharactersInRegex: matching them is the point
const UNSAFE = /[\x00-\x1f\x7f-\x9f\u200e\u200f\u202a-\u202e\u2066-\u2069\u2028\u2029]/g;

// biome-ignore lint/suspicious/noControlCharactersInRegex: matching them is the point
const TSV_UNSAFE = /[\\\x00-\x1f\x7f-\x9f\u200e\u200f\u202a-\u202e\u2066-\u2069\u2028\u2029]/g;

const NAMED: Record<string, string> = { '\\': '\\\\', '\t': '\\t', '\n': '\\n', '\r': '\\r' };

function visibleEscape(c: string): string {
  const code = c.charCodeAt(0);
  return code <= 0xff
    ? `\\x${code.toString(16).padStart(2, '0')}`
    : `\\u${code.toString(16).padStart(4, '0')}`;
}

/** For a terminal: every unsafe character as a visible escape. */
export function safeText(text: string): string {
  return text.replace(UNSAFE, visibleEscape);
}

/** For a TSV cell: tab, newline, CR and backslash as \t \n \r \\, other unsafe ones escaped. */
export function escapeTsv(text: string): string {
  return text.replace(TSV_UNSAFE, (c) => NAMED[c] ?? visibleEscape(c));
}
