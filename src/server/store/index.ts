// The store: one SQLite database behind repositories, a module per resource holding its statements.
// Everything outside store/ reads and writes through these and gets typed rows (rows*.ts); the
// connection itself (db.ts) stays in here. Every write runs in a transaction, the unit of work
// (`tx`), which carries the change's events to the outbox and its jobs to after the commit.
import type { Principal } from '../domain/principal.js';
import { BenefitGrants } from './benefit-grants.js';
import { CheckoutLinks } from './checkout-links.js';
import { Checkouts } from './checkouts.js';
import { CustomFields } from './custom-fields.js';
import { Customers } from './customers.js';
import { Db, type Row, type Tx, type TxHooks } from './db.js';
import { Discounts } from './discounts.js';
import { EventTypes } from './event-types.js';
import { Jobs, Meta } from './jobs.js';
import { LicenseKeys } from './license-keys.js';
import { Loader } from './loader.js';
import type { Memo, Memos } from './memo.js';
import { Meters } from './meters.js';
import { MetricsFacts } from './metrics.js';
import { OAuthClients } from './oauth-clients.js';
import { OAuthTokens } from './oauth-tokens.js';
import { Orders } from './orders.js';
import { Organizations } from './organizations.js';
import { Payments } from './payments.js';
import { Portal } from './portal.js';
import { Products } from './products.js';
import { Refunds } from './refunds.js';
import type { ById, OfOrganization, Table, Tables } from './rows.js';
import { Subscriptions } from './subscriptions.js';
import { Tokens } from './tokens.js';
import { UsageEvents } from './usage-events.js';
import { Users } from './users.js';
import { type Visibility, visibleTo } from './visibility.js';
import { Webhooks } from './webhooks.js';

export {
  json,
  type Outbox,
  parseJson,
  type Row,
  TEMPORARY,
  TEMPORARY_CACHE_KIB,
  type Tx,
  type TxHooks,
} from './db.js';
export type { Visibility } from './visibility.js';

/** A read of the test-only accessor must be a query: the tests look, they never write. */
const QUERY = /^\s*(SELECT|WITH)\b/i;

export class Store {
  private readonly db: Db;
  private connected = false;
  readonly users: Users;
  readonly organizations: Organizations;
  readonly products: Products;
  readonly discounts: Discounts;
  readonly checkouts: Checkouts;
  readonly checkoutLinks: CheckoutLinks;
  readonly customers: Customers;
  readonly orders: Orders;
  readonly refunds: Refunds;
  readonly payments: Payments;
  readonly portal: Portal;
  readonly customFields: CustomFields;
  readonly subscriptions: Subscriptions;
  readonly licenseKeys: LicenseKeys;
  readonly tokens: Tokens;
  readonly oauthClients: OAuthClients;
  readonly oauthTokens: OAuthTokens;
  readonly benefitGrants: BenefitGrants;
  readonly webhooks: Webhooks;
  readonly jobs: Jobs;
  readonly meta: Meta;
  readonly usageEvents: UsageEvents;
  readonly eventTypes: EventTypes;
  readonly meters: Meters;
  readonly metrics: MetricsFacts;

  constructor(file = ':memory:') {
    const db = new Db(file);
    this.db = db;
    this.users = new Users(db);
    this.organizations = new Organizations(db);
    this.products = new Products(db);
    this.discounts = new Discounts(db);
    this.checkouts = new Checkouts(db);
    this.checkoutLinks = new CheckoutLinks(db);
    this.customers = new Customers(db);
    this.orders = new Orders(db);
    this.refunds = new Refunds(db);
    this.payments = new Payments(db);
    this.portal = new Portal(db);
    this.customFields = new CustomFields(db);
    this.subscriptions = new Subscriptions(db);
    this.licenseKeys = new LicenseKeys(db);
    this.tokens = new Tokens(db);
    this.oauthClients = new OAuthClients(db);
    this.oauthTokens = new OAuthTokens(db);
    this.benefitGrants = new BenefitGrants(db);
    this.webhooks = new Webhooks(db);
    this.jobs = new Jobs(db);
    this.meta = new Meta(db);
    this.usageEvents = new UsageEvents(db);
    this.eventTypes = new EventTypes(db);
    this.meters = new Meters(db);
    this.metrics = new MetricsFacts(db);
  }

