// --fields is checked against src/api/fields.ts before anything is sent; that list must know
// every field the real service sends, or a user could not pick one: every key path of the
// official SDK's models is valid there.
import { describe, expect, it } from 'vitest';
import {
  ACTIVATION,
  BENEFIT,
  CHECKOUT,
  CUSTOMER,
  CUSTOMER_STATE,
  DISCOUNT,
  type FieldTree,
  LICENSE_KEY,
  ORDER,
  ORGANIZATION,
  PRODUCT,
  SUBSCRIPTION,
  unknownField,
} from '../../src/api/fields.js';
import { type Schema as Schema2, schemaOf } from './openapi.js';
import { components } from './wire.js';

// biome-ignore lint/suspicious/noExplicitAny: zod 3 internals
type Schema = { _def: any };

/** Every key path of a wire body the schema reads: `customer.billing_address.city`, … */
function paths(schema: Schema, prefix = '', depth = 0, out = new Set<string>()): Set<string> {
  const def = schema._def;
  if (depth > 8) return out;
  const visit = (s: Schema) => paths(s, prefix, depth, out);
  switch (def.typeName) {
    case 'ZodObject':
      for (const [k, child] of Object.entries(def.shape() as Record<string, Schema>)) {
        const path = prefix ? `${prefix}.${k}` : k;
        out.add(path);
        paths(child, path, depth + 1, out);
      }
      break;
    case 'ZodUnion':
    case 'ZodDiscriminatedUnion':
      for (const o of (def.options as Schema[] | Map<unknown, Schema>).values()) visit(o);
      break;
    case 'ZodLazy':
      visit(def.getter());
      break;
    case 'ZodEffects':
      visit(def.schema);
      break;
    case 'ZodPipeline':
      visit(def.in);
      break;
    case 'ZodArray':
      visit(def.type);
      break;
    case 'ZodIntersection':
      visit(def.left);
      visit(def.right);
      break;
    case 'ZodOptional':
    case 'ZodNullable':
    case 'ZodDefault':
    case 'ZodCatch':
      visit(def.innerType);
      break;
    // ZodRecord (metadata and the like) has any keys: nothing more to list.
  }
  return out;
}

const models: [string, FieldTree][] = [
  ['Order', ORDER],
  ['Checkout', CHECKOUT],
  ['CheckoutPublicConfirmed', CHECKOUT],
  ['Subscription', SUBSCRIPTION],
  ['CustomerSubscription', SUBSCRIPTION],
  ['LicenseKeyRead', LICENSE_KEY],
  ['LicenseKeyWithActivations', LICENSE_KEY],
  ['ValidatedLicenseKey', LICENSE_KEY],
  ['LicenseKeyActivationRead', ACTIVATION],
  ['Organization', ORGANIZATION],
  ['Product', PRODUCT],
  ['Discount', DISCOUNT],
  ['Benefit', BENEFIT],
  ['Customer', CUSTOMER],
  // orders list|get --mine print the customer portal's orders with the ORDER tree.
  ['CustomerOrder', ORDER],
];

describe('the --fields catalogue knows every field of the SDK models', () => {
  it.each(models)('%s', (model, tree) => {
    const all = [...paths(components[`${model}$inboundSchema`])];
    expect(all.length).toBeGreaterThan(10);
    const unknown = all.filter((p) => unknownField(tree, p));
    expect(unknown).toEqual([]);
  });
});

/** Every key path of a 2026-10 document schema (maps of any keys end the path). */
function documentPaths(schema: Schema2, prefix = '', depth = 0, out = new Set<string>()) {
  if (depth > 8) return out;
  const s = schema.$ref ? schemaOf(schema.$ref.split('/').pop()!) : schema;
  for (const member of [...(s.anyOf ?? []), ...(s.oneOf ?? []), ...(s.allOf ?? [])]) {
    documentPaths(member, prefix, depth + 1, out);
  }
  if (s.items) documentPaths(s.items, prefix, depth + 1, out);
  for (const [name, sub] of Object.entries(s.properties ?? {})) {
    const path = prefix ? `${prefix}.${name}` : name;
    out.add(path);
    documentPaths(sub, path, depth + 1, out);
  }
  return out;
}

describe("--fields of today's customer state knows every field of the 2026-10 CustomerState", () => {
  it.each(['CustomerStateIndividual', 'CustomerStateTeam'])('%s', (name) => {
    const all = [...documentPaths(schemaOf(name))];
    expect(all).toContain('active_subscriptions.meters.meter_id');
    expect(all.filter((p) => unknownField(CUSTOMER_STATE, p))).toEqual([]);
  });
});
