import type { Schemas } from '../../../api/today.js';
import type { Column, ColumnOf } from '../../io/cells.js';

type Event = Schemas['UserEvent'];
type EventType = Schemas['EventTypeWithStats'];

// `hide`: which columns give way first on a narrow terminal (1 first).
export const EVENT_COLUMNS: Column[] = [
  { header: 'ID', path: 'id', kind: 'id', hide: 3 },
  { header: 'TIMESTAMP', path: 'timestamp', kind: 'time' },
  { header: 'NAME', path: 'name' },
  { header: 'SOURCE', path: 'source', hide: 1 },
  { header: 'CUSTOMER', path: 'customer.email', alt: ['external_customer_id', 'customer_id'] },
  { header: 'METADATA', path: 'metadata', hide: 2 },
] satisfies ColumnOf<Event>[];

export const EVENT_CARD: Column[] = [
  { header: 'ID', path: 'id', kind: 'id' },
  { header: 'Timestamp', path: 'timestamp', kind: 'time' },
  { header: 'Name', path: 'name' },
  { header: 'Label', path: 'label' },
  { header: 'Source', path: 'source' },
  { header: 'Customer', path: 'customer.email' },
  { header: 'Customer ID', path: 'customer_id', kind: 'id' },
  { header: 'External customer', path: 'external_customer_id' },
  { header: 'Parent', path: 'parent_id', kind: 'id' },
  { header: 'Organization', path: 'organization_id', kind: 'id' },
  { header: 'Metadata', path: 'metadata' },
] satisfies ColumnOf<Event>[];

/** An event type: no ID for a system name, which has no row (and no label to change). */
export const EVENT_TYPE_COLUMNS: Column[] = [
  { header: 'NAME', path: 'name' },
  { header: 'LABEL', path: 'label' },
  { header: 'SOURCE', path: 'source', hide: 2 },
  { header: 'OCCURRENCES', path: 'occurrences' },
  { header: 'FIRST SEEN', path: 'first_seen', kind: 'time', hide: 1 },
  { header: 'LAST SEEN', path: 'last_seen', kind: 'time' },
  { header: 'ID', path: 'id', kind: 'id', hide: 3 },
] satisfies ColumnOf<EventType>[];

export const EVENT_TYPE_CARD: Column[] = [
  { header: 'ID', path: 'id', kind: 'id' },
  { header: 'Name', path: 'name' },
  { header: 'Label', path: 'label' },
  { header: 'Label property', path: 'label_property_selector' },
  { header: 'Organization', path: 'organization_id', kind: 'id' },
  { header: 'Created', path: 'created_at', kind: 'time' },
  { header: 'Modified', path: 'modified_at', kind: 'time' },
] satisfies ColumnOf<Schemas['EventType']>[];
