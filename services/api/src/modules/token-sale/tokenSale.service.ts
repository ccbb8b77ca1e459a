import { StandardMerkleTree } from "@openzeppelin/merkle-tree";
import type {
  DistributionRecord,
  MerkleProofRecord,
  MerkleWhitelistRecord,
  ParticipantRecord,
  ParticipationRecord,
  PurchaseRecord,
  SaleExecutorsRecord,
  TierRecord,
} from "@polity/core/records/tokenSale";
import { tierProgressBps, tierStatus, vestedAmount, vestingSchedule } from "@polity/core/tokenSale";
import type { Address, Hex } from "viem";
import { badRequest, notFound } from "../../http/errors.ts";
import { offsetOf, type Page } from "../../http/jsonapi.ts";
import type { IndexerReader } from "../../indexer/indexer.ts";
import type { IndexerTables } from "../../indexer/tables.ts";
import type {
  DistributionRepository,
  MerkleWhitelistRepository,
  TokenSaleRepository,
} from "./tokenSale.repository.ts";

type TierRow = IndexerTables["tokenSaleTier"]["$inferSelect"];
type ParticipantRow = IndexerTables["tokenSaleParticipant"]["$inferSelect"];
type PurchaseRow = IndexerTables["tokenSalePurchase"]["$inferSelect"];

/** Most addresses one whitelist may hold (a proof of 17 hashes). */
export const MAX_WHITELIST = 100_000;

const timing = (t: TierRow) => ({
  isOff: t.isOff,
  saleStartTime: BigInt(t.saleStartTime),
  saleEndTime: BigInt(t.saleEndTime),
  totalTokenProvided: BigInt(t.totalTokenProvided),
  totalSold: BigInt(t.totalSold),
});

const vestingOf = (t: TierRow) => ({
  start: BigInt(t.saleEndTime),
  cliff: BigInt(t.cliffPeriod),
  duration: BigInt(t.vestingDuration),
  step: BigInt(t.unlockStep),
});

function toParticipation(p: Record<string, string | number>): ParticipationRecord {
  const s = (k: string) => (p[k] === undefined ? undefined : String(p[k]));
  const out: ParticipationRecord = { participation_type: Number(p.participationType) };
  if (s("minVotes") !== undefined) out.min_votes = s("minVotes");
  if (s("token") !== undefined) out.token = s("token") as Address;
  if (s("amount") !== undefined) out.amount = s("amount");
  if (s("nft") !== undefined) out.nft = s("nft") as Address;
  if (s("count") !== undefined) out.count = s("count");
  if (s("merkleRoot") !== undefined) out.merkle_root = s("merkleRoot") as Hex;
  if (s("merkleUri") !== undefined) out.merkle_uri = s("merkleUri");
  return out;
}

export function toTier(t: TierRow, now: number): TierRecord {
  return {
    chain_id: t.chainId,
    pool_address: t.pool,
    token_sale: t.tokenSale,
    tier_id: t.tierId,
    name: t.name,
    description: t.description,
    status: tierStatus(timing(t), BigInt(now)),
    sale_token: t.saleToken,
    total_token_provided: t.totalTokenProvided,
    total_sold: t.totalSold,
    progress_bps: tierProgressBps(timing(t)),
    sale_start_time: Number(t.saleStartTime),
    sale_end_time: Number(t.saleEndTime),
    claim_lock_duration: Number(t.claimLockDuration),
    receiver: t.receiver,
    min_allocation_per_user: t.minAllocationPerUser,
    max_allocation_per_user: t.maxAllocationPerUser,
    vesting_percentage: t.vestingPercentage,
    vesting_duration: Number(t.vestingDuration),
    cliff_period: Number(t.cliffPeriod),
    unlock_step: Number(t.unlockStep),
    purchase_tokens: t.purchaseTokens.map((p) => ({ token: p.token, exchange_rate: p.exchangeRate })),
    participation: t.participation.map(toParticipation),
    merkle_root: (t.merkleRoot as Hex | null) ?? null,
    merkle_uri: t.merkleUri,
    is_off: t.isOff,
    recovered_amount: t.recoveredAmount,
    buyers_count: t.buyersCount,
    created_at: Number(t.createdAt),
    created_tx: t.createdTx as Hex,
  };
}

