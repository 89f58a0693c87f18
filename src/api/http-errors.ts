// Turns an HTTP error answer into an ApiError, whatever body shape the service chose
// (api-facts.md "Errors": domain, validation, OAuth, unknown route, empty, or not JSON).
import { STATUS_CODES } from 'node:http';
import { ApiError, type FieldProblem } from '../errors.js';
import { redact } from './redact.js';

export const LOGIN_HINT = 'Log in with `billing login`, or set BILLING_TOKEN to a valid token.';

export interface ErrorResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  text: string;
}

export interface ErrorContext {
  method: string;
  path: string;
  /** What the request was about, for 404s: `order 0b4c…` → "order 0b4c… not found". */
  notFound?: string;
  /** Appended to the message, `; `-separated (attempt counts, "may have applied"). */
  notes?: string[];
  /** Whether an Authorization header went out, to tell "no token" from "wrong kind". */
  tokenSent?: boolean;
  /** Advice used when the body itself suggests none. */
  hint?: string;
}

type Body = Record<string, unknown>;

export function header(headers: ErrorResponse['headers'], name: string): string | undefined {
  const value = headers[name.toLowerCase()];
  return Array.isArray(value) ? value.join(', ') : value;
}

function parseBody(text: string): unknown {
  if (text.trim() === '') return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

function firstLine(text: string): string {
  const line = text.trim().split(/\r?\n/, 1)[0] ?? '';
  return redact(line.length > 200 ? `${line.slice(0, 200)}…` : line);
}

const LOC_ROOTS = new Set(['body', 'query', 'path', 'header', 'cookie']);

/** One FieldProblem per 422 item; `loc` minus its leading body/query/path, dot-joined. */
export function validationDetails(detail: unknown[]): FieldProblem[] {
  return detail.map((item) => {
    const { loc, msg } = (item ?? {}) as { loc?: unknown; msg?: unknown };
    const parts = Array.isArray(loc) ? loc.map(String) : [];
    const rest = parts.length > 1 && LOC_ROOTS.has(parts[0] ?? '') ? parts.slice(1) : parts;
    return {
      field: rest.join('.') || '(request)',
      message: typeof msg === 'string' ? msg : 'invalid value',
    };
  });
}

/** Scopes from `WWW-Authenticate: Bearer error="insufficient_scope", scope="a b"`. */
export function requiredScopes(wwwAuthenticate: string | undefined): string[] {
  const match = /scope="([^"]*)"/i.exec(wwwAuthenticate ?? '');
  return match?.[1]?.split(/\s+/).filter(Boolean) ?? [];
}

function str(value: unknown): string | undefined {
  return typeof value === 'string' && value !== '' ? value : undefined;
}

interface Described {
  message: string;
  code?: string;
  details?: FieldProblem[];
  hint?: string;
}

function describe(res: ErrorResponse, body: unknown, ctx: ErrorContext): Described {
  const status = res.status;
  const statusLine = `${status} ${STATUS_CODES[status] ?? ''}`.trim();
  if (body === undefined) {
    if (status === 429) return { message: 'rate limited by the server (429)' };
    if (status === 404 && ctx.notFound) return { message: `${ctx.notFound} not found` };
    return { message: `the server answered ${statusLine}` };
  }
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    return { message: `the server answered ${statusLine}: ${firstLine(String(body))}` };
  }
  const b = body as Body;
  const code = str(b.error);
  const detail = b.detail;
  if (status === 422 && Array.isArray(detail)) {
    return {
      code,
      message: 'the server rejected the request (422)',
      details: validationDetails(detail),
    };
  }
  if (code === 'invalid_token') {
    const why = str(b.error_description) ?? 'invalid, expired or revoked token';
    return { code, message: `the access token was rejected: ${why}`, hint: LOGIN_HINT };
  }
  if (code === 'insufficient_scope') {
    const scopes = requiredScopes(header(res.headers, 'www-authenticate'));
    const needs = scopes.length > 0 ? `; it needs one of: ${scopes.join(', ')}` : '';
    return {
      code,
      message: `the token lacks the scope for ${ctx.method} ${redact(ctx.path)}${needs}`,
      hint: 'Log in again granting that scope, or use a token that has it.',
    };
  }
  if (status === 404 && !code && detail === 'Not Found') {
    return {
      message: `the server has no route ${ctx.method} ${redact(ctx.path)} (404)`,
      hint: 'Check the API base URL: it must point at the Billing Service API.',
    };
  }
  if (status === 404) {
    if (ctx.notFound) return { code, message: `${ctx.notFound} not found` };
    return { code, message: `not found: ${ctx.method} ${redact(ctx.path)}` };
  }
  // A 401 without invalid_token: no token, or a kind the endpoint refuses (api-facts.md).
  const plain401 = status === 401 && (code === undefined || code === 'Unauthorized');
  if (plain401 && !ctx.tokenSent) {
    return { code, message: 'authentication required: no token was sent', hint: LOGIN_HINT };
  }
  if (plain401) {
    return {
      code,
      message: 'this endpoint does not accept this kind of token (401)',
      hint: 'Customer-portal endpoints refuse organization tokens; use a user or customer session token.',
    };
  }
  const text = str(detail) ?? str(b.error_description) ?? code;
  if (text) return { code, message: redact(text) };
  return { code, message: `the server answered ${statusLine}: ${firstLine(JSON.stringify(body))}` };
}

export function apiErrorFromResponse(res: ErrorResponse, ctx: ErrorContext): ApiError {
  const body = parseBody(res.text);
  const { message, code, details, hint } = describe(res, body, ctx);
  const full = [message, ...(ctx.notes ?? [])].join('; ');
  return new ApiError(res.status, full, { code, body, details, hint: hint ?? ctx.hint });
}
