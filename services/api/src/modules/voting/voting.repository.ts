import type pg from "pg";
import type { Address, Hex } from "viem";
import type { Db } from "../../db/pool.ts";
import type { TypeParameters, VotingType } from "./voting.rules.ts";

type Queryable = Db | pg.PoolClient;

export interface ProposalTypeRow {
  id: string;
  chain_id: number;
  pool_address: Address;
  name: string;
  title: string;
  description: string;
  voting_type: VotingType;
  parameters: TypeParameters;
  created_at: Date;
  updated_at: Date;
}

export interface ProposalRow {
  id: string;
  chain_id: number;
  pool_address: Address;
  type: string;
  title: string;
  description: string;
  author: Address;
  voting_type: VotingType;
  vote_options: string[];
  custom_parameters: Record<string, unknown>;
  parameters: TypeParameters;
  snapshot_block: string;
  total_power: string;
  start_at: Date;
  end_at: Date;
  status: number;
  results_hash: string | null;
  execution_error: string | null;
  option_powers: string[];
  against_power: string;
  votes_count: number;
  user_vote: { options: number[]; is_against: boolean; power: string } | null;
}

// Status is derived at read time from the stored tally and the clock (spec: Active 0 .. ExecutionFailed 4).
const STATUS_SQL = `COALESCE(p.final_status, CASE WHEN p.closed_early OR p.end_at <= now() THEN p.outcome ELSE 0 END)::int`;
const PROPOSAL_COLUMNS = `p.id::text, p.chain_id, p.pool_address, p.type, p.title, p.description, p.author, p.voting_type,
  p.vote_options, p.custom_parameters, p.parameters, p.snapshot_block::text, p.total_power::text, p.start_at, p.end_at,
  ${STATUS_SQL} AS status, p.results_hash, p.execution_error, p.option_powers, p.against_power::text, p.votes_count`;

export interface VoteRow {
  voter_address: Address;
  options: number[];
  is_against: boolean;
  power: string;
  created_at: Date;
}

export interface SubmissionRow {
  proposal_type: string;
  results_hash: string;
  nonce: string;
  signature: Hex;
  verifier: Address;
  proposals: Array<{ id: string; status: string }>;
  /** The chain's head when the document was signed (null for documents signed before it was kept). */
  signed_block: string | null;
}

export interface ProposalFilter {
  chainId?: number | undefined;
  poolAddress?: string | undefined;
  voterAddress?: string | undefined;
  authorAddress?: string | undefined;
  statuses?: number[] | undefined;
  types?: string[] | undefined;
}

export class VotingRepository {
  constructor(readonly db: Db) {}

  async listTypes(chainId: number, pool: string): Promise<ProposalTypeRow[]> {
    const { rows } = await this.db.query<ProposalTypeRow>(
      `SELECT id::text, chain_id, pool_address, name, title, description, voting_type, parameters, created_at, updated_at
         FROM api.proposal_types WHERE chain_id = $1 AND pool_address = $2 ORDER BY id`,
      [chainId, pool],
    );
    return rows;
  }

  async findType(q: Queryable, chainId: number, pool: string, name: string): Promise<ProposalTypeRow | null> {
    const { rows } = await q.query<ProposalTypeRow>(
      `SELECT id::text, chain_id, pool_address, name, title, description, voting_type, parameters, created_at, updated_at
         FROM api.proposal_types WHERE chain_id = $1 AND pool_address = $2 AND name = $3`,
      [chainId, pool, name],
    );
    return rows[0] ?? null;
  }

  async upsertType(
    q: Queryable,
    t: {
      chainId: number;
      pool: string;
      name: string;
      title: string;
      description: string;
      parameters: TypeParameters;
    },
  ): Promise<void> {
    await q.query(
      `INSERT INTO api.proposal_types (chain_id, pool_address, name, title, description, voting_type, parameters)
       VALUES ($1, $2, $3, $4, $5, $6, $7)
       ON CONFLICT (chain_id, pool_address, name) DO UPDATE
         SET title = EXCLUDED.title, description = EXCLUDED.description, voting_type = EXCLUDED.voting_type,
             parameters = EXCLUDED.parameters, updated_at = now()`,
      [
        t.chainId,
        t.pool,
        t.name,
        t.title,
        t.description,
        t.parameters.voting_type,
        JSON.stringify(t.parameters),
      ],
    );
  }

