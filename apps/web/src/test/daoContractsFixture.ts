import type { Address } from "viem";
import type { DaoContracts } from "../shared/actions/daoContracts.ts";

/** A DAO's contracts at recognisable addresses around `pool`, with `token` as its governance token. */
export function daoContractsFixture(pool: Address, token: DaoContracts["token"]): DaoContracts {
  return {
    pool,
    settings: "0x3333333333333333333333333333333333333333",
    userKeeper: "0x4444444444444444444444444444444444444444",
    validators: "0x5555555555555555555555555555555555555555",
    token,
  };
}
