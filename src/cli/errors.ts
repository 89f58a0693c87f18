// Typed errors. main.ts is the only place that turns them into exit codes (see EXIT).

export const EXIT = {
  ok: 0,
  failure: 1,
  usage: 2,
  network: 3,
  auth: 4,
  permission: 5,
  notFound: 6,
  conflict: 7,
  rateLimited: 8,
  interrupted: 130,
} as const;
export type ExitCode = (typeof EXIT)[keyof typeof EXIT];

/** One field-level problem, shown on its own line under the error message. */
export interface FieldProblem {
  field: string;
  message: string;
}

export class CliError extends Error {
  readonly exitCode: ExitCode;
  readonly details: FieldProblem[];
  /** An extra line of advice printed after the message and details. */
  readonly hint?: string;
  constructor(
    message: string,
    exitCode: ExitCode = EXIT.failure,
    opts: { details?: FieldProblem[]; hint?: string; cause?: unknown } = {},
  ) {
    super(message, { cause: opts.cause });
    this.name = new.target.name;
    this.exitCode = exitCode;
    this.details = opts.details ?? [];
    this.hint = opts.hint;
  }
}

/** Bad argv, flag values or input files: nothing was sent. Exit 2. */
export class UsageError extends CliError {
  constructor(message: string, opts: { details?: FieldProblem[]; hint?: string } = {}) {
    super(message, EXIT.usage, opts);
  }
}

/** The server could not be reached or did not answer in time. Exit 3. */
export class NetworkError extends CliError {
  constructor(message: string, opts: { hint?: string; cause?: unknown } = {}) {
    super(message, EXIT.network, opts);
  }
}

/** Missing, expired or rejected credentials. Exit 4. */
export class AuthError extends CliError {
  constructor(message: string, opts: { hint?: string; cause?: unknown } = {}) {
    super(message, EXIT.auth, opts);
  }
}

/** An HTTP error answer from the API, mapped to an exit code by status. */
export class ApiError extends CliError {
  readonly status: number;
  /** The API's error name (`ResourceNotFound`, `insufficient_scope`, ...), when it sent one. */
  readonly code?: string;
  readonly body: unknown;
  constructor(
    status: number,
    message: string,
    opts: {
      code?: string;
      body?: unknown;
      details?: FieldProblem[];
      hint?: string;
      /** Overrides the status's code, e.g. a 403 that is about state, not permission. */
      exitCode?: ExitCode;
    } = {},
  ) {
    super(message, opts.exitCode ?? exitCodeForStatus(status, opts.code), {
      details: opts.details,
      hint: opts.hint,
    });
    this.status = status;
    this.code = opts.code;
    this.body = opts.body;
  }
}

/**
 * The API's errors that refuse an action because of the resource's state (not open, already
 * canceled, expired, locked): exit 7 whatever their status (api-facts "Errors").
 */
export const STATE_ERRORS: ReadonlySet<string> = new Set([
  'NotOpenCheckout',
  'AlreadyCanceledSubscription',
  'ExpiredCheckoutError',
  'CheckoutLocked',
]);

export function exitCodeForStatus(status: number, code?: string): ExitCode {
  if (code !== undefined && STATE_ERRORS.has(code)) return EXIT.conflict;
  // 413, 414, 431: the request as formed (a flag value, --data) is too big to ever be accepted.
  if ([400, 413, 414, 422, 431].includes(status)) return EXIT.usage;
  if (status === 401) return EXIT.auth;
  if (status === 403) return EXIT.permission;
  if (status === 404) return EXIT.notFound;
  if (status === 409 || status === 410) return EXIT.conflict;
  if (status === 429) return EXIT.rateLimited;
  return EXIT.failure;
}
