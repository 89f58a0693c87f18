// Demo data (`--seed demo`): two organizations, a coherent catalogue, customers, orders,
// subscriptions, license keys and open checkouts. Ids and secrets come from a seeded PRNG, so
// they are the same on every start; `orders` scales the order history for benchmarks.
import { ALL_SCOPES } from './auth.js';
import { ensureCliClient } from './cli-client.js';
import type { Clock } from './clock.js';
import { json, type Store } from './db.js';
import { hashToken, licenseKey, token } from './ids.js';
import { grantLicenseKeys } from './license-key-grants.js';
import { seedCatalogue } from './seed/catalogue.js';
import { DAY, type Price, seedContext } from './seed/context.js';
import { seedHistory } from './seed/history.js';
import { seedVariety } from './seed/variety.js';

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
  return store.tx(() => {
    const cat = seedCatalogue(c);
    const { users, acme, globex, proKeys, pro, team, desktop, starter, cloud, fonts, launch } = cat;
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
    const insertKey = (key: string, activations: string[]) => {
      const kid = id();
      store.run(
        `INSERT INTO license_keys (id, created_at, modified_at, organization_id, user_id, customer_id, benefit_id, key, status, limit_activations,
       usage, limit_usage, validations, last_validated_at, expires_at, seq) VALUES (?, ?, NULL, ?, NULL, ?, ?, ?, 'granted', 3, 0, NULL, 0, NULL, NULL,
       (SELECT coalesce(max(seq), 0) + 1 FROM license_keys))`,
        kid,
        at(10),
        acme,
        jane.id,
        proKeys,
        key,
      );
      for (const label of activations) {
        store.run(
          "INSERT INTO license_key_activations (id, created_at, modified_at, license_key_id, label, meta, conditions) VALUES (?, ?, NULL, ?, ?, ?, '{}')",
          id(),
          at(5),
          kid,
          label,
          json({ os: label.includes('mac') ? 'macos' : 'linux' }),
        );
      }
    };
    insertKey(demoKey, []);
    insertKey(licenseKey('ACME', rnd), ['jane-macbook', 'jane-workstation']);
    const revoked = licenseKey('ACME', rnd);
    insertKey(revoked, []);
    store.run("UPDATE license_keys SET status = 'revoked' WHERE key = ?", revoked);

    // Checkout sessions: open ones (plain, fixed discount set by the seller, required custom field,
    // free), one confirmed, one expired, and one of the other organization.
    const checkout = (
      orgId: string,
      p: Price,
      opts2: {
        discount?: string;
        status?: string;
        expiresMs?: number;
        allowCodes?: boolean;
        email?: string;
      } = {},
    ) => {
      const cid = id();
      store.run(
        `INSERT INTO checkouts (id, created_at, modified_at, organization_id, status, client_secret, expires_at, success_url, embed_origin, amount,
       tax_amount, currency, product_id, product_price_id, discount_id, discount_locked, allow_discount_codes, customer_id, customer_name,
       customer_email, customer_ip_address, customer_billing_address, customer_tax_id, payment_processor_metadata, metadata, customer_metadata,
       custom_field_data, subscription_id) VALUES (?, ?, NULL, ?, ?, ?, ?, ?, NULL, ?, 0, 'usd', ?, ?, ?, ?, ?, NULL, NULL, ?, NULL, NULL, NULL, '{}', ?, '{}', '{}', NULL)`,
        cid,
        new Date(now - 60_000).toISOString(),
        orgId,
        opts2.status ?? 'open',
        token('polar_c_', rnd),
        new Date(opts2.expiresMs ?? now + 3600_000).toISOString(),
        `https://${orgId === acme ? 'acme' : 'globex'}.example/thanks?checkout_id={CHECKOUT_ID}`,
        p.amountType === 'free' ? 0 : p.amount,
        p.product,
        p.id,
        opts2.discount ?? null,
        opts2.discount ? 1 : 0,
        opts2.allowCodes === false ? 0 : 1,
        opts2.email ?? null,
        json({ campaign: 'demo' }),
      );
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
      store.run(
        'INSERT INTO personal_access_tokens (id, created_at, user_id, token_hash, comment, scope, expires_at, revoked_at) VALUES (?, ?, ?, ?, ?, ?, NULL, NULL)',
        id(),
        at(30),
        userId,
        hashToken(value),
        'Demo token',
        ALL_SCOPES.join(' '),
      );
      return value;
    };
    const alicePat = pat(users[0]!.id);
    const bobPat = pat(users[1]!.id);

    const clientId = ensureCliClient(store, new Date(now - 400 * DAY));
    seedVariety(c, cat, history);

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
    store.setMeta('demo', JSON.stringify(result));
    return result;
  });
}

export function storedDemo(store: Store): DemoInfo | undefined {
  const raw = store.getMeta('demo');
  return raw ? (JSON.parse(raw) as DemoInfo) : undefined;
}
