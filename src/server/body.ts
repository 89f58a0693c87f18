// Request bodies as the real service (FastAPI 0.115, fastapi/routing.py) reads them: a body
// whose Content-Type is application/json or application/*+json, or that has no Content-Type at
// all, is parsed as JSON; any other body stays raw bytes, which the endpoint's model then
// refuses with a 422 (notJson). Only the form endpoints read a raw body, with formFields.
import type { FastifyInstance } from 'fastify';
import { parseJson } from '../shared/json.js';
import { type Invalid, invalid } from './domain/errors.js';

/** A body that was not parsed as JSON: its Content-Type and its text. */
export class RawBody {
  constructor(
    readonly contentType: string,
    readonly text: string,
  ) {}
}

function mediaType(header: string): string {
  return header.split(';', 1)[0]!.trim().toLowerCase();
}

function isJsonType(header: string | undefined): boolean {
  if (header === undefined) return true;
  const type = mediaType(header);
  return type === 'application/json' || /^application\/[^/]+\+json$/.test(type);
}

/** The 422 FastAPI answers for a raw body: pydantic validates the bytes against the model. */
export function notJson(body: RawBody): Invalid {
  return invalid(
    [],
    'Input should be a valid dictionary or object to extract fields from',
    body.text,
    'model_attributes_type',
  );
}

/** The fields of an application/x-www-form-urlencoded body; undefined for any other body. */
export function formFields(body: unknown): Record<string, string> | undefined {
  if (!(body instanceof RawBody)) return undefined;
  if (mediaType(body.contentType) !== 'application/x-www-form-urlencoded') return undefined;
  return Object.fromEntries(new URLSearchParams(body.text));
}

const MAX_JSON_DEPTH = 256;

/** The offset where `text` nests arrays/objects deeper than `max`, ignoring strings. */
function nestedBeyond(text: string, max: number): number | undefined {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c) i++;
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) {
      inString = true;
    } else if (c === 0x5b || c === 0x7b) {
      if (++depth > max) return i;
    } else if (c === 0x5d || c === 0x7d) {
      depth--;
    }
  }
  return undefined;
}

/** Invalid JSON is a 422 with a pydantic-shaped item, like the real service. */
function parseJsonBody(text: string): unknown {
  // Deeper than this, echoing the body in a 422 `input` would overflow JSON.stringify's stack.
  const deep = nestedBeyond(text, MAX_JSON_DEPTH);
  try {
    if (deep !== undefined) throw new Error(`Too deeply nested at position ${deep}`);
    // Integers beyond 2^53 stay exact (spec §8 metadata): raw JSON values that JSON.stringify
    // writes back digit for digit, into storage and responses alike.
    return parseJson(text);
  } catch (err) {
    // The loc carries the error's offset, as Python's json does; V8 omits it at the end.
    const pos = /Unexpected end of JSON input/.test(String(err))
      ? text.length
      : /position (\d+)/.exec(String(err))?.[1];
    throw invalid([Number(pos ?? 0)], 'JSON decode error', {}, 'json_invalid', {
      error: 'Invalid JSON',
    });
  }
}

const utf8 = new TextDecoder('utf-8');

/** One parser for every Content-Type (and none): JSON, or a RawBody for the endpoint to refuse. */
export function registerBodyParser(app: FastifyInstance): void {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer' }, (req, body, done) => {
    const text = utf8.decode(body as Buffer);
    // An empty body is no body, whatever its type (a POST to /__local/reset, an empty PATCH).
    if (text.trim() === '') return done(null, undefined);
    const type = req.headers['content-type'];
    if (!isJsonType(type)) return done(null, new RawBody(type!, text));
    try {
      done(null, parseJsonBody(text));
    } catch (err) {
      done(err as Error, undefined);
    }
  });
}
