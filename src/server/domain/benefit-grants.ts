// Benefit grants (api-facts "Events"): a purchase grants its customer every benefit of the product
// (a license_keys benefit with a new key), one `benefit_grant.created` each; a subscription that is
// revoked takes its grants back (its license keys revoked), one `benefit_grant.revoked` each.
import { displayKey, uuid } from '../ids.js';
import { json } from '../store/index.js';
import type { CustomerRow } from '../store/rows.js';
import { grantLicenseKeys } from './license-key-grants.js';
import type { Work } from './work.js';

export function grantBenefits(
  w: Work,
  productId: string,
  customer: CustomerRow,
  from: { orderId: string; subscriptionId: string | null },
): void {
  const { store, clock, tx } = w;
  const now = clock.now();
  const iso = now.toISOString();
  const keys = grantLicenseKeys(store, now, productId, customer);
  for (const benefit of store.benefitGrants.ofProduct(productId)) {
    const key = keys.find((k) => k.benefitId === benefit.id);
    const id = uuid();
    store.benefitGrants.insert({
      id,
      created_at: iso,
      modified_at: null,
      organization_id: benefit.organization_id,
      benefit_id: benefit.id,
      customer_id: customer.id,
      user_id: customer.user_id ?? null,
      order_id: from.orderId,
      subscription_id: from.subscriptionId,
      granted_at: iso,
      revoked_at: null,
      properties: json(key ? { license_key_id: key.id, display_key: displayKey(key.key) } : {}),
    });
    tx.emit({ type: 'benefit_grant.created', id });
  }
}

/** Takes back what a subscription granted (when it is revoked or ends), as of `at`. */
export function revokeBenefitGrants(w: Work, subscriptionId: string, at?: string | null): void {
  const { store, clock, tx } = w;
  const now = at ?? clock.iso();
  for (const grant of store.benefitGrants.grantedBy(subscriptionId)) {
    store.benefitGrants.revoke(grant, now);
    tx.emit({ type: 'benefit_grant.revoked', id: grant.id });
  }
}
