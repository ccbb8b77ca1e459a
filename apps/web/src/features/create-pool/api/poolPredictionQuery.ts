import { queryOptions } from "@tanstack/react-query";
import type { Address } from "viem";
import type { ReadClient } from "../../../shared/chain/readClient.ts";
import { queryRoots } from "../../../shared/query/queryKeys.ts";
import { predictPool } from "./predictPool.ts";

/** The prediction of the DAO named `name` for `deployer` (addresses, and whether the name is taken). */
export function poolPredictionQuery(
  client: ReadClient | undefined,
  chainId: number,
  contracts: { PoolFactory: Address; PoolRegistry: Address } | undefined,
  deployer: Address | undefined,
  name: string,
) {
  const trimmed = name.trim();
  return queryOptions({
    queryKey: [queryRoots.pools, chainId, "prediction", deployer?.toLowerCase(), trimmed],
    enabled: Boolean(client && contracts && deployer && trimmed),
    staleTime: 5_000,
    queryFn: () => {
      if (!client || !contracts || !deployer) throw new Error("No chain id found");
      return predictPool(client, contracts, deployer, trimmed);
    },
  });
}
