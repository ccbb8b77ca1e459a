import type { OffchainProposalStatus } from "@polity/core/proposalStates";
import type { OffchainProposalRecord, ProposalTypeRecord } from "@polity/core/records/voting";
import { type Address, type Hex, isHex } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import type { GovPoolReader } from "../../chain/govPool.ts";
import type { ApiConfig } from "../../config.ts";
import { withTransaction } from "../../db/pool.ts";
import { ApiError, badRequest, conflict, forbidden, notFound, unavailable } from "../../http/errors.ts";
import type { ModuleDeps, NotificationPublisher, Session } from "../types.ts";
import type {
  ProposalFilter,
  ProposalRow,
  ProposalTypeRow,
  SubmissionRow,
  VotingRepository,
} from "./voting.repository.ts";
import {
  BUILT_IN_TYPES,
  offchainTemplateSchema,
  powerUnits,
  readBallot,
  type TypeParameters,
  tally,
} from "./voting.rules.ts";

/** A proposal type with its template as the rules read it. */
export interface ProposalType extends Omit<ProposalTypeRecord, "parameters"> {
  parameters: TypeParameters;
}

/** A signed results document as the api answers it. */
const submissionView = (
  { signed_block: _, ...s }: SubmissionRow,
  chainId: number,
  pool: Address,
  signed: { signature: Hex; submitter: Address; deadline: string; quorum_reached: boolean },
) => ({
  ...s,
  ...signed,
  chain_id: chainId,
  pool_address: pool,
});

export const OFFCHAIN_RESULTS_TYPES = {
  OffchainResults: [
    { name: "resultsHash", type: "string" },
    { name: "nonce", type: "uint256" },
    { name: "submitter", type: "address" },
    { name: "deadline", type: "uint256" },
    { name: "quorumReached", type: "bool" },
  ],
} as const;

/** How long a signature of off-chain results stays valid on chain (seconds). */
export const OFFCHAIN_RESULTS_TTL_SECONDS = 3600;

/** The tally's outcome of a proposal that reaches its quorum (approved if voting ended now). */
const APPROVED = 1;

/** Statuses of a proposal that reached its quorum: approved, executed or failed at execution. */
const QUORUM_STATUSES = new Set(["1", "3", "4"]);

export const offchainResultsDomain = (chainId: number, pool: Address) => ({
  name: "Polity GovPool",
  version: "1",
  chainId,
  verifyingContract: pool,
});

const MAX_OPTIONS = 20;

/** What the service tells the DAO's off-chain subscribers through: the publisher and the DAO's name. */
export interface OffchainNotifications extends NotificationPublisher {
  /** The DAO's indexed name, null when unknown. */
  poolName(chainId: number, pool: string): Promise<string | null>;
}

export class VotingService {
  constructor(
    private readonly repo: VotingRepository,
    private readonly govPools: GovPoolReader,
    private readonly ipfs: Pick<ModuleDeps["ipfs"], "putJson">,
    private readonly config: ApiConfig,
    private readonly notifications?: OffchainNotifications,
  ) {}

  async listTypes(chainId: number, pool: string): Promise<ProposalType[]> {
    const stored = await this.repo.listTypes(chainId, pool);
    const byName = new Map(stored.map((t) => [t.name, t]));
    const builtIns = BUILT_IN_TYPES.map((b) => this.typeView(chainId, pool, byName.get(b.name) ?? b, true));
    const custom = stored
      .filter((t) => !BUILT_IN_TYPES.some((b) => b.name === t.name))
      .map((t) => this.typeView(chainId, pool, t, false));
    return [...builtIns, ...custom];
  }

  async getType(chainId: number, pool: string, name: string): Promise<ProposalType> {
    const stored = await this.repo.findType(this.repo.db, chainId, pool, name);
    const builtIn = BUILT_IN_TYPES.find((b) => b.name === name);
    const def = stored ?? builtIn;
    if (!def) throw notFound("errors.api.proposalTypeNotFound", { name });
    return this.typeView(chainId, pool, def, builtIn !== undefined);
  }

