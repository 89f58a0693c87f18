// Event types (event_type/repository.py at c6c3645e): an organization's row per name of the user
// events it ingested (get_or_create: the name as its first label), found by name or by id.
import type { Db } from './db.js';
import { sqlIn } from './db.js';
import type { EventTypeRow } from './rows.js';
import type { Visibility } from './visibility.js';

export class EventTypes {
  constructor(private readonly db: Db) {}

  /** A row for each of `names` the organization has none for yet (in the open unit of work). */
  ensure(organizationId: string, names: readonly string[], now: string, id: () => string): void {
    this.db.runBatch(
      `INSERT INTO event_types (id, created_at, modified_at, organization_id, name, label,
         label_property_selector) VALUES (?, ?, NULL, ?, ?, ?, NULL) ON CONFLICT DO NOTHING`,
      [...new Set(names)].map((name) => [id(), now, organizationId, name, name]),
    );
  }

  /** The rows of `names` in `organizations`, by `${organization_id}\n${name}`. */
  byNames(organizations: readonly string[], names: readonly string[]): Map<string, EventTypeRow> {
    if (!organizations.length || !names.length) return new Map();
    const params: unknown[] = [];
    const where = `${sqlIn('organization_id', organizations, params)} AND ${sqlIn('name', names, params)}`;
    const rows = this.db.all<EventTypeRow>(`SELECT * FROM event_types WHERE ${where}`, ...params);
    return new Map(rows.map((r) => [`${r.organization_id}\n${r.name}`, r]));
  }

  /** The row `id` of an organization the seller sees. */
  visible(visible: Visibility, id: string): EventTypeRow | undefined {
    const params: unknown[] = [id];
    const scope = visible.sellerSql('organization_id', params);
    return this.db.get(`SELECT * FROM event_types WHERE id = ? AND ${scope}`, ...params);
  }
}
