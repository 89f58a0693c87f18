// License keys granted by a product's license_keys benefits, on confirm and in the demo seed.
import { licenseKey, type Random, uuid } from '../ids.js';
import type { Store } from '../store/index.js';

export interface LicenseKeyProperties {
  prefix?: string | null;
  expires?: { ttl: number; timeframe: 'day' | 'month' | 'year' } | null;
  activations?: { limit: number } | null;
  limit_usage?: number | null;
}

/**
 * What a license_keys benefit's properties make of its keys, as of `now` (the real service's
 * LicenseKeyCreate.build): the expiry `ttl` timeframes from now, the activation and usage limits.
 */
export function keyLimits(props: LicenseKeyProperties, now: Date) {
  let expires: string | null = null;
  if (props.expires) {
    const d = new Date(now);
    if (props.expires.timeframe === 'year')
      d.setUTCFullYear(d.getUTCFullYear() + props.expires.ttl);
    else if (props.expires.timeframe === 'month')
      d.setUTCMonth(d.getUTCMonth() + props.expires.ttl);
    else d.setUTCDate(d.getUTCDate() + props.expires.ttl);
    expires = d.toISOString();
  }
  return {
    limit_activations: props.activations?.limit ?? null,
    limit_usage: props.limit_usage ?? null,
    expires_at: expires,
  };
}

/** The keys granted, one per license_keys benefit of the product. */
export interface GrantedKey {
  benefitId: string;
  id: string;
  key: string;
}

export function grantLicenseKeys(
  store: Store,
  now: Date,
  productId: string,
  customer: { id: string; user_id: string | null },
  random?: Random,
): GrantedKey[] {
  return store.products
    .licenseKeyBenefits(productId)
    .map((b) => grantLicenseKey(store, now, b, customer, random));
}

/** A new key of license_keys benefit `b` for the customer (the real customer_grant). */
export function grantLicenseKey(
  store: Store,
  now: Date,
  b: { id: string; organization_id: string; properties: string },
  customer: { id: string; user_id: string | null },
  random?: Random,
): GrantedKey {
  const props = JSON.parse(b.properties) as LicenseKeyProperties;
  const key = { benefitId: b.id, id: uuid(random), key: licenseKey(props.prefix, random) };
  store.licenseKeys.insert({
    id: key.id,
    created_at: now.toISOString(),
    organization_id: b.organization_id,
    user_id: customer.user_id ?? null,
    customer_id: customer.id,
    benefit_id: b.id,
    key: key.key,
    ...keyLimits(props, now),
  });
  return key;
}
