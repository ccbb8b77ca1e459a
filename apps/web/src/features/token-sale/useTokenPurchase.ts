import { useQuery } from "@tanstack/react-query";
import type { Address } from "viem";
import { useConnection } from "wagmi";
import { useReadClient } from "../../shared/chain/readClient.ts";
import { useSelectedChainId } from "../../shared/wallet/selectedChain.ts";
import { tokenPurchaseQuery } from "./api/tokenPurchaseQuery.ts";

/** The tier on the selected chain with the connected account's standing in it. */
export function useTokenPurchase(dao: Address, tierId: string) {
  const chainId = useSelectedChainId();
  const client = useReadClient({ chainId });
  const { address } = useConnection();
  return useQuery(tokenPurchaseQuery(client, chainId, dao, tierId, address));
}