  /**
   * Where the transactions' events go and what runs after a commit that queued jobs: set once,
   * when the service starts (the outbox needs the service's URL, known once its port is bound).
   */
  connect(hooks: TxHooks): void {
    if (this.connected) throw new Error('the store is connected already');
    this.connected = true;
    this.db.hooks = hooks;
  }

  /**
   * Runs fn as one unit of work: one transaction (nested calls join the outer one), its events
   * stored in it (tx.emit) and its jobs run after its commit (tx.enqueue). fn is synchronous.
   */
  tx<T>(fn: (tx: Tx) => T): T {
    return this.db.tx(fn);
  }

  /** The row `id` of `table`. */
  row<K extends keyof ById>(table: K, id: string): ById[K] | undefined {
    return this.db.row(table, id);
  }

  /** The row of one organization whose `column` is `value` (without case when `caseless`). */
  inOrganization<K extends keyof OfOrganization>(
    table: K,
    organizationId: string,
    column: keyof OfOrganization[K] & string,
    value: string,
    caseless = false,
  ): OfOrganization[K] | undefined {
    return this.db.inOrganization(table, organizationId, column, value, caseless);
  }

  /** Inserts one row (in the open unit of work); `ignore`: unless it exists. */
  insert<K extends Table>(table: K, row: Tables[K], conflict?: 'ignore'): void {
    this.db.insert(table, row, conflict);
  }

  /** Drops the non-unique indexes of `tables` for a bulk insert; returns their rebuild. */
  dropIndexes(tables: readonly Table[]): () => void {
    return this.db.dropIndexes(tables);
  }

  /** Sets `set`'s columns and modified_at of the row `id` of `table` (in the open unit of work). */
  update(table: Table, id: string, set: Record<string, unknown>, modifiedAt: string): void {
    this.db.update(table, id, set, modifiedAt);
  }

  /** A memo of values computed from `tables`, emptied by any write to one of them. */
  memo<T>(name: string, tables: readonly Table[]): Memo<T> {
    return this.db.memo<T>(name, tables);
  }

  /** The rows `principal` may see (the SQL of its lists, its checks of one row). */
  visibleTo(principal: Principal): Visibility {
    return visibleTo(this.db, principal);
  }

  /** A per-request row cache for the serializers, the API's URLs under `baseUrl`. */
  loader(baseUrl: string): Loader {
    return new Loader(this.db, baseUrl);
  }

  get inTransaction(): boolean {
    return this.db.inTransaction;
  }

  isEmpty(): boolean {
    return !this.db.get('SELECT 1 FROM organizations LIMIT 1');
  }

  /** Deletes every row (schema kept), for /__local/reset. */
  wipe(): void {
    this.db.wipe();
  }

  close(): void {
    this.db.close();
  }

  // ---- for tests only: the rows as they are stored, and the caches' sizes

  /** One row of a query (SELECT or WITH only). */
  get<T = Row>(sql: string, ...params: unknown[]): T | undefined {
    return this.db.get<T>(query(sql), ...params);
  }

  /** Every row of a query (SELECT or WITH only). */
  all<T = Row>(sql: string, ...params: unknown[]): T[] {
    return this.db.all<T>(query(sql), ...params);
  }

  /** How many rows of `from` match `where`. */
  count(from: string, where: string, ...params: unknown[]): number {
    return this.db.count(from, where, ...params);
  }

  get memos(): Pick<Memos, 'sizes' | 'reading'> {
    return this.db.memos;
  }
}

function query(sql: string): string {
  if (!QUERY.test(sql)) throw new Error(`the store's test reads take queries only: ${sql}`);
  return sql;
}
