import type { Address } from "viem";
import { useConnection } from "wagmi";
import { useDaoAssets } from "../../shared/chain/daoAssets.ts";

/** The DAO's assets and the connected user's position on the selected chain. */
export function useAssets(dao: Address) {
  const { address } = useConnection();
  return useDaoAssets(dao, address);
}
