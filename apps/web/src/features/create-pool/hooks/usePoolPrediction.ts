import { queryOptions, useQuery, useQueryClient } from "@tanstack/react-query";
import { useCallback } from "react";
import type { Address } from "viem";
import { useAccount } from "wagmi";
import { type PoolPrediction, predictPool } from "./predictPool.ts";
import { useChainClient } from "./useChainClient.ts";
import { useProtocol } from "./useProtocol.ts";

export const createPoolQueryKeys = {
  root: ["createPool"] as const,
  prediction: (chainId: number, deployer: string | undefined, name: string) =>
    [...createPoolQueryKeys.root, chainId, "prediction", deployer, name] as const,
};

/** Query options of the prediction of `name` for the connected deployer (shared by the hook and the submit check). */
function usePredictionOptions() {
  const { address } = useAccount();
  const { chainId, contracts } = useProtocol();
  const client = useChainClient();
  return useCallback(
    (name: string) => {
      const trimmed = name.trim();
      return queryOptions({
        queryKey: createPoolQueryKeys.prediction(chainId, address, trimmed),
        enabled: Boolean(client && contracts && address && trimmed),
        staleTime: 5_000,
        queryFn: () => {
          if (!client || !contracts || !address) throw new Error("No chain id found");
          return predictPool(client, contracts, address as Address, trimmed);
        },
      });
    },
    [address, chainId, client, contracts],
  );
}

/** Predicted addresses of the DAO and whether its name is taken, for the connected deployer. */
export function usePoolPrediction(name: string) {
  const options = usePredictionOptions();
  return useQuery(options(name));
}

/**
 * The prediction for exactly the submitted name, awaited — so a step cannot be left with a taken name
 * while the as-you-type check is still debouncing. Undefined when it cannot be read (not connected, or
 * the chain did not answer); the summary checks again before deploying.
 */
export function usePoolPredictionFetcher(): (name: string) => Promise<PoolPrediction | undefined> {
  const queryClient = useQueryClient();
  const options = usePredictionOptions();
  return useCallback(
    async (name: string) => {
      const query = options(name);
      if (!query.enabled) return undefined;
      return queryClient.fetchQuery(query).catch((err: unknown) => {
        console.error("Pool name check failed", err);
        return undefined;
      });
    },
    [options, queryClient],
  );
}
