import { describe, expect, it } from 'vitest';
import {
  CHECKOUT_STATUSES,
  LICENSE_KEY_STATUSES,
  ORDER_SORT_CRITERIA,
  SUBSCRIPTION_SORT_CRITERIA,
  SUBSCRIPTION_STATUSES,
  sortingValues,
} from '../../src/api/enums.js';
import {
  activationWithLicenseKey,
  adminSubscription,
  checkout,
  confirmedCheckout,
  customerPortalSubscription,
  licenseKey,
  licenseKeyWithActivations,
  order,
  organization,
  paginated,
  price,
} from '../../src/api/schemas/index.js';
import * as fx from './fixtures.js';

describe('schemas accept every context form of spec §2', () => {
  it.each([
    ['checkout (get/update)', checkout, fx.checkout()],
    ['checkout (confirmed)', confirmedCheckout, fx.confirmedCheckout()],
    ['subscription (admin)', adminSubscription, fx.adminSubscription()],
    ['subscription (customer portal)', customerPortalSubscription, fx.customerPortalSubscription()],
    ['order', order, fx.order()],
    ['license key', licenseKey, fx.licenseKey()],
    [
      'license key with activations',
      licenseKeyWithActivations,
      { ...fx.licenseKey(), activations: [fx.activation()] },
    ],
    [
      'activation with license key',
      activationWithLicenseKey,
      { ...fx.activation(), license_key: fx.licenseKey() },
    ],
    ['organization', organization, fx.organization()],
    ['page of orders', paginated(order), fx.page([fx.order()], 1, 1)],
  ] as const)('%s', (_name, schema, body) => {
    expect(schema.parse(body)).toEqual(body);
  });

  it('accepts a confirm response without metadata, and a price without a fixed amount', () => {
    const { metadata: _m, subscription_id: _s, customer_metadata: _c, ...rest } = fx.checkout();
    expect(
      confirmedCheckout.safeParse({ ...rest, customer_session_token: fx.SESSION_TOKEN }).success,
    ).toBe(true);
    const { price_amount: _p, ...custom } = { ...fx.price(), amount_type: 'custom' };
    expect(price.parse(custom)).toEqual(custom);
  });

  it('accepts status values the service may add later', () => {
    expect(licenseKey.parse({ ...fx.licenseKey(), status: 'suspended' }).status).toBe('suspended');
  });

  it.each([
    ['a string amount', order, { ...fx.order(), amount: '1500' }, ['amount']],
    ['a fractional amount', order, { ...fx.order(), amount: 1.5 }, ['amount']],
    ['a missing listed field', order, (({ currency: _, ...o }) => o)(fx.order()), ['currency']],
    [
      'a missing session token',
      confirmedCheckout,
      (({ customer_session_token: _, ...o }) => o)(fx.confirmedCheckout()),
      ['customer_session_token'],
    ],
    ['a null id', organization, { ...fx.organization(), id: null }, ['id']],
    [
      'a tax id that is not a pair',
      order,
      { ...fx.order(), customer: { ...fx.customer(), tax_id: ['x'] } },
      ['customer', 'tax_id'],
    ],
    [
      'a bad page',
      paginated(order),
      { items: [], pagination: { total_count: '1', max_page: 1 } },
      ['pagination', 'total_count'],
    ],
  ] as const)('rejects %s', (_name, schema, body, path) => {
    const result = schema.safeParse(body);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.path).toEqual(path);
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

  it('sortingValues lists each criterion both ways', () => {
    expect(sortingValues(['a', 'b'])).toEqual(['a', '-a', 'b', '-b']);
  });
});
