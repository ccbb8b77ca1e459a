import { daoUserQuery } from "../../../shared/chain/poolHelpers.ts";
import { fetchDaoProfile } from "./fetchDaoProfile.ts";

/** The DAO's on-chain profile with `user`'s position, refreshed after 15 s. */
export const daoProfileQuery = daoUserQuery("profile", fetchDaoProfile);
