// OAuth clients, the authorization requests waiting on the consent page, and the codes they issue.
import type { Db } from './db.js';
import type { OAuthClientRow, OAuthCodeRow, PendingRequestRow } from './rows.js';

export class OAuthClients {
  constructor(private readonly db: Db) {}

  byId(
    clientId: string,
  ):
    | Pick<
        OAuthClientRow,
        | 'client_id'
        | 'client_secret'
        | 'client_id_issued_at'
        | 'client_secret_expires_at'
        | 'token_endpoint_auth_method'
        | 'metadata'
      >
    | undefined {
    return this.db.get(
      'SELECT client_id, client_secret, client_id_issued_at, client_secret_expires_at, token_endpoint_auth_method, metadata FROM oauth2_clients WHERE client_id = ? AND deleted_at IS NULL',
      clientId,
    );
  }

  /** A live client's whole row (RFC 7592's client configuration endpoint). */
  registered(clientId: string): OAuthClientRow | undefined {
    return this.db.get<OAuthClientRow>(
      'SELECT * FROM oauth2_clients WHERE client_id = ? AND deleted_at IS NULL',
      clientId,
    );
  }

  updateRegistration(
    clientId: string,
    change: { method: string; metadata: string; secret: string | null },
  ): void {
    this.db.run(
      'UPDATE oauth2_clients SET token_endpoint_auth_method = ?, metadata = ?, client_secret = ? WHERE client_id = ?',
      change.method,
      change.metadata,
      change.secret,
      clientId,
    );
  }

  remove(clientId: string, at: string): void {
    this.db.run('UPDATE oauth2_clients SET deleted_at = ? WHERE client_id = ?', at, clientId);
  }

  /** How many clients were registered from `address`. */
  countFrom(address: string): number {
    return this.db.count('oauth2_clients', 'registered_from = ?', address);
  }

  pending(idHash: string): Pick<PendingRequestRow, 'request' | 'expires_at'> | undefined {
    return this.db.get(
      'SELECT request, expires_at FROM oauth2_pending_requests WHERE id = ?',
      idHash,
    );
  }

  /** Stores a pending request, dropping those that expired. */
  addPending(row: PendingRequestRow): void {
    this.db.run('DELETE FROM oauth2_pending_requests WHERE expires_at <= ?', row.created_at);
    this.db.insert('oauth2_pending_requests', row);
  }

  /** Removes a pending request; false when it was already gone (answered in another tab). */
  takePending(idHash: string): boolean {
    return this.db.run('DELETE FROM oauth2_pending_requests WHERE id = ?', idHash).changes > 0;
  }

  code(hash: string): OAuthCodeRow | undefined {
    return this.db.get<OAuthCodeRow>('SELECT * FROM oauth2_codes WHERE code_hash = ?', hash);
  }

  useCode(hash: string, now: string): void {
    this.db.run('UPDATE oauth2_codes SET used_at = ? WHERE code_hash = ?', now, hash);
  }
}
