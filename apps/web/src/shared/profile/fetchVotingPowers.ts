import { VoteType } from "@polity/core/enums";
import { govPoolAbi } from "@polity/core/generated/contracts";
import type { Address } from "viem";
import { poolContracts } from "../chain/poolHelpers.ts";
import { named, readBatch, readCall } from "../chain/readBatch.ts";
import type { ReadClient } from "../chain/readClient.ts";

const VOTE_TYPES = [VoteType.Personal, VoteType.Micropool, VoteType.Delegated, VoteType.Treasury] as const;

/**
 * `user`'s total voting power in each DAO of `pools` (spec "user voting power per pool": the token
 * and NFT power of the personal, micropool, delegated and treasury vote types), in two multicalls:
 * the pools' user keepers, then `votingPower` in each. A pool that cannot be read answers 0.
 */
export async function fetchVotingPowers(
  client: ReadClient,
  user: Address,
  pools: readonly Address[],
): Promise<Map<string, bigint>> {
  if (pools.length === 0) return new Map();
  const { helpers } = await readBatch(client, {
    helpers: pools.map((pool) => named(readCall({ address: pool, abi: govPoolAbi }, "getHelperContracts"))),
  });
  const { powers } = await readBatch(client, {
    powers: pools.map((_, index) => {
      const found = helpers[index];
      return readCall(poolContracts(found ?? ZERO_HELPERS).keeper, "votingPower", [
        VOTE_TYPES.map(() => user),
        [...VOTE_TYPES],
        false,
      ]);
    }),
  });
  return new Map(
    pools.map((pool, index) => {
      const views = helpers[index] ? (powers[index] ?? []) : [];
      const total = views.reduce((sum, view) => sum + view.power + view.nftPower, 0n);
      return [pool.toLowerCase(), total];
    }),
  );
}

const ZERO = "0x0000000000000000000000000000000000000000";
const ZERO_HELPERS = {
  settings: ZERO,
  userKeeper: ZERO,
  validators: ZERO,
  poolRegistry: ZERO,
  votePower: ZERO,
} as const;
