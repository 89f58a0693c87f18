// What the CLI requires of a response: a tolerant reader. The spec, the real service and its
// SDK disagree on names, nullability and optional keys (issue 11), so only what a command
// computes with is checked — a resource's id, a list's pagination, the few fields named
// below. Every other field may be absent, null or of a wider type, and passes through
// untouched to --json; tables show what is there.
import * as z from 'zod';

/** Any resource: an id, and whatever else the server sent. */
export const resource = z.looseObject({ id: z.string() });
export type Resource = z.output<typeof resource>;

/** `checkout confirm <id>` looks up the session's client secret to confirm with. */
export const checkoutWithSecret = resource.extend({ client_secret: z.string().min(1) });

/** The confirm response: the customer session token is stored when there is one. */
export const confirmedCheckout = resource.extend({
  customer_session_token: z.string().nullish(),
});
export type ConfirmedCheckout = z.output<typeof confirmedCheckout>;

/** A license key with its activations (customer portal and seller get-by-id). */
export const licenseKeyWithActivations = resource.extend({
  activations: z.array(resource).nullish(),
});
export type LicenseKeyWithActivations = z.output<typeof licenseKeyWithActivations>;

const count = z.number().int().min(0);

/** Every list response (spec §2.13): pagination drives `--all`. */
export function paginated<T extends z.ZodType>(item: T) {
  return z.looseObject({
    items: z.array(item),
    pagination: z.looseObject({ total_count: count, max_page: count }),
  });
}

export interface Page<T> {
  items: T[];
  pagination: { total_count: number; max_page: number };
}

/** Address fields as sent in request bodies (spec §2.1). */
export interface Address {
  line1?: string | null;
  line2?: string | null;
  postal_code?: string | null;
  city?: string | null;
  state?: string | null;
  country: string;
}
