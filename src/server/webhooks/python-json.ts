// The CLI event stream's messages are Python's: the real service loads each published message
// and writes it again with json.dumps (polar c6c3645e server/polar/cli/endpoints.py
// transform_webhook_events), whose defaults are the ", " and ": " separators and ensure_ascii
// (every character outside space..tilde as a lower-case \uXXXX escape, per UTF-16 code unit).
// Its times are str() of an aware datetime. The sandbox writes the same bytes.

const ESCAPES: Record<string, string> = {
  '"': '\\"',
  '\\': '\\\\',
  '\b': '\\b',
  '\f': '\\f',
  '\n': '\\n',
  '\r': '\\r',
  '\t': '\\t',
};

function pyString(s: string): string {
  let out = '"';
  for (let i = 0; i < s.length; i++) {
    const ch = s[i]!;
    const code = s.charCodeAt(i);
    const short = ESCAPES[ch];
    if (short) out += short;
    else if (code >= 0x20 && code <= 0x7e) out += ch;
    else out += `\\u${code.toString(16).padStart(4, '0')}`;
  }
  return `${out}"`;
}

/** json.dumps(value) of strings, integers, booleans, null, lists and dicts (in key order). */
export function pyJson(value: unknown): string {
  if (value === null) return 'null';
  if (typeof value === 'string') return pyString(value);
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  if (typeof value === 'number' && Number.isSafeInteger(value)) return String(value);
  // A float (today's metadata): Python's repr, which is JavaScript's for the usual values.
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  if (Array.isArray(value)) return `[${value.map(pyJson).join(', ')}]`;
  if (typeof value === 'object') {
    const members = Object.entries(value as Record<string, unknown>);
    return `{${members.map(([k, v]) => `${pyString(k)}: ${pyJson(v)}`).join(', ')}}`;
  }
  throw new TypeError(`pyJson: ${typeof value} ${String(value)} has no form here`);
}

/** str(datetime) of an aware UTC time: `2026-11-23 12:00:00.123000+00:00`, no fraction at 0. */
export function pyTime(at: Date): string {
  const iso = at.toISOString();
  const ms = at.getUTCMilliseconds();
  const fraction = ms === 0 ? '' : `.${String(ms * 1000).padStart(6, '0')}`;
  return `${iso.slice(0, 10)} ${iso.slice(11, 19)}${fraction}+00:00`;
}

/** datetime.isoformat() of an aware UTC time: `2026-11-23T12:00:00.123000+00:00`. */
export function pyIsoTime(iso: string): string {
  return pyTime(new Date(iso)).replace(' ', 'T');
}
