import type { Db } from "../../db/pool.ts";

export interface NonceRow {
  nonce: string;
  address: string;
  chain_id: number;
  domain: string;
  message: string;
  expires_at: Date;
}

export interface RefreshRow {
  jti: string;
  family_id: string;
  address: string;
  chain_id: number;
  expires_at: Date;
  used_at: Date | null;
  revoked_at: Date | null;
}

/** An account's signed agreement to one chain's privacy policy (addresses and hashes lower-cased). */
export interface AgreementRow {
  account: string;
  chain_id: number;
  registry: string;
  document_hash: string;
  signature: string;
  agreed_at: Date;
}

export class NonceAuthRepository {
  constructor(private readonly db: Db) {}

  /**
   * Stores a nonce and drops the requester's open nonces for that address beyond the newest
   * `openPerRequester`: a client asking again and again replaces its own, never another client's.
   */
  async insertNonce(row: NonceRow, requester: string, openPerRequester: number): Promise<void> {
    await this.db.query(
      `INSERT INTO api.auth_nonces (nonce, address, chain_id, domain, message, expires_at, requester)
       VALUES ($1, $2, $3, $4, $5, $6, $7)`,
      [row.nonce, row.address, row.chain_id, row.domain, row.message, row.expires_at, requester],
    );
    await this.db.query(
      `DELETE FROM api.auth_nonces WHERE nonce IN (
         SELECT nonce FROM api.auth_nonces
          WHERE address = $1 AND requester = $2 AND used_at IS NULL
          ORDER BY created_at DESC, nonce OFFSET $3)`,
      [row.address, requester, openPerRequester],
    );
    // Keep the table small: expired nonces are useless.
    await this.db.query("DELETE FROM api.auth_nonces WHERE expires_at < now() - interval '1 day'");
  }

  /** Marks the nonce used exactly once; returns null when unknown or already used. */
  async consumeNonce(nonce: string): Promise<NonceRow | null> {
    const { rows } = await this.db.query<NonceRow>(
      `UPDATE api.auth_nonces SET used_at = now()
        WHERE nonce = $1 AND used_at IS NULL
        RETURNING nonce, address, chain_id, domain, message, expires_at`,
      [nonce],
    );
    return rows[0] ?? null;
  }

  async findNonce(nonce: string): Promise<(NonceRow & { used_at: Date | null }) | null> {
    const { rows } = await this.db.query<NonceRow & { used_at: Date | null }>(
      "SELECT nonce, address, chain_id, domain, message, expires_at, used_at FROM api.auth_nonces WHERE nonce = $1",
      [nonce],
    );
    return rows[0] ?? null;
  }

  async insertRefresh(row: Omit<RefreshRow, "used_at" | "revoked_at">): Promise<void> {
    await this.db.query(
      "INSERT INTO api.refresh_tokens (jti, family_id, address, chain_id, expires_at) VALUES ($1, $2, $3, $4, $5)",
      [row.jti, row.family_id, row.address, row.chain_id, row.expires_at],
    );
    // Expired tokens can never be used again, nor matter for reuse detection.
    await this.db.query("DELETE FROM api.refresh_tokens WHERE expires_at < now() - interval '1 day'");
  }

  /** Marks the refresh token used if it is still fresh; returns the row as it was before. */
  async useRefresh(jti: string): Promise<{ row: RefreshRow | null; wasFresh: boolean }> {
    const used = await this.db.query<RefreshRow>(
      `UPDATE api.refresh_tokens SET used_at = now()
        WHERE jti = $1 AND used_at IS NULL AND revoked_at IS NULL AND expires_at > now()
        RETURNING jti, family_id, address, chain_id, expires_at, used_at, revoked_at`,
      [jti],
    );
    if (used.rows[0]) return { row: used.rows[0], wasFresh: true };
    const existing = await this.db.query<RefreshRow>(
      "SELECT jti, family_id, address, chain_id, expires_at, used_at, revoked_at FROM api.refresh_tokens WHERE jti = $1",
      [jti],
    );
    return { row: existing.rows[0] ?? null, wasFresh: false };
  }

  async revokeFamily(familyId: string): Promise<void> {
    await this.db.query(
      "UPDATE api.refresh_tokens SET revoked_at = now() WHERE family_id = $1 AND revoked_at IS NULL",
      [familyId],
    );
  }

  async isFamilyRevoked(familyId: string): Promise<boolean> {
    const { rows } = await this.db.query(
      "SELECT 1 FROM api.refresh_tokens WHERE family_id = $1 AND revoked_at IS NOT NULL LIMIT 1",
      [familyId],
    );
    return rows.length > 0;
  }

  /** Keeps the latest valid signature of the agreement (a wallet may sign again, e.g. another device). */
  async saveAgreement(row: Omit<AgreementRow, "agreed_at">): Promise<AgreementRow> {
    const { rows } = await this.db.query<AgreementRow>(
      `INSERT INTO api.privacy_agreements (account, chain_id, registry, document_hash, signature)
       VALUES ($1, $2, $3, $4, $5)
       ON CONFLICT (account, chain_id, registry, document_hash) DO UPDATE SET signature = EXCLUDED.signature
       RETURNING account, chain_id, registry, document_hash, signature, agreed_at`,
      [row.account, row.chain_id, row.registry, row.document_hash, row.signature],
    );
    return rows[0] as AgreementRow;
  }

  async findAgreement(key: Omit<AgreementRow, "signature" | "agreed_at">): Promise<AgreementRow | null> {
    const { rows } = await this.db.query<AgreementRow>(
      `SELECT account, chain_id, registry, document_hash, signature, agreed_at FROM api.privacy_agreements
        WHERE account = $1 AND chain_id = $2 AND registry = $3 AND document_hash = $4`,
      [key.account, key.chain_id, key.registry, key.document_hash],
    );
    return rows[0] ?? null;
  }
}
