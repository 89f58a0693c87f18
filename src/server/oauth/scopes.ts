// Scope strings: parsing, checks and the plain-language descriptions of the consent page.
import { ALL_SCOPES } from '../auth.js';

const KNOWN = new Set<string>(ALL_SCOPES);

export const SCOPE_DESCRIPTIONS: Record<string, string> = {
  openid: 'Confirm who you are',
  profile: 'Read your basic profile',
  email: 'Read your email address',
  'user:read': 'Read your user account',
  'organizations:read': 'Read your organizations',
  'organizations:write': 'Create and change your organizations',
  'checkouts:read': 'Read checkout sessions',
  'checkouts:write': 'Create and change checkout sessions',
  'checkout_links:read': 'Read checkout links',
  'checkout_links:write': 'Create, change and delete checkout links',
  'subscriptions:read': 'Read subscriptions',
  'subscriptions:write': 'Change and cancel subscriptions',
  'orders:read': 'Read orders',
  'orders:write': 'Change orders',
  'refunds:read': 'Read refunds',
  'refunds:write': 'Refund orders',
  'license_keys:read': 'Read license keys',
  'license_keys:write': 'Change license keys',
  'customer_portal:read': 'Read your purchases in the customer portal',
  'customer_portal:write': 'Manage your purchases in the customer portal',
  'products:read': 'Read products',
  'products:write': 'Create and change products',
  'benefits:read': 'Read benefits',
  'benefits:write': 'Create and change benefits',
  'customers:read': 'Read customers',
  'customers:write': 'Create and change customers',
  'customer_sessions:write': 'Act as your customers in their customer portal',
  'discounts:read': 'Read discounts',
  'discounts:write': 'Create, change and delete discounts',
  'webhooks:read': 'Read webhook endpoints and deliveries, and listen to events',
  'webhooks:write': 'Create and change webhook endpoints, and redeliver events',
  'events:read': 'Read usage events',
  'events:write': 'Ingest usage events',
  'meters:read': 'Read meters and their quantities',
  'meters:write': 'Create and change meters',
  'customer_meters:read': "Read customers' meters: usage, credits and balance",
};

/** Space-separated scope string -> unique scopes in the order given. */
export function splitScope(value: string | null | undefined): string[] {
  return [...new Set((value ?? '').split(' ').filter(Boolean))];
}

export function unknownScopes(scopes: string[]): string[] {
  return scopes.filter((s) => !KNOWN.has(s));
}

/** Scopes of `requested` that `allowed` does not contain. */
export function beyond(requested: string[], allowed: string[]): string[] {
  const set = new Set(allowed);
  return requested.filter((s) => !set.has(s));
}
