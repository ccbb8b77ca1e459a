import { govPoolAbi } from "@polity/core/generated/contracts";
import { queryOptions, skipToken } from "@tanstack/react-query";
import type { Address } from "viem";
import { readBatch, readCall } from "../../../shared/chain/readBatch.ts";
import type { ReadClient } from "../../../shared/chain/readClient.ts";
import { fetchTokenInfos, tokenInfoOf } from "../../../shared/chain/tokenInfo.ts";
import { queryRoots } from "../../../shared/query/queryKeys.ts";

/** The validators' current monthly credit per token (GovPool `getCreditInfo`), with the tokens' decimals. */
export function creditQuery(client: ReadClient | undefined, chainId: number, pool: Address) {
  return queryOptions({
    queryKey: [queryRoots.dao, chainId, pool.toLowerCase(), "credit"],
    queryFn: client
      ? async () => {
          const { credit } = await readBatch(client, {
            credit: readCall({ address: pool, abi: govPoolAbi }, "getCreditInfo"),
          });
          const [tokens = [], limits = [], available = []] = credit ?? [];
          const infos = await fetchTokenInfos(client, chainId, tokens);
          return tokens.map((token, i) => ({
            token: tokenInfoOf(infos, token),
            limit: limits[i] ?? 0n,
            available: available[i] ?? 0n,
          }));
        }
      : skipToken,
  });
}
