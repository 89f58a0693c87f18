// What the rules of the service refuse, as typed errors. They name the refusal and carry its
// facts; src/server/errors.ts alone turns them into a status and an error body.

export abstract class DomainError extends Error {}

/** The resource does not exist, or belongs to someone the caller cannot see (never a 403). */
export class NotFound extends DomainError {
  constructor(readonly detail = 'Not found') {
    super(detail);
  }
}

export class NotPermitted extends DomainError {
  constructor(readonly detail: string) {
    super(detail);
  }
}

export class BadRequest extends DomainError {
  constructor(readonly detail: string) {
    super(detail);
  }
}

/** A checkout that is not `open` (status as shown, so `expired` past its expiry). */
export class NotOpenCheckout extends DomainError {
  constructor(
    readonly checkoutId: string,
    readonly status: string,
  ) {
    super(`Checkout ${checkoutId} is not open: ${status}`);
  }
}

/** Confirming a checkout past its `expires_at`. */
export class ExpiredCheckout extends DomainError {}

/** Another confirm of the same checkout holds its lock. */
export class CheckoutLocked extends DomainError {}

/** A change of a subscription that has ended or is set to end at the period's end. */
export class AlreadyCanceledSubscription extends DomainError {}

/** Gone for good (the real `ResourceUnavailable`, 410): an ended subscription cannot resume. */
export class ResourceUnavailable extends DomainError {}

/**
 * A refusal the real service names after its own error class (a PolarError subclass): answered
 * `{"error": name, "detail": detail}` with its status, e.g. 403 DisputeAutoAcceptNotEnabled.
 */
export class NamedRefusal extends DomainError {
  constructor(
    readonly status: number,
    readonly error: string,
    readonly detail: string,
  ) {
    super(detail);
  }
}

export type Loc = (string | number)[];

/** One value that breaks a rule, in pydantic's terms (api-facts "Errors"). */
export interface Problem {
  type: string;
  /** Where the value is within its part of the request (errors.ts puts the part first). */
  loc: Loc;
  msg: string;
  input: unknown;
  ctx?: Record<string, unknown>;
}

export type RequestPart = 'body' | 'query' | 'path';

/** Values that break the API's rules; `part` says where in the request they were sent. */
export class Invalid extends DomainError {
  constructor(
    readonly problems: Problem[],
    readonly part: RequestPart = 'body',
  ) {
    super(problems.map((p) => p.msg).join('; '));
  }
}

/** One problem, thrown on its own. */
export function invalid(
  loc: Loc,
  msg: string,
  input: unknown,
  type = 'value_error',
  ctx?: Record<string, unknown>,
  part: RequestPart = 'body',
): Invalid {
  const problem: Problem = { type, loc, msg, input };
  if (ctx) problem.ctx = ctx;
  return new Invalid([problem], part);
}
