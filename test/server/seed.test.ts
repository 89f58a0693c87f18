// Demo data: coherent at the default size (issue 2's list), and fast at benchmark scale.
import { describe, expect, it } from 'vitest';
import { BENEFIT_TYPES } from '../../src/shared/api-facts.js';
import { allPages, startService } from './helpers.js';

describe('--seed demo', () => {
  it('has the data the issue asks for', async () => {
    const svc = await startService();
    try {
      const orders = await allPages(svc.api, '/v1/orders/', { token: svc.alice });
      expect(orders.length).toBeGreaterThanOrEqual(40 - 12);
      const globex = await allPages(svc.api, '/v1/orders/', { token: svc.bob });
      expect(orders.length + globex.length).toBeGreaterThanOrEqual(40);
      expect(new Set(orders.map((o) => o.billing_reason))).toEqual(
        new Set(['purchase', 'subscription_create', 'subscription_cycle']),
      );
      expect(new Set(orders.map((o) => o.customer_id)).size).toBeGreaterThanOrEqual(10);
      const statuses = new Set(
        orders.filter((o) => o.subscription).map((o) => o.subscription.status),
      );
      expect(statuses.size).toBeGreaterThanOrEqual(3);
      const prices = new Set(
        orders.map((o) => `${o.product_price.type}/${o.product_price.recurring_interval}`),
      );
      expect(prices).toEqual(new Set(['one_time/null', 'recurring/month', 'recurring/year']));

      const checkout = await svc.api(
        'GET',
        `/v1/checkouts/custom/${svc.demo.open_checkout_ids[2]}`,
        {
          token: svc.alice,
        },
      );
      const benefitTypes = new Set<string>();
      for (const id of svc.demo.open_checkout_ids) {
        const c = await svc.api('GET', `/v1/checkouts/custom/${id}`, { token: svc.alice });
        for (const b of c.body.product.benefits) benefitTypes.add(b.type);
      }
      expect(benefitTypes).toEqual(new Set(BENEFIT_TYPES));
      expect(
        checkout.body.attached_custom_fields.some((f: { required: boolean }) => f.required),
      ).toBe(true);
    } finally {
      await svc.stop();
    }
  });

  // How fast is a bench figure ("service: seed 100,000 orders"), not an assertion here.
  it('seeds 20 000 orders', async () => {
    const svc = await startService({ orders: 20_000 });
    try {
      const r = await svc.api('GET', '/v1/orders/', { token: svc.alice, query: { limit: 1 } });
      expect(r.status).toBe(200);
      expect(r.body.pagination.total_count).toBeGreaterThanOrEqual(20_000);
      const last = await svc.api('GET', '/v1/orders/', {
        token: svc.alice,
        query: { limit: 100, page: 200, sorting: '-amount' },
      });
      expect(last.body.items).toHaveLength(100);
    } finally {
      await svc.stop();
    }
  });
});
