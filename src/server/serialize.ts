// Turns rows into the API's JSON forms (spec §2), field for field, with every related row loaded
// in batches per request (no N+1 on lists).
export * from './serialize/catalogue.js';
export * from './serialize/checkout.js';
export * from './serialize/commerce.js';
export * from './serialize/events.js';
export * from './serialize/export.js';
export { Loader } from './serialize/loader.js';
export * from './serialize/webhooks.js';
