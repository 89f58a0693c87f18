// Shared helpers for the local service's suites: start it on a random port, call it over real
// HTTP, and check response shapes against spec §2 (every listed field present, right type).
import { request } from 'node:http';
import { expect } from 'vitest';
import { type RunningService, type StartOptions, start } from '../../src/server/index.js';
import type { DemoInfo } from '../../src/server/seed.js';

// Response bodies are checked at runtime (expectShape, toEqual), so `any` keeps tests readable.
// biome-ignore lint/suspicious/noExplicitAny: JSON bodies of the service under test
export type Json = any;

export interface Reply {
  status: number;
  headers: Headers;
  body: Json;
  text: string;
}

export interface CallOptions {
  token?: string;
  body?: unknown;
  /** Sent as is, with `content-type: application/json` unless `headers` says otherwise. */
  rawBody?: string;
  query?: Record<string, string | number | boolean | (string | number)[]>;
  headers?: Record<string, string>;
  redirect?: 'follow' | 'manual';
}

export type Api = (method: string, path: string, opts?: CallOptions) => Promise<Reply>;

export function makeApi(baseUrl: string): Api {
  return async (method, path, opts = {}) => {
    const url = new URL(baseUrl + path);
    for (const [key, value] of Object.entries(opts.query ?? {})) {
      for (const v of Array.isArray(value) ? value : [value])
        url.searchParams.append(key, String(v));
    }
    const headers: Record<string, string> = { accept: 'application/json' };
    if (opts.token) headers.authorization = `Bearer ${opts.token}`;
    let body: string | undefined;
    if (opts.rawBody !== undefined) body = opts.rawBody;
    else if (opts.body !== undefined) body = JSON.stringify(opts.body);
    if (body !== undefined) headers['content-type'] = 'application/json';
    Object.assign(headers, opts.headers);
    const res = await fetch(url, { method, headers, body, redirect: opts.redirect ?? 'manual' });
    const text = await res.text();
    let parsed: Json = null;
    if (text && res.headers.get('content-type')?.includes('application/json')) {
      parsed = JSON.parse(text);
    }
    return { status: res.status, headers: res.headers, body: parsed, text };
  };
}

/** A GET with the path sent byte for byte (fetch resolves `..` segments before sending). */
export function rawGet(
  baseUrl: string,
  path: string,
  token?: string,
): Promise<{ status: number; body: Json }> {
  return new Promise((resolve, reject) => {
    const req = request(`${baseUrl}/`, {
      path,
      headers: token ? { authorization: `Bearer ${token}` } : {},
    });
    req.on('response', (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        text += chunk;
      });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: JSON.parse(text) }));
    });
    req.on('error', reject);
    req.end();
  });
}

/** A promise that resolves when the test opens it: holds a request at a point of its choosing. */
export function gate(): { passed: Promise<void>; open(): void } {
  let open!: () => void;
  const passed = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { passed, open };
}

/**
 * What a confirm of a paid checkout needs besides an email and a token: a name and a billing
 * address (the real `_get_required_confirm_fields`, checkout/service.py at f179ede58c, the seed
 * generation).
 */
export const BUYER = {
  customer_name: 'Jane Buyer',
  customer_billing_address: {
    line1: '1 Main St',
    city: 'Chicago',
    postal_code: '60601',
    state: 'US-IL',
    country: 'US',
  },
};

export interface Service {
  url: string;
  running: RunningService;
  demo: DemoInfo;
  api: Api;
  /** Alice's personal access token (owner of Acme, the main demo organization). */
  alice: string;
  /** Bob's personal access token (owner of Globex). */
  bob: string;
  /** POST /__local/reset: back to the seed (and the clock to wall time). */
  reset(): Promise<void>;
  /** A personal access token of `email` with only `scopes`. */
  pat(scopes: string[], email?: string): Promise<string>;
  /** A customer session token for `customerId`. */
  customerSession(customerId: string): Promise<string>;
  advanceClock(seconds: number): Promise<void>;
  stop(): Promise<void>;
}

