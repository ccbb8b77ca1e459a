import { useQuery, useQueryClient } from "@tanstack/react-query";
import type { Address } from "viem";
import { useConnection } from "wagmi";
import { useReadClient } from "../../shared/chain/readClient.ts";
import { useSelectedChainId } from "../../shared/wallet/selectedChain.ts";
import { poolContextQuery } from "./api/poolContext.ts";

/** The DAO's creation context on the selected chain, with the connected user's position. */
export function usePoolContext(pool: Address) {
  const queryClient = useQueryClient();
  const chainId = useSelectedChainId();
  const client = useReadClient({ chainId });
  const { address } = useConnection();
  const query = useQuery(poolContextQuery(queryClient, client, chainId, pool, address));
  return { ...query, chainId, address };
}
