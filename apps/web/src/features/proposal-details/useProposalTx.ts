import { useQueryClient } from "@tanstack/react-query";
import { useCallback } from "react";
import type { Address, Hash } from "viem";
import { useConnection } from "wagmi";
import { queryRoots } from "../../shared/query/queryKeys.ts";
import { useSubmitTransaction } from "../../shared/tx/useSubmitTransaction.ts";
import { useSelectedChainId } from "../../shared/wallet/selectedChain.ts";

/**
 * One proposal transaction through the app's submit states and toasts; on success every cached
 * read of this DAO (proposal pages, profile) is refreshed once.
 */
export function useProposalTx(dao: Address) {
  const chainId = useSelectedChainId();
  const { address } = useConnection();
  const queryClient = useQueryClient();
  const { status, submit, reset } = useSubmitTransaction();

  const run = useCallback(
    async (summary: string, kind: string, send: () => Promise<Hash>) => {
      if (!address) throw new Error("No connected account");
      const receipt = await submit({ chainId, from: address, info: { summary, kind, dao }, send });
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: [queryRoots.proposals, chainId, dao.toLowerCase()] }),
        queryClient.invalidateQueries({ queryKey: [queryRoots.dao, chainId, dao.toLowerCase()] }),
      ]);
      return receipt;
    },
    [address, chainId, dao, queryClient, submit],
  );
  return { status, run, reset, chainId };
}