const toPurchase = (b: PurchaseRow): PurchaseRecord => ({
  tier_id: b.tierId,
  payment_token: b.paymentToken,
  paid: b.paid,
  commission: b.commission,
  bought: b.bought,
  vesting_amount: b.vestingAmount,
  timestamp: Number(b.timestamp),
  tx_hash: b.txHash as Hex,
});

export function toParticipant(
  p: ParticipantRow,
  t: TierRow,
  purchases: PurchaseRow[],
  now: number,
): ParticipantRecord {
  const bought = BigInt(p.bought);
  const vestingTotal = BigInt(p.vestingTotal);
  const claimTotal = bought - vestingTotal;
  const claimableFrom = BigInt(t.saleEndTime) + BigInt(t.claimLockDuration);
  const claimed = BigInt(p.claimed);
  const vested = vestedAmount(vestingTotal, vestingOf(t), BigInt(now));
  return {
    chain_id: p.chainId,
    pool_address: p.pool,
    tier_id: p.tierId,
    user: p.user,
    sale_token: t.saleToken,
    tier_status: tierStatus(timing(t), BigInt(now)),
    bought: p.bought,
    claim_total: claimTotal.toString(),
    claimed: p.claimed,
    claimable: (BigInt(now) >= claimableFrom ? claimTotal - claimed : 0n).toString(),
    claimable_from: Number(claimableFrom),
    vesting_total: p.vestingTotal,
    vesting_withdrawn: p.vestingWithdrawn,
    vesting_withdrawable: (vested - BigInt(p.vestingWithdrawn)).toString(),
    vesting_schedule: vestingSchedule(vestingTotal, vestingOf(t)),
    locked_tokens: p.lockedTokens,
    locked_nfts: p.lockedNfts,
    purchases: purchases.filter((b) => b.tierId === p.tierId).map(toPurchase),
  };
}

/** A DAO's tiers and a buyer's positions, from the indexer's tables. */
export class TokenSaleService {
  constructor(
    private readonly repo: TokenSaleRepository,
    private readonly indexer: IndexerReader,
    private readonly clock: () => number = () => Math.floor(Date.now() / 1000),
  ) {}

  async tiers(chainId: number, pool: string, page: Page) {
    const meta = await this.indexer.indexedPool(chainId, pool, this.clock);
    const rows = await this.indexer.read(() => this.repo.tiers(chainId, pool, offsetOf(page)));
    return { meta, total: rows[0]?.total ?? 0, rows: rows.map((r) => toTier(r.tier, meta.state_time)) };
  }

  async tier(chainId: number, pool: string, tierId: string) {
    const meta = await this.indexer.indexedPool(chainId, pool, this.clock);
    const [row] = await this.indexer.read(() =>
      this.repo.tiers(chainId, pool, { limit: 1, offset: 0, order: "asc" }, tierId),
    );
    if (!row) throw notFound("errors.api.tierNotFound", { tierId, pool, chainId });
    return { meta, tier: toTier(row.tier, meta.state_time) };
  }

  async participants(chainId: number, pool: string, user: string, page: Page) {
    const meta = await this.indexer.indexedPool(chainId, pool, this.clock);
    const rows = await this.indexer.read(() => this.repo.participants(chainId, pool, user, offsetOf(page)));
    const purchases = await this.indexer.read(() =>
      this.repo.purchases(
        chainId,
        pool,
        user,
        rows.map((r) => r.participant.tierId),
      ),
    );
    return {
      meta,
      total: rows[0]?.total ?? 0,
      rows: rows.map((r) => toParticipant(r.participant, r.tier, purchases, meta.state_time)),
    };
  }
}

/**
 * A DAO's executors and its proposals' distributions, from the indexer's tables. A voter's share follows
 * DistributionProposal: `amount × personal raw votes for / the proposal's raw votes for`, once the proposal
 * executed for, unless already claimed.
 */
export class DistributionService {
  constructor(
    private readonly repo: DistributionRepository,
    private readonly indexer: IndexerReader,
    private readonly clock: () => number = () => Math.floor(Date.now() / 1000),
  ) {}

  async executors(chainId: number, pool: Address) {
    const meta = await this.indexer.indexedPool(chainId, pool, this.clock);
    const row = await this.indexer.read(() => this.repo.executors(chainId, pool));
    const executors: SaleExecutorsRecord = {
      chain_id: chainId,
      pool_address: pool,
      token_sale: row.tokenSale,
      distribution: row.distribution,
    };
    return { meta, executors };
  }