export async function startService(opts: StartOptions = {}): Promise<Service> {
  const running = await start({ port: 0, ...opts });
  const demo = running.demo!;
  const api = makeApi(running.url);
  const ok = (r: Reply, what: string) => {
    if (r.status !== 200) throw new Error(`${what}: ${r.status} ${r.text}`);
    return r.body;
  };
  return {
    url: running.url,
    running,
    demo,
    api,
    alice: demo.personal_access_token,
    bob: demo.other.personal_access_token,
    async reset() {
      ok(await api('POST', '/__local/reset'), 'reset');
    },
    async pat(scopes, email = 'alice@acme.test') {
      return ok(
        await api('POST', '/__local/personal-access-tokens', { body: { email, scopes } }),
        'mint PAT',
      ).token;
    },
    async customerSession(customerId) {
      return ok(
        await api('POST', '/__local/customer-sessions', { body: { customer_id: customerId } }),
        'customer session',
      ).token;
    },
    async advanceClock(seconds) {
      ok(await api('POST', '/__local/clock', { body: { advance_seconds: seconds } }), 'clock');
    },
    stop: () => running.stop(),
  };
}

// ---------------------------------------------------------------------------------------------
// Shapes

type Scalar = 'uuid' | 'datetime' | 'string' | 'integer' | 'boolean' | 'object' | 'array';
export type Spec =
  | Scalar
  | `${Scalar}?`
  | Shape
  | { kind: 'nullable'; of: Spec }
  | { kind: 'optional'; of: Spec }
  | { kind: 'array'; of: Spec }
  | { kind: 'tuple'; of: Spec[] };
export interface Shape {
  [field: string]: Spec;
}

/** null is allowed. */
export const nullable = (of: Spec): Spec => ({ kind: 'nullable', of });
/** The key may be absent (fields the spec does not list, e.g. a percentage discount's basis_points). */
export const optional = (of: Spec): Spec => ({ kind: 'optional', of });
export const arrayOf = (of: Spec): Spec => ({ kind: 'array', of });
export const tuple = (...of: Spec[]): Spec => ({ kind: 'tuple', of });

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/;

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

function isWrapper(spec: Spec): spec is Extract<Spec, { kind: string }> {
  return isObject(spec) && typeof spec.kind === 'string' && 'of' in spec;
}

function check(value: unknown, spec: Spec, path: string, errors: string[]): void {
  if (typeof spec === 'string') {
    const nullOk = spec.endsWith('?');
    const type = (nullOk ? spec.slice(0, -1) : spec) as Scalar;
    if (value === null) {
      if (!nullOk) errors.push(`${path}: null, expected ${type}`);
      return;
    }
    const ok = {
      uuid: () => typeof value === 'string' && UUID.test(value),
      datetime: () =>
        typeof value === 'string' && ISO.test(value) && !Number.isNaN(Date.parse(value)),
      string: () => typeof value === 'string',
      integer: () => Number.isInteger(value),
      boolean: () => typeof value === 'boolean',
      object: () => isObject(value),
      array: () => Array.isArray(value),
    }[type]();
    if (!ok) errors.push(`${path}: ${JSON.stringify(value)} is not a valid ${type}`);
    return;
  }
  if (isWrapper(spec)) {
    if (spec.kind === 'nullable' || spec.kind === 'optional') {
      if (value === null && spec.kind === 'nullable') return;
      check(value, spec.of as Spec, path, errors);
      return;
    }
    if (!Array.isArray(value)) {
      errors.push(`${path}: ${JSON.stringify(value)} is not an array`);
      return;
    }
    if (spec.kind === 'tuple') {
      const items = spec.of as Spec[];
      if (value.length !== items.length)
        errors.push(`${path}: ${value.length} elements, expected ${items.length}`);
      items.forEach((s, i) => {
        check(value[i], s, `${path}[${i}]`, errors);
      });
      return;
    }
    value.forEach((v, i) => {
      check(v, spec.of as Spec, `${path}[${i}]`, errors);
    });
    return;
  }
  if (!isObject(value)) {
    errors.push(`${path}: ${JSON.stringify(value)} is not an object`);
    return;
  }
  const shape = spec as Shape;
  for (const [key, s] of Object.entries(shape)) {
    const optionalKey = isWrapper(s) && s.kind === 'optional';
    if (!(key in value)) {
      if (!optionalKey) errors.push(`${path}.${key}: missing`);
      continue;
    }
    check(value[key], s, `${path}.${key}`, errors);
  }
  for (const key of Object.keys(value)) {
    if (!(key in shape)) errors.push(`${path}.${key}: not expected in this form`);
  }
}

