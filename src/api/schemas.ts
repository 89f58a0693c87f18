// What the CLI requires of a response: a tolerant reader. The spec, the real service and its
// SDK disagree on names, nullability and optional keys (issue 11), so only what a command
// computes with is checked — a resource's id, a list's pagination, the few fields named
// below. Every other field may be absent, null or of a wider type, and passes through
// untouched to --json; tables show what is there.
import { array, type Check, count, type Field, nullish, object, string, text } from './check.js';

/** Any resource: an id, and whatever else the server sent. */
export type Resource = { id: string } & Record<string, unknown>;
export const resource = object<Resource>({ id: string });

/** `checkout confirm <id>` looks up the session's client secret to confirm with. */
export const checkoutWithSecret = object<Resource & { client_secret: string }>({
  id: string,
  client_secret: text,
});

/** The confirm response: the customer session token is stored when there is one. */
export type ConfirmedCheckout = Resource & { customer_session_token?: string | null };
export const confirmedCheckout = object<ConfirmedCheckout>({
  id: string,
  customer_session_token: nullish(string),
});

/** A license key with its activations (customer portal and seller get-by-id). */
export type LicenseKeyWithActivations = Resource & { activations?: Resource[] | null };
export const licenseKeyWithActivations = object<LicenseKeyWithActivations>({
  id: string,
  activations: nullish(array(resource)),
});

export interface Page<T> {
  items: T[];
  pagination: { total_count: number; max_page: number };
}

/** Every list response (spec §2.13): pagination drives `--all`. */
export function paginated<T>(item: Check<T> & Field): Check<Page<T>> {
  return object<Page<T>>({
    items: array(item),
    pagination: object({ total_count: count, max_page: count }),
  });
}
