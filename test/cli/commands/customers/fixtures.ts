// A customer as the service answers it, and the lookup of one by email.
import type { ScriptedHost } from '../../../helpers/http.js';
import { ID, ID2, json, ORG, page } from '../verb.js';

export const JANE = {
  id: ID,
  created_at: '2026-11-20T10:00:00Z',
  modified_at: null,
  metadata: {},
  email: 'jane@example.com',
  email_verified: false,
  name: 'Jane Doe',
  billing_address: null,
  tax_id: null,
  organization_id: ORG,
  avatar_url: 'https://www.gravatar.com/avatar/x',
};

/** The TSV card of a customer. */
export function janeCard(c = JANE): string {
  return (
    `id\t${c.id}\nemail\t${c.email}\nemail_verified\tfalse\nname\t${c.name}\ntax_id\t\n` +
    `billing_address\t\norganization_id\t${c.organization_id}\ncreated_at\t${c.created_at}\nmetadata\t{}\n`
  );
}

/** GET /v1/customers/?query=<email> answered with `items` (the search may match others too). */
export function lookup(pool: ScriptedHost, email: string, items: object[]): void {
  pool
    .intercept({ path: `/v1/customers/?query=${encodeURIComponent(email)}&page=1&limit=100` })
    .reply(200, page(items), json);
}

/** Another organization's customer with the same email. */
export const JANE_ELSEWHERE = {
  ...JANE,
  id: ID2,
  organization_id: '9e1f2a3b-4c5d-4e6f-8a7b-9c0d1e2f3a4b',
};
