// Typed errors that every layer throws. They say what went wrong; only src/cli/main.ts turns
// them into exit codes. Nothing here imports anything.

/** One field-level problem, shown on its own line under the error message. */
export interface FieldProblem {
  field: string;
  message: string;
}

export interface ErrorOptions {
  details?: FieldProblem[];
  /** An extra line of advice printed after the message and details. */
  hint?: string;
  cause?: unknown;
}

/** Any failure the CLI reports as such (exit 1 unless a subclass says more). */
export class BillingError extends Error {
  readonly details: FieldProblem[];
  readonly hint?: string;
  constructor(message: string, opts: ErrorOptions = {}) {
    super(message, { cause: opts.cause });
    this.name = new.target.name;
    this.details = opts.details ?? [];
    this.hint = opts.hint;
  }
}

/** Bad argv, flag values or input files, or an action not confirmed: nothing was sent. */
export class UsageError extends BillingError {}

/** The server could not be reached or did not answer in time. */
export class NetworkError extends BillingError {}

/** Missing, expired or rejected credentials. */
export class AuthError extends BillingError {}

/** The user interrupted (Ctrl+C). */
export class InterruptedError extends BillingError {
  constructor(message = 'interrupted') {
    super(message);
  }
}

/** An HTTP error answer from the API. */
export class ApiError extends BillingError {
  readonly status: number;
  /** The API's error name (`ResourceNotFound`, `insufficient_scope`, ...), when it sent one. */
  readonly code?: string;
  readonly body: unknown;
  /** A refusal because of the resource's state (not open, canceled, expired, at a limit). */
  readonly refusedByState: boolean;
  constructor(
    status: number,
    message: string,
    opts: Omit<ErrorOptions, 'cause'> & {
      code?: string;
      body?: unknown;
      refusedByState?: boolean;
    } = {},
  ) {
    super(message, opts);
    this.status = status;
    this.code = opts.code;
    this.body = opts.body;
    this.refusedByState =
      opts.refusedByState ?? (opts.code !== undefined && STATE_ERRORS.has(opts.code));
  }
}

/**
 * The API's errors that refuse an action because of the resource's state (not open, already
 * canceled, expired, locked), whatever their status (api-facts "Errors").
 */
export const STATE_ERRORS: ReadonlySet<string> = new Set([
  'NotOpenCheckout',
  'AlreadyCanceledSubscription',
  'ExpiredCheckoutError',
  'CheckoutLocked',
]);
