// Customer sessions in today's generation (customer_session/schemas.py at c6c3645e): the create
// body — a union of one by `customer_id` and one by `external_customer_id` (alias
// `customer_external_id`), each with `return_url` — and the CustomerSession form. `member_id`
// and `external_member_id` are read and unused: they choose a member of an organization with
// the member model, which no organization of the sandbox has.
import * as z from 'zod';
import type { components } from '../../shared/openapi/2026-10.js';
import type { CustomerSession } from '../domain/customer-sessions.js';
import { Invalid } from '../domain/errors.js';
import { httpUrl } from '../fields.js';
import type { CustomerRow } from '../store/rows.js';
import { issueToItem } from '../validate.js';
import { customer } from './customers.js';

type Schemas = components['schemas'];

export type CustomerBy =
  | { field: 'customer_id'; value: string }
  | { field: 'external_customer_id'; value: string };

const common = {
  member_id: z.uuid().nullish(),
  external_member_id: z.string().nullish(),
  return_url: httpUrl.nullish(),
};
const byId = z.object({ ...common, customer_id: z.uuid() });
const byExternal = z.object({ ...common, external_customer_id: z.string() });

/**
 * pydantic's smart union: the branch that fits; when none does, every branch's problems, each
 * under its branch's name.
 */
export const createBody = z.unknown().transform((value) => {
  const input = { ...(value as object) } as Record<string, unknown>;
  if (input.external_customer_id === undefined && input.customer_external_id !== undefined)
    input.external_customer_id = input.customer_external_id;
  const id = byId.safeParse(input, { reportInput: true });
  if (id.success)
    return { by: { field: 'customer_id', value: id.data.customer_id } as CustomerBy, ...id.data };
  const ext = byExternal.safeParse(input, { reportInput: true });
  if (ext.success) {
    const by: CustomerBy = { field: 'external_customer_id', value: ext.data.external_customer_id };
    return { by, ...ext.data };
  }
  const under = (branch: string, issues: z.core.$ZodIssue[]) =>
    issues.map((i) => {
      const item = issueToItem(i, input);
      return { ...item, loc: [branch, ...item.loc] };
    });
  throw new Invalid([
    ...under('CustomerSessionCustomerIDCreate', id.error.issues),
    ...under('CustomerSessionCustomerExternalIDCreate', ext.error.issues),
  ]);
});

/** The CustomerSession form; the portal URL carries the token and the customer's email. */
export function customerSession(
  session: CustomerSession,
  row: CustomerRow,
  portal: string,
): Schemas['CustomerSession'] {
  const query = new URLSearchParams({ customer_session_token: session.token, email: row.email });
  return {
    created_at: session.createdAt,
    modified_at: null,
    id: session.id,
    token: session.token,
    expires_at: session.expiresAt,
    return_url: session.returnUrl,
    customer_portal_url: `${portal}?${query}`,
    customer_id: row.id,
    customer: customer(row),
  };
}

/** The session a portal token is (GET /v1/customer-portal/customer-session/introspect). */
export function introspection(session: {
  expires_at: string;
  return_url?: string | null;
}): Schemas['CustomerCustomerSession'] {
  return { expires_at: session.expires_at, return_url: session.return_url ?? null };
}
