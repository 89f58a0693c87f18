// Response schemas for every resource of spec §2, and the types inferred from them.
export * from './checkout.js';
export * from './common.js';
export * from './license-key.js';
export * from './order.js';
export * from './product.js';
export * from './subscription.js';
