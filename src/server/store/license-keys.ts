// License keys and their activations.

import { LICENSE_KEY_SORTING } from '../../shared/api-facts.js';
import type { Db } from './db.js';
import { sqlIn } from './db.js';
import {
  countOf,
  criterion,
  type Listed,
  orderBy,
  type Page,
  pageOf,
  plainDirection,
} from './lists.js';
import type { ActivationRow, LicenseKeyRow } from './rows.js';
import type { Visibility } from './visibility.js';

export interface KeyFilter {
  organization_id: string[];
  benefit_id: string[];
}

// Always the same order, without a sorting parameter (api-facts "Sorting"); ties in insertion order.
const SORTING = LICENSE_KEY_SORTING.map(criterion);

export class LicenseKeys {
  constructor(private readonly db: Db) {}

  byId(id: string): LicenseKeyRow | undefined {
    return this.db.get<LicenseKeyRow>('SELECT * FROM license_keys WHERE id = ?', id);
  }

  /** The key `key` of one organization (keys are unique per organization). */
  byKey(organizationId: string, key: string): LicenseKeyRow | undefined {
    return this.db.get<LicenseKeyRow>(
      'SELECT * FROM license_keys WHERE organization_id = ? AND key = ?',
      organizationId,
      key,
    );
  }

  /** The seller's key `id`, or undefined when it is not theirs. */
  visible(visible: Visibility, id: string): LicenseKeyRow | undefined {
    const row = this.byId(id);
    return row && visible.sellerSees(row.organization_id) ? row : undefined;
  }

  /** The buyer's own key `id`. */
  owned(visible: Visibility, id: string): LicenseKeyRow | undefined {
    const params: unknown[] = [id];
    const scope = visible.buyerSql('k', params);
    return this.db.get<LicenseKeyRow>(
      `SELECT k.* FROM license_keys k WHERE k.id = ? AND ${scope}`,
      ...params,
    );
  }

  /** The seller's keys. */
  list(visible: Visibility, filter: KeyFilter, page: Page): Listed<LicenseKeyRow> {
    const params: unknown[] = [];
    return this.page([visible.sellerSql('k.organization_id', params)], params, filter, page);
  }

  /** The buyer's own keys. */
  listOwned(visible: Visibility, filter: KeyFilter, page: Page): Listed<LicenseKeyRow> {
    const params: unknown[] = [];
    return this.page([visible.buyerSql('k', params)], params, filter, page);
  }

  private page(where: string[], params: unknown[], filter: KeyFilter, page: Page) {
    for (const [column, values] of [
      ['k.organization_id', filter.organization_id],
      ['k.benefit_id', filter.benefit_id],
    ] as const) {
      if (values.length) where.push(sqlIn(column, values, params));
    }
    const whereSql = where.join(' AND ');
    const total = countOf(this.db, 'license_keys k', whereSql, params);
    const order = orderBy(SORTING, { created_at: 'k.created_at' }, plainDirection, 'k.seq');
    const rows = pageOf<LicenseKeyRow>(
      this.db,
      'k.*',
      'license_keys k',
      whereSql,
      params,
      order,
      page,
    );
    return { rows, total };
  }

  update(id: string, set: Record<string, unknown>, now: string): void {
    this.db.update('license_keys', id, set, now);
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

  /** A new key, after every key there is in list order (seq). */
  insert(row: Omit<LicenseKeyRow, 'seq'>): void {
    this.db.run(
      `INSERT INTO license_keys (id, created_at, modified_at, organization_id, user_id, customer_id, benefit_id, key, status,
       limit_activations, usage, limit_usage, validations, last_validated_at, expires_at, seq)
       VALUES (:id, :created_at, :modified_at, :organization_id, :user_id, :customer_id, :benefit_id, :key, :status,
       :limit_activations, :usage, :limit_usage, :validations, :last_validated_at, :expires_at,
       (SELECT coalesce(max(seq), 0) + 1 FROM license_keys))`,
      row,
    );
  }

  activeActivations(licenseKeyId: string): number {
    return this.db.get<{ n: number }>(
      'SELECT count(*) AS n FROM license_key_activations WHERE license_key_id = ? AND deleted_at IS NULL',
      licenseKeyId,
    )!.n;
  }

  activation(id: string): ActivationRow | undefined {
    return this.db.get<ActivationRow>('SELECT * FROM license_key_activations WHERE id = ?', id);
  }

  /** Activation `id` of the key, unless it was deactivated. */
  activeActivation(id: string, licenseKeyId: string): ActivationRow | undefined {
    return this.db.get<ActivationRow>(
      'SELECT * FROM license_key_activations WHERE id = ? AND license_key_id = ? AND deleted_at IS NULL',
      id,
      licenseKeyId,
    );
  }

  activate(row: ActivationRow): void {
    this.db.insert('license_key_activations', row);
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
