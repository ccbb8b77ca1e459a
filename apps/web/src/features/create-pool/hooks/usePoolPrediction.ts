import { useQuery } from "@tanstack/react-query";
import { useAccount } from "wagmi";
import { predictPool } from "./predictPool.ts";
import { useChainClient } from "./useChainClient.ts";
import { useProtocol } from "./useProtocol.ts";

export const createPoolQueryKeys = {
  root: ["createPool"] as const,
  prediction: (chainId: number, deployer: string | undefined, name: string) =>
    [...createPoolQueryKeys.root, chainId, "prediction", deployer, name] as const,
};

/** Predicted addresses of the DAO and whether its name is taken, for the connected deployer. */
export function usePoolPrediction(name: string) {
  const { address } = useAccount();
  const { chainId, contracts } = useProtocol();
  const client = useChainClient();
  const trimmed = name.trim();
  return useQuery({
    queryKey: createPoolQueryKeys.prediction(chainId, address, trimmed),
    enabled: Boolean(client && contracts && address && trimmed),
    staleTime: 5_000,
    queryFn: () => {
      if (!client || !contracts || !address) throw new Error("No chain id found");
      return predictPool(client, contracts, address, trimmed);
    },
  });
}
