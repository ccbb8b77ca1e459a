import {
  type DistributionRecord,
  distributionDocument,
  type MerkleProofRecord,
  merkleProofDocument,
  merkleWhitelistDocument,
  saleExecutorsDocument,
  type TierRecord,
  tierDocument,
  tierListDocument,
} from "@polity/core/records/tokenSale";
import type { Address, Hex } from "viem";
import { env } from "../config/env.ts";
import { api } from "../http/api.ts";

export type { DistributionRecord, MerkleProofRecord, TierRecord };

/** Most tiers read at once (the api pages by up to 1,000). */
const TIER_PAGE_LIMIT = 100;

const base = (chainId: number, pool: Address) =>
  `/integrations/tracker/${chainId}/pools/gov/${pool.toLowerCase()}/token-sale`;

/** Every token sale tier of the DAO, oldest first, with the time (unix seconds) their status holds at. */
export async function fetchTokenSaleTiers(
  chainId: number,
  pool: Address,
  options: { signal?: AbortSignal } = {},
): Promise<{ tiers: TierRecord[]; stateTime: number }> {
  const document = await api.get(`${base(chainId, pool)}/tiers`, {
    schema: tierListDocument,
    query: { page: { number: 1, limit: TIER_PAGE_LIMIT } },
    isAuthenticated: false,
    signal: options.signal,
  });
  return { tiers: document.data.map((r) => r.attributes), stateTime: document.meta.state_time };
}

/** One tier of the DAO's token sale. */
export async function fetchTokenSaleTier(
  chainId: number,
  pool: Address,
  tierId: string,
  options: { signal?: AbortSignal } = {},
): Promise<TierRecord> {
  const document = await api.get(`${base(chainId, pool)}/tiers/${tierId}`, {
    schema: tierDocument,
    isAuthenticated: false,
    signal: options.signal,
  });
  return document.data.attributes;
}

/** The Merkle proof of `user` in the whitelist of `root`, or null when the address is not in it. */
export async function fetchMerkleProof(
  root: Hex,
  user: Address,
  options: { signal?: AbortSignal } = {},
): Promise<Hex[] | null> {
  try {
    const document = await api.get(`/integrations/token-sale-svc/merkle-whitelists/${root}/proofs/${user}`, {
      schema: merkleProofDocument,
      isAuthenticated: false,
      signal: options.signal,
    });
    return document.data.attributes.proof;
  } catch (err) {
    if ((err as { status?: number }).status === 404) return null;
    throw err;
  }
}

/** The DAO's token sale and distribution executors (null while the indexer has not seen them). */
export async function fetchSaleExecutors(
  chainId: number,
  pool: Address,
  options: { signal?: AbortSignal } = {},
): Promise<{ tokenSale: Address | null; distribution: Address | null }> {
  const document = await api.get(
    `/integrations/tracker/${chainId}/pools/gov/${pool.toLowerCase()}/sale-executors`,
    { schema: saleExecutorsDocument, isAuthenticated: false, signal: options.signal },
  );
  const { token_sale, distribution } = document.data.attributes;
  return { tokenSale: token_sale, distribution };
}

/** A proposal's distribution, with `voter`'s claimable share when given. */
export async function fetchDistribution(
  chainId: number,
  pool: Address,
  proposalId: string,
  voter: Address | undefined,
  options: { signal?: AbortSignal } = {},
): Promise<DistributionRecord> {
  const document = await api.get(
    `/integrations/tracker/${chainId}/pools/gov/${pool.toLowerCase()}/distributions/${proposalId}`,
    {
      schema: distributionDocument,
      query: voter ? { voter } : undefined,
      isAuthenticated: false,
      signal: options.signal,
    },
  );
  return document.data.attributes;
}

/** Stores a Merkle whitelist (signed in); answers its root and the address the list is published at. */
export async function storeMerkleWhitelist(
  chainId: number,
  pool: Address,
  addresses: readonly Address[],
): Promise<{ root: Hex; uri: string }> {
  const document = await api.post(
    "/integrations/token-sale-svc/merkle-whitelists",
    {
      data: {
        type: "merkle-whitelists",
        attributes: { chain_id: chainId, pool_address: pool, addresses },
      },
    },
    { schema: merkleWhitelistDocument },
  );
  const { root } = document.data.attributes;
  return { root, uri: `${env.apiUrl}/integrations/token-sale-svc/merkle-whitelists/${root}` };
}