  async createProposal(
    session: Session,
    input: {
      chainId: number;
      pool: Address;
      type: string;
      title: string;
      description: string;
      voteOptions: string[];
      customParameters: Record<string, unknown>;
    },
  ): Promise<ProposalRow> {
    const type = await this.getType(input.chainId, input.pool, input.type);
    const params = type.parameters;
    const voteOptions = params.voting_type === "for_against" ? ["for", "against"] : input.voteOptions;
    if (params.voting_type !== "for_against") {
      if (voteOptions.length < 2 || voteOptions.length > MAX_OPTIONS) {
        throw badRequest("errors.api.voteOptionsCount", { max: MAX_OPTIONS }, { field: "vote_options" });
      }
      if (new Set(voteOptions.map((o) => o.trim().toLowerCase())).size !== voteOptions.length) {
        throw badRequest("errors.api.voteOptionsRepeat", {}, { field: "vote_options" });
      }
      if (voteOptions.some((o) => o.trim().toLowerCase() === "against")) {
        throw badRequest("errors.api.voteOptionReserved", {}, { field: "vote_options" });
      }
    }
    const customParameters = await this.checkExecutable(
      input.chainId,
      input.pool,
      input.type,
      input.customParameters,
    );

    const [head, settingsPower, decimals] = await Promise.all([
      this.govPools.blockNumber(input.chainId),
      this.govPools.userPower(input.chainId, input.pool, session.address, undefined, params.use_delegated),
      this.govPools.powerDecimals(input.chainId, input.pool),
    ]);
    // The block before creation: power moved into the pool in the very block a proposal is created
    // on top of (a flash deposit, a front-run) never counts.
    const snapshotBlock = head > 0n ? head - 1n : 0n;
    if (
      settingsPower.power === 0n ||
      settingsPower.power < powerUnits(params.minimal_create_proposal_power, decimals)
    ) {
      throw forbidden(
        "errors.api.proposalPowerTooLow",
        {},
        {
          required_power: params.minimal_create_proposal_power,
          power: settingsPower.power.toString(),
        },
      );
    }
    // Voting power of everyone is taken at this block; total power is the quorum's denominator.
    const totalPower = await this.govPools.totalPower(input.chainId, input.pool, snapshotBlock);
    const id = await this.repo.insertProposal({
      chainId: input.chainId,
      pool: input.pool,
      type: input.type,
      title: input.title,
      description: input.description,
      author: session.address,
      votingType: params.voting_type,
      voteOptions,
      customParameters,
      parameters: params,
      snapshotBlock,
      totalPower,
      durationSeconds: params.voting_duration,
    });
    return (await this.repo.findProposal(this.repo.db, id, session.address))!;
  }

  async getProposal(id: string, viewer: string | null): Promise<ProposalRow> {
    const row = await this.repo.findProposal(this.repo.db, id, viewer);
    if (!row) throw notFound("errors.api.proposalNotFound", { id });
    return row;
  }

  listProposals(
    filter: ProposalFilter,
    viewer: string | null,
    page: { number: number; limit: number; order: "asc" | "desc"; cursor?: string | null },
  ) {
    return this.repo.listProposals(filter, viewer, page);
  }

  /** A proposal's votes, largest first, with the chosen option texts. */
  async listVotes(proposalId: string, page: { number: number; limit: number; order: "asc" | "desc" }) {
    const proposal = await this.getProposal(proposalId, null);
    const { rows, total } = await this.repo.listVotes(proposalId, page);
    return {
      total,
      votes: rows.map((v) => ({
        proposal_id: proposal.id,
        voter_address: v.voter_address,
        options: v.is_against ? ["against"] : v.options.map((i) => proposal.vote_options[i] ?? String(i)),
        is_against: v.is_against,
        power: v.power,
        created_at: v.created_at.toISOString(),
      })),
    };
  }

  count(chainId: number, pool: string, activeOnly: boolean) {
    return this.repo.count(chainId, pool, activeOnly);
  }

