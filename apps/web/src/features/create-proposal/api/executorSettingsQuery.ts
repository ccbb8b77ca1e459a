import { STALE_TIMES } from "@polity/core/constants";
import { govSettingsAbi } from "@polity/core/generated/contracts";
import { queryOptions, skipToken } from "@tanstack/react-query";
import type { Address } from "viem";
import type { ReadClient } from "../../../shared/chain/readClient.ts";
import { queryRoots } from "../../../shared/query/queryKeys.ts";
import type { PoolContext } from "./poolContext.ts";

/** The settings slot that governs proposals whose (last) action calls `executor`. */
export function fetchExecutorSettingsId(
  client: Pick<ReadClient, "readContract">,
  settings: Address,
  executor: Address,
): Promise<bigint> {
  return client.readContract({
    address: settings,
    abi: govSettingsAbi,
    functionName: "executorToSettings",
    args: [executor],
  });
}

/** The settings slot of `executor` in the pool, kept a minute (a DAO transaction refreshes it). */
export function executorSettingsQuery(
  client: ReadClient | undefined,
  chainId: number,
  ctx: Pick<PoolContext, "pool" | "settings">,
  executor: Address,
) {
  return queryOptions({
    queryKey: [queryRoots.dao, chainId, ctx.pool.toLowerCase(), "executorToSettings", executor.toLowerCase()],
    queryFn: client ? () => fetchExecutorSettingsId(client, ctx.settings, executor) : skipToken,
    staleTime: STALE_TIMES.slowMs,
  });
}
