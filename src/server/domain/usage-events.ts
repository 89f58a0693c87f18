// Ingesting usage events (event/service.py `ingest` at c6c3645e): each event's organization (an
// organization token's own, refused when named; else named and among the user's), its customer
// (not deleted, one the token sees), its member (the sandbox has none), every problem of the
// batch reported at once; then one insert of the batch, an event whose external_id exists in its
// organization skipped as a duplicate (repository.py insert_batch, ON CONFLICT DO NOTHING).
// A parent is linked when it is found by id or external id; one that arrives later adopts it.
// Each name gets its event type (event_type/repository.py get_or_create) in the same transaction.
import { randomUUID } from 'node:crypto';
import type { UsageEventRow } from '../store/rows.js';
import type { Visibility } from '../store/visibility.js';
import type { EventInput } from '../today/usage-events.js';
import { Invalid, type Problem } from './errors.js';
import type { Principal } from './principal.js';
import type { Work } from './work.js';

export interface IngestResult {
  inserted: number;
  duplicates: number;
}

export function ingestEvents(
  w: Work,
  principal: Principal,
  visible: Visibility,
  events: readonly EventInput[],
): IngestResult {
  const problems: Problem[] = [];
  const named = [...new Set(events.flatMap((e) => (e.customer_id ? [e.customer_id] : [])))];
  const allowed = new Set(w.store.usageEvents.liveCustomers(visible, named));
  const organizations: string[] = [];
  events.forEach((e, i) => {
    const loc = ['events', i];
    let organizationId: string;
    if (principal.kind === 'organization') {
      if (e.organization_id !== null) {
        problems.push({
          type: 'organization_token',
          loc: [...loc, 'organization_id'],
          msg: 'Setting organization_id is disallowed when using an organization token.',
          input: e.organization_id,
        });
        return;
      }
      organizationId = principal.organizationId;
    } else {
      if (e.organization_id === null) {
        problems.push({
          type: 'missing',
          loc: [...loc, 'organization_id'],
          msg: 'organization_id is required.',
          input: null,
        });
        return;
      }
      if (!visible.sellerSees(e.organization_id)) {
        problems.push({
          type: 'organization_id',
          loc: [...loc, 'organization_id'],
          msg: 'Organization not found.',
          input: e.organization_id,
        });
        return;
      }
      organizationId = e.organization_id;
    }
    if (e.customer_id !== null && !allowed.has(e.customer_id)) {
      problems.push({
        type: 'customer_id',
        loc: [...loc, 'customer_id'],
        msg: 'Customer not found.',
        input: e.customer_id,
      });
      return;
    }
    if (e.member_id !== null) {
      problems.push({
        type: 'member_id',
        loc: [...loc, 'member_id'],
        msg: 'Member not found.',
        input: e.member_id,
      });
      return;
    }
    organizations[i] = organizationId;
  });
  if (problems.length) throw new Invalid(problems);

  const ingestedAt = w.clock.iso();
  // Each name's event type, made on the first ingest of it (event/service.py ingest:
  // get_or_create before the insert, so a batch of duplicates makes them too).
  const names = new Map<string, string[]>();
  events.forEach((e, i) => {
    const list = names.get(organizations[i]!) ?? [];
    list.push(e.name);
    names.set(organizations[i]!, list);
  });
  for (const [org, list] of names) w.store.eventTypes.ensure(org, list, ingestedAt, randomUUID);
  const rows = events.map(
    (e, i): UsageEventRow => ({
      id: randomUUID(),
      ingested_at: ingestedAt,
      ts: e.ts,
      organization_id: organizations[i]!,
      name: e.name,
      source: 'user',
      customer_id: e.customer_id,
      external_customer_id: e.external_customer_id,
      member_id: null,
      external_member_id: e.external_member_id,
      external_id: e.external_id,
      parent_id: null,
      parent_ref: e.parent_id,
      metadata: JSON.stringify(e.metadata),
    }),
  );
  const inserted = recordEvents(w, rows).length;
  return { inserted, duplicates: rows.length - inserted };
}

/**
 * Inserts usage events (the ingest's and the system's own) and links parents: a parent named by
 * id or external id, earlier in the batch or already stored; else the event waits for it.
 */
export function recordEvents(w: Work, rows: UsageEventRow[]): UsageEventRow[] {
  // The batch's own ids and external ids, for parents named in it (only when one is named).
  const named = rows.some((r) => r.parent_ref !== null);
  const inBatch = new Map<string, string>();
  const pending = new Map<string, boolean>();
  const waiting = (org: string) => {
    let v = pending.get(org);
    if (v === undefined) {
      v = w.store.usageEvents.hasPending(org);
      pending.set(org, v);
    }
    return v;
  };
  for (const r of rows) {
    if (r.parent_ref !== null) {
      const key = `${r.organization_id}\n${r.parent_ref}`;
      const parent =
        w.store.usageEvents.parentOf(r.organization_id, r.parent_ref) ??
        inBatch.get(key) ??
        inBatch.get(`${r.organization_id}\n${r.parent_ref.toLowerCase()}`);
      if (parent) r.parent_id = parent;
      else pending.set(r.organization_id, true);
    }
    if (!named) continue;
    inBatch.set(`${r.organization_id}\n${r.id}`, r.id);
    if (r.external_id !== null) inBatch.set(`${r.organization_id}\n${r.external_id}`, r.id);
  }
  const inserted = w.store.usageEvents.insertBatch(rows);
  for (const r of inserted) if (waiting(r.organization_id)) w.store.usageEvents.adoptChildren(r);
  return inserted;
}
