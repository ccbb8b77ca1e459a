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
  readIndexedPage,
} from "../../../shared/tracker/governanceApi.ts";

/** One delegator reward: `user`'s share (80% by default) of `delegatee`'s micropool reward on proposal `id`. */
export interface DelegatedReward {
  delegatee: Address;
  id: bigint;
  token: Address;
  amount: bigint;
  isClaimed: boolean;
}

/** Delegatees, and executed proposals of each, the claim page looks at. */
export const DELEGATED_REWARDS_LIMIT = 25;

/**
 * `user`'s rewards as a delegator: the delegatees it ever delegated to (its delegation history), the executed
 * proposals each of them voted on (newest first), then in one multicall `getDelegatorRewards(ids, user, delegatee)`
 * per delegatee. Rows with nothing to claim and never claimed are left out.
 */
export async function fetchDelegatedRewards(
  client: ReadClient,
  dao: Address,
  user: Address,
  options: IndexedReadOptions = {},
): Promise<DelegatedReward[]> {
  const chainId = client.chain?.id ?? 0;
  const base = governancePath(chainId, dao);
  const history = await readIndexedPage(chainId, `${base}/delegations/history`, delegationHistoryDocument, {
    ...options,
    query: { delegator: user.toLowerCase(), page: { number: 1, limit: 100 } },
  });
  const delegatees = [
    ...new Set(history.items.filter((e) => e.kind === "delegate").map((e) => e.delegatee.toLowerCase())),
  ].slice(0, DELEGATED_REWARDS_LIMIT) as Address[];
  if (delegatees.length === 0) return [];
  const voted = await Promise.all(
    delegatees.map((delegatee) =>
      readIndexedPage(chainId, `${base}/user-proposals/${delegatee}`, userProposalListDocument, {
        ...options,
        query: {
          filter: { state: [ProposalState.ExecutedFor, ProposalState.ExecutedAgainst] },
          page: { number: 1, limit: DELEGATED_REWARDS_LIMIT, order: "desc" },
        },
      }),
    ),
  );
  const pool = { address: dao, abi: govPoolAbi } as const;
  const read = await readBatch(client, {
    rewards: delegatees.map((delegatee, i) =>
      readCall(pool, "getDelegatorRewards", [
        voted[i]!.items.map((p) => BigInt(p.proposal_id)),
        user,
        delegatee,
      ]),
    ),
  });
  return delegatees.flatMap((delegatee, i) => {
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
}
