import { queryOptions, useQuery } from "@tanstack/react-query";
import type { Address, Client } from "viem";
import { useClient, useConnection } from "wagmi";
import { queryRoots } from "../../shared/query/queryKeys.ts";
import { useSelectedChainId } from "../../shared/wallet/selectedChain.ts";
import { fetchDaoProfile } from "./api/fetchDaoProfile.ts";

export function daoProfileQuery(
  client: Client | undefined,
  chainId: number,
  dao: Address,
  user: Address | undefined,
) {
  return queryOptions({
    queryKey: [queryRoots.dao, chainId, dao.toLowerCase(), "profile", user?.toLowerCase() ?? null],
    queryFn: () => fetchDaoProfile(client as Client, dao, user),
    enabled: Boolean(client),
    staleTime: 15_000,
  });
}

/** The DAO's on-chain profile on the selected chain, with the connected user's position. */
export function useDaoProfile(dao: Address) {
  const chainId = useSelectedChainId();
  // A bare client: viem actions are imported one by one instead of every public action.
  const client = useClient({ chainId });
  const { address } = useConnection();
  return useQuery(daoProfileQuery(client as Client | undefined, chainId, dao, address));
}
