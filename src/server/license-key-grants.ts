// License keys granted by a product's license_keys benefits, on confirm and in the demo seed.
import type { Row, Store } from './db.js';
import { licenseKey, uuid } from './ids.js';

export function grantLicenseKeys(
  store: Store,
  now: Date,
  productId: string,
  customer: Row,
  random?: () => number,
): void {
  const benefits = store.all(
    `SELECT b.* FROM benefits b JOIN product_benefits pb ON pb.benefit_id = b.id WHERE pb.product_id = ? AND b.type = 'license_keys'`,
    productId,
  );
  for (const b of benefits) {
    const props = JSON.parse(b.properties as string) as {
      prefix?: string | null;
      expires?: { ttl: number; timeframe: 'day' | 'month' | 'year' } | null;
      activations?: { limit: number } | null;
      limit_usage?: number | null;
    };
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
    store.run(
      `INSERT INTO license_keys (id, created_at, modified_at, organization_id, user_id, customer_id, benefit_id, key, status,
       limit_activations, usage, limit_usage, validations, last_validated_at, expires_at, seq)
       VALUES (?, ?, NULL, ?, ?, ?, ?, ?, 'granted', ?, 0, ?, 0, NULL, ?, (SELECT coalesce(max(seq), 0) + 1 FROM license_keys))`,
      uuid(random),
      now.toISOString(),
      b.organization_id as string,
      (customer.user_id as string) ?? null,
      customer.id as string,
      b.id as string,
      licenseKey(props.prefix, random),
      props.activations?.limit ?? null,
      props.limit_usage ?? null,
      expires,
    );
  }
}

/** Confirms an open, validated checkout. Runs inside the caller's transaction. */
