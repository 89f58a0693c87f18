// Demo data (`--seed demo`): two organizations, a coherent catalogue, customers, orders,
// subscriptions, license keys and open checkouts. Ids and secrets come from a seeded PRNG, so
// they are the same on every start; `orders` scales the order history for benchmarks.
import { ALL_SCOPES } from './auth.js';
import { ensureCliClient } from './cli-client.js';
import type { Clock } from './clock.js';
import { ALL_ANNOUNCED } from './domain/events.js';
import { grantLicenseKeys } from './domain/license-key-grants.js';
import { hashToken, licenseKey, token } from './ids.js';
import { seedCatalogue } from './seed/catalogue.js';
import { DAY, type Price, seedContext } from './seed/context.js';
import { seedHistory } from './seed/history.js';
import { seedUsage } from './seed/usage.js';
import { seedVariety } from './seed/variety.js';
import { json, type Store } from './store/index.js';
import type { CheckoutStatus, LicenseKeyStatus } from './store/rows.js';

export interface DemoInfo {
  organization_id: string;
  personal_access_token: string;
  /** Whose the personal access token is (the owner of the organization). */
  personal_access_token_email: string;
  client_id: string;
  open_checkout_ids: string[];
  license_key: string;
  customer_email: string;
  /** The second organization and its owner's token, to show isolation. */
  other: { organization_id: string; personal_access_token: string };
  users: { email: string; id: string }[];
  expired_checkout_id: string;
  confirmed_checkout_id: string;
}