  async vote(session: Session, proposalId: string, ballot: string[]): Promise<ProposalRow> {
    const proposal = await this.getProposal(proposalId, session.address);
    if (proposal.status !== 0) throw conflict("errors.api.votingOver");
    const read = readBallot(proposal.voting_type, proposal.vote_options, ballot);
    if ("error" in read) throw badRequest(read.error, {}, { field: "options" });
    const { options, isAgainst } = read;
    const pool = proposal.pool_address as Address;
    const [{ power }, decimals] = await Promise.all([
      this.govPools.userPower(
        proposal.chain_id,
        pool,
        session.address,
        BigInt(proposal.snapshot_block),
        proposal.parameters.use_delegated,
      ),
      this.govPools.powerDecimals(proposal.chain_id, pool),
    ]);
    if (power === 0n || power < powerUnits(proposal.parameters.minimal_vote_power, decimals)) {
      throw forbidden(
        "errors.api.votePowerTooLow",
        {},
        {
          required_power: proposal.parameters.minimal_vote_power,
          power: power.toString(),
          snapshot_block: proposal.snapshot_block,
        },
      );
    }
    await withTransaction(this.repo.db, async (tx) => {
      const locked = await this.repo.findProposal(tx, proposalId, null, true);
      if (locked?.status !== 0) throw conflict("errors.api.votingOver");
      await this.repo.upsertVote(tx, { proposalId, voter: session.address, options, isAgainst, power });
      await this.retally(tx, locked, session.address);
    });
    return this.getProposal(proposalId, session.address);
  }

  async cancelVote(session: Session, proposalId: string, user: string): Promise<void> {
    if (user !== session.address) throw forbidden("errors.api.cancelOtherVote");
    await withTransaction(this.repo.db, async (tx) => {
      const locked = await this.repo.findProposal(tx, proposalId, null, true);
      if (!locked) throw notFound("errors.api.proposalNotFound", { id: proposalId });
      if (locked.status !== 0) throw conflict("errors.api.votingOver");
      if (!(await this.repo.deleteVote(tx, proposalId, user))) throw notFound("errors.api.voteNotFound");
      await this.retally(tx, locked, session.address);
    });
  }

