// Shared by the two subscription suites: every demo subscription in the customer-portal form,
// each with a session of its customer (the portal lists them; the seller's form needs a PATCH).
import { expect } from 'vitest';
import { everySubscription, type Polar, type Sandbox } from './helpers.js';

export type Portal = Awaited<ReturnType<Polar['customerPortal']['subscriptions']['update']>>;
export type Admin = Awaited<ReturnType<Polar['subscriptions']['update']>>;
export interface Found {
  sub: Portal;
  as: Polar;
}

export const UNKNOWN = '00000000-0000-4000-8000-000000000000';

/**
 * An admin update that changes nothing. The SDK sends `revoke: true` unless told `revoke: null`
 * (its SubscriptionCancel model defaults it), so every cancel-form update here says so.
 */
export const KEEP = { revoke: null };

export const isProMonthly = (s: Portal) =>
  s.product.name === 'Acme Pro' && s.recurringInterval === 'month';

export class Subscriptions {
  private constructor(
    /** Acme's, each with a session of its customer. */
    readonly acme: Found[],
    /** Globex's (bob reads them in the seller's form). */
    readonly globex: Portal[],
  ) {}

  static async load(box: Sandbox): Promise<Subscriptions> {
    const acme: Found[] = [];
    const globex: Portal[] = [];
    for (const found of (await everySubscription(box)).values()) {
      if (found.sub.product.organizationId === box.demo.organization_id) acme.push(found);
      else globex.push(found.sub);
    }
    return new Subscriptions(acme, globex);
  }

  all(): Portal[] {
    return this.acme.map((x) => x.sub);
  }

  find(test: (s: Portal) => boolean): Found {
    const found = this.acme.find((x) => test(x.sub));
    expect(found).toBeDefined();
    return found!;
  }

  /** The Acme customer with the most subscriptions (at least three). */
  most(): Found {
    const count = (customerId: string) =>
      this.acme.filter((x) => x.sub.customerId === customerId).length;
    const best = [...this.acme].sort(
      (a, b) => count(b.sub.customerId) - count(a.sub.customerId),
    )[0]!;
    expect(count(best.sub.customerId)).toBeGreaterThanOrEqual(3);
    return best;
  }
}
