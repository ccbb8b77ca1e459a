import { type QueryClient, queryOptions } from "@tanstack/react-query";
import type { Address } from "viem";
import { daoUserRead } from "../../../shared/chain/poolHelpers.ts";
import type { ReadClient } from "../../../shared/chain/readClient.ts";
import { fetchAssets } from "./fetchAssets.ts";

/** The DAO's assets and `user`'s position for the deposit and withdraw terminals. */
export function assetsQuery(
  queryClient: QueryClient,
  client: ReadClient | undefined,
  chainId: number,
  dao: Address,
  user: Address | undefined,
) {
  return queryOptions({
    ...daoUserRead(queryClient, client, chainId, dao, user, "assets", (reader, helpers) =>
      fetchAssets(reader, dao, user, { helpers }),
    ),
    refetchOnWindowFocus: false,
  });
}
