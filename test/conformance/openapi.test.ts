// The 2026-10 oracle (openapi.ts) can say yes and no: every generated body passes ajv, a body
// with a key taken out or of the wrong type is refused with its path and the place in the
// document that refuses it, and concrete requests reach the operations the service routes them to.
import { describe, expect, it } from 'vitest';
import {
  matchPath,
  OpenApiGenerator,
  operation,
  requestErrors,
  responseErrors,
  schemaErrors,
  schemaOf,
  type Variant,
} from './openapi.js';

const ID = '0b4c2a7e-1f7d-4d2b-9a7e-3c1f0e6d5b21';
const ID2 = '5f0c1d2e-3a4b-4c5d-8e6f-7a8b9c0d1e2f';
const FULL: Variant = { mode: 'full', branch: 0 };
const MINIMAL: Variant = { mode: 'minimal', branch: 0 };
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[0-9a-f]{4}-[0-9a-f]{12}$/;

type Json = Record<string, unknown>;

/** Every string in a body that satisfies `test`, at any depth. */
function stringsIn(value: unknown, test: (key: string, s: string) => boolean, key = ''): string[] {
  if (typeof value === 'string') return test(key, value) ? [value] : [];
  if (Array.isArray(value)) return value.flatMap((item) => stringsIn(item, test, key));
  if (value && typeof value === 'object') {
    return Object.entries(value).flatMap(([k, v]) => stringsIn(v, test, k));
  }
  return [];
}

function at(body: unknown, path: (string | number)[]): Json {
  return path.reduce<unknown>((node, key) => (node as Json)[key], body) as Json;
}

describe('schemaOf', () => {
  it('gives the component schema as the document writes it', () => {
    expect(schemaOf('UserInfoUser')).toMatchObject({ type: 'object', required: ['sub'] });
  });

  it.each(['Nope', 'toString', '__proto__'])('refuses a name the document lacks: %s', (name) => {
    expect(() => schemaOf(name)).toThrow(`the 2026-10 document has no schema "${name}"`);
  });
});

const SCHEMAS = [
  'Order',
  'CustomerOrder',
  'Subscription',
  'CustomerSubscription',
  'Product',
  'Checkout',
  'CheckoutPublicConfirmed',
  'Customer',
  'Discount',
  'Benefit',
  'LicenseKeyRead',
  'LicenseKeyWithActivations',
  'LicenseKeyActivationRead',
  'ValidatedLicenseKey',
  'Organization',
  'WebhookEndpoint',
  'WebhookDelivery',
  'UserInfoUser',
  'UserInfoOrganization',
  'ListResource_Order_',
];