export function seedDemo(store: Store, clock: Clock, opts: { orders?: number } = {}): DemoInfo {
  const c = seedContext(store, clock.now().getTime());
  const { id, at, now, rnd } = c;
  return store.tx((tx) => {
    // Demo data is there from the start: nothing happened that a webhook would tell.
    tx.unannounced(...ALL_ANNOUNCED);
    const cat = seedCatalogue(c);
    const { users, acme, globex, proKeys, pro, team, desktop, starter, cloud, fonts, launch } = cat;
    // The order history is most of the rows: their indexes are built once they are written.
    const buildIndexes = store.dropIndexes(['orders', 'subscriptions']);
    const history = seedHistory(c, cat, Math.max(opts.orders ?? 32, 0));
    const { jane, aliceAtGlobex, insertOrder, insertSubscription } = history;

    // Alice buys from Globex, so her own token sees items in the customer portal.
    const cloudMonthly = cloud.prices[0]!;
    const aliceSub = insertSubscription(
      globex,
      aliceAtGlobex,
      cloudMonthly,
      now - 40 * DAY,
      'active',
      null,
    );
    insertOrder(globex, aliceAtGlobex, cloudMonthly, at(40), 'subscription_create', aliceSub, null);
    insertOrder(globex, aliceAtGlobex, fonts.prices[0]!, at(20), 'purchase', null, null);
    grantLicenseKeys(store, new Date(now - 20 * DAY), fonts.id, aliceAtGlobex, rnd);

    // The demo key: granted, 3 activations allowed, none used.
    const demoKey = licenseKey('ACME', rnd);
    const insertKey = (
      key: string,
      activations: string[],
      status: LicenseKeyStatus = 'granted',
    ) => {
      const kid = id();
      store.licenseKeys.insert({
        id: kid,
        created_at: at(10),
        organization_id: acme,
        customer_id: jane.id,
        benefit_id: proKeys,
        key,
        status,
        limit_activations: 3,
      });
      for (const label of activations) {
        store.insert('license_key_activations', {
          id: id(),
          created_at: at(5),
          modified_at: null,
          license_key_id: kid,
          label,
          meta: json({ os: label.includes('mac') ? 'macos' : 'linux' }),
          conditions: '{}',
          deleted_at: null,
        });
      }
    };
    insertKey(demoKey, []);
    insertKey(licenseKey('ACME', rnd), ['jane-macbook', 'jane-workstation']);
    insertKey(licenseKey('ACME', rnd), [], 'revoked');

    // Checkout sessions: open ones (plain, fixed discount set by the seller, required custom field,
    // free), one confirmed, one expired, and one of the other organization.
    const checkout = (
      orgId: string,
      p: Price,
      opts2: {
        discount?: string;
        status?: CheckoutStatus;
        expiresMs?: number;
        allowCodes?: boolean;
        email?: string;
      } = {},
    ) => {
      const cid = id();
      store.insert('checkouts', {
        id: cid,
        created_at: new Date(now - 60_000).toISOString(),
        modified_at: null,
        organization_id: orgId,
        status: opts2.status ?? 'open',
        client_secret: token('polar_c_', rnd),
        expires_at: new Date(opts2.expiresMs ?? now + 3600_000).toISOString(),
        success_url: `https://${orgId === acme ? 'acme' : 'globex'}.example/thanks?checkout_id={CHECKOUT_ID}`,
        embed_origin: null,
        amount: p.amountType === 'free' ? 0 : p.amount,
        // No billing address: no tax computed yet for a paid one (domain/checkout-amounts.ts).
        tax_amount: p.amountType === 'free' ? 0 : null,
        currency: 'usd',
        product_id: p.product,
        product_price_id: p.id,
        discount_id: opts2.discount ?? null,
        discount_locked: opts2.discount ? 1 : 0,
        allow_discount_codes: opts2.allowCodes === false ? 0 : 1,
        customer_id: null,
        customer_name: null,
        customer_email: opts2.email ?? null,
        customer_ip_address: null,
        customer_billing_address: null,
        customer_tax_id: null,
        payment_processor_metadata: '{}',
        metadata: json({ campaign: 'demo' }),
        customer_metadata: '{}',
        custom_field_data: '{}',
        subscription_id: null,
      });
      return cid;
    };
    const open = [
      checkout(acme, pro.prices[0]!),
      checkout(acme, desktop.prices[0]!, { discount: launch }),
      checkout(acme, team.prices[0]!),
      checkout(acme, { ...starter.prices[0]!, amountType: 'free' }),
    ];
    const confirmed = checkout(acme, pro.prices[1]!, { status: 'confirmed', email: jane.email });
    const expired = checkout(acme, pro.prices[0]!, { expiresMs: now - 3600_000 });
    checkout(globex, cloud.prices[0]!);

    const pat = (userId: string) => {
      const value = token('polar_pat_', rnd);
      store.insert('personal_access_tokens', {
        id: id(),
        created_at: at(30),
        user_id: userId,
        token_hash: hashToken(value),
        comment: 'Demo token',
        scope: ALL_SCOPES.join(' '),
        expires_at: null,
        revoked_at: null,
      });
      return value;
    };
    const alicePat = pat(users[0]!.id);
    const bobPat = pat(users[1]!.id);

    const clientId = ensureCliClient(store, new Date(now - 400 * DAY));
    seedVariety(c, cat, history);
    seedUsage(c, cat);
    // The orders written without their invoice and receipt numbers get them, and so do the other
    // orders of their customers, oldest first.
    store.orders.settle(true);
    buildIndexes();

    const result: DemoInfo = {
      organization_id: acme,
      personal_access_token: alicePat,
      personal_access_token_email: users[0]!.email,
      client_id: clientId,
      open_checkout_ids: open,
      license_key: demoKey,
      customer_email: jane.email,
      other: { organization_id: globex, personal_access_token: bobPat },
      users: users.map((u) => ({ email: u.email, id: u.id })),
      expired_checkout_id: expired,
      confirmed_checkout_id: confirmed,
    };
    store.meta.set('demo', JSON.stringify(result));
    return result;
  });
}

export function storedDemo(store: Store): DemoInfo | undefined {
  const raw = store.meta.get('demo');
  return raw ? (JSON.parse(raw) as DemoInfo) : undefined;
}
