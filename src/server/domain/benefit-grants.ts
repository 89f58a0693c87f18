// Benefit grants, as the real service's benefit grant service makes them (benefit/service/
// benefit_grant.py at f179ede58c, the seed generation). A grant belongs to a scope — the
// subscription, or the order of a one-time purchase — and to a benefit. Syncing a scope with its
// product grants every benefit of the product (or revokes it, for a subscription that is no longer
// active) and revokes the grants of benefits no longer on it; a grant already in the state asked
// for sends nothing. A license_keys benefit's grant comes with a new key, its revocation revokes
// the key. Each change sends its event with the grant's properties before it.
import { displayKey, uuid } from '../ids.js';
import { json, parseJson } from '../store/index.js';
import type { BenefitGrantRow, BenefitRow, CustomerRow } from '../store/rows.js';
import { grantLicenseKey } from './license-key-grants.js';
import { cycleCredits, grantCredits, revokeCredits } from './meter-credits.js';
import type { Work } from './work.js';

/** What a grant is for: a subscription, or a one-time purchase's order. */
export type GrantScope = { subscriptionId: string } | { orderId: string };

/**
 * The real enqueue_benefits_grants for one scope: each benefit of the product granted (`grant`)
 * or revoked (`revoke`), in the product's order, then the scope's grants of benefits the product
 * no longer has revoked.
 */
export function syncBenefitGrants(
  w: Work,
  task: 'grant' | 'revoke',
  productId: string,
  customer: CustomerRow,
  scope: GrantScope,
): void {
  const { store } = w;
  const benefits = store.benefitGrants.ofProduct(productId);
  for (const benefit of benefits) {
    if (task === 'grant') grantBenefit(w, benefit, customer, scope);
    else revokeBenefit(w, benefit, customer, scope);
  }
  const kept = new Set(benefits.map((b) => b.id));
  for (const grant of store.benefitGrants.ofScope(scope)) {
    if (!kept.has(grant.benefit_id) && grant.granted_at != null)
      revokeGrant(w, grant, w.clock.iso());
  }
}

/** The real grant_benefit: a new grant, or a revoked one granted again; one already granted stays. */
function grantBenefit(w: Work, benefit: BenefitRow, customer: CustomerRow, scope: GrantScope) {
  const { store, clock, tx } = w;
  const existing = store.benefitGrants.inScope(benefit.id, scope);
  if (existing?.granted_at != null) return;
  const now = clock.now();
  const iso = now.toISOString();
  const key =
    benefit.type === 'license_keys' ? grantLicenseKey(store, now, benefit, customer) : undefined;
  const properties = json(
    key
      ? { license_key_id: key.id, display_key: displayKey(key.key) }
      : benefit.type === 'meter_credit'
        ? grantCredits(w, benefit, customer)
        : {},
  );
  if (existing) {
    store.update(
      'benefit_grants',
      existing.id,
      { granted_at: iso, revoked_at: null, properties },
      iso,
    );
    const previous_properties = parseJson(existing.properties);
    tx.emit({ type: 'benefit_grant.created', id: existing.id, previous_properties });
    return;
  }
  const id = insertGrant(w, benefit, customer, scope, { granted_at: iso, properties });
  // A new grant's properties were {} before it was granted.
  tx.emit({ type: 'benefit_grant.created', id, previous_properties: {} });
}

/**
 * The real revoke_benefit: the scope's grant revoked; one already revoked stays. With no grant at
 * all, the real service records a revoked one (and says so), which this service does too.
 */
function revokeBenefit(w: Work, benefit: BenefitRow, customer: CustomerRow, scope: GrantScope) {
  const { clock, tx } = w;
  const existing = w.store.benefitGrants.inScope(benefit.id, scope);
  if (existing) {
    if (existing.revoked_at == null) revokeGrant(w, existing, clock.iso());
    return;
  }
  const id = insertGrant(w, benefit, customer, scope, {
    revoked_at: clock.iso(),
    properties: '{}',
  });
  tx.emit({ type: 'benefit_grant.revoked', id, previous_properties: {} });
}

function insertGrant(
  { store, clock }: Work,
  benefit: BenefitRow,
  customer: CustomerRow,
  scope: GrantScope,
  state: { granted_at?: string; revoked_at?: string; properties: string },
): string {
  const id = uuid();
  store.benefitGrants.insert({
    id,
    created_at: clock.iso(),
    modified_at: null,
    organization_id: benefit.organization_id,
    benefit_id: benefit.id,
    customer_id: customer.id,
    user_id: customer.user_id ?? null,
    order_id: 'orderId' in scope ? scope.orderId : null,
    subscription_id: 'subscriptionId' in scope ? scope.subscriptionId : null,
    granted_at: state.granted_at ?? null,
    revoked_at: state.revoked_at ?? null,
    properties: state.properties,
  });
  return id;
}

function revokeGrant(w: Work, grant: BenefitGrantRow, at: string): void {
  const { store, tx } = w;
  const benefit = store.row('benefits', grant.benefit_id);
  const customer = store.row('customers', grant.customer_id);
  // meter_credit: the last credit taken back (meter_credit/service.py revoke).
  if (benefit?.type === 'meter_credit' && customer) revokeCredits(w, benefit, customer, grant);
  store.benefitGrants.revoke(grant, at);
  const previous_properties = parseJson(grant.properties);
  tx.emit({ type: 'benefit_grant.revoked', id: grant.id, previous_properties });
}

/** benefit.cycle for a subscription's renewal: its meter_credit grants credit again. */
export function cycleBenefitGrants(w: Work, subscriptionId: string): void {
  const { store, tx } = w;
  for (const grant of store.benefitGrants.grantedBy(subscriptionId)) {
    const benefit = store.row('benefits', grant.benefit_id);
    const customer = store.row('customers', grant.customer_id);
    if (benefit?.type !== 'meter_credit' || !customer || customer.deleted_at) continue;
    const properties = cycleCredits(w, benefit, customer, grant);
    store.update('benefit_grants', grant.id, { properties: json(properties) }, w.clock.iso());
    tx.emit({
      type: 'benefit_grant.cycled',
      id: grant.id,
      previous_properties: parseJson(grant.properties),
    });
  }
}

/** Takes back what a subscription granted (when it is revoked or ends), as of `at`. */
export function revokeBenefitGrants(w: Work, subscriptionId: string, at?: string | null): void {
  const now = at ?? w.clock.iso();
  for (const grant of w.store.benefitGrants.grantedBy(subscriptionId)) revokeGrant(w, grant, now);
}

/** Takes back every benefit the customer holds (today's benefit.revoke_customer, on its delete). */
export function revokeCustomerGrants(w: Work, customerId: string): void {
  const now = w.clock.iso();
  for (const grant of w.store.benefitGrants.liveOfCustomer(customerId)) revokeGrant(w, grant, now);
}
