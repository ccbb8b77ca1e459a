import { useQuery, useQueryClient } from "@tanstack/react-query";
import type { Address } from "viem";
import { useConnection } from "wagmi";
import { useReadClient } from "../../shared/chain/readClient.ts";
import { useSelectedChainId } from "../../shared/wallet/selectedChain.ts";
import { assetsQuery } from "./api/assetsQuery.ts";

/** The DAO's assets and the connected user's position on the selected chain. */
export function useAssets(dao: Address) {
  const queryClient = useQueryClient();
  const chainId = useSelectedChainId();
  const client = useReadClient({ chainId });
  const { address } = useConnection();
  return useQuery(assetsQuery(queryClient, client, chainId, dao, address));
}
