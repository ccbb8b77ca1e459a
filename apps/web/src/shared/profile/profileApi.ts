import { followedDaoListDocument, profileDocument } from "@polity/core/records/profile";
import type { ProfileInput } from "@polity/core/validation/profile";
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { Address } from "viem";
import { useConnection } from "wagmi";
import { useSession } from "../auth/authStore.ts";
import { api } from "../http/api.ts";
import { queryRoots } from "../query/queryKeys.ts";

/**
 * Profiles and followed DAOs (`/integrations/profile`): read by anyone, written by the address's own
 * signed session. The DAO list pins the followed DAOs; the profile shows and edits them.
 */
const PROFILE_PATH = "/integrations/profile";

export function profileQuery(address: Address) {
  return queryOptions({
    queryKey: [queryRoots.profile, address.toLowerCase(), "profile"],
    queryFn: async ({ signal }) =>
      (
        await api.get(`${PROFILE_PATH}/${address}`, {
          schema: profileDocument,
          isAuthenticated: false,
          signal,
        })
      ).data.attributes,
  });
}

export function followingQuery(address: Address, chainId: number) {
  return queryOptions({
    queryKey: [queryRoots.profile, address.toLowerCase(), "following", chainId],
    queryFn: async ({ signal }) =>
      (
        await api.get(`${PROFILE_PATH}/${address}/following`, {
          schema: followedDaoListDocument,
          query: { chain_id: chainId },
          isAuthenticated: false,
          signal,
        })
      ).data.map((resource) => resource.attributes.pool_address),
  });
}

export async function saveProfile(address: Address, attributes: ProfileInput) {
  return (
    await api.put(
      `${PROFILE_PATH}/${address}`,
      { data: { type: "profiles", attributes } },
      { schema: profileDocument },
    )
  ).data.attributes;
}

/** The DAOs the connected account follows on `chainId`, and a toggle once it is signed in. */
export function useFollowing(chainId: number) {
  const { address } = useConnection();
  const session = useSession(address);
  const queryClient = useQueryClient();
  const following = useQuery({
    ...followingQuery(address ?? "0x", chainId),
    enabled: Boolean(address),
  });
  const toggle = useMutation({
    async mutationFn({ pool, follow }: { pool: Address; follow: boolean }) {
      const path = `${PROFILE_PATH}/${address}/following/${chainId}/${pool}`;
      if (follow) await api.put(path);
      else await api.delete(path);
    },
    onSettled: () =>
      queryClient.invalidateQueries({ queryKey: [queryRoots.profile, address?.toLowerCase()] }),
  });
  return {
    pools: address ? (following.data ?? []) : [],
    canFollow: Boolean(address && session),
    isFollowing: (pool: string) => (following.data ?? []).includes(pool.toLowerCase() as Address),
    toggle,
  };
}
