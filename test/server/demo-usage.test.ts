// The demo's usage-based product (issue 27): Acme API with its meter and free credits, Initech
// subscribed with a month of requests; the renewal bills what the credits leave.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type Json, type Service, startService } from './helpers.js';

const TODAY = { 'polar-version': '2026-10' };
let s: Service;
beforeAll(async () => {
  s = await startService();
});
afterAll(() => s.stop());

const get = (path: string) => s.api('GET', path, { token: s.alice, headers: TODAY });

it('sells Acme API by the request, and charges Initech for what the credits leave', async () => {
  const products = await get('/v1/products/?query=Acme%20API');
  const product = products.body.items.find((p: Json) => p.name === 'Acme API');
  expect(product.prices.map((p: Json) => [p.amount_type, p.price_amount ?? p.unit_amount])).toEqual(
    [
      ['fixed', 900],
      ['metered_unit', '0.1'],
    ],
  );
  expect(product.benefits.map((b: Json) => [b.type, b.properties.units])).toEqual([
    ['meter_credit', 10_000],
  ]);
  const customers = await get('/v1/customers/?email=platform@initech.example');
  const customer = customers.body.items[0];
  const meters = (await get(`/v1/customer-meters/?customer_id=${customer.id}`)).body.items;
  expect(meters).toHaveLength(1);
  const [m] = meters;
  expect(m.credited_units).toBe(10_000);
  expect(m.consumed_units).toBeGreaterThan(10_000);
  expect(m.balance).toBe(10_000 - m.consumed_units);
  const subs = await get(`/v1/subscriptions/?customer_id=${customer.id}`);
  const sub = subs.body.items[0];
  const now = Date.parse((await s.api('GET', '/__local/clock')).body.now);
  await s.advanceClock(Math.ceil((Date.parse(sub.current_period_end) - now) / 1000) + 60);
  const orders = await get(`/v1/orders/?subscription_id=${sub.id}&sorting=-created_at`);
  const billable = m.consumed_units - 10_000;
  expect(orders.body.items[0].items.map((i: Json) => [i.label, i.amount])).toEqual([
    ['Acme API', 900],
    [
      `API requests — (${billable.toLocaleString('en-US')} consumed units) × $0.001`,
      Math.round(billable * 0.1),
    ],
  ]);
});
