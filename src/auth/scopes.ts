// The scopes `billing login` asks for: the least set the CLI's commands need.
export const IDENTITY_SCOPES = ['openid', 'email'];

export const DEFAULT_SCOPES = [
  ...IDENTITY_SCOPES,
  'organizations:read',
  'organizations:write',
  'checkouts:read',
  'checkouts:write',
  // `billing links` (today's API).
  'checkout_links:read',
  'checkout_links:write',
  'products:read',
  'products:write',
  'benefits:read',
  'benefits:write',
  'discounts:read',
  'discounts:write',
  'customers:read',
  'customers:write',
  'subscriptions:read',
  'subscriptions:write',
  'orders:read',
  // `orders refund` and `refunds list` (today's API).
  'refunds:read',
  'refunds:write',
  'license_keys:read',
  'license_keys:write',
  'webhooks:read',
  'webhooks:write',
  'customer_portal:read',
  'customer_portal:write',
  // `checkout confirm`'s way out when a session could not be stored: POST /v1/customer-sessions/.
  'customer_sessions:write',
  // `billing metrics` (today's API).
  'metrics:read',
  // `billing events`, `meters` and `customers usage` (today's API).
  'events:read',
  'events:write',
  'meters:read',
  'meters:write',
  'customer_meters:read',
  // `billing fixtures apply|export`: the catalogue's custom fields.
  'custom_fields:read',
  'custom_fields:write',
];

export const READ_ONLY_SCOPES = DEFAULT_SCOPES.filter((s) => !s.endsWith(':write'));
