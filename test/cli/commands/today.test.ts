// Every write the CLI sends, on today's API (Polar-Version 2026-10), and the reads whose paths
// or queries differ: the recorder checks each request against the real service's description
// (vendor/polar-openapi/2026-10.json: its operation, parameters and body schema), so a body in
// the seed's form, a renamed filter or a wrong path fails here. Per noun, the verbs' own test
// files hold the seed generation's exact bodies.
import { describe, expect, it } from 'vitest';
import { VALUES } from '../../../src/api/generation.js';
import { ENUMS } from '../../../src/shared/openapi/2026-10.facts.js';
import { ID, ID2, useRecorder } from './harness.js';

const rec = useRecorder();
const TODAY = { BILLING_API_VERSION: '2026-10', BILLING_ORG: ID2 };
const CUSTOMER = {
  ...TODAY,
  BILLING_CUSTOMER_TOKEN: 'polar_cst_todayTestCustomerSession000000000000',
};
const KEY = 'ACME-1234-5678';

/** argv → the one request it sent, with the version header; the description refused nothing. */
async function sent(argv: string[], env: Record<string, string> = TODAY) {
  const request = await rec.request(argv, env);
  expect(request.version).toBe('2026-10');
  return request;
}

describe('license keys on today’s API', () => {
  it('list: /v1/license-keys/ (with the slash the description has)', async () => {
    expect(await sent(['keys', 'list', '--benefit', ID])).toMatchObject({
      path: '/v1/license-keys/',
      query: [
        ['benefit_id', ID],
        ['page', '1'],
        ['limit', '30'],
      ],
    });
  });

  it.each([
    [['keys', 'validate', KEY, '--increment-usage', '1'], 'validate', { increment_usage: 1 }],
    [['keys', 'activate', KEY, '--label', 'laptop'], 'activate', { label: 'laptop' }],
    [['keys', 'deactivate', KEY, '--activation', ID], 'deactivate', { activation_id: ID }],
  ])('%j: the seller’s endpoint, with the seller’s token', async (argv, action, fields) => {
    expect(await sent(argv)).toMatchObject({
      method: 'POST',
      path: `/v1/license-keys/${action}`,
      body: { key: KEY, organization_id: ID2, ...fields },
      authorization: expect.stringMatching(/^Bearer polar_pat_/),
    });
  });

  it.each([
    [['keys', 'validate', KEY, '--public'], 'validate'],
    [['keys', 'activate', KEY, '--label', 'laptop', '--public'], 'activate'],
    [['keys', 'deactivate', KEY, '--activation', ID, '--public'], 'deactivate'],
  ])('%j: the public endpoint a device uses, no token', async (argv, action) => {
    const request = await sent(argv);
    expect(request.path).toBe(`/v1/customer-portal/license-keys/${action}`);
    expect(request.authorization).toBeUndefined();
  });

  it('update: PATCH /v1/license-keys/{id}', async () => {
    expect(
      await sent(['keys', 'update', ID, '--usage', '0', '--limit-usage', 'none']),
    ).toMatchObject({
      method: 'PATCH',
      body: { usage: 0, limit_usage: null },
    });
  });

  it('list --mine: the portal’s list, which takes a benefit but no organization', async () => {
    expect(await sent(['keys', 'list', '--mine', '--benefit', ID], CUSTOMER)).toMatchObject({
      path: '/v1/customer-portal/license-keys/',
      query: [
        ['benefit_id', ID],
        ['page', '1'],
        ['limit', '30'],
      ],
    });
  });
});

