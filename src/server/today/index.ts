// Today's generation of the API at the service's edge: requests that name `Polar-Version:
// 2026-04` or `2026-10` (versions.ts reads it; the two are the same shapes). One domain, one
// store: this folder only maps. A module per resource, each a thin translation read from the
// real service at c6c3645e and typed by the 2026-10 document (src/shared/openapi/2026-10.ts):
//   - its request bodies and queries → the domain's input (zod schemas, then a function to the
//     domain's fields, e.g. customers.ts `createBody` + `createFields`);
//   - its rows → today's JSON (`customer(row)`, `subscription(loader, row)`), typed
//     `components['schemas'][…]` so a missing or misspelt field does not compile.
// The seed's generation (no header) keeps its own edge: serialize/ and the parsers in routes/.
//
// A route serves both generations and picks with the request's Context (app.ts):
//     get('/v1/customers/:id', READ, (req, ctx) =>
//       ctx.today ? today.customer(row) : customer(row));
// or exists in one only — `get(url, auth, handler, { only: 'today' })` answers the other
// generation the router's 404 {"detail": "Not Found"}, as the real VersionedAPIRoute does not
// match. Where today's rules differ, the domain takes the generation (`updateCustomer(w, row,
// fields, 'today')`); a fact only today's has is a column added in store/schema.ts and in
// Db#migrate (store/db.ts), which upgrades an existing --db file. An event's today's `data` is
// events.ts; the types the sandbox emits are EMITTED_EVENT_TYPES (domain/events.ts).
// Tests: test/conformance/today/ (SDK 1.0.1, every answer checked against the 2026-10 document).
export * as customerSessions from './customer-sessions.js';
export * as customers from './customers.js';
export * as events from './events.js';
export * as organizations from './organizations.js';
export * as webhooks from './webhooks.js';
