import { useQuery } from "@tanstack/react-query";
import { useReadClient } from "../../shared/chain/readClient.ts";
import type { DaoProfile } from "./api/fetchDaoProfile.ts";
import { tokenSalesQuery } from "./api/tokenSalesQuery.ts";

/** The DAO's token sale tiers with their tokens' symbols. */
export function useTokenSales(profile: DaoProfile) {
  const client = useReadClient({ chainId: profile.chainId });
  return useQuery(tokenSalesQuery(client, profile.chainId, profile.address));
}
