// Tables of the local service. Timestamps are ISO strings from Date#toISOString (so they sort as
// text), booleans 0/1, JSON objects as TEXT. Indexes back every filter and sort of the list routes.
// A column added to a released table is also listed in Db#migrate (store/db.ts), which adds it to
// an existing --db file; an index over such a column is created there, after it.
export const SCHEMA = `
CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);

CREATE TABLE IF NOT EXISTS users (
  id TEXT PRIMARY KEY, created_at TEXT NOT NULL, email TEXT NOT NULL UNIQUE, email_verified INTEGER NOT NULL,
  public_name TEXT NOT NULL, avatar_url TEXT, code_host_username TEXT
);

CREATE TABLE IF NOT EXISTS organizations (
  id TEXT PRIMARY KEY, created_at TEXT NOT NULL, modified_at TEXT,
  name TEXT NOT NULL, slug TEXT NOT NULL UNIQUE, avatar_url TEXT, bio TEXT, company TEXT, blog TEXT,
  location TEXT, email TEXT, social_username TEXT, billing_email TEXT,
  pledge_minimum_amount INTEGER NOT NULL, pledge_badge_show_amount INTEGER NOT NULL,
  default_upfront_split_to_contributors INTEGER, default_badge_custom_content TEXT,
  total_monthly_spending_limit INTEGER, per_user_monthly_spending_limit INTEGER,
  profile_settings TEXT NOT NULL, feature_settings TEXT NOT NULL, subscription_settings TEXT NOT NULL,
  website TEXT, socials TEXT NOT NULL DEFAULT '[]', details TEXT NOT NULL DEFAULT '{}', country TEXT,
  status TEXT NOT NULL DEFAULT 'active', details_submitted_at TEXT, customer_email_settings TEXT,
  customer_portal_settings TEXT, dispute_settings TEXT, embed_hosts TEXT NOT NULL DEFAULT '[]',
  default_presentment_currency TEXT NOT NULL DEFAULT 'usd', default_tax_behavior TEXT NOT NULL DEFAULT 'location',
  sso_enforced INTEGER NOT NULL DEFAULT 0
);

CREATE TABLE IF NOT EXISTS user_organizations (
  user_id TEXT NOT NULL REFERENCES users(id), organization_id TEXT NOT NULL REFERENCES organizations(id),
  PRIMARY KEY (user_id, organization_id)
);

CREATE TABLE IF NOT EXISTS products (
  id TEXT PRIMARY KEY, created_at TEXT NOT NULL, modified_at TEXT, organization_id TEXT NOT NULL REFERENCES organizations(id),
  name TEXT NOT NULL, description TEXT, is_recurring INTEGER NOT NULL, is_archived INTEGER NOT NULL, metadata TEXT NOT NULL,
  visibility TEXT NOT NULL DEFAULT 'public', recurring_interval TEXT, recurring_interval_count INTEGER,
  trial_interval TEXT, trial_interval_count INTEGER, meter_interval TEXT, meter_interval_count INTEGER
);
CREATE INDEX IF NOT EXISTS products_org ON products(organization_id);

CREATE TABLE IF NOT EXISTS prices (
  id TEXT PRIMARY KEY, created_at TEXT NOT NULL, modified_at TEXT, product_id TEXT NOT NULL REFERENCES products(id),
  amount_type TEXT NOT NULL, is_archived INTEGER NOT NULL, price_currency TEXT, price_amount INTEGER,
  type TEXT NOT NULL, recurring_interval TEXT, minimum_amount INTEGER, maximum_amount INTEGER, preset_amount INTEGER,
  source TEXT NOT NULL DEFAULT 'catalog', tax_behavior TEXT, legacy INTEGER NOT NULL DEFAULT 0
);
CREATE INDEX IF NOT EXISTS prices_product ON prices(product_id);

CREATE TABLE IF NOT EXISTS benefits (
  id TEXT PRIMARY KEY, created_at TEXT NOT NULL, modified_at TEXT, organization_id TEXT NOT NULL REFERENCES organizations(id),
  type TEXT NOT NULL, description TEXT NOT NULL, selectable INTEGER NOT NULL, deletable INTEGER NOT NULL, properties TEXT NOT NULL,
  deleted_at TEXT, metadata TEXT NOT NULL DEFAULT '{}', visibility TEXT NOT NULL DEFAULT 'public'
);

CREATE TABLE IF NOT EXISTS product_benefits (
  product_id TEXT NOT NULL REFERENCES products(id), benefit_id TEXT NOT NULL REFERENCES benefits(id), "order" INTEGER NOT NULL,
  PRIMARY KEY (product_id, benefit_id)
);

CREATE TABLE IF NOT EXISTS medias (
  id TEXT PRIMARY KEY, created_at TEXT NOT NULL, organization_id TEXT NOT NULL REFERENCES organizations(id),
  name TEXT NOT NULL, path TEXT NOT NULL, mime_type TEXT NOT NULL, size INTEGER NOT NULL, storage_version TEXT,
  version TEXT, checksum_etag TEXT, checksum_sha256_base64 TEXT, checksum_sha256_hex TEXT, last_modified_at TEXT,
  service TEXT NOT NULL, is_uploaded INTEGER NOT NULL, content TEXT NOT NULL
);

CREATE TABLE IF NOT EXISTS product_medias (
  product_id TEXT NOT NULL REFERENCES products(id), media_id TEXT NOT NULL REFERENCES medias(id), "order" INTEGER NOT NULL,
  PRIMARY KEY (product_id, media_id)
);

CREATE TABLE IF NOT EXISTS custom_fields (
  id TEXT PRIMARY KEY, created_at TEXT NOT NULL, modified_at TEXT, organization_id TEXT NOT NULL REFERENCES organizations(id),
  metadata TEXT NOT NULL, type TEXT NOT NULL, slug TEXT NOT NULL, name TEXT NOT NULL, properties TEXT NOT NULL,
  deleted_at TEXT
);

CREATE TABLE IF NOT EXISTS product_custom_fields (
  product_id TEXT NOT NULL REFERENCES products(id), custom_field_id TEXT NOT NULL REFERENCES custom_fields(id),
  "order" INTEGER NOT NULL, required INTEGER NOT NULL, PRIMARY KEY (product_id, custom_field_id)
);

CREATE TABLE IF NOT EXISTS discounts (
  id TEXT PRIMARY KEY, created_at TEXT NOT NULL, modified_at TEXT, organization_id TEXT NOT NULL REFERENCES organizations(id),
  name TEXT NOT NULL, code TEXT, type TEXT NOT NULL, amount INTEGER, currency TEXT, basis_points INTEGER,
  duration TEXT NOT NULL, duration_in_months INTEGER, starts_at TEXT, ends_at TEXT, max_redemptions INTEGER,
  redemptions_count INTEGER NOT NULL, metadata TEXT NOT NULL, deleted_at TEXT, amounts TEXT,
  max_redemptions_per_customer INTEGER
);

CREATE TABLE IF NOT EXISTS discount_products (
  discount_id TEXT NOT NULL REFERENCES discounts(id), product_id TEXT NOT NULL REFERENCES products(id),
  PRIMARY KEY (discount_id, product_id)
);

CREATE TABLE IF NOT EXISTS customers (
  id TEXT PRIMARY KEY, created_at TEXT NOT NULL, modified_at TEXT, organization_id TEXT NOT NULL REFERENCES organizations(id),
  email TEXT NOT NULL, email_verified INTEGER NOT NULL, name TEXT, billing_address TEXT, tax_id TEXT,
  metadata TEXT NOT NULL, avatar_url TEXT, user_id TEXT REFERENCES users(id), deleted_at TEXT,
  external_id TEXT, type TEXT, billing_name TEXT, locale TEXT
);
CREATE UNIQUE INDEX IF NOT EXISTS customers_org_email ON customers(organization_id, email COLLATE NOCASE);
CREATE INDEX IF NOT EXISTS customers_org_created ON customers(organization_id, created_at);

CREATE TABLE IF NOT EXISTS checkouts (
  id TEXT PRIMARY KEY, created_at TEXT NOT NULL, modified_at TEXT, organization_id TEXT NOT NULL REFERENCES organizations(id),
  status TEXT NOT NULL, client_secret TEXT NOT NULL UNIQUE, expires_at TEXT NOT NULL, success_url TEXT,
  embed_origin TEXT, amount INTEGER, tax_amount INTEGER, currency TEXT,
  product_id TEXT NOT NULL REFERENCES products(id), product_price_id TEXT NOT NULL REFERENCES prices(id),
  discount_id TEXT REFERENCES discounts(id), discount_locked INTEGER NOT NULL, allow_discount_codes INTEGER NOT NULL,
  customer_id TEXT REFERENCES customers(id), customer_name TEXT, customer_email TEXT, customer_ip_address TEXT,
  customer_billing_address TEXT, customer_tax_id TEXT, payment_processor_metadata TEXT NOT NULL,
  metadata TEXT NOT NULL, customer_metadata TEXT NOT NULL, custom_field_data TEXT NOT NULL,
  subscription_id TEXT, return_url TEXT, require_billing_address INTEGER NOT NULL DEFAULT 0,
  is_business_customer INTEGER NOT NULL DEFAULT 0, external_customer_id TEXT, customer_billing_name TEXT,
  locale TEXT, payment_method_type TEXT, allow_trial INTEGER NOT NULL DEFAULT 1, trial_interval TEXT,
  trial_interval_count INTEGER, trial_end TEXT
);
-- The products a session offers, in their order (today's CheckoutProduct); product_id above is
-- the one selected.
CREATE TABLE IF NOT EXISTS checkout_products (
  checkout_id TEXT NOT NULL REFERENCES checkouts(id), product_id TEXT NOT NULL REFERENCES products(id),
  "order" INTEGER NOT NULL, PRIMARY KEY (checkout_id, product_id)
);

-- Checkout links (today's generation): a shareable address that opens a fresh session.
CREATE TABLE IF NOT EXISTS checkout_links (
  id TEXT PRIMARY KEY, created_at TEXT NOT NULL, modified_at TEXT, deleted_at TEXT,
  organization_id TEXT NOT NULL REFERENCES organizations(id), client_secret TEXT NOT NULL UNIQUE,
  payment_processor TEXT NOT NULL, label TEXT, success_url TEXT, return_url TEXT,
  allow_discount_codes INTEGER NOT NULL, require_billing_address INTEGER NOT NULL,
  discount_id TEXT REFERENCES discounts(id), seats INTEGER, trial_interval TEXT, trial_interval_count INTEGER,
  metadata TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS checkout_links_org ON checkout_links(organization_id, created_at);
CREATE TABLE IF NOT EXISTS checkout_link_products (
  checkout_link_id TEXT NOT NULL REFERENCES checkout_links(id), product_id TEXT NOT NULL REFERENCES products(id),
  "order" INTEGER NOT NULL, PRIMARY KEY (checkout_link_id, product_id)
);

CREATE TABLE IF NOT EXISTS subscriptions (
  id TEXT PRIMARY KEY, created_at TEXT NOT NULL, modified_at TEXT, organization_id TEXT NOT NULL REFERENCES organizations(id),
  amount INTEGER, currency TEXT, recurring_interval TEXT NOT NULL, status TEXT NOT NULL,
  current_period_start TEXT NOT NULL, current_period_end TEXT, cancel_at_period_end INTEGER NOT NULL,
  canceled_at TEXT, started_at TEXT, ends_at TEXT, ended_at TEXT,
  customer_id TEXT NOT NULL REFERENCES customers(id), product_id TEXT NOT NULL REFERENCES products(id),
  price_id TEXT NOT NULL REFERENCES prices(id), discount_id TEXT REFERENCES discounts(id), checkout_id TEXT,
  customer_cancellation_reason TEXT, customer_cancellation_comment TEXT, user_id TEXT REFERENCES users(id),
  metadata TEXT NOT NULL, custom_field_data TEXT NOT NULL,
  recurring_interval_count INTEGER NOT NULL DEFAULT 1, trial_start TEXT, trial_end TEXT,
  pause_at_period_end INTEGER NOT NULL DEFAULT 0, paused_at TEXT, resumes_at TEXT, discount_applied_at TEXT
);
CREATE INDEX IF NOT EXISTS subscriptions_customer ON subscriptions(customer_id);
CREATE INDEX IF NOT EXISTS subscriptions_user ON subscriptions(user_id);
CREATE INDEX IF NOT EXISTS subscriptions_org_started ON subscriptions(organization_id, started_at);

CREATE TABLE IF NOT EXISTS orders (
  id TEXT PRIMARY KEY, created_at TEXT NOT NULL, modified_at TEXT, organization_id TEXT NOT NULL REFERENCES organizations(id),
  metadata TEXT NOT NULL, custom_field_data TEXT NOT NULL, amount INTEGER NOT NULL, tax_amount INTEGER NOT NULL,
  currency TEXT NOT NULL, billing_reason TEXT NOT NULL, billing_address TEXT,
  customer_id TEXT NOT NULL REFERENCES customers(id), product_id TEXT NOT NULL REFERENCES products(id),
  product_price_id TEXT NOT NULL REFERENCES prices(id), price_type TEXT NOT NULL, discount_id TEXT REFERENCES discounts(id),
  subscription_id TEXT REFERENCES subscriptions(id), checkout_id TEXT, user_id TEXT REFERENCES users(id),
  status TEXT NOT NULL DEFAULT 'paid', discount_amount INTEGER NOT NULL DEFAULT 0,
  refunded_amount INTEGER NOT NULL DEFAULT 0, refunded_tax_amount INTEGER NOT NULL DEFAULT 0,
  billing_name TEXT, invoice_number TEXT, invoice_generated_at TEXT, receipt_number TEXT
);
CREATE INDEX IF NOT EXISTS orders_org_created ON orders(organization_id, created_at, id);
CREATE INDEX IF NOT EXISTS orders_created ON orders(created_at, id);
CREATE INDEX IF NOT EXISTS orders_amount ON orders(organization_id, amount);
CREATE INDEX IF NOT EXISTS orders_product ON orders(product_id, created_at);
CREATE INDEX IF NOT EXISTS orders_customer ON orders(customer_id, created_at);
CREATE INDEX IF NOT EXISTS orders_discount ON orders(discount_id);
CREATE INDEX IF NOT EXISTS orders_type ON orders(organization_id, price_type, created_at);
CREATE INDEX IF NOT EXISTS orders_checkout ON orders(checkout_id);

-- Refunds of orders (issue 26, today's generation only: refund/service.py at c6c3645e).
CREATE TABLE IF NOT EXISTS refunds (
  id TEXT PRIMARY KEY, created_at TEXT NOT NULL, modified_at TEXT, organization_id TEXT NOT NULL REFERENCES organizations(id),
  order_id TEXT NOT NULL REFERENCES orders(id), subscription_id TEXT REFERENCES subscriptions(id),
  customer_id TEXT NOT NULL REFERENCES customers(id), status TEXT NOT NULL, reason TEXT NOT NULL,
  amount INTEGER NOT NULL, tax_amount INTEGER NOT NULL, currency TEXT NOT NULL, comment TEXT,
  revoke_benefits INTEGER NOT NULL, metadata TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS refunds_org_created ON refunds(organization_id, created_at, id);
CREATE INDEX IF NOT EXISTS refunds_order ON refunds(order_id);

CREATE TABLE IF NOT EXISTS license_keys (
  id TEXT PRIMARY KEY, created_at TEXT NOT NULL, modified_at TEXT, organization_id TEXT NOT NULL REFERENCES organizations(id),
  user_id TEXT REFERENCES users(id), customer_id TEXT NOT NULL REFERENCES customers(id),
  benefit_id TEXT NOT NULL REFERENCES benefits(id), key TEXT NOT NULL, status TEXT NOT NULL,
  limit_activations INTEGER, usage INTEGER NOT NULL, limit_usage INTEGER, validations INTEGER NOT NULL,
  last_validated_at TEXT, expires_at TEXT, seq INTEGER NOT NULL
);
CREATE UNIQUE INDEX IF NOT EXISTS license_keys_org_key ON license_keys(organization_id, key);
CREATE INDEX IF NOT EXISTS license_keys_customer ON license_keys(customer_id);
CREATE INDEX IF NOT EXISTS license_keys_seq ON license_keys(seq);
CREATE INDEX IF NOT EXISTS license_keys_org_created ON license_keys(organization_id, created_at, seq);

CREATE TABLE IF NOT EXISTS license_key_activations (
  id TEXT PRIMARY KEY, created_at TEXT NOT NULL, modified_at TEXT, license_key_id TEXT NOT NULL REFERENCES license_keys(id),
  label TEXT NOT NULL, meta TEXT NOT NULL, conditions TEXT NOT NULL DEFAULT '{}', deleted_at TEXT
);
CREATE INDEX IF NOT EXISTS activations_key ON license_key_activations(license_key_id);

CREATE TABLE IF NOT EXISTS personal_access_tokens (
  id TEXT PRIMARY KEY, created_at TEXT NOT NULL, user_id TEXT NOT NULL REFERENCES users(id), token_hash TEXT NOT NULL UNIQUE,
  comment TEXT NOT NULL, scope TEXT NOT NULL, expires_at TEXT, revoked_at TEXT
);

CREATE TABLE IF NOT EXISTS customer_sessions (
  id TEXT PRIMARY KEY, created_at TEXT NOT NULL, customer_id TEXT NOT NULL REFERENCES customers(id),
  token_hash TEXT NOT NULL UNIQUE, expires_at TEXT NOT NULL, return_url TEXT
);

CREATE TABLE IF NOT EXISTS oauth2_clients (
  client_id TEXT PRIMARY KEY, created_at TEXT NOT NULL, client_secret TEXT, client_id_issued_at INTEGER NOT NULL,
  client_secret_expires_at INTEGER NOT NULL, token_endpoint_auth_method TEXT NOT NULL,
  metadata TEXT NOT NULL, user_id TEXT REFERENCES users(id), registration_access_token_hash TEXT,
  registered_from TEXT, deleted_at TEXT
);

CREATE TABLE IF NOT EXISTS oauth2_codes (
  code_hash TEXT PRIMARY KEY, created_at TEXT NOT NULL, expires_at TEXT NOT NULL, client_id TEXT NOT NULL,
  user_id TEXT, organization_id TEXT, sub_type TEXT NOT NULL, scope TEXT NOT NULL, redirect_uri TEXT NOT NULL,
  nonce TEXT, code_challenge TEXT, code_challenge_method TEXT, auth_time INTEGER NOT NULL, used_at TEXT
);

CREATE TABLE IF NOT EXISTS oauth2_tokens (
  id TEXT PRIMARY KEY, created_at TEXT NOT NULL, client_id TEXT NOT NULL, sub_type TEXT NOT NULL,
  user_id TEXT REFERENCES users(id), organization_id TEXT REFERENCES organizations(id), scope TEXT NOT NULL,
  access_token_hash TEXT NOT NULL UNIQUE, refresh_token_hash TEXT UNIQUE, access_expires_at TEXT NOT NULL,
  auth_time INTEGER NOT NULL, revoked_at TEXT, code_hash TEXT
);

-- Authorization requests waiting for the user's decision on the consent page; the form carries
-- only the unguessable id, so the request's parameters cannot be tampered with.
CREATE TABLE IF NOT EXISTS oauth2_pending_requests (
  id TEXT PRIMARY KEY, created_at TEXT NOT NULL, expires_at TEXT NOT NULL, client_id TEXT NOT NULL,
  request TEXT NOT NULL
);

CREATE TABLE IF NOT EXISTS signing_keys (
  kid TEXT PRIMARY KEY, created_at TEXT NOT NULL, private_jwk TEXT NOT NULL, public_jwk TEXT NOT NULL
);

-- Events (issue 16): the outbox, written in the transaction of the change (domain/events.ts), and
-- each endpoint's copy of an event, pending until delivered (rows-events.ts).
CREATE TABLE IF NOT EXISTS events (
  seq INTEGER PRIMARY KEY AUTOINCREMENT, id TEXT NOT NULL UNIQUE, organization_id TEXT NOT NULL,
  type TEXT NOT NULL, timestamp TEXT NOT NULL, payload TEXT NOT NULL, payload_today TEXT
);
CREATE INDEX IF NOT EXISTS events_org ON events(organization_id, seq);

CREATE TABLE IF NOT EXISTS webhook_endpoints (
  id TEXT PRIMARY KEY, created_at TEXT NOT NULL, modified_at TEXT, organization_id TEXT NOT NULL REFERENCES organizations(id),
  url TEXT NOT NULL, format TEXT NOT NULL, secret TEXT NOT NULL, events TEXT NOT NULL, deleted_at TEXT,
  api_version TEXT, name TEXT, enabled INTEGER NOT NULL DEFAULT 1
);
CREATE INDEX IF NOT EXISTS webhook_endpoints_org ON webhook_endpoints(organization_id);

CREATE TABLE IF NOT EXISTS webhook_events (
  id TEXT PRIMARY KEY, created_at TEXT NOT NULL, modified_at TEXT, event_id TEXT NOT NULL REFERENCES events(id),
  endpoint_id TEXT NOT NULL REFERENCES webhook_endpoints(id), last_http_code INTEGER, succeeded INTEGER,
  attempts INTEGER NOT NULL, next_attempt_at INTEGER
);
CREATE INDEX IF NOT EXISTS webhook_events_due ON webhook_events(next_attempt_at) WHERE next_attempt_at IS NOT NULL;
CREATE INDEX IF NOT EXISTS webhook_events_endpoint_due ON webhook_events(endpoint_id, next_attempt_at) WHERE next_attempt_at IS NOT NULL;

CREATE TABLE IF NOT EXISTS webhook_deliveries (
  id TEXT PRIMARY KEY, created_at TEXT NOT NULL, modified_at TEXT,
  webhook_event_id TEXT NOT NULL REFERENCES webhook_events(id), endpoint_id TEXT NOT NULL REFERENCES webhook_endpoints(id),
  http_code INTEGER, succeeded INTEGER NOT NULL, response TEXT
);
CREATE INDEX IF NOT EXISTS webhook_deliveries_endpoint ON webhook_deliveries(endpoint_id, created_at);
CREATE INDEX IF NOT EXISTS webhook_deliveries_created ON webhook_deliveries(created_at);

-- Work a change queues to run after it commits, each job in a transaction of its own that deletes
-- its row (domain/jobs.ts): the payment processor's answer to a confirmed checkout.
CREATE TABLE IF NOT EXISTS jobs (
  id TEXT PRIMARY KEY, kind TEXT NOT NULL, ref TEXT NOT NULL, created_at TEXT NOT NULL
);

CREATE TABLE IF NOT EXISTS benefit_grants (
  id TEXT PRIMARY KEY, created_at TEXT NOT NULL, modified_at TEXT, organization_id TEXT NOT NULL REFERENCES organizations(id),
  benefit_id TEXT NOT NULL REFERENCES benefits(id), customer_id TEXT NOT NULL REFERENCES customers(id),
  user_id TEXT REFERENCES users(id), order_id TEXT REFERENCES orders(id), subscription_id TEXT REFERENCES subscriptions(id),
  granted_at TEXT, revoked_at TEXT, properties TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS benefit_grants_subscription ON benefit_grants(subscription_id);
CREATE INDEX IF NOT EXISTS benefit_grants_customer ON benefit_grants(customer_id);

-- Today's generation (issue 26): a subscription's change waiting for its period's end
-- (models/subscription_update.py), and what a change owes or credits on the next invoice
-- (models/billing_entry.py: prorations only; a period's own charge is the renewal's).
CREATE TABLE IF NOT EXISTS subscription_updates (
  id TEXT PRIMARY KEY, created_at TEXT NOT NULL, modified_at TEXT, subscription_id TEXT NOT NULL REFERENCES subscriptions(id),
  proration_behavior TEXT NOT NULL, applies_at TEXT NOT NULL, product_id TEXT REFERENCES products(id),
  new_cycle_start TEXT, new_cycle_end TEXT, discount_id TEXT REFERENCES discounts(id),
  discount_unset INTEGER NOT NULL DEFAULT 0, applied_at TEXT, deleted_at TEXT
);
CREATE INDEX IF NOT EXISTS subscription_updates_subscription ON subscription_updates(subscription_id);

CREATE TABLE IF NOT EXISTS billing_entries (
  id TEXT PRIMARY KEY, created_at TEXT NOT NULL, subscription_id TEXT NOT NULL REFERENCES subscriptions(id),
  type TEXT NOT NULL, direction TEXT NOT NULL, start_timestamp TEXT NOT NULL, end_timestamp TEXT NOT NULL,
  amount INTEGER NOT NULL, discount_amount INTEGER NOT NULL, currency TEXT NOT NULL,
  price_id TEXT NOT NULL REFERENCES prices(id), product_id TEXT NOT NULL REFERENCES products(id),
  order_id TEXT REFERENCES orders(id)
);
CREATE INDEX IF NOT EXISTS billing_entries_pending ON billing_entries(subscription_id, order_id);

-- Usage events (issue 27; models/event.py at c6c3645e): what a seller ingests (source user) and what
-- the service records about meters (source system). Not the webhook outbox's events table. ts is the
-- event's timestamp in epoch milliseconds, for the meters' ranges; a row keeps the customer as it
-- was named (customer_id or external_customer_id), resolved when read, as the real relationship is.
CREATE TABLE IF NOT EXISTS usage_events (
  id TEXT PRIMARY KEY, ingested_at TEXT NOT NULL, ts INTEGER NOT NULL, organization_id TEXT NOT NULL,
  name TEXT NOT NULL, source TEXT NOT NULL, customer_id TEXT, external_customer_id TEXT,
  member_id TEXT, external_member_id TEXT, external_id TEXT, parent_id TEXT, parent_ref TEXT,
  metadata TEXT NOT NULL
);
CREATE UNIQUE INDEX IF NOT EXISTS usage_events_external_id ON usage_events(organization_id, external_id) WHERE external_id IS NOT NULL;
-- The name rides along: a meter of one event name reads its range from the index alone.
CREATE INDEX IF NOT EXISTS usage_events_org_ts_name ON usage_events(organization_id, ts, name);
CREATE INDEX IF NOT EXISTS usage_events_customer ON usage_events(customer_id, ts);
CREATE INDEX IF NOT EXISTS usage_events_external_customer ON usage_events(organization_id, external_customer_id, ts);
CREATE INDEX IF NOT EXISTS usage_events_parent ON usage_events(parent_id) WHERE parent_id IS NOT NULL;
CREATE INDEX IF NOT EXISTS usage_events_pending ON usage_events(organization_id, parent_ref) WHERE parent_id IS NULL AND parent_ref IS NOT NULL;

-- Event types (models/event_type.py at c6c3645e): one per name an organization ingested, its label.
CREATE TABLE IF NOT EXISTS event_types (
  id TEXT PRIMARY KEY, created_at TEXT NOT NULL, modified_at TEXT, organization_id TEXT NOT NULL,
  name TEXT NOT NULL, label TEXT NOT NULL, label_property_selector TEXT, UNIQUE (organization_id, name)
);

-- Meters (models/meter.py at c6c3645e): a filter and an aggregation over the usage events, as JSON.
CREATE TABLE IF NOT EXISTS meters (
  id TEXT PRIMARY KEY, created_at TEXT NOT NULL, modified_at TEXT, organization_id TEXT NOT NULL REFERENCES organizations(id),
  name TEXT NOT NULL, unit TEXT NOT NULL, custom_label TEXT, custom_multiplier INTEGER,
  filter TEXT NOT NULL, aggregation TEXT NOT NULL, metadata TEXT NOT NULL, archived_at TEXT,
  last_billed_event_id TEXT
);
CREATE INDEX IF NOT EXISTS meters_org ON meters(organization_id, name);

-- A metered price's line on a subscription's order (billing_entry/service.py MeteredLineItem).
CREATE TABLE IF NOT EXISTS order_meter_items (
  id TEXT PRIMARY KEY, created_at TEXT NOT NULL, order_id TEXT NOT NULL REFERENCES orders(id),
  subscription_id TEXT NOT NULL REFERENCES subscriptions(id), price_id TEXT NOT NULL REFERENCES prices(id),
  meter_id TEXT NOT NULL REFERENCES meters(id), start_timestamp TEXT NOT NULL, end_timestamp TEXT NOT NULL,
  billed_until TEXT NOT NULL, consumed_units REAL NOT NULL, credited_units INTEGER NOT NULL,
  amount INTEGER NOT NULL, label TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS order_meter_items_order ON order_meter_items(order_id);
CREATE INDEX IF NOT EXISTS order_meter_items_subscription ON order_meter_items(subscription_id, meter_id, billed_until);
`;
