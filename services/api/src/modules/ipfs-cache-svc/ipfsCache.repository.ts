import type { Address } from "viem";
import { type Db, withTransaction } from "../../db/pool.ts";

export interface StoredDocument {
  cid: string;
  content_type: string;
  bytes: Buffer;
  size: number;
}

export interface LinkRow {
  chain_id: number;
  pool_address: Address;
  proposal_id?: string;
  cid: string;
  updated_at: Date;
}

export class IpfsCacheRepository {
  constructor(private readonly db: Db) {}

  /** Content addressing makes the insert idempotent: the same CID always has the same bytes. */
  async put(doc: StoredDocument): Promise<void> {
    await this.db.query(
      `INSERT INTO api.ipfs_documents (cid, content_type, bytes, size) VALUES ($1, $2, $3, $4)
       ON CONFLICT (cid) DO NOTHING`,
      [doc.cid, doc.content_type, doc.bytes, doc.size],
    );
  }

  async get(cid: string): Promise<StoredDocument | null> {
    const { rows } = await this.db.query<StoredDocument>(
      "SELECT cid, content_type, bytes, size FROM api.ipfs_documents WHERE cid = $1",
      [cid],
    );
    return rows[0] ?? null;
  }

  async contentTypes(cids: string[]): Promise<Map<string, string>> {
    if (cids.length === 0) return new Map();
    const { rows } = await this.db.query<{ cid: string; content_type: string }>(
      "SELECT cid, content_type FROM api.ipfs_documents WHERE cid = ANY($1::text[])",
      [cids],
    );
    return new Map(rows.map((r) => [r.cid, r.content_type]));
  }

  /**
   * Counts an upload against the account's quota of bytes per 24 hours; false (nothing recorded)
   * when it would go over. Uploads of one account are serialised so two cannot both squeeze in.
   */
  async recordUpload(account: string, cid: string, size: number, quotaBytes: number): Promise<boolean> {
    return withTransaction(this.db, async (tx) => {
      await tx.query("SELECT pg_advisory_xact_lock(hashtext($1))", [`ipfs-upload:${account}`]);
      const { rows } = await tx.query<{ used: string }>(
        `SELECT coalesce(sum(size), 0)::text AS used FROM api.ipfs_uploads
          WHERE account = $1 AND created_at > now() - interval '1 day'`,
        [account],
      );
      if (Number(rows[0]?.used ?? 0) + size > quotaBytes) return false;
      await tx.query("INSERT INTO api.ipfs_uploads (account, cid, size) VALUES ($1, $2, $3)", [
        account,
        cid,
        size,
      ]);
      await tx.query("DELETE FROM api.ipfs_uploads WHERE created_at < now() - interval '2 days'");
      return true;
    });
  }

  async markPinned(cid: string): Promise<void> {
    await this.db.query("UPDATE api.ipfs_documents SET pinned_at = now() WHERE cid = $1", [cid]);
  }

  async upsertPoolLink(chainId: number, pool: string, cid: string): Promise<LinkRow> {
    const { rows } = await this.db.query<LinkRow>(
      `INSERT INTO api.ipfs_pool_links (chain_id, pool_address, cid) VALUES ($1, $2, $3)
       ON CONFLICT (chain_id, pool_address) DO UPDATE SET cid = EXCLUDED.cid, updated_at = now()
       RETURNING chain_id, pool_address, cid, updated_at`,
      [chainId, pool, cid],
    );
    return rows[0]!;
  }

  async upsertProposalLink(chainId: number, pool: string, proposalId: string, cid: string): Promise<LinkRow> {
    const { rows } = await this.db.query<LinkRow>(
      `INSERT INTO api.ipfs_proposal_links (chain_id, pool_address, proposal_id, cid) VALUES ($1, $2, $3, $4)
       ON CONFLICT (chain_id, pool_address, proposal_id) DO UPDATE SET cid = EXCLUDED.cid, updated_at = now()
       RETURNING chain_id, pool_address, proposal_id, cid, updated_at`,
      [chainId, pool, proposalId, cid],
    );
    return rows[0]!;
  }

  async findPoolLink(chainId: number, pool: string): Promise<LinkRow | null> {
    const { rows } = await this.db.query<LinkRow>(
      "SELECT chain_id, pool_address, cid, updated_at FROM api.ipfs_pool_links WHERE chain_id = $1 AND pool_address = $2",
      [chainId, pool],
    );
    return rows[0] ?? null;
  }

  async findProposalLink(chainId: number, pool: string, proposalId: string): Promise<LinkRow | null> {
    const { rows } = await this.db.query<LinkRow>(
      `SELECT chain_id, pool_address, proposal_id, cid, updated_at FROM api.ipfs_proposal_links
        WHERE chain_id = $1 AND pool_address = $2 AND proposal_id = $3`,
      [chainId, pool, proposalId],
    );
    return rows[0] ?? null;
  }
}
