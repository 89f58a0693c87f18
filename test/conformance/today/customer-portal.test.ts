// Customer sessions and the customer portal's own customer through SDK 1.0.1 in today's
// generation (API version 2026-10), each answer checked against the 2026-10 document
// (harness.ts): a session by `customer_id` or `external_customer_id` with a `return_url`
// (customer_session/service.py at c6c3645e), then `customerPortal.customers` and
// `customerPortal.customerSession` with its token (customer_portal/endpoints/customer.py,
// customer_session.py at c6c3645e).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  expect422,
  expectCalls,
  expectError,
  type Polar,
  PolarClientError,
  startToday,
  type TodayBox,
} from './harness.js';

let box: TodayBox;
beforeAll(async () => {
  box = await startToday();
});
afterAll(async () => {
  expectCalls(box, 'customer-portal');
  await box.stop();
});

describe('customer sessions (2026-10)', () => {
  it('are made by customer id or external id, with a return URL and a portal URL naming the email', async () => {
    const c = await box.seller.customers.create({
      organization_id: box.demo.organization_id,
      email: 'portal@example.com',
      external_id: 'usr_portal',
    });
    const byId = await box.seller.customerSessions.create({
      customer_id: c.id,
      return_url: 'https://acme.example/account',
    });
    expect(byId).toMatchObject({
      customer_id: c.id,
      return_url: 'https://acme.example/account',
      customer: { id: c.id, external_id: 'usr_portal', type: 'individual' },
    });
    expect(byId.token).toMatch(/^polar_cst_/);
    const portal = new URL(byId.customer_portal_url);
    expect([portal.pathname, portal.searchParams.get('email')]).toEqual([
      '/acme/portal',
      'portal@example.com',
    ]);
    const byExternal = await box.org.customerSessions.create({
      external_customer_id: 'usr_portal',
    });
    expect(byExternal).toMatchObject({ customer_id: c.id, return_url: null });
  });

  it('refuse a customer the token cannot see, naming the field it was sent in', async () => {
    const unknown = await expect422('unknown external id', () =>
      box.seller.customerSessions.create({ external_customer_id: 'usr_nobody' }),
    );
    expect(unknown).toMatchObject([
      { loc: ['body', 'external_customer_id'], msg: 'Customer does not exist.' },
    ]);
    const other = await box.otherSeller.customers.create({
      organization_id: box.demo.other.organization_id,
      email: 'globex-buyer@example.com',
    });
    const foreign = await expect422("another seller's customer", () =>
      box.seller.customerSessions.create({ customer_id: other.id }),
    );
    expect(foreign).toMatchObject([{ loc: ['body', 'customer_id'] }]);
    const neither = await expect422('no customer at all', () =>
      box.seller.customerSessions.create({} as never),
    );
    expect(neither.map((d) => d.loc)).toEqual([
      ['body', 'CustomerSessionCustomerIDCreate', 'customer_id'],
      ['body', 'CustomerSessionCustomerExternalIDCreate', 'external_customer_id'],
    ]);
  });
});

describe('the customer portal (2026-10)', () => {
  let me: Polar;
  let customerId: string;
  beforeAll(async () => {
    const c = await box.seller.customers.create({
      organization_id: box.demo.organization_id,
      email: 'me@example.com',
      name: 'Mia Me',
    });
    customerId = c.id;
    const session = await box.seller.customerSessions.create({
      customer_id: c.id,
      return_url: 'https://acme.example/back',
    });
    me = box.as(session.token);
  });

  it('introspects its session and says whom it acts for', async () => {
    const session = await me.customerPortal.customerSession.introspect();
    expect(session.return_url).toBe('https://acme.example/back');
    expect(Date.parse(session.expires_at)).toBeGreaterThan(Date.now());
    expect(await me.customerPortal.customerSession.getAuthenticatedUser()).toMatchObject({
      type: 'customer',
      name: 'Mia Me',
      email: 'me@example.com',
      customer_id: customerId,
    });
  });

  it("reads and updates the customer's own billing details", async () => {
    expect(await me.customerPortal.customers.get()).toMatchObject({
      id: customerId,
      email: 'me@example.com',
      billing_name: 'Mia Me',
      oauth_accounts: {},
      type: 'individual',
    });
    const updated = await me.customerPortal.customers.update({
      billing_name: 'Mia Me GmbH',
      billing_address: { country: 'DE', city: 'Berlin', line1: 'Unter den Linden 1' },
      tax_id: 'DE 123456789',
    });
    expect(updated).toMatchObject({
      name: 'Mia Me',
      billing_name: 'Mia Me GmbH',
      billing_address: { country: 'DE', city: 'Berlin' },
      tax_id: ['DE123456789', 'eu_vat'],
    });
    const seller = await box.seller.customers.get(customerId);
    expect(seller.billing_name).toBe('Mia Me GmbH');
    const cleared = await expect422('the address cleared', () =>
      me.customerPortal.customers.update({ billing_address: null }),
    );
    expect(cleared).toMatchObject([{ loc: ['body', 'billing_address'], type: 'missing' }]);
    const method = await expect422('a payment method the sandbox does not have', () =>
      me.customerPortal.customers.update({
        default_payment_method_id: '00000000-0000-4000-8000-000000000000',
      }),
    );
    expect(method).toMatchObject([
      { loc: ['body', 'default_payment_method_id'], msg: 'Payment method not found.' },
    ]);
    expect((await me.customerPortal.customers.listPaymentMethods()).items).toEqual([]);
  });

  it('takes a customer session only: a seller token is refused', async () => {
    // The SDK has no class for a 401 it does not expect: its PolarClientError.
    const refused = await expectError('a personal access token', PolarClientError, () =>
      box.seller.customerPortal.customers.get(),
    );
    expect(refused.statusCode).toBe(401);
  });
});
