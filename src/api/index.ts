// The API layer's public surface: the client, one namespace per resource, schemas and enums.
export * as benefits from './benefits.js';
export * as checkoutLinks from './checkout-links.js';
export * as checkouts from './checkouts.js';
export {
  ApiClient,
  type ApiClientOptions,
  defaultUserAgent,
  type RequestOptions,
} from './client.js';
export * as customerMeters from './customer-meters.js';
export * as customers from './customers.js';
export * as discounts from './discounts.js';
export * from './enums.js';
export * as eventStream from './event-stream.js';
export * as eventTypes from './event-types.js';
export * as events from './events.js';
export * as licenseKeys from './license-keys.js';
export * as local from './local.js';
export * as meters from './meters.js';
export * as metrics from './metrics.js';
export * as orders from './orders.js';
export * as organizations from './organizations.js';
export type { PageInfo, PageOptions } from './paginate.js';
export * as products from './products.js';
export { redact } from './redact.js';
export * as refunds from './refunds.js';
export type { RetryPolicy } from './retry.js';
export * from './schemas.js';
export * as subscriptions from './subscriptions.js';
export type { Query } from './url.js';
export * as webhooks from './webhooks.js';
