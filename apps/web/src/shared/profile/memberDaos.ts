import { commentActivityListDocument } from "@polity/core/records/profile";
import { queryOptions, skipToken, useQuery } from "@tanstack/react-query";
import type { Address } from "viem";
import { type ReadClient, useReadClient } from "../chain/readClient.ts";
import { tokenAmount } from "../format/tokenAmount.ts";
import { api } from "../http/api.ts";
import { queryRoots } from "../query/queryKeys.ts";
import { type UserActivityPool, userActivityQuery } from "../tracker/trackerApi.ts";
import { fetchVotingPowers } from "./fetchVotingPowers.ts";

/** Keys of one address's profile reads, under the profile root. */
export const profileKey = (address: Address, ...rest: unknown[]) => [
  queryRoots.profile,
  address.toLowerCase(),
  ...rest,
];

/** The address's voting power in each of `pools`, read from the chain. */
export function votingPowersQuery(
  client: ReadClient | undefined,
  chainId: number,
  address: Address,
  pools: readonly Address[],
) {
  return queryOptions({
    queryKey: profileKey(address, "powers", chainId, pools),
    queryFn: client && pools.length > 0 ? () => fetchVotingPowers(client, address, pools) : skipToken,
  });
}

/** In which DAOs the address commented, and how often. */
export function commentActivityQuery(address: Address) {
  return queryOptions({
    queryKey: profileKey(address, "comments"),
    queryFn: async ({ signal }) =>
      (
        await api.get(`/integrations/profile/${address}/comments`, {
          schema: commentActivityListDocument,
          isAuthenticated: false,
          signal,
        })
      ).data.map((resource) => resource.attributes),
  });
}

export interface MemberDao extends UserActivityPool {
  /** Total voting power in the DAO (every vote type, tokens and NFTs), read on chain; undefined while read. */
  power: bigint | undefined;
  /** Comments the address wrote in the DAO. */
  commentsCount: number;
}

/**
 * The DAOs `address` took part in on `chainId` with its power and comments in each: the profile's
 * overview and the DAO list's Voting power and My activity tabs show the same figures.
 */
export function useMemberDaos(chainId: number, address: Address | undefined, page: number, enabled = true) {
  const client = useReadClient({ chainId });
  const isOn = enabled && Boolean(address);
  const daos = useQuery({ ...userActivityQuery(chainId, address, page), enabled: isOn });
  const items = daos.data?.items ?? [];
  const user = address ?? ("0x0000000000000000000000000000000000000000" as Address);
  const powers = useQuery({
    ...votingPowersQuery(
      client,
      chainId,
      user,
      items.map((pool) => pool.pool_address),
    ),
    enabled: isOn,
  });
  const comments = useQuery({ ...commentActivityQuery(user), enabled: isOn });
  const commentsIn = (pool: string) =>
    comments.data?.find((c) => c.chain_id === chainId && c.pool_address === pool)?.comments_count ?? 0;
  const members: MemberDao[] = items.map((pool) => ({
    ...pool,
    power: powers.data?.get(pool.pool_address.toLowerCase()),
    commentsCount: commentsIn(pool.pool_address),
  }));
  return { daos, powers, comments, members };
}

/** A power in a DAO as the profile and the DAO list write it: amount and the DAO token's symbol. */
export function formatPower(
  power: bigint,
  pool: { gov_token_decimals?: number | null; gov_token_symbol?: string | null },
): string {
  return tokenAmount(power, pool.gov_token_decimals ?? 18, pool.gov_token_symbol ?? undefined);
}
