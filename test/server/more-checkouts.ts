// Checkout sessions of the demo's Acme at other times, for the checkout list's sorts: the seed
// opens its sessions at one moment, and the service does not serve the creation of one (the
// real POST /v1/checkouts/custom/), so they are written like the seed's, through the store.
import { randomBytes, randomUUID } from 'node:crypto';
import type { Store } from '../../src/server/store/index.js';
import type { CheckoutRow } from '../../src/server/store/rows.js';

const MINUTE = 60_000;

/** Copies of each Acme session, created 1–5 days ago and expiring 1–7 hours apart. */
export function addCheckouts(store: Store, now: Date): void {
  const rows = store.all<CheckoutRow>(
    `SELECT c.* FROM checkouts c JOIN organizations o ON o.id = c.organization_id
     WHERE o.slug = 'acme' AND c.status = 'open' ORDER BY c.id`,
  );
  store.tx((tx) => {
    // Demo data, as the seed's: no event.
    tx.unannounced('checkouts');
    rows.forEach((row, i) => {
      const created = now.getTime() - (i + 1) * 1440 * MINUTE - i * 7 * MINUTE;
      store.insert('checkouts', {
        ...row,
        id: randomUUID(),
        client_secret: `polar_c_${randomBytes(24).toString('hex')}`,
        created_at: new Date(created).toISOString(),
        expires_at: new Date(
          now.getTime() + ((i * 3) % 7) * 60 * MINUTE + i * MINUTE,
        ).toISOString(),
      });
    });
  });
}
