// Shared building blocks of the response schemas (spec §2). Objects are loose so fields the
// service adds pass through to --json output; every listed field is present but may be null
// (api-facts.md "Fields beyond the spec's lists"), while types stay strict. Only `id` and
// `created_at` are required non-null: every resource has them.
import * as z from 'zod';

export const id = z.string();
export const dateTime = z.string();
export const int = z.number().int();
export const jsonObject = z.record(z.string(), z.unknown());

/** A field that is always present in the JSON but may be null. */
export function nullable<T extends z.ZodType>(schema: T) {
  return schema.nullable();
}

export const address = z.looseObject({
  line1: nullable(z.string()),
  line2: nullable(z.string()),
  postal_code: nullable(z.string()),
  city: nullable(z.string()),
  state: nullable(z.string()),
  country: nullable(z.string()),
});

export const timestamps = {
  id,
  created_at: dateTime,
  modified_at: nullable(dateTime),
};

export const price = z.looseObject({
  ...timestamps,
  amount_type: nullable(z.string()),
  is_archived: nullable(z.boolean()),
  product_id: nullable(id),
  price_currency: nullable(z.string()),
  // Prices whose amount_type is not `fixed` have no fixed amount (spec §2.4 "not shown").
  price_amount: nullable(int).optional(),
  type: nullable(z.string()),
  recurring_interval: nullable(z.string()),
});

export const benefit = z.looseObject({
  ...timestamps,
  type: nullable(z.string()),
  description: nullable(z.string()),
  selectable: nullable(z.boolean()),
  deletable: nullable(z.boolean()),
  organization_id: nullable(id),
  properties: nullable(jsonObject),
});

export const media = z.looseObject({
  id,
  organization_id: nullable(id),
  name: nullable(z.string()),
  path: nullable(z.string()),
  mime_type: nullable(z.string()),
  size: nullable(int),
  storage_version: nullable(z.string()),
  checksum_etag: nullable(z.string()),
  checksum_sha256_base64: nullable(z.string()),
  checksum_sha256_hex: nullable(z.string()),
  last_modified_at: nullable(dateTime),
  version: nullable(z.string()),
  service: nullable(z.string()),
  is_uploaded: nullable(z.boolean()),
  created_at: dateTime,
  size_readable: nullable(z.string()),
  public_url: nullable(z.string()),
});

export const customField = z.looseObject({
  ...timestamps,
  metadata: nullable(jsonObject),
  type: nullable(z.string()),
  slug: nullable(z.string()),
  name: nullable(z.string()),
  organization_id: nullable(id),
  properties: nullable(jsonObject),
});

export const attachedCustomField = z.looseObject({
  custom_field_id: nullable(id),
  custom_field: nullable(customField),
  order: nullable(int),
  required: nullable(z.boolean()),
});

export const customer = z.looseObject({
  ...timestamps,
  metadata: nullable(jsonObject),
  email: nullable(z.string()),
  email_verified: nullable(z.boolean()),
  name: nullable(z.string()),
  billing_address: nullable(address),
  // [identifier, tax-identifier type] (spec §2.8).
  tax_id: nullable(z.tuple([z.string(), z.string()])),
  organization_id: nullable(id),
  avatar_url: nullable(z.string()),
});

/** The user as embedded in license keys; subscriptions and orders add code_host_username. */
export const licenseKeyUser = z.looseObject({
  id,
  email: nullable(z.string()),
  public_name: nullable(z.string()),
  avatar_url: nullable(z.string()),
});
export const user = licenseKeyUser.extend({ code_host_username: nullable(z.string()) });

/** Every list response (spec §2.13). */
export function paginated<T extends z.ZodType>(item: T) {
  return z.looseObject({
    items: z.array(item),
    pagination: z.looseObject({ total_count: int, max_page: int }),
  });
}

export type Address = z.output<typeof address>;
export type Price = z.output<typeof price>;
export type Benefit = z.output<typeof benefit>;
export type Media = z.output<typeof media>;
export type CustomField = z.output<typeof customField>;
export type AttachedCustomField = z.output<typeof attachedCustomField>;
export type Customer = z.output<typeof customer>;
export type User = z.output<typeof user>;
export type LicenseKeyUser = z.output<typeof licenseKeyUser>;
export interface Page<T> {
  items: T[];
  pagination: { total_count: number; max_page: number };
}