/** Every field of `shape` is present with its type, and no field beyond it (exact forms). */
export function expectShape(value: unknown, spec: Spec): void {
  const errors: string[] = [];
  check(value, spec, '$', errors);
  expect(errors).toEqual([]);
}

/** The same shape without some fields (e.g. the confirmed checkout form). */
export function without(shape: Shape, ...keys: string[]): Shape {
  return Object.fromEntries(Object.entries(shape).filter(([k]) => !keys.includes(k)));
}

// Spec §2.1
export const ADDRESS: Shape = {
  line1: 'string?',
  line2: 'string?',
  postal_code: 'string?',
  city: 'string?',
  state: 'string?',
  country: 'string',
};

// Spec §2.6
export const ORGANIZATION: Shape = {
  id: 'uuid',
  created_at: 'datetime',
  modified_at: 'datetime?',
  name: 'string',
  slug: 'string',
  avatar_url: 'string?',
  bio: 'string?',
  company: 'string?',
  blog: 'string?',
  location: 'string?',
  email: 'string?',
  social_username: 'string?',
  // api-facts "Fields beyond the spec's lists": the real service's name of social_username.
  twitter_username: 'string?',
  pledge_minimum_amount: 'integer',
  pledge_badge_show_amount: 'boolean',
  default_upfront_split_to_contributors: 'integer?',
  profile_settings: {
    enabled: 'boolean?',
    description: 'string?',
    featured_projects: nullable(arrayOf('uuid')),
    featured_organizations: nullable(arrayOf('uuid')),
    links: nullable(arrayOf('string')),
    subscribe: nullable({
      promote: 'boolean?',
      show_count: 'boolean?',
      count_free: 'boolean?',
      all: 'boolean?',
    }),
    accent_color: 'string?',
  },
  feature_settings: { issue_funding_enabled: 'boolean' },
};

// Spec §2.4
export const PRICE: Shape = {
  id: 'uuid',
  created_at: 'datetime',
  modified_at: 'datetime?',
  amount_type: 'string',
  is_archived: 'boolean',
  product_id: 'uuid',
  price_currency: 'string?',
  price_amount: 'integer?',
  type: 'string',
  recurring_interval: 'string?',
};

export const BENEFIT: Shape = {
  id: 'uuid',
  created_at: 'datetime',
  modified_at: 'datetime?',
  type: 'string',
  description: 'string',
  selectable: 'boolean',
  deletable: 'boolean',
  organization_id: 'uuid',
  properties: 'object',
};
/** In the admin product form a custom benefit also has is_tax_applicable (the SDK requires it). */
export const BENEFIT_FULL: Shape = { ...BENEFIT, is_tax_applicable: optional('boolean') };

export const MEDIA: Shape = {
  id: 'uuid',
  organization_id: 'uuid',
  name: 'string',
  path: 'string',
  mime_type: 'string',
  size: 'integer',
  storage_version: 'string?',
  checksum_etag: 'string?',
  checksum_sha256_base64: 'string?',
  checksum_sha256_hex: 'string?',
  last_modified_at: 'datetime?',
  version: 'string?',
  service: 'string',
  is_uploaded: 'boolean',
  created_at: 'datetime',
  size_readable: 'string',
  public_url: 'string',
};

