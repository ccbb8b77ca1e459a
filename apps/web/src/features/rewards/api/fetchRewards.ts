import { govPoolAbi } from "@polity/core/generated/contracts";
import { ProposalState } from "@polity/core/proposalStates";
import { userProposalListDocument } from "@polity/core/records/governance";
import { type Address, erc20Abi, zeroAddress } from "viem";
import { readBatch, readCall } from "../../../shared/chain/readBatch.ts";
import type { ReadClient } from "../../../shared/chain/readClient.ts";
import {
  governancePath,
  type IndexedReadOptions,
  readIndexedPage,
} from "../../../shared/tracker/governanceApi.ts";

/** Executed proposals the claim page shows at a time. */
export const REWARDS_PAGE_SIZE = 25;

export interface ProposalReward {
  id: bigint;
  token: Address;
  staticReward: bigint;
  voting: { personal: bigint; micropool: bigint; treasury: bigint };
  /** What a locked multiplier NFT adds to the vote rewards, paid by the same claim. */
  multiplierBonus: bigint;
  total: bigint;
  /** The indexer recorded a reward payment to the user for this proposal. */
  hasClaimed: boolean;
}

export interface TokenInfo {
  symbol: string;
  decimals: number;
}

export interface RewardsOverview {
  dao: Address;
  daoName: string;
  /** A page of the executed proposals the user took part in (newest first) with pending rewards. */
  proposals: ProposalReward[];
  page: number;
  pageCount: number;
  total: number;
  /** The indexer had not reached the user's latest transaction when the list was read. */
  isBehind: boolean;
  offchain: { token: Address; amount: bigint }[];
  tokens: Record<string, TokenInfo>;
}

export type RewardStatus = "claimable" | "alreadyClaimed" | "none";

export function rewardStatus(reward: ProposalReward): RewardStatus {
  if (reward.total > 0n) return "claimable";
  return reward.hasClaimed ? "alreadyClaimed" : "none";
}

/** Symbols and decimals of reward tokens (the zero address, no reward, left out), keyed by lower-cased address. */
export async function fetchRewardTokens(
  client: ReadClient,
  addresses: readonly Address[],
): Promise<Record<string, TokenInfo>> {
  const tokenAddresses = [...new Set(addresses.filter((a) => a !== zeroAddress))];
  const meta = await readBatch(client, {
    symbols: tokenAddresses.map((address) => readCall({ address, abi: erc20Abi }, "symbol")),
    decimals: tokenAddresses.map((address) => readCall({ address, abi: erc20Abi }, "decimals")),
  });
  const tokens: Record<string, TokenInfo> = {};
  tokenAddresses.forEach((address, i) => {
    tokens[address.toLowerCase()] = { symbol: meta.symbols[i] ?? "", decimals: meta.decimals[i] ?? 18 };
  });
  return tokens;
}

/** Ids whose rewards one claimRewards call can pay (on-chain pending > 0). */
export function claimableIds(overview: RewardsOverview): bigint[] {
  return overview.proposals.filter((p) => p.total > 0n).map((p) => p.id);
}

/**
 * The user's rewards in a DAO: the executed proposals the user created, voted on, moved, executed
 * or was paid for, a page at a time from the indexer through the api; then, in one multicall, the
 * pool's name and the pending rewards of that page (plus off-chain rewards); then the reward
 * tokens' metadata. Two JSON-RPC requests at most.
 */
export async function fetchRewards(
  client: ReadClient,
  dao: Address,
  user: Address,
  page = 1,
  options: IndexedReadOptions = {},
): Promise<RewardsOverview> {
  const chainId = client.chain?.id ?? 0;
  const list = await readIndexedPage(
    chainId,
    `${governancePath(chainId, dao)}/user-proposals/${user.toLowerCase()}`,
    userProposalListDocument,
    {
      ...options,
      query: {
        filter: { state: [ProposalState.ExecutedFor, ProposalState.ExecutedAgainst] },
        page: { number: page, limit: REWARDS_PAGE_SIZE, order: "desc" },
      },
    },
  );
  const ids = list.items.map((p) => BigInt(p.proposal_id));
  const pool = { address: dao, abi: govPoolAbi } as const;
  const read = await readBatch(
    client,
    { name: readCall(pool, "name"), pending: readCall(pool, "getPendingRewards", [user, ids]) },
    { required: ["pending"] },
  );
  const pending = read.pending ?? {
    onchainTokens: [],
    staticRewards: [],
    votingRewards: [],
    multiplierRewards: [],
    offchainTokens: [],
    offchainRewards: [],
  };
  const proposals: ProposalReward[] = list.items.map((record, i) => {
    const voting = pending.votingRewards[i] ?? { personal: 0n, micropool: 0n, treasury: 0n };
    const staticReward = pending.staticRewards[i] ?? 0n;
    const multiplierBonus = pending.multiplierRewards[i] ?? 0n;
    return {
      id: BigInt(record.proposal_id),
      token: pending.onchainTokens[i] ?? zeroAddress,
      staticReward,
      voting,
      multiplierBonus,
      total: staticReward + voting.personal + voting.micropool + voting.treasury + multiplierBonus,
      hasClaimed: record.user_has_claimed,
    };
  });
  const offchain = pending.offchainTokens.map((token, i) => ({
    token,
    amount: pending.offchainRewards[i] ?? 0n,
  }));
  const tokens = await fetchRewardTokens(client, [
    ...proposals.map((p) => p.token),
    ...offchain.map((o) => o.token),
  ]);
  return {
    dao,
    daoName: read.name ?? "",
    proposals,
    page: list.page,
    pageCount: list.pageCount,
    total: list.total,
    isBehind: list.isBehind,
    offchain,
    tokens,
  };
}
