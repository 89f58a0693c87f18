import type { Schemas } from '../../../api/today.js';
import type { Column, ColumnOf } from '../../io/cells.js';

export const CUSTOMER_COLUMNS: Column[] = [
  { header: 'ID', path: 'id', kind: 'id' },
  { header: 'EMAIL', path: 'email' },
  { header: 'NAME', path: 'name', hide: 2 },
  { header: 'CREATED', path: 'created_at', kind: 'time', hide: 1 },
] satisfies ColumnOf<Schemas['Customer']>[];

export const CUSTOMER_CARD: Column[] = [
  { header: 'ID', path: 'id', kind: 'id' },
  { header: 'Email', path: 'email' },
  // Today's generation: a customer is an individual or a team, with the seller's own id.
  { header: 'Type', path: 'type', ifPresent: true },
  { header: 'External ID', path: 'external_id', ifPresent: true },
  { header: 'Email verified', path: 'email_verified', kind: 'bool' },
  { header: 'Name', path: 'name' },
  { header: 'Tax ID', path: 'tax_id' },
  { header: 'Billing address', path: 'billing_address' },
  { header: 'Organization', path: 'organization_id', kind: 'id' },
  { header: 'Created', path: 'created_at', kind: 'time' },
  { header: 'Metadata', path: 'metadata' },
] satisfies ColumnOf<Schemas['Customer']>[];

// A customer's state (today's CustomerState): the customer's card, then what it has now. Its
// subscriptions and grants name their product and benefit by id only; on a terminal the CLI
// reads their names (`product`, `benefit` below) to show beside them.
type State = Schemas['CustomerStateIndividual'];
type StateSubscription = Schemas['CustomerStateSubscription'] & { product?: { name: string } };
type StateGrant = Schemas['CustomerStateBenefitGrant'] & { benefit?: { description: string } };

export const STATE_CARD: Column[] = [
  ...CUSTOMER_CARD,
  // A list each: "2 items" on a terminal (the tables follow), JSON in TSV.
  ...([
    { header: 'Subscriptions', path: 'active_subscriptions' },
    { header: 'Benefits', path: 'granted_benefits' },
    { header: 'Meters', path: 'active_meters' },
  ] satisfies ColumnOf<State>[]),
];

export const STATE_SUBSCRIPTION_COLUMNS: Column[] = [
  { header: 'ID', path: 'id', kind: 'id' },
  { header: 'STATUS', path: 'status', kind: 'status' },
  { header: 'PRODUCT', path: 'product.name', alt: ['product_id'], hide: 4 },
  { header: 'AMOUNT', path: 'amount', kind: 'money', currencyPath: 'currency' },
  { header: 'EVERY', path: 'recurring_interval', hide: 2 },
  { header: 'RENEWS', path: 'current_period_end', kind: 'time', hide: 3 },
  { header: 'CANCELS', path: 'cancel_at_period_end', kind: 'bool', hide: 1 },
] satisfies ColumnOf<StateSubscription>[];

export const STATE_BENEFIT_COLUMNS: Column[] = [
  { header: 'BENEFIT', path: 'benefit_id', kind: 'id' },
  { header: 'TYPE', path: 'benefit_type' },
  { header: 'DESCRIPTION', path: 'benefit.description', hide: 2 },
  { header: 'GRANTED', path: 'granted_at', kind: 'time', hide: 1 },
] satisfies ColumnOf<StateGrant>[];

export const STATE_METER_COLUMNS: Column[] = [
  { header: 'METER', path: 'meter_id', kind: 'id' },
  { header: 'CONSUMED', path: 'consumed_units' },
  { header: 'CREDITED', path: 'credited_units' },
  { header: 'BALANCE', path: 'balance' },
] satisfies ColumnOf<Schemas['CustomerStateMeter']>[];
