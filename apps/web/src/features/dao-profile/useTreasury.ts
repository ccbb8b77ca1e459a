import { useQuery } from "@tanstack/react-query";
import type { DaoProfile } from "./api/fetchDaoProfile.ts";
import { treasuryQuery } from "./api/treasuryQuery.ts";

/** The DAO treasury's token balances. */
export function useTreasury(profile: DaoProfile) {
  return useQuery(treasuryQuery(profile.chainId, profile.address));
}
