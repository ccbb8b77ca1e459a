import { deployments } from "@polity/core/generated/deployments";
import { useAccount, useChainId } from "wagmi";

type ChainDeployment = (typeof deployments)[keyof typeof deployments];

/** The protocol contracts on the chain the wallet is on; undefined where Polity is not deployed. */
export function useProtocol(): { chainId: number; contracts: ChainDeployment | undefined } {
  const { chainId: walletChainId } = useAccount();
  const configChainId = useChainId();
  const chainId = walletChainId ?? configChainId;
  const contracts = (deployments as Record<number, ChainDeployment | undefined>)[chainId];
  return { chainId, contracts };
}