// Spec §2.7
export const CUSTOM_FIELD: Shape = {
  id: 'uuid',
  created_at: 'datetime',
  modified_at: 'datetime?',
  metadata: 'object',
  type: 'string',
  slug: 'string',
  name: 'string',
  organization_id: 'uuid',
  properties: 'object',
};
export const TEXT_FIELD_PROPERTIES: Shape = {
  form_label: 'string?',
  form_help_text: 'string?',
  form_placeholder: 'string?',
  textarea: 'boolean?',
  min_length: 'integer?',
  max_length: 'integer?',
};

export const ATTACHED_CUSTOM_FIELD: Shape = {
  custom_field_id: 'uuid',
  custom_field: CUSTOM_FIELD,
  order: 'integer',
  required: 'boolean',
};

// Spec §2.3: the order-embedded form, then the larger forms.
export const PRODUCT_ORDER: Shape = {
  id: 'uuid',
  created_at: 'datetime',
  modified_at: 'datetime?',
  name: 'string',
  description: 'string?',
  is_recurring: 'boolean',
  is_archived: 'boolean',
  organization_id: 'uuid',
};
export const PRODUCT_CHECKOUT: Shape = {
  ...PRODUCT_ORDER,
  prices: arrayOf(PRICE),
  benefits: arrayOf(BENEFIT),
  medias: arrayOf(MEDIA),
};
export const PRODUCT_ADMIN_SUBSCRIPTION: Shape = {
  ...PRODUCT_CHECKOUT,
  benefits: arrayOf(BENEFIT_FULL),
  metadata: 'object',
  attached_custom_fields: arrayOf(ATTACHED_CUSTOM_FIELD),
};
export const PRODUCT_PORTAL: Shape = { ...PRODUCT_CHECKOUT, organization: ORGANIZATION };

// Spec §2.5
export const DISCOUNT_SHORT: Shape = {
  duration: 'string',
  type: 'string',
  // A fixed discount's; a percentage discount has neither key (the real DiscountPercentage*
  // schemas at f179ede58c, the seed generation), but basis_points.
  amount: optional('integer'),
  currency: optional('string'),
  id: 'uuid',
  name: 'string',
  code: 'string?',
  // Not in the spec's list; the real service adds them for these discount kinds.
  basis_points: optional('integer'),
  duration_in_months: optional('integer'),
};
export const DISCOUNT_FULL: Shape = {
  ...DISCOUNT_SHORT,
  created_at: 'datetime',
  modified_at: 'datetime?',
  metadata: 'object',
  starts_at: 'datetime?',
  ends_at: 'datetime?',
  max_redemptions: 'integer?',
  redemptions_count: 'integer',
  organization_id: 'uuid',
  // api-facts "Fields beyond the spec's lists"
  products: arrayOf(PRODUCT_ORDER),
};

// Spec §2.8, §2.9
export const CUSTOMER: Shape = {
  id: 'uuid',
  created_at: 'datetime',
  modified_at: 'datetime?',
  metadata: 'object',
  email: 'string',
  email_verified: 'boolean',
  name: 'string?',
  billing_address: nullable(ADDRESS),
  tax_id: nullable(tuple('string', 'string')),
  organization_id: 'uuid',
  // api-facts: never null (derived from the email).
  avatar_url: 'string',
};
export const USER_IN_LICENSE_KEY: Shape = {
  id: 'uuid',
  email: 'string',
  public_name: 'string',
  avatar_url: 'string?',
};
// api-facts: the spec's code_host_username is the real service's github_username; both are sent.
export const USER: Shape = {
  ...USER_IN_LICENSE_KEY,
  code_host_username: 'string?',
  github_username: 'string?',
};