  async insertProposal(p: {
    chainId: number;
    pool: string;
    type: string;
    title: string;
    description: string;
    author: Address;
    votingType: VotingType;
    voteOptions: string[];
    customParameters: Record<string, unknown>;
    parameters: TypeParameters;
    snapshotBlock: bigint;
    totalPower: bigint;
    durationSeconds: number;
  }): Promise<string> {
    const { rows } = await this.db.query<{ id: string }>(
      `INSERT INTO api.offchain_proposals
         (chain_id, pool_address, type, title, description, author, voting_type, vote_options, custom_parameters,
          parameters, snapshot_block, total_power, end_at, option_powers)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, now() + make_interval(secs => $13), $14)
       RETURNING id::text`,
      [
        p.chainId,
        p.pool,
        p.type,
        p.title,
        p.description,
        p.author,
        p.votingType,
        JSON.stringify(p.voteOptions),
        JSON.stringify(p.customParameters),
        JSON.stringify(p.parameters),
        p.snapshotBlock.toString(),
        p.totalPower.toString(),
        p.durationSeconds,
        JSON.stringify(p.voteOptions.map(() => "0")),
      ],
    );
    return rows[0]!.id;
  }

  async findProposal(
    q: Queryable,
    id: string,
    viewer: string | null,
    lock = false,
  ): Promise<ProposalRow | null> {
    const { rows } = await q.query<ProposalRow>(
      `SELECT ${PROPOSAL_COLUMNS},
              (SELECT json_build_object('options', v.options, 'is_against', v.is_against, 'power', v.power::text)
                 FROM api.offchain_votes v WHERE v.proposal_id = p.id AND v.voter_address = $2) AS user_vote
         FROM api.offchain_proposals p WHERE p.id = $1 ${lock ? "FOR UPDATE" : ""}`,
      [id, viewer ?? ""],
    );
    return rows[0] ?? null;
  }

  async listProposals(
    f: ProposalFilter,
    viewer: string | null,
    page: { number: number; limit: number; order: "asc" | "desc"; cursor?: string | null },
  ): Promise<{ rows: ProposalRow[]; total: number }> {
    const where: string[] = [];
    const params: unknown[] = [viewer ?? ""];
    const add = (sql: (n: number) => string, value: unknown) => {
      params.push(value);
      where.push(sql(params.length));
    };
    if (f.chainId !== undefined) add((n) => `p.chain_id = $${n}`, f.chainId);
    if (f.poolAddress) add((n) => `p.pool_address = $${n}`, f.poolAddress);
    if (f.authorAddress) add((n) => `p.author = $${n}`, f.authorAddress);
    if (f.types?.length) add((n) => `p.type = ANY($${n}::text[])`, f.types);
    if (f.statuses?.length) add((n) => `${STATUS_SQL} = ANY($${n}::int[])`, f.statuses);
    if (f.voterAddress) {
      add(
        (n) =>
          `EXISTS (SELECT 1 FROM api.offchain_votes v WHERE v.proposal_id = p.id AND v.voter_address = $${n})`,
        f.voterAddress,
      );
    }
    const whereSql = where.length ? `WHERE ${where.join(" AND ")}` : "";
    const dir = page.order === "asc" ? "ASC" : "DESC";
    const countSql = `SELECT count(*)::int AS total FROM api.offchain_proposals p ${whereSql.replace(/\$(\d+)/g, (_, n) => `$${Number(n) - 1}`)}`;
    const countParams = params.slice(1);
    // Keyset: after the previous page's last row, along the index, instead of skipping an offset.
    let pageWhere = whereSql;
    if (page.cursor) {
      add((n) => `p.id ${dir === "ASC" ? ">" : "<"} $${n}::bigint`, page.cursor);
      pageWhere = `WHERE ${where.join(" AND ")}`;
    }
    params.push(page.limit, page.cursor ? 0 : (page.number - 1) * page.limit);
    // A DAO's proposals are counted by a trigger; other filters count their rows.
    const isWholePool =
      f.chainId !== undefined &&
      !!f.poolAddress &&
      !f.authorAddress &&
      !f.voterAddress &&
      !f.types?.length &&
      !f.statuses?.length;
    const [list, count] = await Promise.all([
      this.db.query<ProposalRow>(
        `SELECT ${PROPOSAL_COLUMNS},
                (SELECT json_build_object('options', v.options, 'is_against', v.is_against, 'power', v.power::text)
                   FROM api.offchain_votes v WHERE v.proposal_id = p.id AND v.voter_address = $1) AS user_vote
           FROM api.offchain_proposals p ${pageWhere}
          ORDER BY p.id ${dir} LIMIT $${params.length - 1} OFFSET $${params.length}`,
        params,
      ),
      isWholePool
        ? this.db.query<{ total: number }>(
            "SELECT total FROM api.offchain_pool_counts WHERE chain_id = $1 AND pool_address = $2",
            [f.chainId, f.poolAddress],
          )
        : this.db.query<{ total: number }>(countSql, countParams),
    ]);
    return { rows: list.rows, total: count.rows[0]?.total ?? 0 };
  }

