import { userRegistryAbi } from "@polity/core/generated/contracts";
import { profileRecord } from "@polity/core/records/profile";
import { queryOptions, skipToken } from "@tanstack/react-query";
import type { Address } from "viem";
import { readBatch, readCall } from "../../../shared/chain/readBatch.ts";
import type { ReadClient } from "../../../shared/chain/readClient.ts";
import { fetchJson } from "../../../shared/ipfs/daoMetadata.ts";
import { ipfsToHttp } from "../../../shared/ipfs/ipfsUrl.ts";
import { profileKey } from "../../../shared/profile/memberDaos.ts";
import { queryRoots } from "../../../shared/query/queryKeys.ts";
import { profileRegistryOf } from "./profileRegistry.ts";

/**
 * The profile's metadata link in the protocol's UserRegistry: `ipfs://<cid>` of the profile document
 * (`publishProfileLink.ts`), a JSON copy of what the api keeps (name, avatar, bio, links) that any
 * front end can read from the chain without the api.
 */

/** The link `address` keeps in the registry ('' when none). */
export async function fetchProfileLink(
  client: Pick<ReadClient, "multicall">,
  registry: Address,
  address: Address,
): Promise<string> {
  const { info } = await readBatch(
    client,
    { info: readCall({ address: registry, abi: userRegistryAbi }, "userInfo", [address]) },
    { required: ["info"] },
  );
  return info?.profileURL ?? "";
}

export function profileLinkQuery(client: ReadClient | undefined, chainId: number, address: Address) {
  const registry = profileRegistryOf(chainId);
  return queryOptions({
    queryKey: profileKey(address, "link", chainId),
    queryFn: client && registry ? () => fetchProfileLink(client, registry, address) : skipToken,
  });
}

/** The profile document a link names, read as another front end would; null when it is not one. */
export function linkedProfileQuery(link: string | undefined) {
  return queryOptions({
    queryKey: [queryRoots.ipfs, "profile", link],
    queryFn:
      link && ipfsToHttp(link)
        ? async ({ signal }) => {
            const parsed = profileRecord.safeParse(await fetchJson(link, signal));
            return parsed.success ? parsed.data : null;
          }
        : skipToken,
    staleTime: Number.POSITIVE_INFINITY,
  });
}
