// The rows of usage-based billing (issue 27): usage events and meters (store/schema.ts).

export interface UsageEventRow {
  id: string;
  ingested_at: string;
  /** The event's timestamp, epoch milliseconds. */
  ts: number;
  organization_id: string;
  name: string;
  source: 'user' | 'system';
  customer_id: string | null;
  external_customer_id: string | null;
  member_id: string | null;
  external_member_id: string | null;
  external_id: string | null;
  parent_id: string | null;
  /** The parent as ingested (an id or an external id), until it is found. */
  parent_ref: string | null;
  /** JSON object. */
  metadata: string;
}

/**
 * A metered price's line on a subscription's order (billing_entry/service.py MeteredLineItem):
 * what the period consumed and was credited, the amount charged, and the ingestion instant up
 * to which the meter's events are billed (the next period bills those ingested after it).
 */
export interface OrderMeterItemRow {
  id: string;
  created_at: string;
  order_id: string;
  subscription_id: string;
  price_id: string;
  meter_id: string;
  start_timestamp: string;
  end_timestamp: string;
  billed_until: string;
  consumed_units: number;
  credited_units: number;
  amount: number;
  label: string;
}

/** An organization's name of user events and its label (models/event_type.py). */
export interface EventTypeRow {
  id: string;
  created_at: string;
  modified_at: string | null;
  organization_id: string;
  name: string;
  label: string;
  label_property_selector: string | null;
}

export interface MeterRow {
  id: string;
  created_at: string;
  modified_at: string | null;
  organization_id: string;
  name: string;
  unit: string;
  custom_label: string | null;
  custom_multiplier: number | null;
  /** JSON: the Filter. */
  filter: string;
  /** JSON: the Aggregation. */
  aggregation: string;
  metadata: string;
  archived_at: string | null;
  last_billed_event_id: string | null;
}
