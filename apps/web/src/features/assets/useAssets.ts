import { useQuery } from "@tanstack/react-query";
import type { Address } from "viem";
import { useConnection } from "wagmi";
import { type ReadClient, useReadClient } from "../../shared/chain/readClient.ts";
import { queryRoots } from "../../shared/query/queryKeys.ts";
import { useSelectedChainId } from "../../shared/wallet/selectedChain.ts";
import { fetchAssets } from "./api/fetchAssets.ts";

export function useAssets(dao: Address) {
  const chainId = useSelectedChainId();
  const client = useReadClient({ chainId });
  const { address } = useConnection();
  return useQuery({
    queryKey: [queryRoots.dao, chainId, dao.toLowerCase(), "assets", address?.toLowerCase() ?? null],
    queryFn: () => fetchAssets(client as ReadClient, dao, address),
    enabled: Boolean(client),
    staleTime: 15_000,
    refetchOnWindowFocus: false,
  });
}
