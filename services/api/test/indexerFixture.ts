/**
 * Test fixture: the indexer's tables this module reads, created the way Ponder creates them from
 * packages/indexer/ponder.schema.ts (snake_case columns, hex as text, bigint as numeric(78,0)),
 * and helpers to seed rows.
 */
import pg from "pg";

const N = "numeric(78,0)";

const DDL = (s: string) => `
CREATE SCHEMA IF NOT EXISTS ${s};
CREATE TABLE ${s}."_ponder_checkpoint" (chain_name text PRIMARY KEY, chain_id bigint NOT NULL,
  safe_checkpoint varchar(75) NOT NULL, latest_checkpoint varchar(75) NOT NULL, finalized_checkpoint varchar(75) NOT NULL);
CREATE TABLE ${s}.pool (chain_id integer NOT NULL, address text NOT NULL, name text NOT NULL,
  validators_count integer NOT NULL DEFAULT 0, execution_window ${N} NOT NULL DEFAULT 2592000,
  PRIMARY KEY (chain_id, address));
CREATE TABLE ${s}.proposal (chain_id integer NOT NULL, pool text NOT NULL, proposal_id ${N} NOT NULL,
  creator text NOT NULL, description_url text NOT NULL, executor text NOT NULL, settings_id ${N},
  actions_on_for jsonb NOT NULL, actions_on_against jsonb NOT NULL, quorum_votes ${N} NOT NULL DEFAULT 0,
  quorum_validators ${N} NOT NULL DEFAULT 0, early_completion boolean NOT NULL DEFAULT false,
  validators_vote boolean NOT NULL DEFAULT false, execution_delay ${N} NOT NULL DEFAULT 0, vote_end ${N} NOT NULL,
  votes_for ${N} NOT NULL DEFAULT 0, votes_against ${N} NOT NULL DEFAULT 0, raw_votes_for ${N} NOT NULL DEFAULT 0,
  raw_votes_against ${N} NOT NULL DEFAULT 0, voters_count integer NOT NULL DEFAULT 0, quorum_reached_at ${N},
  execute_after ${N}, moved_to_validators_at ${N}, validators_vote_end ${N}, executed_at ${N}, executed_for boolean,
  moved_by text, executed_by text, executed_tx text, created_at ${N} NOT NULL, created_block ${N} NOT NULL,
  created_tx text NOT NULL, updated_at ${N} NOT NULL, PRIMARY KEY (chain_id, pool, proposal_id));
CREATE TABLE ${s}.vote_interaction (id text PRIMARY KEY, chain_id integer NOT NULL, pool text NOT NULL,
  proposal_id ${N} NOT NULL, voter text NOT NULL, interaction integer NOT NULL, vote_type integer NOT NULL,
  is_vote_for boolean NOT NULL, amount ${N} NOT NULL, total_raw_voted ${N} NOT NULL, total_voted ${N} NOT NULL,
  nft_ids jsonb NOT NULL, block_number ${N} NOT NULL, timestamp ${N} NOT NULL, tx_hash text NOT NULL);
CREATE TABLE ${s}.vote (chain_id integer NOT NULL, pool text NOT NULL, proposal_id ${N} NOT NULL, voter text NOT NULL,
  vote_type integer NOT NULL, is_vote_for boolean NOT NULL, amount ${N} NOT NULL, voted ${N} NOT NULL,
  nft_ids jsonb NOT NULL, is_cancelled boolean NOT NULL DEFAULT false, updated_at ${N} NOT NULL,
  PRIMARY KEY (chain_id, pool, proposal_id, voter, vote_type));
CREATE TABLE ${s}.validator (chain_id integer NOT NULL, pool text NOT NULL, address text NOT NULL,
  balance ${N} NOT NULL, updated_at ${N} NOT NULL, PRIMARY KEY (chain_id, pool, address));
CREATE TABLE ${s}.validator_proposal (chain_id integer NOT NULL, pool text NOT NULL, is_internal boolean NOT NULL,
  proposal_id ${N} NOT NULL, proposal_type integer, creator text, description_url text, vote_end ${N}, quorum ${N},
  votes_for ${N} NOT NULL DEFAULT 0, votes_against ${N} NOT NULL DEFAULT 0, quorum_reached_at ${N}, execute_after ${N},
  executed_at ${N}, created_at ${N} NOT NULL, updated_at ${N} NOT NULL, PRIMARY KEY (chain_id, pool, is_internal, proposal_id));
CREATE TABLE ${s}.validator_vote (id text PRIMARY KEY, chain_id integer NOT NULL, pool text NOT NULL,
  is_internal boolean NOT NULL, proposal_id ${N} NOT NULL, voter text NOT NULL, is_vote_for boolean NOT NULL,
  amount ${N} NOT NULL, interaction integer NOT NULL, block_number ${N} NOT NULL, timestamp ${N} NOT NULL, tx_hash text NOT NULL);
CREATE TABLE ${s}.validator_voter (chain_id integer NOT NULL, pool text NOT NULL, is_internal boolean NOT NULL,
  proposal_id ${N} NOT NULL, voter text NOT NULL, voted_for ${N} NOT NULL, voted_against ${N} NOT NULL, updated_at ${N} NOT NULL,
  PRIMARY KEY (chain_id, pool, is_internal, proposal_id, voter));
CREATE TABLE ${s}.reward_claim (id text PRIMARY KEY, chain_id integer NOT NULL, pool text NOT NULL,
  proposal_id ${N} NOT NULL, "user" text NOT NULL, token text NOT NULL, amount ${N} NOT NULL,
  block_number ${N} NOT NULL, timestamp ${N} NOT NULL, tx_hash text NOT NULL);
`;

/** Ponder's checkpoint string: block timestamp (10), chain id (16), block number (16), then zeros. */
export function checkpoint(timestamp: number, chainId: number, block: number): string {
  return `${String(timestamp).padStart(10, "0")}${String(chainId).padStart(16, "0")}${String(block).padStart(16, "0")}${"0".repeat(33)}`;
}

export type Row = Record<string, unknown>;

export class IndexerFixture {
  private constructor(
    private readonly client: pg.Client,
    readonly schema: string,
  ) {}

  static async create(databaseUrl: string, schema = "indexer"): Promise<IndexerFixture> {
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    await client.query(DDL(`"${schema}"`));
    return new IndexerFixture(client, schema);
  }

  async insert(table: string, row: Row): Promise<void> {
    const cols = Object.keys(row);
    const values = Object.values(row).map((v) =>
      typeof v === "bigint" ? v.toString() : v !== null && typeof v === "object" ? JSON.stringify(v) : v,
    );
    await this.client.query(
      `INSERT INTO "${this.schema}".${table} (${cols.map((c) => `"${c}"`).join(", ")})
       VALUES (${cols.map((_, i) => `$${i + 1}`).join(", ")})`,
      values,
    );
  }

  async indexedUpTo(chainId: number, block: number, timestamp: number): Promise<void> {
    const cp = checkpoint(timestamp, chainId, block);
    await this.client.query(
      `INSERT INTO "${this.schema}"."_ponder_checkpoint" VALUES ($1, $2, $3, $3, $3)
       ON CONFLICT (chain_name) DO UPDATE SET latest_checkpoint = $3`,
      [`chain-${chainId}`, chainId, cp],
    );
  }

  async close(): Promise<void> {
    await this.client.end();
  }
}
