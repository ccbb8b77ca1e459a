import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useCallback } from "react";
import type { Address } from "viem";
import { useReadClient } from "../../shared/chain/readClient.ts";
import { executorSettingsQuery } from "./api/executorSettingsQuery.ts";
import type { PoolContext } from "./api/poolContext.ts";

/** The settings slot that governs proposals calling `executor`. */
export function useExecutorSettings(ctx: PoolContext, chainId: number, executor: Address) {
  const client = useReadClient({ chainId });
  return useQuery(executorSettingsQuery(client, chainId, ctx, executor));
}

/** Reads the settings slot of an executor on demand (through the same cache). */
export function useExecutorSettingsReader(ctx: PoolContext, chainId: number) {
  const client = useReadClient({ chainId });
  const queryClient = useQueryClient();
  return useCallback(
    (executor: Address) => queryClient.fetchQuery(executorSettingsQuery(client, chainId, ctx, executor)),
    [client, chainId, ctx, queryClient],
  );
}