  /**
   * Finalises the finished, unsubmitted proposals of one type: applies approved executable proposals,
   * stores the results document (its CID is the results hash) and signs it as the pool's verifier.
   *
   * The pool saves one document per on-chain nonce, but each type waits only for its own: documents of
   * several types may be signed at the same nonce. The first saved on chain moves the nonce; a document
   * it outran is signed again, with its proposals' results unchanged, the next time its type is submitted.
   */
  async submit(chainId: number, pool: Address, type: string, submitter: Address) {
    const key = this.config.verifierKeys[chainId];
    if (!key || !isHex(key)) throw unavailable("errors.api.verifierNotConfigured", { chainId });
    const account = privateKeyToAccount(key as Hex);
    const [nonce, head] = await Promise.all([
      this.govPools.offchainResultsNonce(chainId, pool),
      this.govPools.blockNumber(chainId),
    ]);

    return withTransaction(this.repo.db, async (tx) => {
      await this.repo.lockPool(tx, chainId, pool);
      const own = await this.repo.latestSubmission(tx, chainId, pool, type);
      // Not saved and still signed at the pool's nonce: a retry gets the same signed results.
      // Signed for the caller alone, valid for an hour (M3): a front-runner cannot replay it, and each ask signs
      // anew for whoever asks.
      const signFor = async (resultsHash: string, at: bigint, proposals: { status: string }[]) => {
        const deadline = BigInt(Math.floor(Date.now() / 1000) + OFFCHAIN_RESULTS_TTL_SECONDS);
        const quorumReached = proposals.some((p) => QUORUM_STATUSES.has(p.status));
        const signature = await account.signTypedData({
          domain: offchainResultsDomain(chainId, pool),
          types: OFFCHAIN_RESULTS_TYPES,
          primaryType: "OffchainResults",
          message: { resultsHash, nonce: at, submitter, deadline, quorumReached },
        });
        return { signature, submitter, deadline: deadline.toString(), quorum_reached: quorumReached };
      };
      if (own && BigInt(own.nonce) >= nonce) {
        return submissionView(
          own,
          chainId,
          pool,
          await signFor(own.results_hash, BigInt(own.nonce), own.proposals),
        );
      }
      // Signed at a nonce another document took: its proposals go into this type's next document.
      const since = own?.signed_block ? BigInt(own.signed_block) : null;
      const outrun =
        own && !(await this.govPools.savedOffchainResults(chainId, pool, since)).has(own.results_hash);
      const carried = outrun
        ? await this.repo.lockProposals(
            tx,
            own.proposals.map((p) => p.id),
          )
        : [];
      const finished = await this.repo.lockFinishedUnsubmitted(tx, chainId, pool, type);
      if (carried.length + finished.length === 0) throw conflict("errors.api.noFinishedProposals");
      // Carried proposals keep the results they were signed with (executable ones are applied already).
      const results: Array<{ proposal: ProposalRow; status: number; error: string | null }> = carried.map(
        (p) => ({ proposal: p, status: p.status, error: p.execution_error }),
      );
      for (const p of finished) {
        if (p.status !== 1) {
          results.push({ proposal: p, status: p.status, error: null });
          continue;
        }
        try {
          await tx.query("SAVEPOINT apply_proposal");
          await this.applyExecutable(tx, p);
          await tx.query("RELEASE SAVEPOINT apply_proposal");
          results.push({ proposal: p, status: 3, error: null });
        } catch (err) {
          await tx.query("ROLLBACK TO SAVEPOINT apply_proposal");
          const message = err instanceof ApiError ? err.message : "execution failed";
          results.push({ proposal: p, status: 4, error: message });
        }
      }
      const document = {
        kind: "polity.offchain-results",
        version: 1,
        chain_id: chainId,
        pool_address: pool,
        proposal_type: type,
        nonce: nonce.toString(),
        proposals: results.map(({ proposal: p, status, error }) => {
          return {
            id: p.id,
            title: p.title,
            status: String(status),
            vote_options: p.vote_options,
            option_powers: p.option_powers,
            against_power: p.against_power,
            total_power: p.total_power,
            snapshot_block: p.snapshot_block,
            votes_count: p.votes_count,
            ...(error ? { execution_error: error } : {}),
          };
        }),
      };
      const resultsHash = await this.ipfs.putJson(document);
      for (const r of results) {
        const finalStatus = r.status === 3 || r.status === 4 ? r.status : null;
        await this.repo.markSubmitted(tx, r.proposal.id, resultsHash, finalStatus, r.error);
      }
      const proposals = results.map((r) => ({ id: r.proposal.id, status: String(r.status) }));
      const signed = await signFor(resultsHash, nonce, proposals);
      const submission = {
        proposal_type: type,
        results_hash: resultsHash,
        nonce: nonce.toString(),
        signature: signed.signature,
        verifier: account.address,
        proposals,
        signed_block: head.toString(),
      };
      await this.repo.insertSubmission(tx, chainId, pool, submission);
      return submissionView(submission, chainId, pool, signed);
    });
  }

  /**
   * Counts the proposal's votes again after `actor` changed one. A proposal that had reached its quorum
   * (approved if voting ended now) and no longer does is news for the DAO's off-chain subscribers, stored
   * in the vote's transaction: told exactly when the change is kept.
   */
  private async retally(tx: Parameters<VotingRepository["votes"]>[0], p: ProposalRow, actor: Address) {
    const votes = await this.repo.votes(tx, p.id);
    const t = tally(
      p.parameters,
      BigInt(p.total_power),
      p.vote_options.length,
      votes.map((v) => ({ options: v.options, isAgainst: v.is_against, power: BigInt(v.power) })),
    );
    const { previousOutcome } = await this.repo.saveTally(tx, p.id, {
      optionPowers: t.optionPowers,
      againstPower: t.againstPower,
      outcome: t.outcome,
      closedEarly: t.closedEarly,
      votesCount: votes.length,
    });
    if (!this.notifications || previousOutcome !== APPROVED || t.outcome === APPROVED) return;
    const name = await this.notifications
      .poolName(p.chain_id, p.pool_address)
      .catch((): string | null => null);
    const occurredAt = new Date();
    await this.notifications.publish(
      {
        key: `OFFCHAIN_PROPOSAL_QUORUM_LOST:${p.chain_id}:${p.id}:${occurredAt.getTime()}`,
        topic: "OFFCHAIN_PROPOSAL_QUORUM_LOST",
        chainId: p.chain_id,
        destination: p.pool_address,
        recipients: [],
        actor,
        params: {
          pool: p.pool_address,
          pool_name: name ?? p.pool_address,
          offchain_proposal_id: p.id,
          title: p.title,
          actor,
        },
        occurredAt,
      },
      tx,
    );
  }

