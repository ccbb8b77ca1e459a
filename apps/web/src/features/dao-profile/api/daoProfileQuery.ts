import type { QueryClient } from "@tanstack/react-query";
import { queryOptions } from "@tanstack/react-query";
import type { Address } from "viem";
import { daoUserRead } from "../../../shared/chain/poolHelpers.ts";
import type { ReadClient } from "../../../shared/chain/readClient.ts";
import { prefetchDaoDescription } from "../../../shared/ipfs/daoMetadata.ts";
import { indexedPoolContracts } from "../../../shared/tracker/poolContractsApi.ts";
import { fetchDaoProfile } from "./fetchDaoProfile.ts";

/**
 * The DAO's on-chain profile with `user`'s position, refreshed after 15 s. The DAO's indexed contracts
 * are asked beside the first batch: the metadata document and the description it links start loading
 * as soon as the index or the first batch names the document, and the tokens the index names are read
 * with the second batch (`fetchDaoProfile`).
 */
export function daoProfileQuery(
  queryClient: QueryClient,
  client: ReadClient | undefined,
  chainId: number,
  dao: Address,
  user: Address | undefined,
) {
  return queryOptions(
    daoUserRead(queryClient, client, chainId, dao, user, "profile", (reader, helpers) =>
      fetchDaoProfile(reader, dao, user, {
        helpers,
        onDescriptionUrl: (url) => void prefetchDaoDescription(queryClient, url),
        indexed: indexedPoolContracts(queryClient, chainId, dao),
      }),
    ),
  );
}