  async count(chainId: number, pool: string, activeOnly: boolean): Promise<number> {
    if (!activeOnly) {
      const counted = await this.db.query<{ total: number }>(
        "SELECT total FROM api.offchain_pool_counts WHERE chain_id = $1 AND pool_address = $2",
        [chainId, pool],
      );
      return counted.rows[0]?.total ?? 0;
    }
    const { rows } = await this.db.query<{ count: number }>(
      `SELECT count(*)::int AS count FROM api.offchain_proposals p
        WHERE p.chain_id = $1 AND p.pool_address = $2 ${activeOnly ? `AND ${STATUS_SQL} = 0` : ""}`,
      [chainId, pool],
    );
    return rows[0]?.count ?? 0;
  }

  async upsertVote(
    q: Queryable,
    v: { proposalId: string; voter: string; options: number[]; isAgainst: boolean; power: bigint },
  ): Promise<void> {
    await q.query(
      `INSERT INTO api.offchain_votes (proposal_id, voter_address, options, is_against, power)
       VALUES ($1, $2, $3, $4, $5)
       ON CONFLICT (proposal_id, voter_address) DO UPDATE
         SET options = EXCLUDED.options, is_against = EXCLUDED.is_against, power = EXCLUDED.power, created_at = now()`,
      [v.proposalId, v.voter, JSON.stringify(v.options), v.isAgainst, v.power.toString()],
    );
  }

  async listVotes(
    proposalId: string,
    page: { number: number; limit: number; order: "asc" | "desc" },
  ): Promise<{ rows: VoteRow[]; total: number }> {
    const dir = page.order === "asc" ? "ASC" : "DESC";
    const [list, count] = await Promise.all([
      this.db.query<VoteRow>(
        `SELECT voter_address, options, is_against, power::text, created_at FROM api.offchain_votes
          WHERE proposal_id = $1 ORDER BY power ${dir}, voter_address LIMIT $2 OFFSET $3`,
        [proposalId, page.limit, (page.number - 1) * page.limit],
      ),
      this.db.query<{ total: number }>(
        "SELECT count(*)::int AS total FROM api.offchain_votes WHERE proposal_id = $1",
        [proposalId],
      ),
    ]);
    return { rows: list.rows, total: count.rows[0]?.total ?? 0 };
  }

  async deleteVote(q: Queryable, proposalId: string, voter: string): Promise<boolean> {
    const { rowCount } = await q.query(
      "DELETE FROM api.offchain_votes WHERE proposal_id = $1 AND voter_address = $2",
      [proposalId, voter],
    );
    return (rowCount ?? 0) > 0;
  }

  async votes(q: Queryable, proposalId: string) {
    const { rows } = await q.query<{ options: number[]; is_against: boolean; power: string }>(
      "SELECT options, is_against, power::text FROM api.offchain_votes WHERE proposal_id = $1",
      [proposalId],
    );
    return rows;
  }