// Spec §2.10
export const SUBSCRIPTION_BASE: Shape = {
  id: 'uuid',
  created_at: 'datetime',
  modified_at: 'datetime?',
  amount: 'integer?',
  currency: 'string?',
  recurring_interval: 'string',
  status: 'string',
  current_period_start: 'datetime',
  current_period_end: 'datetime?',
  cancel_at_period_end: 'boolean',
  canceled_at: 'datetime?',
  started_at: 'datetime?',
  ends_at: 'datetime?',
  ended_at: 'datetime?',
  customer_id: 'uuid',
  product_id: 'uuid',
  price_id: 'uuid',
  discount_id: 'uuid?',
  checkout_id: 'uuid?',
  customer_cancellation_reason: 'string?',
  customer_cancellation_comment: 'string?',
  // api-facts: user_id and user are never null (the customer stands in for a missing user).
  user_id: 'uuid',
};
export const SUBSCRIPTION_ADMIN: Shape = {
  ...SUBSCRIPTION_BASE,
  metadata: 'object',
  custom_field_data: 'object',
  customer: CUSTOMER,
  user: USER,
  product: PRODUCT_ADMIN_SUBSCRIPTION,
  price: PRICE,
  discount: nullable(DISCOUNT_FULL),
};
export const SUBSCRIPTION_PORTAL: Shape = {
  ...SUBSCRIPTION_BASE,
  product: PRODUCT_PORTAL,
  price: PRICE,
};
export const SUBSCRIPTION_IN_ORDER: Shape = { ...SUBSCRIPTION_BASE, metadata: 'object' };

// Spec §2.11
export const ORDER: Shape = {
  id: 'uuid',
  created_at: 'datetime',
  modified_at: 'datetime?',
  metadata: 'object',
  custom_field_data: 'object',
  amount: 'integer',
  tax_amount: 'integer',
  currency: 'string',
  billing_reason: 'string',
  billing_address: nullable(ADDRESS),
  customer_id: 'uuid',
  product_id: 'uuid',
  product_price_id: 'uuid',
  discount_id: 'uuid?',
  subscription_id: 'uuid?',
  checkout_id: 'uuid?',
  user_id: 'uuid',
  customer: CUSTOMER,
  user: USER,
  product: PRODUCT_ORDER,
  product_price: PRICE,
  discount: nullable(DISCOUNT_FULL),
  subscription: nullable(SUBSCRIPTION_IN_ORDER),
};

// Spec §2.12
export const LICENSE_KEY: Shape = {
  id: 'uuid',
  organization_id: 'uuid',
  user_id: 'uuid',
  customer_id: 'uuid',
  benefit_id: 'uuid',
  user: USER_IN_LICENSE_KEY,
  customer: CUSTOMER,
  key: 'string',
  display_key: 'string',
  status: 'string',
  limit_activations: 'integer?',
  usage: 'integer',
  limit_usage: 'integer?',
  validations: 'integer',
  last_validated_at: 'datetime?',
  expires_at: 'datetime?',
};
export const ACTIVATION: Shape = {
  id: 'uuid',
  license_key_id: 'uuid',
  label: 'string',
  meta: 'object',
  created_at: 'datetime',
  modified_at: 'datetime?',
};
export const LICENSE_KEY_WITH_ACTIVATIONS: Shape = {
  ...LICENSE_KEY,
  activations: arrayOf(ACTIVATION),
};
export const ACTIVATION_WITH_KEY: Shape = { ...ACTIVATION, license_key: LICENSE_KEY };
/** The validate companion's answer (api-facts "Request bodies"). */
export const VALIDATED_LICENSE_KEY: Shape = { ...LICENSE_KEY, activation: nullable(ACTIVATION) };

