// The store: one SQLite database (store/db.ts) and a module per resource holding its statements.
// Everything outside store/ reads and writes through these, and gets typed rows (rows*.ts).
import { BenefitGrants } from './benefit-grants.js';
import { Checkouts } from './checkouts.js';
import { Customers } from './customers.js';
import { Db } from './db.js';
import { Discounts } from './discounts.js';
import { LicenseKeys } from './license-keys.js';
import { OAuthClients } from './oauth-clients.js';
import { OAuthTokens } from './oauth-tokens.js';
import { Orders } from './orders.js';
import { Organizations } from './organizations.js';
import { Products } from './products.js';
import { Subscriptions } from './subscriptions.js';
import { Tokens } from './tokens.js';
import { Users } from './users.js';
import { Webhooks } from './webhooks.js';

export { type EventSink, json, type Outbox, parseJson, type Row, type Tx } from './db.js';
export type { Visibility } from './visibility.js';
export { visibleTo } from './visibility.js';

export class Store extends Db {
  readonly users = new Users(this);
  readonly organizations = new Organizations(this);
  readonly products = new Products(this);
  readonly discounts = new Discounts(this);
  readonly checkouts = new Checkouts(this);
  readonly customers = new Customers(this);
  readonly orders = new Orders(this);
  readonly subscriptions = new Subscriptions(this);
  readonly licenseKeys = new LicenseKeys(this);
  readonly tokens = new Tokens(this);
  readonly oauthClients = new OAuthClients(this);
  readonly oauthTokens = new OAuthTokens(this);
  readonly benefitGrants = new BenefitGrants(this);
  readonly webhooks = new Webhooks(this);
}
