// User accounts: who signs in on the consent page, and who owns personal access tokens.
import type { Db } from './db.js';
import type { OrganizationRow, UserRow } from './rows.js';

export class Users {
  constructor(private readonly db: Db) {}

  /** Emails are matched without case. */
  byEmail(email: string): UserRow | undefined {
    return this.db.get<UserRow>('SELECT * FROM users WHERE email = ? COLLATE NOCASE', email);
  }

  /** Every user, oldest first (the consent page lists them to sign in as). */
  all(): UserRow[] {
    return this.db.all<UserRow>('SELECT * FROM users ORDER BY created_at, email');
  }

  /** The organizations a user belongs to, by name. */
  organizations(userId: string): Pick<OrganizationRow, 'id' | 'name' | 'slug'>[] {
    return this.db.all(
      `SELECT o.id, o.name, o.slug FROM organizations o JOIN user_organizations uo
       ON uo.organization_id = o.id WHERE uo.user_id = ? ORDER BY o.name`,
      userId,
    );
  }

  isMember(userId: string, organizationId: string): boolean {
    return !!this.db.get(
      'SELECT 1 FROM user_organizations WHERE user_id = ? AND organization_id = ?',
      userId,
      organizationId,
    );
  }
}
