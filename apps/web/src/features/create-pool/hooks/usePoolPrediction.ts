import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useCallback } from "react";
import { useAccount } from "wagmi";
import { useReadClient } from "../../../shared/chain/readClient.ts";
import { poolPredictionQuery } from "../api/poolPredictionQuery.ts";
import type { PoolPrediction } from "../api/predictPool.ts";
import { useProtocol } from "./useProtocol.ts";

/** Query options of the prediction of `name` for the connected deployer (shared by the hook and the submit check). */
function usePredictionOptions() {
  const { address } = useAccount();
  const { chainId, contracts } = useProtocol();
  const client = useReadClient();
  return useCallback(
    (name: string) => poolPredictionQuery(client, chainId, contracts, address, name),
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
