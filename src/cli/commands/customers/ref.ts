// A customer named by id or by email, wherever a command takes one (`--customer
// jane@example.com`, `customers get jane@example.com`): an email is looked up in the seller's
// customers (GET /v1/customers/?query=…), exact and case-insensitive.
import { ApiError, UsageError } from '../../../errors.js';
import type { Context } from '../../context.js';
import { clip } from '../../input.js';

const UUID = /^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$/;
const EMAIL = /^[^\s@]+@[^\s@]+$/;

/** The value checked: a UUID (lower-cased) or an email (lower-cased). */
export function customerRef(flag: string, value: string): string {
  if (UUID.test(value) || EMAIL.test(value)) return value.toLowerCase();
  throw new UsageError(`${flag}: "${clip(value)}" is neither a customer id (UUID) nor an email`);
}

/** An email address, as far as the CLI checks one (the service checks the rest). */
export function email(flag: string, value: string): string {
  if (EMAIL.test(value)) return value;
  throw new UsageError(`${flag}: "${clip(value)}" is not an email`);
}

/** The seller's own id of a customer: any text of one line, at most 256 characters. */
export function externalId(flag: string, value: string): string {
  if (value.trim() === '' || value.length > 256 || /[\r\n]/.test(value)) {
    throw new UsageError(`${flag}: an external id is one line of 1 to 256 characters`);
  }
  return value;
}

export function customerRefs(flag: string, values: string[] | undefined): string[] | undefined {
  return values?.length ? values.map((v) => customerRef(flag, v)) : undefined;
}

/**
 * The customer id of a reference. The same email may belong to customers of several
 * organizations: then `organizations` narrows it, and without them it is a usage error that
 * lists the matches.
 */
export async function customerId(
  ctx: Context,
  flag: string,
  ref: string,
  organizations?: readonly string[],
): Promise<string> {
  if (UUID.test(ref)) return ref;
  const [{ customers }, client] = await Promise.all([
    import('../../../api/index.js'),
    ctx.api('seller'),
  ]);
  const found: { id: string; organization_id?: unknown }[] = [];
  const filters = {
    query: ref,
    organization_id: organizations?.length ? organizations : undefined,
  };
  for await (const c of customers.list(client, filters, { limit: 100 })) {
    if (typeof c.email === 'string' && c.email.toLowerCase() === ref) found.push(c);
  }
  if (found.length === 1) return found[0]!.id;
  if (found.length === 0) {
    throw new ApiError(404, `${flag}: no customer has the email ${ref}`, {
      hint: 'Find them with: billing customers list --query <part of the email or name>',
    });
  }
  const matches = found.map((c) => `${c.id} (organization ${String(c.organization_id)})`);
  throw new UsageError(
    `${flag}: ${ref} is a customer of ${found.length} organizations: ${matches.join(', ')}`,
    { hint: 'Pass the customer id instead, or --org to say which organization.' },
  );
}

/** customerId() for every reference of a repeatable flag. */
export async function customerIds(
  ctx: Context,
  flag: string,
  refs: readonly string[] | undefined,
  organizations?: readonly string[],
): Promise<string[] | undefined> {
  if (!refs?.length) return undefined;
  const ids: string[] = [];
  for (const ref of refs) ids.push(await customerId(ctx, flag, ref, organizations));
  return ids;
}
