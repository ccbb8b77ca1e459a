import { useQuery } from "@tanstack/react-query";
import type { Address } from "viem";
import { useDaoAssets } from "../../shared/chain/daoAssets.ts";
import { useSelectedChainId } from "../../shared/wallet/selectedChain.ts";
import { delegationPositionOf } from "./api/delegationPosition.ts";
import { delegationPairQuery } from "./api/delegationQueries.ts";

/** The connected member's unlocked deposit and wallet in the DAO, on the selected chain. */
export function useDelegationPosition(dao: Address, user: Address) {
  return useDaoAssets(dao, user, (assets) => delegationPositionOf(assets, user));
}

/** What the connected member delegates to `delegatee` in the DAO now. */
export function useDelegationPair(dao: Address, user: Address, delegatee: Address) {
  const chainId = useSelectedChainId();
  return useQuery(delegationPairQuery(chainId, dao, user, delegatee));
}
