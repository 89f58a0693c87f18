// The hosted checkout page's HTTP side: its headers (a strict CSP under the response's nonce,
// the forms' targets, frame-ancestors from embed_origin) and which posts it refuses as another
// site's.
import type { FastifyRequest } from 'fastify';
import { safeHref } from './layout.js';
import type { PageCheckout } from './view.js';

/** A CSP source for embed_origin when it is an http(s) origin; null otherwise. */
function embedSource(origin: string | null): string | null {
  const href = origin ? safeHref(origin) : null;
  if (!href) return null;
  const parsed = new URL(href).origin;
  return parsed === origin!.replace(/\/$/, '') ? parsed : null;
}

export function pageHeaders(
  c: PageCheckout | undefined,
  nonce: string,
  self: string,
): Record<string, string> {
  const frame = embedSource(c?.embed_origin ?? null);
  const success = c ? safeHref(c.success_url) : null;
  const successOrigin = success ? new URL(success).origin : self;
  const targets = ["'self'", ...(successOrigin === self ? [] : [successOrigin])];
  const out: Record<string, string> = {
    'content-type': 'text/html; charset=utf-8',
    'cache-control': 'no-store',
    'x-content-type-options': 'nosniff',
    // Not no-referrer: under it the page's own form posts carry `Origin: null` (guard.ts).
    'referrer-policy': 'same-origin',
    'content-security-policy': [
      "default-src 'none'",
      `style-src 'nonce-${nonce}'`,
      `script-src 'nonce-${nonce}'`,
      "img-src 'self' data:",
      "connect-src 'self'",
      // A form's redirect is checked too: Pay ends on success_url.
      `form-action ${targets.join(' ')}`,
      `frame-ancestors ${frame ?? "'none'"}`,
      "base-uri 'none'",
    ].join('; '),
  };
  if (!frame) out['x-frame-options'] = 'DENY';
  return out;
}

/**
 * A post the page itself did not send: another site's page (Sec-Fetch-Site), or an Origin
 * that is not this service as the request names it. Programs send neither header.
 */
export function foreign(req: FastifyRequest): boolean {
  const site = req.headers['sec-fetch-site'];
  if (site !== undefined && site !== 'same-origin' && site !== 'none') return true;
  const origin = req.headers.origin;
  if (origin === undefined) return false;
  try {
    return new URL(origin).host !== req.headers.host;
  } catch {
    return true; // `null` and anything malformed
  }
}
