import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useCallback } from "react";
import type { Address, Hash } from "viem";
import { useConnection } from "wagmi";
import { type ReadClient, useReadClient } from "../../shared/chain/readClient.ts";
import { queryRoots } from "../../shared/query/queryKeys.ts";
import { useSubmitTransaction } from "../../shared/tx/useSubmitTransaction.ts";
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

/** A DAO transaction through the app's submit states and toasts; refreshes the DAO's reads after. */
export function useDaoTx(dao: Address) {
  const chainId = useSelectedChainId();
  const { address } = useConnection();
  const queryClient = useQueryClient();
  const { status, submit, reset } = useSubmitTransaction();
  const run = useCallback(
    async (summary: string, kind: string, send: () => Promise<Hash>) => {
      if (!address) throw new Error("No connected account");
      const receipt = await submit({ chainId, from: address, info: { summary, kind, dao }, send });
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: [queryRoots.dao, chainId, dao.toLowerCase()] }),
        queryClient.invalidateQueries({ queryKey: [queryRoots.proposals, chainId, dao.toLowerCase()] }),
      ]);
      return receipt;
    },
    [address, chainId, dao, queryClient, submit],
  );
  return { status, run, reset, chainId };
}
