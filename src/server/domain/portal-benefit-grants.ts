// What a customer may change of a benefit grant in the portal (customer_portal/service/
// benefit_grant.py `update` at c6c3645e): the update names the benefit's type, which must be the
// grant's; a Discord or GitHub grant takes the customer's connected account (one the customer has
// connected: the sandbox connects none, so only `null`, which disconnects it), a Slack shared
// channel the address to invite; the other types have nothing a customer sets, and the grant comes
// back as it was.
import { parseJson } from '../store/index.js';
import type { BenefitGrantRow } from '../store/rows.js';
import { invalid } from './errors.js';
import type { Work } from './work.js';

export interface PortalUpdate {
  benefit_type: string;
  properties?: Record<string, unknown>;
}

export function updatePortalGrant(w: Work, grant: BenefitGrantRow, update: PortalUpdate): void {
  const type = w.store.row('benefits', grant.benefit_id)!.type;
  if (update.benefit_type !== type)
    throw invalid(
      ['benefit_type'],
      'Benefit type must match the existing granted benefit type.',
      update.benefit_type,
    );
  const p = update.properties;
  if (!p) return;
  if ('account_id' in p && p.account_id !== null)
    throw invalid(['properties', 'account_id'], 'OAuth account does not exist.', p.account_id);
  const previous = parseJson<Record<string, unknown>>(grant.properties) ?? {};
  // (A Slack channel's new address drops its invite: the sandbox has no Slack benefits.)
  const properties: Record<string, unknown> = { ...previous, ...p };
  w.store.update(
    'benefit_grants',
    grant.id,
    { properties: JSON.stringify(properties) },
    w.clock.iso(),
  );
  w.tx.emit({ type: 'benefit_grant.updated', id: grant.id, previous_properties: previous });
}
