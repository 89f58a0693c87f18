// Relabelling an event type (event_type/service.py update at c6c3645e): the label and the label
// property selector are both set, a selector left out of the body becoming null.
import type { EventTypeRow } from '../store/rows.js';
import type { Work } from './work.js';

export function updateEventType(
  w: Work,
  row: EventTypeRow,
  label: string,
  selector: string | null,
): EventTypeRow {
  const modifiedAt = w.clock.iso();
  w.store.update('event_types', row.id, { label, label_property_selector: selector }, modifiedAt);
  return { ...row, label, label_property_selector: selector, modified_at: modifiedAt };
}