// Spec §2.2
export const CHECKOUT: Shape = {
  id: 'uuid',
  created_at: 'datetime',
  modified_at: 'datetime?',
  custom_field_data: 'object',
  payment_processor: 'string',
  status: 'string',
  client_secret: 'string',
  url: 'string',
  expires_at: 'datetime',
  success_url: 'string',
  embed_origin: 'string?',
  amount: 'integer',
  tax_amount: 'integer?',
  subtotal_amount: 'integer',
  total_amount: 'integer',
  currency: 'string',
  product_id: 'uuid',
  product_price_id: 'uuid',
  discount_id: 'uuid?',
  allow_discount_codes: 'boolean',
  is_discount_applicable: 'boolean',
  is_free_product_price: 'boolean',
  is_payment_required: 'boolean',
  is_payment_setup_required: 'boolean',
  is_payment_form_required: 'boolean',
  customer_id: 'uuid?',
  customer_name: 'string?',
  customer_email: 'string?',
  customer_ip_address: 'string?',
  customer_billing_address: nullable(ADDRESS),
  customer_tax_id: 'string?',
  payment_processor_metadata: 'object',
  metadata: 'object',
  product: PRODUCT_CHECKOUT,
  product_price: PRICE,
  discount: nullable(DISCOUNT_SHORT),
  subscription_id: 'uuid?',
  attached_custom_fields: arrayOf(ATTACHED_CUSTOM_FIELD),
  customer_metadata: 'object',
};
export const CHECKOUT_CONFIRMED: Shape = {
  ...without(CHECKOUT, 'metadata', 'subscription_id', 'customer_metadata'),
  customer_session_token: 'string',
  organization: ORGANIZATION,
};

// Spec §2.13
export const page = (item: Spec): Shape => ({
  items: arrayOf(item),
  pagination: { total_count: 'integer', max_page: 'integer' },
});

// ---------------------------------------------------------------------------------------------
// Error bodies

export const NOT_FOUND = { error: 'ResourceNotFound', detail: 'Not found' };
export const UNAUTHORIZED = { error: 'Unauthorized', detail: 'Unauthorized' };
export const INVALID_TOKEN = {
  error: 'invalid_token',
  error_description:
    'The access token provided is expired, revoked, malformed, or invalid for other reasons.',
};

export function insufficientScope(scopes: string[]) {
  return {
    error: 'insufficient_scope',
    error_description: `The access token does not have the required scope: ${scopes.join(' or ')}.`,
  };
}

export const notPermitted = (detail: string) => ({ error: 'NotPermitted', detail });

/** A single-item 422 body. */
export function invalid(item: {
  type: string;
  loc: (string | number)[];
  msg: string;
  input: unknown;
  ctx?: Record<string, unknown>;
}) {
  return { error: 'RequestValidationError', detail: [item] };
}

export const uuidParsing = (loc: (string | number)[], input: unknown) =>
  invalid({ type: 'uuid_parsing', loc, msg: 'Input should be a valid UUID', input });

/** Fetches every page of a list and returns the items in order. */
export async function allPages(
  api: Api,
  path: string,
  opts: CallOptions & { limit?: number },
): Promise<Json[]> {
  const items: Json[] = [];
  const limit = opts.limit ?? 100;
  for (let p = 1; ; p++) {
    const r = await api('GET', path, { ...opts, query: { ...opts.query, page: p, limit } });
    expect(r.status).toBe(200);
    items.push(...r.body.items);
    if (p >= r.body.pagination.max_page) return items;
  }
}

/** Asserts `values` are sorted by `compare` (non-strict). */
export function expectSorted<T>(values: T[], compare: (a: T, b: T) => number): void {
  const bad = values.findIndex((v, i) => i > 0 && compare(values[i - 1]!, v) > 0);
  expect(bad, `out of order at index ${bad}: ${JSON.stringify(values)}`).toBe(-1);
}

export const asc = <T extends string | number>(a: T, b: T) => (a < b ? -1 : a > b ? 1 : 0);
export const desc = <T extends string | number>(a: T, b: T) => asc(b, a);
