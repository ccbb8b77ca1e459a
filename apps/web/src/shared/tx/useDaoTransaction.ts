import { useQueryClient } from "@tanstack/react-query";
import { useCallback } from "react";
import type { Address, Hash } from "viem";
import { useConnection } from "wagmi";
import { daoKey, queryRoots } from "../query/queryKeys.ts";
import { useSelectedChainId } from "../wallet/selectedChain.ts";
import { isSubmitting } from "./submitReducer.ts";
import { useSubmitTransaction } from "./useSubmitTransaction.ts";

/**
 * A transaction on one DAO (deposit, withdraw, vote, execute, claim…) through the app's submit
 * states and toasts (`useSubmitTransaction`); on success every cached read of the DAO (profile,
 * assets, proposal pages) is refreshed once. `isBusy` while the transaction is signed or awaited.
 */
export function useDaoTransaction(dao: Address) {
  const chainId = useSelectedChainId();
  const { address } = useConnection();
  const queryClient = useQueryClient();
  const { status, submit, reset } = useSubmitTransaction();

  const run = useCallback(
    async (summary: string, kind: string, send: () => Promise<Hash>) => {
      if (!address) throw new Error("No connected account");
      const receipt = await submit({ chainId, from: address, info: { summary, kind, dao }, send });
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: daoKey(queryRoots.proposals, chainId, dao) }),
        queryClient.invalidateQueries({ queryKey: daoKey(queryRoots.dao, chainId, dao) }),
        queryClient.invalidateQueries({ queryKey: daoKey(queryRoots.tokenSales, chainId, dao) }),
      ]);
      return receipt;
    },
    [address, chainId, dao, queryClient, submit],
  );
  return { status, run, reset, chainId, isBusy: isSubmitting(status) };
}