describe('customers on today’s API', () => {
  it('create --external-id', async () => {
    expect(
      await sent(['customers', 'create', '--email', 'sam@example.com', '--external-id', 'u_42']),
    ).toMatchObject({
      method: 'POST',
      path: '/v1/customers/',
      body: { email: 'sam@example.com', external_id: 'u_42', organization_id: ID2 },
    });
  });

  it('update --external-id', async () => {
    expect(await sent(['customers', 'update', ID, '--external-id', 'u_42'])).toMatchObject({
      method: 'PATCH',
      path: `/v1/customers/${ID}`,
      body: { external_id: 'u_42' },
    });
  });

  it('get --external-id (and the hidden --external): GET /v1/customers/external/{id}', async () => {
    for (const argv of [
      ['customers', 'get', '--external-id', 'user 42/a'],
      ['customers', 'get', 'user 42/a', '--external'],
    ]) {
      expect(await sent(argv)).toMatchObject({
        method: 'GET',
        path: '/v1/customers/external/user%2042%2Fa',
      });
    }
  });

  it('delete --external-id: DELETE /v1/customers/external/{id}', async () => {
    expect(
      await sent(['customers', 'delete', '--external-id', 'user 42/a', '--yes']),
    ).toMatchObject({ method: 'DELETE', path: '/v1/customers/external/user%2042%2Fa' });
  });

  it('state: GET /v1/customers/{id}/state, or by external id', async () => {
    expect(await sent(['customers', 'state', ID])).toMatchObject({
      method: 'GET',
      path: `/v1/customers/${ID}/state`,
    });
    expect(await sent(['customers', 'state', '--external-id', 'user 42/a'])).toMatchObject({
      method: 'GET',
      path: '/v1/customers/external/user%2042%2Fa/state',
    });
  });

  it('--external-id on the seed generation would be dropped: refused, nothing sent', async () => {
    const r = await rec.run(
      ['customers', 'create', '--email', 'sam@example.com', '--external-id', 'u'],
      {
        BILLING_API_VERSION: 'none',
        BILLING_ORG: ID2,
      },
    );
    expect({ ...r, sent: rec.sent }).toEqual({
      code: 2,
      stdout: '',
      stderr:
        "billing: external_id needs today's API (2026-04 or later): this service's generation would drop it\n",
      sent: [],
    });
  });

  it('delete: DELETE /v1/customers/{id}', async () => {
    expect(await sent(['customers', 'delete', ID, '--yes'])).toMatchObject({ method: 'DELETE' });
  });
});

describe('discounts on today’s API', () => {
  it.each([
    [
      ['--amount', '10', '--duration', 'forever'],
      { type: 'fixed', amount: 1000, duration: 'forever' },
    ],
    [['--percent', '12.5', '--code', 'SPRING'], { type: 'percentage', basis_points: 1250 }],
    [
      ['--percent', '20', '--duration', 'repeating', '--months', '3', '--max-redemptions', '5'],
      { type: 'percentage', duration: 'repeating', duration_in_months: 3, max_redemptions: 5 },
    ],
  ])('create %j', async (flags, fields) => {
    expect(await sent(['discounts', 'create', '--name', 'Sale', ...flags])).toMatchObject({
      method: 'POST',
      path: '/v1/discounts/',
      body: { name: 'Sale', organization_id: ID2, ...fields },
    });
  });

  it('update', async () => {
    expect(
      await sent([
        'discounts',
        'update',
        ID,
        '--code',
        'none',
        '--ends-at',
        '2030-01-01T00:00:00Z',
      ]),
    ).toMatchObject({ method: 'PATCH', body: { code: null, ends_at: '2030-01-01T00:00:00.000Z' } });
  });

  it('delete', async () => {
    expect(await sent(['discounts', 'delete', ID, '--yes'])).toMatchObject({ method: 'DELETE' });
  });
});

describe('webhook endpoints on today’s API', () => {
  it('create without --events: every type of today’s API', async () => {
    const request = await sent(['webhooks', 'create', '--url', 'https://example.com/hooks']);
    expect(request).toMatchObject({
      method: 'POST',
      path: '/v1/webhooks/endpoints',
      body: { url: 'https://example.com/hooks', format: 'raw', organization_id: ID2 },
    });
    expect((request.body as { events: string[] }).events).toEqual(ENUMS.WebhookEventType);
  });

  it('create --events of today’s types (order.paid)', async () => {
    const request = await sent([
      'webhooks',
      'create',
      '--url',
      'https://example.com/hooks',
      '--events',
      'order.paid,customer.created',
    ]);
    expect((request.body as { events: string[] }).events).toEqual(
      ['customer.created', 'order.paid'].sort(
        (a, b) =>
          VALUES.webhookEventType.indexOf(a as never) - VALUES.webhookEventType.indexOf(b as never),
      ),
    );
  });

  it('update --events all: today’s whole set', async () => {
    const request = await sent(['webhooks', 'update', ID, '--events', 'all']);
    expect((request.body as { events: string[] }).events).toEqual(ENUMS.WebhookEventType);
  });

  it('--secret: today’s service makes its own; refused, nothing sent', async () => {
    const r = await rec.run(
      ['webhooks', 'create', '--url', 'https://e.example/h', '--secret', 's'],
      TODAY,
    );
    expect({ ...r, sent: rec.sent }).toEqual({
      code: 2,
      stdout: '',
      stderr: "billing: API version 2026-10 makes every endpoint's secret itself: drop --secret\n",
      sent: [],
    });
  });

  it('a type only the seed’s service had is refused on today’s', async () => {
    // Every seed type still exists today; a today-only one on the seed's service is refused.
    const r = await rec.run(
      ['webhooks', 'create', '--url', 'https://e.example/h', '--events', 'order.paid'],
      {
        BILLING_API_VERSION: 'none',
        BILLING_ORG: ID2,
      },
    );
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(
      /^billing: order\.paid: not an event type of the service's API generation\nIts types: /,
    );
    expect(rec.sent).toEqual([]);
  });

  it('deliveries, redeliver, delete', async () => {
    expect(await sent(['webhooks', 'deliveries', '--endpoint', ID])).toMatchObject({
      path: '/v1/webhooks/deliveries',
    });
    expect(await sent(['webhooks', 'redeliver', ID])).toMatchObject({
      method: 'POST',
      path: `/v1/webhooks/events/${ID}/redeliver`,
    });
    expect(await sent(['webhooks', 'delete', ID, '--yes'])).toMatchObject({ method: 'DELETE' });
  });
});

