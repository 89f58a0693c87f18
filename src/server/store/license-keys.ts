// License keys and their activations.
import { LICENSE_KEY_SORTING } from '../../shared/api-facts.js';
import type { Db } from './db.js';
import {
  criterion,
  type Listed,
  list,
  orderBy,
  type Page,
  plainDirection,
  Where,
} from './lists.js';
import type { ActivationRow, LicenseKeyRow } from './rows.js';
import type { Visibility } from './visibility.js';

/** What a new key needs; the rest has defaults. */
export type NewKey = Pick<
  LicenseKeyRow,
  'id' | 'created_at' | 'organization_id' | 'customer_id' | 'benefit_id' | 'key'
> &
  Partial<LicenseKeyRow>;

export type KeyFilter = Record<'organization_id' | 'benefit_id', readonly string[]> & {
  /** Today's seller list: by status. */
  status?: readonly string[];
};

// Always the same order, without a sorting parameter (api-facts "Sorting"); ties in insertion order.
const ORDER = orderBy(
  LICENSE_KEY_SORTING.map(criterion),
  { created_at: 'k.created_at' },
  plainDirection,
  'k.seq',
);

export class LicenseKeys {
  constructor(private readonly db: Db) {}

  /** The seller's keys (`as` seller) or the buyer's own (`as` buyer). */
  list(
    visible: Visibility,
    as: 'seller' | 'buyer',
    filter: KeyFilter,
    page: Page,
  ): Listed<LicenseKeyRow> {
    const where = new Where()
      .scope((p) =>
        as === 'seller' ? visible.sellerSql('k.organization_id', p) : visible.buyerSql('k', p),
      )
      .matching('k', filter);
    return list(this.db, { columns: 'k.*', from: 'license_keys k', where, order: ORDER, page });
  }

  /** One validation: counts it, and adds `increment` to the usage. */
  validated(id: string, increment: number, now: string): void {
    this.db.run(
      'UPDATE license_keys SET usage = usage + ?, validations = validations + 1, last_validated_at = ? WHERE id = ?',
      increment,
      now,
      id,
    );
  }

  /** A new key, unused and never validated, after every key there is in list order (seq). */
  insert(key: NewKey): void {
    const seq = this.db.get<{ n: number }>(
      'SELECT coalesce(max(seq), 0) + 1 AS n FROM license_keys',
    )!.n;
    this.db.insert('license_keys', {
      modified_at: null,
      user_id: null,
      status: 'granted',
      limit_activations: null,
      usage: 0,
      limit_usage: null,
      validations: 0,
      last_validated_at: null,
      expires_at: null,
      ...key,
      seq,
    });
  }

  activeActivations(licenseKeyId: string): number {
    const active = 'license_key_id = ? AND deleted_at IS NULL';
    return this.db.count('license_key_activations', active, licenseKeyId);
  }

  /** Activation `id` of the key, unless it was deactivated. */
  activeActivation(id: string, licenseKeyId: string): ActivationRow | undefined {
    return this.db.get<ActivationRow>(
      'SELECT * FROM license_key_activations WHERE id = ? AND license_key_id = ? AND deleted_at IS NULL',
      id,
      licenseKeyId,
    );
  }

  deactivate(id: string, now: string): void {
    this.db.run(
      'UPDATE license_key_activations SET deleted_at = ?, modified_at = ? WHERE id = ?',
      now,
      now,
      id,
    );
  }
}
