// Domain errors and the one place that turns them into the API's error bodies (api-facts "Errors").

export interface ValidationItem {
  type: string;
  loc: (string | number)[];
  msg: string;
  input: unknown;
  ctx?: Record<string, unknown>;
}

export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly body: unknown,
    readonly headers: Record<string, string> = {},
  ) {
    super(typeof body === 'object' && body && 'error' in body ? String(body.error) : 'error');
  }
}

const domain = (status: number, error: string, detail: string) =>
  new HttpError(status, { error, detail });

export const notFound = (detail = 'Not found') => domain(404, 'ResourceNotFound', detail);
export const notPermitted = (detail: string) => domain(403, 'NotPermitted', detail);
export const badRequest = (detail: string) => domain(400, 'BadRequest', detail);

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

export function validation(items: ValidationItem[]): HttpError {
  return new HttpError(422, { error: 'RequestValidationError', detail: items });
}

/** One validation problem, thrown on its own. */
export function invalid(
  loc: (string | number)[],
  msg: string,
  input: unknown,
  type = 'value_error',
  ctx?: Record<string, unknown>,
): HttpError {
  const item: ValidationItem = { type, loc, msg, input };
  if (ctx) item.ctx = ctx;
  return validation([item]);
}