describe('OpenApiGenerator', () => {
  it.each(SCHEMAS)('every variant of %s is a body the document accepts', (name) => {
    const generator = new OpenApiGenerator();
    const schema = schemaOf(name);
    const variants = generator.variants(schema);
    expect(variants[0]).toEqual(MINIMAL);
    expect(variants.slice(1)).toEqual(variants.slice(1).map((_, branch) => ({ ...FULL, branch })));
    for (const variant of variants) {
      const body = generator.body(schema, variant);
      expect(schemaErrors(name, body), JSON.stringify(variant)).toEqual([]);
    }
  });

  it('walks every branch of a union: all eight Benefit types, both Customer types', () => {
    const generator = new OpenApiGenerator();
    const typesOf = (name: string) =>
      new Set(
        generator
          .variants(schemaOf(name))
          .map((v) => (generator.body(schemaOf(name), v) as Json).type),
      );
    expect(typesOf('Benefit')).toEqual(
      new Set(Object.keys(schemaOf('Benefit').discriminator!.mapping!)),
    );
    expect(typesOf('Customer')).toEqual(new Set(['individual', 'team']));
  });

  it('minimal keeps required keys only, nullables null and lists empty; full sets them all', () => {
    const generator = new OpenApiGenerator();
    const bare = generator.body(schemaOf('UserInfoUser'), MINIMAL) as Json;
    expect(Object.keys(bare)).toEqual(['sub']);
    const full = generator.body(schemaOf('UserInfoUser'), FULL) as Json;
    expect(Object.keys(full)).toEqual(['sub', 'name', 'email', 'email_verified']);
    expect(Object.values(full)).not.toContain(null);

    const minimal = generator.body(schemaOf('Order'), MINIMAL) as Json;
    expect(minimal).toMatchObject({
      billing_address: null,
      product: null,
      items: [],
      metadata: {},
    });
    const order = generator.body(schemaOf('Order'), FULL) as Json;
    expect(order.billing_address).toMatchObject({ country: 'AD' });
    expect(order.items).toHaveLength(1);
    expect(Object.keys(order.metadata as Json)).toHaveLength(1);
  });

  it('cuts recursion (a Filter whose clauses are Filters) to the minimal form, still valid', () => {
    // Branch 1 takes the Filter side of every clause: without a cap this never ends.
    const filter = new OpenApiGenerator().body(schemaOf('Filter'), { mode: 'full', branch: 1 });
    let node = filter as Json;
    let levels = 1;
    while ((node.clauses as Json[]).length) {
      node = (node.clauses as Json[])[0]!;
      levels++;
    }
    expect(levels).toBeGreaterThan(3);
    expect(levels).toBeLessThan(10);
    expect(node).toEqual({ conjunction: 'or', clauses: [] });
  });

  it('gives ids that are fresh lowercase version-4 UUIDs across one generator', () => {
    const generator = new OpenApiGenerator();
    const bodies = [
      generator.body(schemaOf('ListResource_Order_'), FULL),
      generator.body(schemaOf('Subscription'), FULL),
    ];
    for (const id of stringsIn(bodies, (key) => key === 'id')) expect(id).toMatch(UUID);
    const ids = stringsIn(bodies, (_, s) => UUID.test(s));
    expect(ids.length).toBeGreaterThan(20);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('dates its date-times near 2026-05-01', () => {
    const order = new OpenApiGenerator().body(schemaOf('Order'), FULL);
    const dates = stringsIn(order, (key) => key.endsWith('_at')).map(Date.parse);
    expect(dates.length).toBeGreaterThan(5);
    for (const date of dates) {
      expect(date).toBeGreaterThanOrEqual(Date.parse('2026-05-01T00:00:00Z'));
      expect(date).toBeLessThan(Date.parse('2026-06-01T00:00:00Z'));
    }
  });

  it("follows the document's patterns and formats: decimal text, IPv4 and IPv6 addresses", () => {
    const generator = new OpenApiGenerator();
    const metered = schemaOf('ProductPriceMeteredUnitCreate');
    expect(generator.body(metered, FULL)).toMatchObject({ unit_amount: 1500 });
    expect(generator.body(metered, { mode: 'full', branch: 1 })).toMatchObject({
      unit_amount: '0.125',
    });
    const ip = (branch: number) =>
      (generator.body(schemaOf('Checkout'), { mode: 'full', branch }) as Json).customer_ip_address;
    expect(ip(0)).toMatch(/^203\.0\.113\.\d+$/);
    expect(ip(1)).toMatch(/^2001:db8::\d+$/);
  });

  it('refuses to emit what it cannot make fit instead of emitting an invalid body', () => {
    const generator = new OpenApiGenerator();
    expect(() => generator.body({ type: 'string', pattern: '^x$' }, FULL)).toThrow(
      'no sample value for pattern ^x$',
    );
    // A UUID cut to five characters is no UUID: ajv's verdict makes body() throw.
    expect(() => generator.body({ type: 'string', format: 'uuid4', maxLength: 5 }, FULL)).toThrow(
      /generated body does not fit #:\n\(root\) must match format "uuid4", not "00000"/,
    );
  });
});

interface Broken {
  name: string;
  /** The key taken out, as a path from the body's root. */
  remove: (string | number)[];
  removed: string[];
  /** A key set to a value of the wrong type. */
  set: [path: (string | number)[], value: unknown];
  wrong: string[];
  /** Untagged unions are checked as anyOf: every branch reports, so only some lines are named. */
  partial?: boolean;
}

const S = '#/components/schemas';
const broken: Broken[] = [
  {
    name: 'Order',
    remove: ['customer'],
    removed: [`(root) must have required property 'customer' (${S}/Order/required)`],
    set: [['total_amount'], '1900'],
    wrong: [`/total_amount must be integer, not "1900" (${S}/Order/properties/total_amount/type)`],
  },
  {
    name: 'CustomerOrder',
    remove: ['items'],
    removed: [`(root) must have required property 'items' (${S}/CustomerOrder/required)`],
    set: [['paid'], 'yes'],
    wrong: [`/paid must be boolean, not "yes" (${S}/CustomerOrder/properties/paid/type)`],
  },
  {
    name: 'Subscription',
    remove: ['current_period_end'],
    removed: [
      `(root) must have required property 'current_period_end' (${S}/Subscription/required)`,
    ],
    set: [['prices', 0, 'amount_type'], 'recurring'],
    wrong: [
      `/prices/0/amount_type must be equal to one of the allowed values: fixed, custom, not "recurring" (${S}/LegacyRecurringProductPrice/discriminator/mapping)`,
      `/prices/0/amount_type must be equal to one of the allowed values: fixed, custom, seat_based, metered_unit, not "recurring" (${S}/ProductPrice/discriminator/mapping)`,
      `/prices/0 must match a schema in oneOf (${S}/Subscription/properties/prices/items/oneOf)`,
    ],
  },
  {
    name: 'CustomerSubscription',
    remove: ['status'],
    removed: [`(root) must have required property 'status' (${S}/CustomerSubscription/required)`],
    set: [['amount'], null],
    wrong: [`/amount must be integer, not null (${S}/CustomerSubscription/properties/amount/type)`],
  },
  {
    name: 'Product',
    remove: ['prices'],
    removed: [`(root) must have required property 'prices' (${S}/Product/required)`],
    set: [['is_archived'], 'no'],
    wrong: [`/is_archived must be boolean, not "no" (${S}/Product/properties/is_archived/type)`],
  },
  {
    name: 'Checkout',
    remove: ['client_secret'],
    removed: [`(root) must have required property 'client_secret' (${S}/Checkout/required)`],
    set: [['customer_ip_address'], '999.1.1.1'],
    wrong: [
      `/customer_ip_address must match format "ipvanyaddress", not "999.1.1.1" (${S}/Checkout/properties/customer_ip_address/anyOf/0/format)`,
      `/customer_ip_address must match a schema in anyOf (${S}/Checkout/properties/customer_ip_address/anyOf)`,
    ],
  },
  {
    name: 'CheckoutPublicConfirmed',
    remove: ['customer_session_token'],
    removed: [
      `(root) must have required property 'customer_session_token' (${S}/CheckoutPublicConfirmed/required)`,
    ],
    set: [['status'], 'open'],
    wrong: [
      `/status must be equal to constant "confirmed", not "open" (${S}/CheckoutPublicConfirmed/properties/status/const)`,
    ],
  },
  {
    name: 'Customer',
    remove: ['email'],
    removed: [`(root) must have required property 'email' (${S}/CustomerIndividual/required)`],
    set: [['email_verified'], 'yes'],
    wrong: [
      `/email_verified must be boolean, not "yes" (${S}/CustomerIndividual/properties/email_verified/type)`,
    ],
  },
  {
    name: 'Discount',
    remove: ['id'],
    removed: [
      `(root) must have required property 'id' (${S}/DiscountFixedOnceForeverDuration/required)`,
      `(root) must match a schema in oneOf (${S}/Discount/oneOf)`,
    ],
    set: [['amount'], 'ten'],
    wrong: [
      `/amount must be integer, not "ten" (${S}/DiscountFixedOnceForeverDuration/properties/amount/type)`,
      `(root) must match a schema in oneOf (${S}/Discount/oneOf)`,
    ],
    partial: true,
  },
  {
    name: 'Benefit',
    remove: ['created_at'],
    removed: [`(root) must have required property 'created_at' (${S}/BenefitCustom/required)`],
    set: [['type'], 'nope'],
    wrong: [
      `/type must be equal to one of the allowed values: custom, discord, github_repository, downloadables, license_keys, meter_credit, feature_flag, slack_shared_channel, not "nope" (${S}/Benefit/discriminator/mapping)`,
    ],
  },
  {
    name: 'LicenseKeyRead',
    remove: ['display_key'],
    removed: [`(root) must have required property 'display_key' (${S}/LicenseKeyRead/required)`],
    set: [['usage'], '3'],
    wrong: [`/usage must be integer, not "3" (${S}/LicenseKeyRead/properties/usage/type)`],
  },
  {
    name: 'LicenseKeyWithActivations',
    remove: ['activations'],
    removed: [
      `(root) must have required property 'activations' (${S}/LicenseKeyWithActivations/required)`,
    ],
    set: [['activations'], {}],
    wrong: [
      `/activations must be array, not {} (${S}/LicenseKeyWithActivations/properties/activations/type)`,
    ],
  },
  {
    name: 'LicenseKeyActivationRead',
    remove: ['license_key'],
    removed: [
      `(root) must have required property 'license_key' (${S}/LicenseKeyActivationRead/required)`,
    ],
    set: [['label'], 5],
    wrong: [`/label must be string, not 5 (${S}/LicenseKeyActivationRead/properties/label/type)`],
  },
  {
    name: 'ValidatedLicenseKey',
    remove: ['validations'],
    removed: [
      `(root) must have required property 'validations' (${S}/ValidatedLicenseKey/required)`,
    ],
    set: [['status'], 'valid'],
    wrong: [
      `/status must be equal to one of the allowed values: granted, revoked, disabled, not "valid" (${S}/LicenseKeyStatus/enum)`,
    ],
  },
  {
    name: 'Organization',
    remove: ['slug'],
    removed: [`(root) must have required property 'slug' (${S}/Organization/required)`],
    set: [['embed_hosts'], 'shop.example.com'],
    wrong: [
      `/embed_hosts must be array, not "shop.example.com" (${S}/Organization/properties/embed_hosts/type)`,
    ],
  },
  {
    name: 'WebhookEndpoint',
    remove: ['secret'],
    removed: [`(root) must have required property 'secret' (${S}/WebhookEndpoint/required)`],
    set: [['events'], 'order.created'],
    wrong: [
      `/events must be array, not "order.created" (${S}/WebhookEndpoint/properties/events/type)`,
    ],
  },
  {
    name: 'WebhookDelivery',
    remove: ['succeeded'],
    removed: [`(root) must have required property 'succeeded' (${S}/WebhookDelivery/required)`],
    set: [['http_code'], '200'],
    wrong: [
      `/http_code must be integer, not "200" (${S}/WebhookDelivery/properties/http_code/anyOf/0/type)`,
      `/http_code must match a schema in anyOf (${S}/WebhookDelivery/properties/http_code/anyOf)`,
    ],
  },
  {
    name: 'UserInfoUser',
    remove: ['sub'],
    removed: [`(root) must have required property 'sub' (${S}/UserInfoUser/required)`],
    set: [['email_verified'], 'yes'],
    wrong: [
      `/email_verified must be boolean, not "yes" (${S}/UserInfoUser/properties/email_verified/anyOf/0/type)`,
      `/email_verified must match a schema in anyOf (${S}/UserInfoUser/properties/email_verified/anyOf)`,
    ],
  },
  {
    name: 'UserInfoOrganization',
    remove: ['sub'],
    removed: [`(root) must have required property 'sub' (${S}/UserInfoOrganization/required)`],
    set: [['sub'], 42],
    wrong: [`/sub must be string, not 42 (${S}/UserInfoOrganization/properties/sub/type)`],
  },
  {
    name: 'ListResource_Order_',
    remove: ['items', 0, 'customer_id'],
    removed: [`/items/0 must have required property 'customer_id' (${S}/Order/required)`],
    set: [['pagination', 'total_count'], null],
    wrong: [
      `/pagination/total_count must be integer, not null (${S}/Pagination/properties/total_count/type)`,
    ],
  },
];

describe('schemaErrors', () => {
  it('covers every schema of the brief', () => {
    expect(broken.map((b) => b.name)).toEqual(SCHEMAS);
  });

  it.each(broken)('$name: a required key taken out is named with its path', (row) => {
    const body = new OpenApiGenerator().body(schemaOf(row.name), FULL);
    expect(schemaErrors(row.name, body)).toEqual([]);
    delete at(body, row.remove.slice(0, -1))[row.remove.at(-1)!];
    const errors = schemaErrors(row.name, body);
    if (row.partial) expect(errors).toEqual(expect.arrayContaining(row.removed));
    else expect(errors).toEqual(row.removed);
  });

  it.each(broken)('$name: a value of the wrong type is named with its path', (row) => {
    const body = new OpenApiGenerator().body(schemaOf(row.name), FULL);
    const [path, value] = row.set;
    at(body, path.slice(0, -1))[path.at(-1)!] = value;
    const errors = schemaErrors(row.name, body);
    if (row.partial) expect(errors).toEqual(expect.arrayContaining(row.wrong));
    else expect(errors).toEqual(row.wrong);
  });
});

describe('matchPath', () => {
  it('binds a template segment to one concrete segment', () => {
    expect(matchPath('GET', `/v1/orders/${ID}`)).toMatchObject({
      method: 'GET',
      template: '/v1/orders/{id}',
      params: { id: ID },
      operation: operation('get', '/v1/orders/{id}'),
    });
    expect(operation('GET', '/v1/orders/{id}')?.operationId).toBe('orders:get');
  });

  it('binds a segment in the middle of a path', () => {
    expect(matchPath('post', '/v1/checkouts/client/polar_c_abc/confirm')).toMatchObject({
      template: '/v1/checkouts/client/{client_secret}/confirm',
      params: { client_secret: 'polar_c_abc' },
    });
  });

  it('prefers the literal template where a template segment would also fit', () => {
    expect(matchPath('POST', '/v1/license-keys/validate')?.template).toBe(
      '/v1/license-keys/validate',
    );
    expect(matchPath('GET', '/v1/customers/export')?.template).toBe('/v1/customers/export');
    // No GET on the literal path: the id template takes it, as the service's router does.
    expect(matchPath('GET', '/v1/license-keys/validate')).toMatchObject({
      template: '/v1/license-keys/{id}',
      params: { id: 'validate' },
    });
  });

  it('reaches a customer by external id, even one spelled like a sub-resource', () => {
    expect(matchPath('GET', '/v1/customers/external/ext%2042')).toMatchObject({
      template: '/v1/customers/external/{external_id}',
      params: { external_id: 'ext 42' },
    });
    expect(matchPath('GET', '/v1/customers/external/state')).toMatchObject({
      template: '/v1/customers/external/{external_id}',
      params: { external_id: 'state' },
    });
  });

  it('ignores the query string but not a missing trailing slash', () => {
    expect(matchPath('GET', '/v1/orders/?page=2&limit=10')?.template).toBe('/v1/orders/');
    expect(matchPath('GET', 'http://127.0.0.1:8080/v1/orders/?page=2')?.template).toBe(
      '/v1/orders/',
    );
    expect(matchPath('GET', '/v1/orders')).toBeUndefined();
    expect(matchPath('GET', '/v1/nope')).toBeUndefined();
  });
});

describe('requestErrors', () => {
  it('accepts a recurring ProductCreate with a fixed price', () => {
    const body = {
      name: 'Pro',
      recurring_interval: 'month',
      prices: [{ amount_type: 'fixed', price_amount: 1900 }],
    };
    expect(requestErrors('POST', '/v1/products/', body)).toEqual([]);
  });

  it("refuses the old generation's price shape: `type: 'recurring'` without amount_type", () => {
    const body = {
      name: 'Pro',
      recurring_interval: 'month',
      prices: [{ type: 'recurring', price_amount: 1900 }],
    };
    // ProductCreate is recurring or one-time; the one-time branch also wants no interval.
    expect(requestErrors('POST', '/v1/products/', body)).toEqual([
      `/prices/0 must have required property 'amount_type' (${S}/ProductCreateRecurring/properties/prices/items/discriminator/propertyName)`,
      `/prices/0 must have required property 'amount_type' (${S}/ProductCreateOneTime/properties/prices/items/discriminator/propertyName)`,
      `/recurring_interval must be null, not "month" (${S}/ProductCreateOneTime/properties/recurring_interval/type)`,
      `(root) must match a schema in oneOf (${S}/ProductCreate/oneOf)`,
    ]);
  });

  it('checks path parameters: ids are version-4 UUIDs', () => {
    expect(requestErrors('GET', `/v1/orders/${ID}`, undefined)).toEqual([]);
    const where = '#/paths/~1v1~1orders~1{id}/get/parameters/0/schema/format';
    expect(requestErrors('GET', '/v1/orders/not-a-uuid', undefined)).toEqual([
      `path parameter id must match format "uuid4", not "not-a-uuid" (${where})`,
    ]);
    const v1 = '0b4c2a7e-1f7d-1d2b-9a7e-3c1f0e6d5b21';
    expect(requestErrors('GET', `/v1/orders/${v1}`, undefined)).toEqual([
      `path parameter id must match format "uuid4", not "${v1}" (${where})`,
    ]);
  });

  it('reads query values as the service does and names those it does not read', () => {
    const ok = `/v1/orders/?page=2&limit=10&product_id=${ID}&product_id=${ID2}&status=paid&metadata[plan]=pro`;
    expect(requestErrors('GET', ok, undefined)).toEqual([]);
    const at = '#/paths/~1v1~1orders~1/get/parameters';
    expect(requestErrors('GET', '/v1/orders/?limit=0&page=x&customer_email=a', undefined)).toEqual([
      `query parameter page must be integer, not "x" (${at}/11/schema/type)`,
      `query parameter limit must be > 0 (${at}/12/schema/exclusiveMinimum)`,
      'query parameter customer_email is not one GET /v1/orders/ reads',
    ]);
  });

  it('names an operation the document does not have', () => {
    expect(requestErrors('POST', '/v1/nope', {})).toEqual(['no operation POST /v1/nope']);
    expect(requestErrors('DELETE', `/v1/orders/${ID}?x=1`, undefined)).toEqual([
      `no operation DELETE /v1/orders/${ID} (it answers GET, PATCH)`,
    ]);
  });

  it('wants a body where the operation takes one, and none where it does not', () => {
    expect(requestErrors('POST', '/v1/products/', undefined)).toEqual([
      'POST /v1/products/ needs a body',
    ]);
    expect(requestErrors('GET', '/v1/products/', {})).toEqual(['GET /v1/products/ takes no body']);
  });
});

describe('responseErrors', () => {
  it('accepts generated answers to the operations that give them', () => {
    const generator = new OpenApiGenerator();
    const order = generator.body(schemaOf('Order'), FULL);
    expect(responseErrors('GET', `/v1/orders/${ID}`, 200, order)).toEqual([]);
    const list = generator.body(schemaOf('ListResource_Order_'), FULL);
    expect(responseErrors('GET', '/v1/orders/?page=1', 200, list)).toEqual([]);
    const notFound = { error: 'ResourceNotFound', detail: 'Not found' };
    expect(responseErrors('GET', `/v1/orders/${ID}`, 404, notFound)).toEqual([]);
  });

  it('refuses an answer that does not fit, naming where', () => {
    expect(responseErrors('GET', `/v1/orders/${ID}`, 404, { detail: 'Not found' })).toEqual([
      `(root) must have required property 'error' (${S}/ResourceNotFound/required)`,
    ]);
  });

  it('names a status the operation does not answer with, and an unknown operation', () => {
    expect(responseErrors('GET', `/v1/orders/${ID}`, 201, {})).toEqual([
      'no 201 answer for GET /v1/orders/{id}',
    ]);
    expect(responseErrors('GET', '/v1/nope', 200, {})).toEqual(['no operation GET /v1/nope']);
  });

  it('wants no body on a 204', () => {
    expect(responseErrors('DELETE', `/v1/benefits/${ID}`, 204, undefined)).toEqual([]);
    expect(responseErrors('DELETE', `/v1/benefits/${ID}`, 204, {})).toEqual([
      'a 204 answer to DELETE /v1/benefits/{id} has no body',
    ]);
  });

  it('takes a CSV export as text, not JSON', () => {
    expect(responseErrors('GET', '/v1/orders/export', 200, 'id,amount\n')).toEqual([]);
    expect(responseErrors('GET', '/v1/orders/export', 200, [])).toEqual([
      'a 200 answer to GET /v1/orders/export is text/csv, not JSON',
    ]);
  });
});
