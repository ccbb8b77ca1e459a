import { govPoolAbi } from "@polity/core/generated/contracts";
import { deployments } from "@polity/core/generated/deployments";
import { type Address, erc20Abi, type PublicClient, parseEventLogs, zeroAddress } from "viem";

type Settled = { status: "success"; result: unknown } | { status: "failure"; error: Error };

function ok<T>(entry: Settled | undefined): T | undefined {
  return entry?.status === "success" ? (entry.result as T) : undefined;
}

/** How many of the newest proposals the claim page reads. */
export const REWARDS_WINDOW = 100n;
const EXECUTED_STATES = new Set([7, 8]);

export interface ProposalReward {
  id: bigint;
  token: Address;
  staticReward: bigint;
  voting: { personal: bigint; micropool: bigint; treasury: bigint };
  total: bigint;
  /** A RewardClaimed event already names the user on this proposal. */
  hasClaimed: boolean;
}

export interface TokenInfo {
  symbol: string;
  decimals: number;
}

export interface RewardsOverview {
  dao: Address;
  daoName: string;
  /** Executed proposals (newest first) with the user's pending rewards. */
  proposals: ProposalReward[];
  offchain: { token: Address; amount: bigint }[];
  tokens: Record<string, TokenInfo>;
}

export type RewardStatus = "claimable" | "alreadyClaimed" | "none";

export function rewardStatus(reward: ProposalReward): RewardStatus {
  if (reward.total > 0n) return "claimable";
  return reward.hasClaimed ? "alreadyClaimed" : "none";
}

/** Ids whose rewards one claimRewards call can pay (on-chain pending > 0). */
export function claimableIds(overview: RewardsOverview): bigint[] {
  return overview.proposals.filter((p) => p.total > 0n).map((p) => p.id);
}

/**
 * The user's rewards in a DAO: the pool and the user's claim events, then the pending rewards of
 * every executed proposal in the window, then the reward tokens' metadata (three bursts).
 */
export async function fetchRewards(
  client: PublicClient,
  dao: Address,
  user: Address,
): Promise<RewardsOverview> {
  const pool = { address: dao, abi: govPoolAbi } as const;
  const startBlock = BigInt(deployments[client.chain?.id ?? 0]?.startBlock ?? 0);
  const [first, claimLogs] = await Promise.all([
    client.multicall({
      allowFailure: true,
      contracts: [
        { ...pool, functionName: "name" },
        { ...pool, functionName: "latestProposalId" },
      ],
    }) as Promise<Settled[]>,
    client
      .getContractEvents({
        address: dao,
        abi: govPoolAbi,
        eventName: "RewardClaimed",
        args: { user },
        fromBlock: startBlock,
        toBlock: "latest",
      })
      .catch(() => []),
  ]);
  const latest = ok<bigint>(first[1]) ?? 0n;
  const offset = latest > REWARDS_WINDOW ? latest - REWARDS_WINDOW : 0n;
  const claimed = new Set(
    parseEventLogs({ abi: govPoolAbi, logs: claimLogs, eventName: "RewardClaimed" }).map((l) =>
      l.args.proposalId.toString(),
    ),
  );
  const list =
    latest > 0n
      ? ((await client.readContract({
          ...pool,
          functionName: "getProposals",
          args: [offset, REWARDS_WINDOW],
        })) as readonly { id: bigint; state: number }[])
      : [];
  const executedIds = list.filter((p) => EXECUTED_STATES.has(Number(p.state))).map((p) => p.id);
  const pending = (await client.readContract({
    ...pool,
    functionName: "getPendingRewards",
    args: [user, executedIds],
  })) as {
    onchainTokens: readonly Address[];
    staticRewards: readonly bigint[];
    votingRewards: readonly { personal: bigint; micropool: bigint; treasury: bigint }[];
    offchainTokens: readonly Address[];
    offchainRewards: readonly bigint[];
  };
  const proposals: ProposalReward[] = executedIds.map((id, i) => {
    const voting = pending.votingRewards[i] ?? { personal: 0n, micropool: 0n, treasury: 0n };
    const staticReward = pending.staticRewards[i] ?? 0n;
    return {
      id,
      token: pending.onchainTokens[i] ?? zeroAddress,
      staticReward,
      voting,
      total: staticReward + voting.personal + voting.micropool + voting.treasury,
      hasClaimed: claimed.has(id.toString()),
    };
  });
  proposals.reverse();
  const offchain = pending.offchainTokens.map((token, i) => ({
    token,
    amount: pending.offchainRewards[i] ?? 0n,
  }));
  const tokenAddresses = [
    ...new Set(
      [...proposals.map((p) => p.token), ...offchain.map((o) => o.token)].filter((a) => a !== zeroAddress),
    ),
  ];
  const meta = tokenAddresses.length
    ? ((await client.multicall({
        allowFailure: true,
        contracts: tokenAddresses.flatMap((address) => [
          { address, abi: erc20Abi, functionName: "symbol" },
          { address, abi: erc20Abi, functionName: "decimals" },
        ]),
      })) as Settled[])
    : [];
  const tokens: Record<string, TokenInfo> = {};
  tokenAddresses.forEach((address, i) => {
    tokens[address.toLowerCase()] = {
      symbol: ok<string>(meta[2 * i]) ?? "",
      decimals: Number(ok<number>(meta[2 * i + 1]) ?? 18),
    };
  });
  return { dao, daoName: ok<string>(first[0]) ?? "", proposals, offchain, tokens };
}
