import { describe, expect, it } from 'vitest';
import * as checkouts from '../../src/api/checkouts.js';
import type { ApiClient } from '../../src/api/client.js';
import * as licenseKeys from '../../src/api/license-keys.js';
import * as orders from '../../src/api/orders.js';
import * as organizations from '../../src/api/organizations.js';
import * as subscriptions from '../../src/api/subscriptions.js';
import * as fx from './fixtures.js';
import { JSON_HEADERS, setup } from './helpers.js';

const { ORG_ID, ORDER_ID, CHECKOUT_ID, SUBSCRIPTION_ID, LICENSE_KEY_ID, PRICE_ID } = fx;

async function drain<T>(it: AsyncIterable<T>): Promise<T[]> {
  const out: T[] = [];
  for await (const x of it) out.push(x);
  return out;
}

interface Case {
  name: string;
  call: (c: ApiClient) => Promise<unknown>;
  method: 'GET' | 'POST' | 'PATCH';
  path: string;
  auth: boolean;
  status?: number;
  reply: unknown;
  body?: unknown;
}

const key = { key: fx.LICENSE_KEY_VALUE, organization_id: ORG_ID };

const cases: Case[] = [
  {
    name: 'checkouts.get',
    call: (c) => checkouts.get(c, CHECKOUT_ID),
    method: 'GET',
    path: `/v1/checkouts/custom/${CHECKOUT_ID}`,
    auth: true,
    reply: fx.checkout(),
  },
  {
    name: 'checkouts.update',
    call: (c) => checkouts.update(c, CHECKOUT_ID, { metadata: { source: 'cli', n: 1 } }),
    method: 'PATCH',
    path: `/v1/checkouts/custom/${CHECKOUT_ID}`,
    auth: true,
    reply: fx.checkout(),
    body: { metadata: { source: 'cli', n: 1 } },
  },
  {
    name: 'checkouts.confirm',
    call: (c) => checkouts.confirm(c, fx.CLIENT_SECRET, { customer_email: 'a@b.test' }),
    method: 'POST',
    path: `/v1/checkouts/custom/client/${fx.CLIENT_SECRET}/confirm`,
    auth: false,
    reply: fx.confirmedCheckout(),
    body: { customer_email: 'a@b.test' },
  },
  {
    name: 'subscriptions.listCustomerPortal',
    call: (c) =>
      drain(
        subscriptions.listCustomerPortal(
          c,
          {
            product_id: ['p1', 'p2'],
            active: true,
            query: 'pro',
            sorting: ['-started_at', 'amount'],
          },
          { pageSize: 5 },
        ),
      ),
    method: 'GET',
    path: '/v1/customer-portal/subscriptions/?product_id=p1&product_id=p2&active=true&query=pro&sorting=-started_at&sorting=amount&page=1&limit=5',
    auth: true,
    reply: fx.page([fx.customerPortalSubscription()], 1, 1),
  },
  {
    name: 'subscriptions.update',
    call: (c) => subscriptions.update(c, SUBSCRIPTION_ID, { product_price_id: PRICE_ID }),
    method: 'PATCH',
    path: `/v1/subscriptions/${SUBSCRIPTION_ID}`,
    auth: true,
    reply: fx.adminSubscription(),
    body: { product_price_id: PRICE_ID },
  },
  {
    name: 'subscriptions.updateCustomerPortal',
    call: (c) =>
      subscriptions.updateCustomerPortal(c, SUBSCRIPTION_ID, { cancel_at_period_end: true }),
    method: 'PATCH',
    path: `/v1/customer-portal/subscriptions/${SUBSCRIPTION_ID}`,
    auth: true,
    reply: fx.customerPortalSubscription(),
    body: { cancel_at_period_end: true },
  },
  {
    name: 'orders.list',
    call: (c) =>
      drain(
        orders.list(c, {
          product_price_type: 'one_time',
          customer_id: ['c1', 'c2'],
          sorting: ['amount'],
        }),
      ),
    method: 'GET',
    path: '/v1/orders/?product_price_type=one_time&customer_id=c1&customer_id=c2&sorting=amount&page=1&limit=100',
    auth: true,
    reply: fx.page([fx.order()], 1, 1),
  },
  {
    name: 'orders.get',
    call: (c) => orders.get(c, ORDER_ID),
    method: 'GET',
    path: `/v1/orders/${ORDER_ID}`,
    auth: true,
    reply: fx.order(),
  },
  {
    name: 'licenseKeys.list',
    call: (c) => drain(licenseKeys.list(c, { organization_id: ORG_ID, benefit_id: ['b1', 'b2'] })),
    method: 'GET',
    path: `/v1/license-keys?organization_id=${ORG_ID}&benefit_id=b1&benefit_id=b2&page=1&limit=100`,
    auth: true,
    reply: fx.page([fx.licenseKey()], 1, 1),
  },
  {
    name: 'licenseKeys.listCustomerPortal',
    call: (c) => drain(licenseKeys.listCustomerPortal(c, { benefit_id: 'b1' })),
    method: 'GET',
    path: '/v1/customer-portal/license-keys/?benefit_id=b1&page=1&limit=100',
    auth: true,
    reply: fx.page([fx.licenseKey()], 1, 1),
  },
  {
    name: 'licenseKeys.getCustomerPortal',
    call: (c) => licenseKeys.getCustomerPortal(c, LICENSE_KEY_ID),
    method: 'GET',
    path: `/v1/customer-portal/license-keys/${LICENSE_KEY_ID}`,
    auth: true,
    reply: { ...fx.licenseKey(), activations: [fx.activation()] },
  },
  {
    name: 'licenseKeys.update',
    call: (c) => licenseKeys.update(c, LICENSE_KEY_ID, { limit_usage: null, status: 'revoked' }),
    method: 'PATCH',
    path: `/v1/license-keys/${LICENSE_KEY_ID}`,
    auth: true,
    reply: fx.licenseKey(),
    body: { limit_usage: null, status: 'revoked' },
  },
  {
    name: 'licenseKeys.activate',
    call: (c) => licenseKeys.activate(c, { ...key, label: 'laptop' }),
    method: 'POST',
    path: '/v1/customer-portal/license-keys/activate',
    auth: false,
    reply: { ...fx.activation(), license_key: fx.licenseKey() },
    body: { ...key, label: 'laptop' },
  },
  {
    name: 'licenseKeys.validate',
    call: (c) => licenseKeys.validate(c, { ...key, increment_usage: 1 }),
    method: 'POST',
    path: '/v1/customer-portal/license-keys/validate',
    auth: false,
    reply: { ...fx.licenseKey(), activation: null },
    body: { ...key, increment_usage: 1 },
  },
  {
    name: 'licenseKeys.deactivate',
    call: (c) => licenseKeys.deactivate(c, { ...key, activation_id: fx.ACTIVATION_ID }),
    method: 'POST',
    path: '/v1/customer-portal/license-keys/deactivate',
    auth: false,
    status: 204,
    reply: '',
    body: { ...key, activation_id: fx.ACTIVATION_ID },
  },
  {
    name: 'organizations.get',
    call: (c) => organizations.get(c, ORG_ID),
    method: 'GET',
    path: `/v1/organizations/${ORG_ID}`,
    auth: true,
    reply: fx.organization(),
  },
  {
    name: 'organizations.update',
    call: (c) => organizations.update(c, ORG_ID, { name: 'Acme 2' }),
    method: 'PATCH',
    path: `/v1/organizations/${ORG_ID}`,
    auth: true,
    reply: fx.organization(),
    body: { name: 'Acme 2' },
  },
];

