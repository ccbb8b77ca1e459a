import { useQuery, useQueryClient } from "@tanstack/react-query";
import type { Address } from "viem";
import { useConnection } from "wagmi";
import { useReadClient } from "../../shared/chain/readClient.ts";
import { useSelectedChainId } from "../../shared/wallet/selectedChain.ts";
import { daoProfileQuery } from "./api/daoProfileQuery.ts";

/** The DAO's on-chain profile on the selected chain, with the connected user's position. */
export function useDaoProfile(dao: Address) {
  const queryClient = useQueryClient();
  const chainId = useSelectedChainId();
  const client = useReadClient({ chainId });
  const { address } = useConnection();
  return useQuery(daoProfileQuery(queryClient, client, chainId, dao, address));
}
