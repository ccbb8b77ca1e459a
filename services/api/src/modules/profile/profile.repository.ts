import type { ProfileInput } from "@polity/core/validation/profile";
import type { Db } from "../../db/pool.ts";

export interface ProfileRow {
  address: string;
  name: string;
  avatar_url: string;
  bio: string;
  social_links: ProfileInput["social_links"];
  updated_at: Date;
}

export interface FollowedDaoRow {
  chain_id: number;
  pool_address: string;
  created_at: Date;
}

/** Profiles and followed DAOs (schema `api`); addresses are stored lower-cased. */
export class ProfileRepository {
  constructor(private readonly db: Db) {}

  async find(address: string): Promise<ProfileRow | null> {
    const { rows } = await this.db.query<ProfileRow>(
      "SELECT address, name, avatar_url, bio, social_links, updated_at FROM api.profiles WHERE address = $1",
      [address],
    );
    return rows[0] ?? null;
  }

  async save(address: string, p: ProfileInput): Promise<ProfileRow> {
    const { rows } = await this.db.query<ProfileRow>(
      `INSERT INTO api.profiles (address, name, avatar_url, bio, social_links)
       VALUES ($1, $2, $3, $4, $5::jsonb)
       ON CONFLICT (address) DO UPDATE
         SET name = EXCLUDED.name, avatar_url = EXCLUDED.avatar_url, bio = EXCLUDED.bio,
             social_links = EXCLUDED.social_links, updated_at = now()
       RETURNING address, name, avatar_url, bio, social_links, updated_at`,
      [address, p.name, p.avatar_url, p.bio, JSON.stringify(p.social_links)],
    );
    return rows[0] as ProfileRow;
  }

  async following(address: string, chainId: number | null): Promise<FollowedDaoRow[]> {
    const { rows } = await this.db.query<FollowedDaoRow>(
      `SELECT chain_id, pool_address, created_at FROM api.followed_daos
        WHERE address = $1 AND ($2::int IS NULL OR chain_id = $2)
        ORDER BY created_at DESC, pool_address`,
      [address, chainId],
    );
    return rows;
  }

  async follow(address: string, chainId: number, pool: string): Promise<void> {
    await this.db.query(
      `INSERT INTO api.followed_daos (address, chain_id, pool_address) VALUES ($1, $2, $3)
       ON CONFLICT DO NOTHING`,
      [address, chainId, pool],
    );
  }

  async unfollow(address: string, chainId: number, pool: string): Promise<void> {
    await this.db.query(
      "DELETE FROM api.followed_daos WHERE address = $1 AND chain_id = $2 AND pool_address = $3",
      [address, chainId, pool],
    );
  }
}