describe('subscriptions, organizations, orders and benefits on today’s API', () => {
  it.each([
    [['subs', 'cancel', ID, '--reason', 'too_expensive'], { cancel_at_period_end: true }],
    [['subs', 'cancel', ID, '--now', '--yes'], { revoke: true }],
    [['subs', 'resume', ID], { cancel_at_period_end: false }],
  ])('%j', async (argv, fields) => {
    expect(await sent(argv)).toMatchObject({ method: 'PATCH', body: fields });
  });

  it('subs cancel --as-customer through the portal', async () => {
    expect(
      await sent(['subs', 'cancel', ID, '--as-customer', '--reason', 'unused'], CUSTOMER),
    ).toMatchObject({
      path: `/v1/customer-portal/subscriptions/${ID}`,
      body: { cancel_at_period_end: true, cancellation_reason: 'unused' },
    });
  });

  it('subs revoke, subs export', async () => {
    expect(await sent(['subs', 'revoke', ID, '--yes'])).toMatchObject({ method: 'DELETE' });
    expect(await sent(['subs', 'export'])).toMatchObject({ path: '/v1/subscriptions/export' });
  });

  it('org update --name, org get, org list', async () => {
    expect(await sent(['org', 'update', ID, '--name', 'Acme GmbH'])).toMatchObject({
      method: 'PATCH',
      body: { name: 'Acme GmbH' },
    });
    expect(await sent(['org', 'list', '--sort', 'slug'])).toMatchObject({
      query: [
        ['sorting', 'slug'],
        ['page', '1'],
        ['limit', '30'],
      ],
    });
  });

  it('orders list --type recurring: product_billing_type', async () => {
    expect(await sent(['orders', 'list', '--type', 'recurring'])).toMatchObject({
      query: [
        ['product_billing_type', 'recurring'],
        ['page', '1'],
        ['limit', '30'],
      ],
    });
  });

  it('benefits list --type meter_credit (today’s type)', async () => {
    expect(await sent(['benefits', 'list', '--type', 'meter_credit'])).toMatchObject({
      query: [
        ['type', 'meter_credit'],
        ['page', '1'],
        ['limit', '30'],
      ],
    });
  });

  it('products archive', async () => {
    expect(await sent(['products', 'archive', ID])).toMatchObject({
      method: 'PATCH',
      body: { is_archived: true },
    });
  });
});

describe('checkout links on today’s API', () => {
  it('create: CheckoutLinkCreateProducts, with the payment processor it requires', async () => {
    expect(
      await sent([
        'links',
        'create',
        '--product',
        ID,
        '--trial',
        '1mo',
        '--require-billing-address',
        '--return-url',
        'https://shop.example/',
      ]),
    ).toMatchObject({
      method: 'POST',
      path: '/v1/checkout-links/',
      body: {
        payment_processor: 'stripe',
        products: [ID],
        trial_interval: 'month',
        trial_interval_count: 1,
        require_billing_address: true,
        return_url: 'https://shop.example/',
      },
    });
  });

  it('update: CheckoutLinkUpdate, nulls to clear', async () => {
    expect(
      await sent([
        'links',
        'update',
        ID,
        '--product',
        ID2,
        '--success-url',
        'none',
        '--trial',
        'none',
      ]),
    ).toMatchObject({
      method: 'PATCH',
      path: `/v1/checkout-links/${ID}`,
      body: {
        products: [ID2],
        success_url: null,
        trial_interval: null,
        trial_interval_count: null,
      },
    });
  });

  it('list and delete', async () => {
    expect(await sent(['links', 'list', '--product', ID, '--sort', 'label'])).toMatchObject({
      path: '/v1/checkout-links/',
      query: [
        ['product_id', ID],
        ['sorting', 'label'],
        ['page', '1'],
        ['limit', '30'],
      ],
    });
    expect(await sent(['links', 'delete', ID, '--yes'])).toMatchObject({
      method: 'DELETE',
      path: `/v1/checkout-links/${ID}`,
    });
  });
});
