import { useQuery } from "@tanstack/react-query";
import type { Address } from "viem";
import {
  offchainProposalQuery,
  offchainProposalsQuery,
  proposalTypeQuery,
  proposalTypesQuery,
} from "./api/offchainQueries.ts";

type Ctx = { chainId: number; pool: Address };

export function useProposalTypes({ chainId, pool }: Ctx) {
  return useQuery(proposalTypesQuery(chainId, pool));
}

export function useProposalType({ chainId, pool }: Ctx, name: string) {
  return useQuery(proposalTypeQuery(chainId, pool, name));
}

export function useOffchainProposals({ chainId, pool }: Ctx) {
  return useQuery(offchainProposalsQuery(chainId, pool));
}

export function useOffchainProposal(
  { chainId, pool }: Ctx,
  id: string,
  account: Address | undefined,
  isSignedIn: boolean,
) {
  return useQuery(offchainProposalQuery(chainId, pool, id, account, isSignedIn));
}
