// The seller's update of its organization (api-facts "Request bodies"): only fields that were sent
// change, null clears the nullable ones, and the settings objects are merged into what is stored.
import { json, parseJson } from '../store/index.js';
import type { OrganizationRow } from '../store/rows.js';
import type { Work } from './work.js';

type Settings = Record<string, unknown>;

export interface OrganizationChanges {
  name?: string | null;
  avatar_url?: string | null;
  billing_email?: string | null;
  default_upfront_split_to_contributors?: number | null;
  pledge_badge_show_amount?: boolean | null;
  pledge_minimum_amount?: number | null;
  default_badge_custom_content?: string | null;
  total_monthly_spending_limit?: number | null;
  per_user_monthly_spending_limit?: number | null;
  profile_settings?: (Settings & { subscribe?: Settings | null }) | null;
  feature_settings?: Settings | null;
  subscription_settings?: Settings | null;
}

const NULLABLE = [
  'avatar_url',
  'billing_email',
  'default_upfront_split_to_contributors',
  'default_badge_custom_content',
  'total_monthly_spending_limit',
  'per_user_monthly_spending_limit',
] as const;

const SETTINGS = ['profile_settings', 'feature_settings', 'subscription_settings'] as const;

export function updateOrganization(
  { store, clock, tx }: Work,
  row: OrganizationRow,
  body: OrganizationChanges,
): void {
  const set: Record<string, unknown> = {};
  for (const key of NULLABLE) {
    if (body[key] !== undefined) set[key] = body[key];
  }
  if (body.name != null) set.name = body.name;
  if (body.pledge_minimum_amount != null) set.pledge_minimum_amount = body.pledge_minimum_amount;
  if (body.pledge_badge_show_amount != null)
    set.pledge_badge_show_amount = body.pledge_badge_show_amount ? 1 : 0;
  for (const column of SETTINGS) {
    const patch = body[column] as Settings | null | undefined;
    if (!patch) continue;
    const current = parseJson<Settings>(row[column]) ?? {};
    const sent = Object.fromEntries(
      Object.entries(patch).filter(([, v]) => v !== undefined && v !== null),
    );
    if (column === 'profile_settings' && patch.subscribe) {
      const sub = Object.fromEntries(
        Object.entries(patch.subscribe as Settings).filter(([, v]) => v != null),
      );
      sent.subscribe = { ...(current.subscribe as object), ...sub };
    }
    set[column] = json({ ...current, ...sent });
  }
  if (!Object.keys(set).length) return;
  store.update('organizations', row.id, set, clock.iso());
  tx.emit({ type: 'organization.updated', id: row.id });
}
