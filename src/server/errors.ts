// The one place that turns errors into the API's answers (api-facts "Errors"): each domain error
// (domain/errors.ts) gets its status and error body here, validation problems their full `loc`
// (the part of the request first), and fastify's own errors the same shapes.
import {
  AlreadyCanceledSubscription,
  BadRequest,
  CheckoutLocked,
  ExpiredCheckout,
  Invalid,
  NamedRefusal,
  NotFound,
  NotOpenCheckout,
  NotPermitted,
  ResourceUnavailable,
} from './domain/errors.js';

/** An answer ready to send: status, body (undefined: none) and headers. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly body: unknown,
    readonly headers: Record<string, string> = {},
  ) {
    super(typeof body === 'object' && body && 'error' in body ? String(body.error) : 'error');
  }
}

/** Request bodies larger than this are refused with 413. */
export const MAX_BODY_BYTES = 1024 * 1024;

const answer = (status: number, error: string, detail: unknown) =>
  new HttpError(status, { error, detail });

/** The answer for anything a route, hook or parser threw. */
export function toHttp(err: unknown): HttpError {
  if (err instanceof HttpError) return err;
  if (err instanceof NotFound) return answer(404, 'ResourceNotFound', err.detail);
  if (err instanceof NotPermitted) return answer(403, 'NotPermitted', err.detail);
  if (err instanceof NamedRefusal) return answer(err.status, err.error, err.detail);
  if (err instanceof BadRequest) return answer(400, 'BadRequest', err.detail);
  if (err instanceof Invalid) {
    const detail = err.problems.map(({ type, loc, msg, input, ctx }) => ({
      type,
      loc: [err.part, ...loc],
      msg,
      input,
      ...(ctx ? { ctx } : {}),
    }));
    return answer(422, 'RequestValidationError', detail);
  }
  if (err instanceof NotOpenCheckout) return answer(403, 'NotOpenCheckout', err.message);
  if (err instanceof ExpiredCheckout)
    return answer(410, 'ExpiredCheckoutError', 'This checkout session has expired.');
  if (err instanceof CheckoutLocked)
    return answer(409, 'CheckoutLocked', 'This checkout is being processed; try again later.');
  if (err instanceof ResourceUnavailable) return answer(410, 'ResourceUnavailable', 'Unavailable');
  if (err instanceof AlreadyCanceledSubscription) {
    const detail = 'This subscription is already canceled or will be at the end of the period.';
    return answer(403, 'AlreadyCanceledSubscription', detail);
  }
  const status = (err as { statusCode?: number }).statusCode;
  if (status === 413)
    return answer(
      413,
      'RequestEntityTooLarge',
      `Request body is larger than ${MAX_BODY_BYTES} bytes.`,
    );
  if (status && status >= 400 && status < 500)
    return answer(status, 'BadRequest', (err as Error).message);
  return answer(500, 'InternalServerError', 'Internal Server Error');
}

export function unauthorized(realm: string): HttpError {
  return new HttpError(
    401,
    { error: 'Unauthorized', detail: 'Unauthorized' },
    { 'www-authenticate': `Bearer realm="${realm}"` },
  );
}

export function invalidToken(realm: string, description: string): HttpError {
  return new HttpError(
    401,
    { error: 'invalid_token', error_description: description },
    { 'www-authenticate': `Bearer realm="${realm}", error="invalid_token"` },
  );
}

export function insufficientScope(realm: string, scopes: string[]): HttpError {
  return new HttpError(
    403,
    {
      error: 'insufficient_scope',
      error_description: `The access token does not have the required scope: ${scopes.join(' or ')}.`,
    },
    {
      'www-authenticate': `Bearer realm="${realm}", error="insufficient_scope", scope="${scopes.join(' ')}"`,
    },
  );
}