  /** Validates the payload of an executable proposal when it is created, so voting is never wasted. */
  private async checkExecutable(
    chainId: number,
    pool: string,
    type: string,
    custom: Record<string, unknown>,
  ) {
    if (type !== "create_proposal_type" && type !== "edit_proposal_type") return custom;
    const parsed = offchainTemplateSchema.safeParse(custom);
    if (!parsed.success) throw invalidCustom(parsed.error.issues);
    const existing = await this.getType(chainId, pool, parsed.data.name).catch(() => null);
    if (type === "create_proposal_type" && existing)
      throw conflict("errors.api.proposalTypeExists", { name: parsed.data.name });
    if (type === "edit_proposal_type") {
      if (!existing) throw notFound("errors.api.proposalTypeNotFound", { name: parsed.data.name });
      if (JSON.stringify(canonical(existing.parameters)) === JSON.stringify(canonical(parsed.data))) {
        throw badRequest("validation.nothingChanged");
      }
    }
    // The client's text form is kept (durations as typed); it is parsed again when executed.
    return custom;
  }

  private async applyExecutable(tx: Parameters<VotingRepository["votes"]>[0], p: ProposalRow) {
    if (p.type !== "create_proposal_type" && p.type !== "edit_proposal_type") return;
    const parsed = offchainTemplateSchema.safeParse(p.custom_parameters);
    if (!parsed.success) throw badRequest("errors.api.templateInvalid");
    const template = parsed.data as TypeParameters;
    const stored = await this.repo.findType(tx, p.chain_id, p.pool_address, template.name);
    const isBuiltIn = BUILT_IN_TYPES.some((b) => b.name === template.name);
    if (p.type === "create_proposal_type" && (stored || isBuiltIn)) {
      throw conflict("errors.api.proposalTypeExists", { name: template.name });
    }
    if (p.type === "edit_proposal_type" && !stored && !isBuiltIn) {
      throw notFound("errors.api.proposalTypeGone", { name: template.name });
    }
    await this.repo.upsertType(tx, {
      chainId: p.chain_id,
      pool: p.pool_address,
      name: template.name,
      title: template.name,
      description: template.description,
      parameters: template,
    });
  }

  private typeView(
    chainId: number,
    pool: string,
    t: TypeParameters | ProposalTypeRow,
    isBuiltIn: boolean,
  ): ProposalType {
    const parameters = "parameters" in t ? t.parameters : t;
    return {
      chain_id: chainId,
      pool_address: pool as Address,
      name: parameters.name,
      title: parameters.name,
      description: parameters.description,
      voting_type: parameters.voting_type,
      parameters,
      is_built_in: isBuiltIn,
    };
  }
}

/** Template parameters without presentation-only differences, for "nothing changed" checks. */
function canonical(t: TypeParameters) {
  return Object.fromEntries(Object.entries(t).sort(([a], [b]) => a.localeCompare(b)));
}

function invalidCustom(issues: { path: PropertyKey[]; message: string }[]) {
  return badRequest(
    "errors.api.customParametersInvalid",
    { issues: issues.map((i) => `${i.path.join(".") || "(root)"} ${i.message}`).join("; ") },
    { field: "custom_parameters" },
  );
}

export const proposalAttributes = (p: ProposalRow): OffchainProposalRecord => ({
  chain_id: p.chain_id,
  pool_address: p.pool_address,
  type: p.type,
  title: p.title,
  description: p.description,
  author: p.author,
  voting_type: p.voting_type,
  vote_options: p.vote_options,
  custom_parameters: p.custom_parameters,
  parameters: p.parameters,
  snapshot_block: p.snapshot_block,
  total_power: p.total_power,
  start_at: p.start_at.toISOString(),
  end_at: p.end_at.toISOString(),
  status: String(p.status) as OffchainProposalStatus,
  option_powers: p.option_powers,
  against_power: p.against_power,
  votes_count: p.votes_count,
  results_hash: p.results_hash,
  execution_error: p.execution_error,
  user_vote: p.user_vote,
});
