import { govPoolAbi } from "@polity/core/generated/contracts";
import { ProposalState } from "@polity/core/proposalStates";
import { delegationHistoryDocument } from "@polity/core/records/delegation";
import { userProposalListDocument } from "@polity/core/records/governance";
import { type Address, zeroAddress } from "viem";
import { readBatch, readCall } from "../../../shared/chain/readBatch.ts";
import type { ReadClient } from "../../../shared/chain/readClient.ts";
import {
  governancePath,
  type IndexedReadOptions,
  readIndexedPages,
} from "../../../shared/tracker/governanceApi.ts";

/** One delegator reward: `user`'s share (80% by default) of `delegatee`'s micropool reward on proposal `id`. */
export interface DelegatedReward {
  delegatee: Address;
  id: bigint;
  token: Address;
  amount: bigint;
  isClaimed: boolean;
}

export interface DelegatedRewardsRead {
  rows: DelegatedReward[];
  /** More delegatees, history or executed proposals than the limits below: the rows are a part. */
  isTruncated: boolean;
}

/**
 * How far the claim page reads: the indexer's lists page by `page` items, up to `pages` pages each (the
 * delegator's delegation history, each delegatee's executed proposals), and at most `delegatees` delegatees.
 */
export const DELEGATED_REWARDS_LIMITS = { page: 500, pages: 4, delegatees: 100 } as const;
/** Proposal ids per `getDelegatorRewards` read (each a few storage reads: one multicall stays light). */
const IDS_PER_READ = 200;

/**
 * `user`'s rewards as a delegator: the delegatees it ever delegated to (its whole delegation history, page by page),
 * every executed proposal each of them voted on (newest first, page by page), then in one multicall
 * `getDelegatorRewards(ids, user, delegatee)` by chunks of ids. Rows with nothing to claim and never claimed are
 * left out; past the limits the answer says it is a part (`isTruncated`).
 */
export async function fetchDelegatedRewards(
  client: ReadClient,
  dao: Address,
  user: Address,
  options: IndexedReadOptions = {},
  limits: { page: number; pages: number; delegatees: number } = DELEGATED_REWARDS_LIMITS,
): Promise<DelegatedRewardsRead> {
  const chainId = client.chain?.id ?? 0;
  const base = governancePath(chainId, dao);
  const paging = { limit: limits.page, maxPages: limits.pages };
  const history = await readIndexedPages(chainId, `${base}/delegations/history`, delegationHistoryDocument, {
    ...options,
    ...paging,
    query: { delegator: user.toLowerCase() },
  });
  const everyDelegatee = [
    ...new Set(history.items.filter((e) => e.kind === "delegate").map((e) => e.delegatee.toLowerCase())),
  ] as Address[];
  const delegatees = everyDelegatee.slice(0, limits.delegatees);
  let isTruncated = history.isTruncated || everyDelegatee.length > delegatees.length;
  if (delegatees.length === 0) return { rows: [], isTruncated };
  const voted = await Promise.all(
    delegatees.map((delegatee) =>
      readIndexedPages(chainId, `${base}/user-proposals/${delegatee}`, userProposalListDocument, {
        ...options,
        ...paging,
        query: {
          filter: { state: [ProposalState.ExecutedFor, ProposalState.ExecutedAgainst] },
          page: { order: "desc" },
        },
      }),
    ),
  );
  const reads: { delegatee: Address; ids: bigint[] }[] = [];
  delegatees.forEach((delegatee, i) => {
    const list = voted[i]!;
    isTruncated ||= list.isTruncated;
    const ids = [...new Set(list.items.map((p) => BigInt(p.proposal_id)))];
    for (let at = 0; at < ids.length; at += IDS_PER_READ)
      reads.push({ delegatee, ids: ids.slice(at, at + IDS_PER_READ) });
  });
  const pool = { address: dao, abi: govPoolAbi } as const;
  const read = await readBatch(client, {
    rewards: reads.map(({ delegatee, ids }) => readCall(pool, "getDelegatorRewards", [ids, user, delegatee])),
  });
  const rows = reads.flatMap(({ delegatee }, i) => {
    const r = read.rewards[i];
    if (!r) return [];
    return r.ids
      .map((id, j) => ({
        delegatee,
        id,
        token: r.rewardTokens[j] ?? zeroAddress,
        amount: r.expectedRewards[j] ?? 0n,
        isClaimed: r.isClaimed[j] ?? false,
      }))
      .filter((row) => row.amount > 0n || row.isClaimed);
  });
  return { rows, isTruncated };
}
