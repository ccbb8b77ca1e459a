import { govPoolAbi, nftMultiplierAbi } from "@polity/core/generated/contracts";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { type Address, type ContractFunctionReturnType, zeroAddress } from "viem";
import { useSelectedChainId } from "../wallet/selectedChain.ts";
import { daoUserQuery } from "./poolHelpers.ts";
import { named, readBatch, readCall } from "./readBatch.ts";
import { type ReadClient, useReadClient } from "./readClient.ts";

/** A multiplier NFT as the collection describes it (`NftMultiplier.NftView`). */
export type MultiplierNft = ContractFunctionReturnType<typeof nftMultiplierAbi, "view", "getLocked">;

/** 1× in the multipliers' fixed point (25 decimals). */
export const MULTIPLIER_PRECISION = 10n ** 25n;

/** Proposal state Voting: a vote on such a proposal blocks locking and unlocking. */
const VOTING = 0;

export interface NftMultiplierState {
  /** The DAO's active multiplier collection, null when none is active. */
  address: Address | null;
  /** `user`'s NFTs of the active collection (empty without a user). */
  nfts: MultiplierNft[];
  /** `user`'s locked NFT, null when none. */
  locked: MultiplierNft | null;
  /** A proposal in Voting that `user` voted on (locking and unlocking wait for it), null when none. */
  votingProposal: bigint | null;
}

/**
 * The DAO's active multiplier and `user`'s NFTs in it: one read for the active collection, then one batch
 * for the NFTs, the locked one and the user's active proposals, and one for their states.
 */
export async function fetchNftMultiplier(
  client: ReadClient,
  dao: Address,
  user: Address | undefined,
): Promise<NftMultiplierState> {
  const pool = { address: dao, abi: govPoolAbi } as const;
  const { contracts } = await readBatch(
    client,
    { contracts: named(readCall(pool, "getNftContracts")) },
    { required: ["contracts"] },
  );
  const address = contracts?.nftMultiplier ?? zeroAddress;
  if (address === zeroAddress) return { address: null, nfts: [], locked: null, votingProposal: null };
  if (!user) return { address, nfts: [], locked: null, votingProposal: null };
  const collection = { address, abi: nftMultiplierAbi } as const;
  const reads = await readBatch(
    client,
    {
      nfts: readCall(collection, "getHolderNfts", [user]),
      locked: readCall(collection, "getLocked", [user]),
      active: readCall(pool, "getUserActiveProposals", [user]),
    },
    { required: ["nfts", "locked"] },
  );
  const active = reads.active ?? [];
  const { states } = await readBatch(client, {
    states: active.map((id) => readCall(pool, "getProposalState", [id])),
  });
  const votingIndex = states.indexOf(VOTING);
  const locked = reads.locked && reads.locked.tokenId !== 0n ? reads.locked : null;
  return {
    address,
    nfts: [...(reads.nfts ?? [])],
    locked,
    votingProposal: votingIndex >= 0 ? (active[votingIndex] ?? null) : null,
  };
}

/** The query of the DAO's multiplier for `user`, under the DAO's root (its transactions refresh it). */
export const nftMultiplierQuery = daoUserQuery("nft-multiplier", fetchNftMultiplier);

/** The DAO's active multiplier and `user`'s NFTs in it, on the selected chain. */
export function useNftMultiplier(dao: Address, user: Address | undefined) {
  const queryClient = useQueryClient();
  const chainId = useSelectedChainId();
  const client = useReadClient({ chainId });
  return useQuery(nftMultiplierQuery(queryClient, client, chainId, dao, user));
}

/** A multiplier (25 decimals) as people write it: 1.5, 2, 1.33 (at most two decimals, rounded down). */
export function formatMultiplier(value: bigint): string {
  const cents = (value * 100n) / MULTIPLIER_PRECISION;
  const whole = cents / 100n;
  const rest = cents % 100n;
  if (rest === 0n) return whole.toString();
  return `${whole}.${rest.toString().padStart(2, "0").replace(/0$/, "")}`;
}
