import { useQuery } from "@tanstack/react-query";
import type { Address } from "viem";
import { useConnection } from "wagmi";
import { useReadClient } from "../../shared/chain/readClient.ts";
import { useSelectedChainId } from "../../shared/wallet/selectedChain.ts";
import { stakingQuery } from "./api/stakingQuery.ts";

/** The DAO's staking tiers with the connected member's positions. */
export function useStaking(dao: Address) {
  const chainId = useSelectedChainId();
  const { address } = useConnection();
  const client = useReadClient({ chainId });
  return useQuery(stakingQuery(client, chainId, dao, address));
}
