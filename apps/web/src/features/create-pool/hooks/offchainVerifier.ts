import { type Address, getAddress, isAddress } from "viem";

/**
 * Hardhat account #9: the labelled, publicly known dev key the local api signs off-chain results
 * with. Used on the local chain 31337 only.
 */
export const LOCAL_DEV_VERIFIER: Address = "0xa0Ee7A142d267C1f36714E4a8F75612F20a79720";

/**
 * The address that signs a new DAO's off-chain voting results: the deployment's `OffchainVerifier`
 * when the protocol deployment names one, else `VITE_OFFCHAIN_VERIFIER_<chainId>`, else on the local
 * chain the dev verifier.
 */
export function offchainVerifierFor(
  chainId: number,
  contracts: object | undefined,
  env: Record<string, string | undefined> = import.meta.env as Record<string, string | undefined>,
): Address | undefined {
  const fromDeployment = (contracts as { OffchainVerifier?: string } | undefined)?.OffchainVerifier;
  if (fromDeployment && isAddress(fromDeployment)) return getAddress(fromDeployment);
  const fromEnv = env[`VITE_OFFCHAIN_VERIFIER_${chainId}`];
  if (fromEnv && isAddress(fromEnv)) return getAddress(fromEnv);
  return chainId === 31337 ? LOCAL_DEV_VERIFIER : undefined;
}
