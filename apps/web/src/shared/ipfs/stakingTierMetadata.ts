import { queryOptions } from "@tanstack/react-query";
import { queryRoots } from "../query/queryKeys.ts";
import { fetchJson, record, text } from "./daoMetadata.ts";

/** The document a staking tier's metadataURL links to (StakingProposal.createTier): its name and description. */
export interface StakingTierMetadata {
  name: string;
  description: string;
}

export function parseStakingTierMetadata(document: unknown): StakingTierMetadata {
  const doc = record(document);
  return { name: text(doc.name), description: text(doc.description) };
}

/** A tier's name and description; tiers created without a link have none. IPFS documents never change. */
export function stakingTierMetadataQuery(metadataURL: string) {
  return queryOptions({
    queryKey: [queryRoots.ipfs, "stakingTier", metadataURL],
    queryFn: async ({ signal }) => parseStakingTierMetadata(await fetchJson(metadataURL, signal)),
    enabled: Boolean(metadataURL),
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 30 * 60_000,
  });
}