describe('resource modules', () => {
  it.each(cases)('$name: $method $path', async (c) => {
    const { pool, client, done } = await setup();
    let headers: Record<string, string> = {};
    let body: unknown;
    pool.intercept({ path: c.path, method: c.method }).reply((opts) => {
      headers = opts.headers as Record<string, string>;
      body = typeof opts.body === 'string' ? JSON.parse(opts.body) : undefined;
      const data = typeof c.reply === 'string' ? c.reply : JSON.stringify(c.reply);
      return { statusCode: c.status ?? 200, data, responseOptions: { headers: JSON_HEADERS } };
    });
    const result = await c.call(client);
    expect(headers.authorization).toBe(c.auth ? `Bearer ${fx.PAT}` : undefined);
    expect(body).toEqual(c.body);
    if (c.status === 204) expect(result).toBeUndefined();
    else if (Array.isArray(result)) expect(result).toEqual((c.reply as { items: unknown[] }).items);
    else expect(result).toEqual(c.reply);
    await done();
  });

  it('escapes an id so it cannot change the route', async () => {
    const { pool, client, done } = await setup();
    pool.intercept({ path: '/v1/orders/..%2Fx%3Fy', method: 'GET' }).reply(200, fx.order());
    await orders.get(client, '../x?y');
    await done();
  });

  it('never puts the client secret into a 404 message', async () => {
    const { pool, client, done } = await setup();
    pool
      .intercept({
        path: `/v1/checkouts/custom/client/${fx.CLIENT_SECRET}/confirm`,
        method: 'POST',
      })
      .reply(404, { error: 'ResourceNotFound', detail: 'Not found' });
    await expect(checkouts.confirm(client, fx.CLIENT_SECRET)).rejects.toThrow(
      'checkout session for that client secret not found',
    );
    await done();
  });
});

describe('ids in paths', () => {
  it.each(['', '.', '..'])('refuses %j before sending anything', async (id) => {
    const { client, done, calls } = await setup();
    await expect(orders.get(client, id)).rejects.toThrow(`invalid id: ${JSON.stringify(id)}`);
    expect(calls()).toEqual([]);
    await done();
  });
});
