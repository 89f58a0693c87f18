// Writes fixture.schema.json (issue 29): the JSON Schema of fixture files, for editors'
// completion and checks. Each section's entries are today's create bodies (2026-10), taken from
// the real service's description (vendor/polar-openapi/2026-10.json) with what they refer to;
// an id may also be a reference, "${products.pro.id}". test/fixtures/schema.test.ts checks the
// file is what this writes.
import { readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const REFERENCE = '\\$\\{[a-z_]+\\.[^.}]+\\.[a-z_]+\\}';
const UUID_OR_REFERENCE = `^([0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}|${REFERENCE})$`;

export function fixtureSchema() {
  const doc = JSON.parse(readFileSync(resolve(ROOT, 'vendor/polar-openapi/2026-10.json'), 'utf8'));
  const all = doc.components.schemas;
  const defs = {};
  const rewrite = (node) => {
    if (Array.isArray(node)) return node.map(rewrite);
    if (!node || typeof node !== 'object') return node;
    const out = {};
    for (const [k, v] of Object.entries(node)) {
      if (k === '$ref' && typeof v === 'string') {
        const name = v.replace('#/components/schemas/', '');
        take(name);
        out.$ref = `#/$defs/${name}`;
      } else if (k === 'discriminator') {
        // OpenAPI's, not JSON Schema's.
      } else if (k === 'format' && v === 'uuid') {
        out.pattern = UUID_OR_REFERENCE;
      } else out[k] = rewrite(v);
    }
    return out;
  };
  const take = (name) => {
    if (name in defs) return;
    defs[name] = {};
    defs[name] = rewrite(all[name]);
  };
  const section = (description, entry) => ({
    description,
    type: 'object',
    propertyNames: { pattern: '^[A-Za-z0-9_-]{1,64}$' },
    additionalProperties: entry,
  });
  const ref = (name) => {
    take(name);
    return { $ref: `#/$defs/${name}` };
  };
  const id = { type: 'string', pattern: UUID_OR_REFERENCE };
  return {
    $schema: 'https://json-schema.org/draft/2020-12/schema',
    $id: 'https://github.com/billing/billing/fixture.schema.json',
    title: 'billing fixture',
    description:
      'Objects made by `billing fixtures apply`, `billing serve --fixtures` and `startSandbox({ data })`, through today\'s API (2026-10), by section and name. A string "${<section>.<name>.<field>}" is replaced by that field of an object declared before. Each object\'s metadata gets fixture: "<section>.<name>", which a second apply finds.',
    type: 'object',
    additionalProperties: false,
    properties: {
      $schema: { type: 'string' },
      organizations: section(
        'Organizations, found by slug (made only with a user token).',
        ref('OrganizationCreate'),
      ),
      benefits: section('Benefits (BenefitCreate).', ref('BenefitCreate')),
      custom_fields: section('Custom fields (CustomFieldCreate).', ref('CustomFieldCreate')),
      products: section('Products (ProductCreate), and the benefits they grant.', {
        allOf: [ref('ProductCreate')],
        properties: {
          benefits: {
            description: 'Benefit ids or references, granted by the product.',
            type: 'array',
            items: id,
          },
        },
      }),
      discounts: section('Discounts (DiscountCreate).', ref('DiscountCreate')),
      customers: section('Customers (CustomerCreate).', ref('CustomerCreate')),
      subscriptions: section(
        'Subscriptions: to a free product through POST /v1/subscriptions/, to a paid one through a checkout paid with the sandbox test card (the sandbox only).',
        {
          type: 'object',
          required: ['customer_id', 'product_id'],
          additionalProperties: false,
          properties: {
            customer_id: id,
            product_id: id,
            started_at: {
              description:
                'When it started: the sandbox clock is moved there to make it, then back (renewals since happen). The real service has no test clock.',
              type: 'string',
              format: 'date-time',
            },
            metadata: { type: 'object' },
            customer_name: { description: 'For a paid one: the buyer name.', type: 'string' },
            billing_address: ref('AddressInput'),
          },
        },
      ),
      webhook_endpoints: section(
        'Webhook endpoints (WebhookEndpointCreate), found by URL.',
        ref('WebhookEndpointCreate'),
      ),
    },
    $defs: defs,
  };
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  writeFileSync(
    resolve(ROOT, 'fixture.schema.json'),
    `${JSON.stringify(fixtureSchema(), null, 2)}\n`,
  );
}