  /** Stores a proposal's new tally; answers the outcome it replaced. */
  async saveTally(
    q: Queryable,
    id: string,
    t: {
      optionPowers: bigint[];
      againstPower: bigint;
      outcome: number;
      closedEarly: boolean;
      votesCount: number;
    },
  ): Promise<{ previousOutcome: number }> {
    const { rows } = await q.query<{ previous_outcome: number }>(
      `UPDATE api.offchain_proposals p
          SET option_powers = $2, against_power = $3, outcome = $4, closed_early = $5, votes_count = $6
         FROM (SELECT id, outcome FROM api.offchain_proposals WHERE id = $1 FOR UPDATE) old
        WHERE p.id = old.id
       RETURNING old.outcome AS previous_outcome`,
      [
        id,
        JSON.stringify(t.optionPowers.map(String)),
        t.againstPower.toString(),
        t.outcome,
        t.closedEarly,
        t.votesCount,
      ],
    );
    return { previousOutcome: rows[0]!.previous_outcome };
  }

  /** Finished proposals of a type whose results were never submitted, locked for this submission. */
  async lockFinishedUnsubmitted(
    q: Queryable,
    chainId: number,
    pool: string,
    type: string,
  ): Promise<ProposalRow[]> {
    const { rows } = await q.query<ProposalRow>(
      `SELECT ${PROPOSAL_COLUMNS}, NULL::json AS user_vote FROM api.offchain_proposals p
        WHERE p.chain_id = $1 AND p.pool_address = $2 AND p.type = $3 AND p.results_hash IS NULL
          AND p.final_status IS NULL AND (p.closed_early OR p.end_at <= now())
        ORDER BY p.id FOR UPDATE SKIP LOCKED`,
      [chainId, pool, type],
    );
    return rows;
  }

  /** Serialises submissions of one pool across api instances until the transaction ends. */
  async lockPool(q: Queryable, chainId: number, pool: string): Promise<void> {
    await q.query("SELECT pg_advisory_xact_lock(hashtext($1))", [`offchain:${chainId}:${pool}`]);
  }

  /** The latest document signed for one proposal type of a pool. */
  async latestSubmission(
    q: Queryable,
    chainId: number,
    pool: string,
    type: string,
  ): Promise<SubmissionRow | null> {
    const { rows } = await q.query<SubmissionRow>(
      `SELECT proposal_type, results_hash, nonce::text, signature, verifier, proposals, signed_block::text
         FROM api.offchain_submissions WHERE chain_id = $1 AND pool_address = $2 AND proposal_type = $3
        ORDER BY id DESC LIMIT 1`,
      [chainId, pool, type],
    );
    return rows[0] ?? null;
  }

  /** Proposals by id, locked for the transaction, in id order. */
  async lockProposals(q: Queryable, ids: string[]): Promise<ProposalRow[]> {
    const { rows } = await q.query<ProposalRow>(
      `SELECT ${PROPOSAL_COLUMNS}, NULL::json AS user_vote FROM api.offchain_proposals p
        WHERE p.id = ANY($1::bigint[]) ORDER BY p.id FOR UPDATE`,
      [ids],
    );
    return rows;
  }

  async insertSubmission(q: Queryable, chainId: number, pool: string, s: SubmissionRow): Promise<void> {
    await q.query(
      `INSERT INTO api.offchain_submissions
         (chain_id, pool_address, proposal_type, results_hash, nonce, signature, verifier, proposals, signed_block)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
      [
        chainId,
        pool,
        s.proposal_type,
        s.results_hash,
        s.nonce,
        s.signature,
        s.verifier,
        JSON.stringify(s.proposals),
        s.signed_block,
      ],
    );
  }

  async markSubmitted(
    q: Queryable,
    id: string,
    resultsHash: string,
    finalStatus: 3 | 4 | null,
    error: string | null,
  ): Promise<void> {
    await q.query(
      "UPDATE api.offchain_proposals SET results_hash = $2, final_status = $3, execution_error = $4 WHERE id = $1",
      [id, resultsHash, finalStatus, error],
    );
  }
}
