// A refusal because of a resource's state (exit 7), told in the words of the command that met
// it, with the way forward: the server's own text is written for its endpoint, not for us.
import { ApiError } from '../../errors.js';

export interface StateRule {
  /** The API's error name (`NotPermitted`, `AlreadyCanceledSubscription`, …). */
  code: string;
  /** Only when the server's detail matches (a NotPermitted can also be about permission). */
  detail?: RegExp;
  /** Replaces the server's message; its detail by default. */
  message?: string;
  hint?: string;
}

function detailOf(err: ApiError): string {
  const detail = (err.body as { detail?: unknown } | undefined)?.detail;
  return typeof detail === 'string' ? detail : err.message;
}

/** `err` as a state error (exit 7) when one of `rules` fits it; otherwise `err` itself. */
export function stateError(err: unknown, rules: readonly StateRule[]): unknown {
  if (!(err instanceof ApiError) || ![400, 403, 404, 410].includes(err.status)) return err;
  // A 404 is a state only where a rule names it (today's license-key validate answers a key
  // that is no longer active with one): otherwise it is what it says.
  if (err.status === 404 && !rules.some((r) => r.code === err.code && r.detail)) return err;
  const detail = detailOf(err);
  const rule = rules.find((r) => r.code === err.code && (!r.detail || r.detail.test(detail)));
  if (!rule) return err;
  return new ApiError(err.status, rule.message ?? err.message, {
    code: err.code,
    body: err.body,
    hint: rule.hint ?? err.hint,
    refusedByState: true,
  });
}
