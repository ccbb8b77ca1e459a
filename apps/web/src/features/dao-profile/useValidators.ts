import { useQuery } from "@tanstack/react-query";
import type { DaoProfile } from "./api/fetchDaoProfile.ts";
import { validatorsQuery } from "./api/validatorsQuery.ts";

/** A page of the DAO's validators, when it has any. */
export function useValidators(profile: DaoProfile, page: number) {
  return useQuery(validatorsQuery(profile.chainId, profile.address, page, profile.validators.hasValidators));
}
