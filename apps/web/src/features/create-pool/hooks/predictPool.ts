import { poolFactoryAbi, poolRegistryAbi } from "@polity/core/generated/contracts";
import type { Address, PublicClient } from "viem";

export type PoolPrediction = {
  /** Every address the deployment will create, by the factory's names (govPool first). */
  addresses: Record<string, Address>;
  govPool: Address;
  /** 'A pool with this name already exists.': the same deployer already used this name. */
  isNameTaken: boolean;
};

type ReadClient = Pick<PublicClient, "getCode" | "readContract">;

/**
 * Addresses are CREATE2 with salt keccak256(deployer, name), so the prediction both shows the
 * future addresses and tells whether this deployer already created a pool with this name.
 */
export async function predictPool(
  client: ReadClient,
  contracts: { PoolFactory: Address; PoolRegistry: Address },
  deployer: Address,
  name: string,
): Promise<PoolPrediction> {
  const predicted = (await client.readContract({
    address: contracts.PoolFactory,
    abi: poolFactoryAbi,
    functionName: "predictGovAddresses",
    args: [deployer, name],
  })) as unknown as Record<string, Address>;
  const addresses = Object.fromEntries(
    Object.entries(predicted).filter(
      ([key, value]) => Number.isNaN(Number(key)) && typeof value === "string",
    ),
  ) as Record<string, Address>;
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
  return { addresses, govPool, isNameTaken: Boolean(isGovPool) || (code !== undefined && code !== "0x") };
}
