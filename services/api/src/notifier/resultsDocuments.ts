/**
 * The off-chain proposals a saved results document covers. The hash a pool saves on chain is the CID of
 * the document the api's verifier signed, and the api keeps that document in its IPFS cache: the
 * proposals (ids and titles) are read from it, so a notification names exactly what was signed.
 */
import type { NotifiedOffchainProposal } from "@polity/core/notifications";
import * as jsonCodec from "multiformats/codecs/json";
import type { Db } from "../db/pool.ts";
import { IpfsCacheRepository } from "../modules/ipfs-cache-svc/ipfsCache.repository.ts";

/** The proposals of the results document `resultsHash` of `pool` on `chainId`; none when it is unknown here. */
export type ResultsDocuments = (
  resultsHash: string,
  chainId: number,
  pool: string,
) => Promise<NotifiedOffchainProposal[]>;

interface ResultsDocument {
  kind?: unknown;
  chain_id?: unknown;
  pool_address?: unknown;
  proposals?: unknown;
}

export function resultsDocuments(db: Db): ResultsDocuments {
  const repo = new IpfsCacheRepository(db);
  return async (resultsHash, chainId, pool) => {
    const stored = await repo.get(resultsHash);
    if (stored?.content_type !== "application/json") return [];
    let document: ResultsDocument;
    try {
      document = jsonCodec.decode(stored.bytes) as ResultsDocument;
    } catch {
      return [];
    }
    // Another pool's or chain's document under the same hash is not this save's.
    if (
      document?.kind !== "polity.offchain-results" ||
      document.chain_id !== chainId ||
      typeof document.pool_address !== "string" ||
      document.pool_address.toLowerCase() !== pool.toLowerCase() ||
      !Array.isArray(document.proposals)
    )
      return [];
    return document.proposals.flatMap((p: { id?: unknown; title?: unknown }) =>
      typeof p?.id === "string" && typeof p.title === "string" ? [{ id: p.id, title: p.title }] : [],
    );
  };
}
