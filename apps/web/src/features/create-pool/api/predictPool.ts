import { poolFactoryAbi, poolRegistryAbi } from "@polity/core/generated/contracts";
import type { Address, ContractFunctionReturnType } from "viem";
import type { ReadClient } from "../../../shared/chain/readClient.ts";

/** The addresses a deployment will create, by the factory's names (`govPool`, `settings`, …). */
export type PredictedAddresses = ContractFunctionReturnType<
  typeof poolFactoryAbi,
  "view",
  "predictGovAddresses"
>;

export type PoolPrediction = {
  /** Every address the deployment will create, by the factory's names (govPool first). */
  addresses: PredictedAddresses;
  govPool: Address;
  /** 'A pool with this name already exists.': the same deployer already used this name. */
  isNameTaken: boolean;
};

/**
 * Addresses are CREATE2 with salt keccak256(deployer, name), so the prediction both shows the
 * future addresses and tells whether this deployer already created a pool with this name.
 */
export async function predictPool(
  client: Pick<ReadClient, "getCode" | "readContract">,
  contracts: { PoolFactory: Address; PoolRegistry: Address },
  deployer: Address,
  name: string,
): Promise<PoolPrediction> {
  const addresses = await client.readContract({
    address: contracts.PoolFactory,
    abi: poolFactoryAbi,
    functionName: "predictGovAddresses",
    args: [deployer, name],
  });
  const govPool = addresses.govPool;
  if (!govPool) throw new Error("predictGovAddresses returned no govPool address");
  const [code, isGovPool] = await Promise.all([
    client.getCode({ address: govPool }),
    client.readContract({
      address: contracts.PoolRegistry,
      abi: poolRegistryAbi,
      functionName: "isGovPool",
      args: [govPool],
    }),
  ]);
  return { addresses, govPool, isNameTaken: isGovPool || (code !== undefined && code !== "0x") };
}