  async distribution(chainId: number, pool: Address, proposalId: string, voter: Address | undefined) {
    const meta = await this.indexer.indexedPool(chainId, pool, this.clock);
    const [executors, { funded, proposal }, position] = await Promise.all([
      this.indexer.read(() => this.repo.executors(chainId, pool)),
      this.indexer.read(() => this.repo.distribution(chainId, pool, proposalId)),
      voter ? this.indexer.read(() => this.repo.voter(chainId, pool, proposalId, voter)) : null,
    ]);
    const amount = BigInt(funded?.amount ?? 0);
    let voterRecord: DistributionRecord["voter"] = null;
    if (voter && position) {
      const { vote, claim } = position;
      const rawFor = vote?.isVoteFor && !vote.isCancelled ? BigInt(vote.amount) : 0n;
      const total = BigInt(proposal?.rawVotesFor ?? 0);
      const claimable =
        funded && proposal?.executedFor === true && !claim && total > 0n ? (amount * rawFor) / total : 0n;
      voterRecord = {
        address: voter,
        raw_votes_for: rawFor.toString(),
        claimable: claimable.toString(),
        claimed: claim ? String(claim.amount) : null,
      };
    }
    const record: DistributionRecord = {
      chain_id: chainId,
      pool_address: pool,
      distribution_proposal: executors.distribution,
      proposal_id: proposalId,
      is_funded: funded !== null,
      token: (funded?.token as Address | undefined) ?? null,
      amount: amount.toString(),
      claimed_total: String(funded?.claimedTotal ?? 0),
      claims_count: funded?.claimsCount ?? 0,
      voter: voterRecord,
    };
    return { meta, distribution: record };
  }
}

const toWhitelist = (
  root: string,
  w: { chain_id: number; pool_address: Address; addresses: Address[]; created_at: Date },
): MerkleWhitelistRecord => ({
  root: root as Hex,
  chain_id: w.chain_id,
  pool_address: w.pool_address,
  addresses: w.addresses,
  created_at: new Date(w.created_at).toISOString(),
});

/** Merkle whitelists of token sale tiers: stored by root, proofs served per address. */
export class MerkleWhitelistService {
  constructor(private readonly repo: MerkleWhitelistRepository) {}

  /** Builds the StandardMerkleTree of `[address]` over the distinct lower-cased addresses and stores it. */
  async create(account: string, chainId: number, pool: Address, addresses: Address[]) {
    const unique = [...new Set(addresses.map((a) => a.toLowerCase() as Address))].sort();
    if (unique.length === 0) throw badRequest("errors.api.whitelistEmpty");
    if (unique.length > MAX_WHITELIST)
      throw badRequest("errors.api.whitelistTooLong", { max: MAX_WHITELIST });
    const tree = StandardMerkleTree.of(
      unique.map((a) => [a]),
      ["address"],
    );
    await this.repo.put(
      { root: tree.root, chain_id: chainId, pool_address: pool, addresses: unique, tree: tree.dump() },
      account,
    );
    const stored = await this.repo.get(tree.root);
    return toWhitelist(
      tree.root,
      stored ?? { chain_id: chainId, pool_address: pool, addresses: unique, created_at: new Date() },
    );
  }

  async get(root: string) {
    const row = await this.repo.get(root.toLowerCase());
    if (!row) throw notFound("errors.api.whitelistNotFound", { root });
    return toWhitelist(row.root, row);
  }

  async proof(root: string, address: Address): Promise<MerkleProofRecord> {
    const row = await this.repo.get(root.toLowerCase());
    if (!row) throw notFound("errors.api.whitelistNotFound", { root });
    const tree = StandardMerkleTree.load(row.tree as Parameters<typeof StandardMerkleTree.load<[string]>>[0]);
    const wanted = address.toLowerCase();
    for (const [i, [a]] of tree.entries()) {
      if (a.toLowerCase() === wanted)
        return { root: row.root as Hex, address: wanted as Address, proof: tree.getProof(i) as Hex[] };
    }
    throw notFound("errors.api.notInWhitelist", { address, root });
  }
}
