import { describe, expect, it } from 'vitest';
import {
  CHECKOUT_STATUSES,
  LICENSE_KEY_STATUSES,
  ORDER_SORT_CRITERIA,
  SUBSCRIPTION_SORT_CRITERIA,
  SUBSCRIPTION_STATUSES,
} from '../../src/api/enums.js';
import {
  checkoutWithSecret,
  confirmedCheckout,
  licenseKeyWithActivations,
  paginated,
  resource,
} from '../../src/api/schemas.js';
import * as fx from './fixtures.js';

describe('the tolerant reader (issue 11)', () => {
  it.each([
    ['checkout (get/update)', resource, fx.checkout()],
    ['checkout (confirmed)', confirmedCheckout, fx.confirmedCheckout()],
    ['subscription (admin)', resource, fx.adminSubscription()],
    ['subscription (customer portal)', resource, fx.customerPortalSubscription()],
    ['order', resource, fx.order()],
    ['license key', resource, fx.licenseKey()],
    [
      'license key with activations',
      licenseKeyWithActivations,
      { ...fx.licenseKey(), activations: [fx.activation()] },
    ],
    ['activation with license key', resource, { ...fx.activation(), license_key: fx.licenseKey() }],
    ['organization', resource, fx.organization()],
    ['page of orders', paginated(resource), fx.page([fx.order()], 1, 1)],
  ] as const)('passes every field of %s through unchanged', (_name, schema, body) => {
    expect(schema.safeParse(body)).toEqual({ success: true, data: body });
  });

  it.each([
    ['a string amount', { ...fx.order(), amount: '1500' }],
    ['a fractional amount', { ...fx.order(), amount: 1.5 }],
    ['a missing listed field', (({ currency: _, ...o }) => o)(fx.order())],
    ['a null nested object', { ...fx.order(), customer: null, user: null }],
    ['a status the spec does not list', { ...fx.licenseKey(), status: 'suspended' }],
    ['a tax id that is not a pair', { ...fx.order(), customer: { ...fx.customer(), tax_id: 'x' } }],
    ['the real service name of a field', { ...fx.organization(), twitter_username: 'acme' }],
  ])('accepts %s, unchanged', (_name, body) => {
    expect(resource.safeParse(body)).toEqual({ success: true, data: body });
  });

  it('accepts a confirm response without a session token or metadata', () => {
    const { customer_session_token: _t, ...rest } = fx.confirmedCheckout();
    expect(confirmedCheckout.safeParse(rest)).toEqual({ success: true, data: rest });
  });

  it.each([
    ['a missing id', resource, (({ id: _, ...o }) => o)(fx.order()), ['id']],
    ['a null id', resource, { ...fx.organization(), id: null }, ['id']],
    ['a numeric id', resource, { ...fx.organization(), id: 7 }, ['id']],
    ['an empty body', resource, undefined, []],
    [
      'a session token that is not a string',
      confirmedCheckout,
      { ...fx.confirmedCheckout(), customer_session_token: 42 },
      ['customer_session_token'],
    ],
    [
      'a checkout without its client secret, when confirming by id',
      checkoutWithSecret,
      (({ client_secret: _, ...o }) => o)(fx.checkout()),
      ['client_secret'],
    ],
    [
      'activations that are not a list',
      licenseKeyWithActivations,
      { ...fx.licenseKey(), activations: {} },
      ['activations'],
    ],
    ['a page without pagination', paginated(resource), { items: [fx.order()] }, ['pagination']],
    [
      'a bad page count',
      paginated(resource),
      { items: [], pagination: { total_count: '1', max_page: 1 } },
      ['pagination', 'total_count'],
    ],
    [
      'an item without an id',
      paginated(resource),
      fx.page([{ ...fx.order(), id: undefined }], 1, 1),
      ['items', 0, 'id'],
    ],
  ] as const)('rejects %s', (_name, schema, body, path) => {
    const result = schema.safeParse(body);
    expect(result.success).toBe(false);
    expect(!result.success && result.error.issues[0]?.path).toEqual(path);
  });
});

describe('enumerations', () => {
  it('match api-facts.md', () => {
    expect(CHECKOUT_STATUSES).toEqual(['open', 'expired', 'confirmed', 'succeeded', 'failed']);
    expect(LICENSE_KEY_STATUSES).toEqual(['granted', 'revoked', 'disabled']);
    expect(SUBSCRIPTION_STATUSES).toHaveLength(7);
    expect(ORDER_SORT_CRITERIA).toEqual([
      'created_at',
      'amount',
      'customer',
      'product',
      'discount',
      'subscription',
    ]);
    expect(SUBSCRIPTION_SORT_CRITERIA).toEqual([
      'started_at',
      'amount',
      'status',
      'organization',
      'product',
    ]);
  });
});
