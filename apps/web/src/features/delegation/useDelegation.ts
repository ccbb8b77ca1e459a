import { useQuery, useQueryClient } from "@tanstack/react-query";
import type { Address } from "viem";
import { useReadClient } from "../../shared/chain/readClient.ts";
import { useSelectedChainId } from "../../shared/wallet/selectedChain.ts";
import { delegationPairQuery, delegationPositionQuery } from "./api/delegationQueries.ts";

/** The connected member's unlocked deposit and wallet in the DAO, on the selected chain. */
export function useDelegationPosition(dao: Address, user: Address) {
  const queryClient = useQueryClient();
  const chainId = useSelectedChainId();
  const client = useReadClient({ chainId });
  return useQuery(delegationPositionQuery(queryClient, client, chainId, dao, user));
}

/** What the connected member delegates to `delegatee` in the DAO now. */
export function useDelegationPair(dao: Address, user: Address, delegatee: Address) {
  const chainId = useSelectedChainId();
  return useQuery(delegationPairQuery(chainId, dao, user, delegatee));
}
