/**
 * The ABIs the protocol publishes, by export name: each contract's ABI, GovPool's with the events and
 * errors its libraries emit (they run in the pool's context). `generate.ts` writes them into
 * @polity/core's bindings; the contract tests read them here, from the same artifacts, so the protocol
 * imports no TypeScript part.
 */
import { type Abi, erc20Abi, erc721Abi } from "viem";
import { type ContractName, readArtifact } from "./artifacts.ts";

export const exportedAbis = [
  ["corePropertiesAbi", "CoreProperties", []],
  ["poolRegistryAbi", "PoolRegistry", []],
  ["poolFactoryAbi", "PoolFactory", []],
  ["priceFeedAbi", "PriceFeed", []],
  ["userRegistryAbi", "UserRegistry", []],
  [
    "govPoolAbi",
    "GovPool",
    ["GovPoolActions", "GovPoolRewards", "GovPoolView", "GovPoolLocks", "GovPoolDelegation"],
  ],
  ["govSettingsAbi", "GovSettings", []],
  ["govUserKeeperAbi", "GovUserKeeper", []],
  ["govValidatorsAbi", "GovValidators", []],
  ["govValidatorsTokenAbi", "GovValidatorsToken", []],
  ["erc20GovAbi", "ERC20Gov", []],
  ["expertNftAbi", "ExpertNft", []],
  ["votePowerAbi", "IVotePower", []],
  ["linearPowerAbi", "LinearPower", []],
  ["polynomialPowerAbi", "PolynomialPower", []],
  ["tokenSaleProposalAbi", "TokenSaleProposal", []],
  ["distributionProposalAbi", "DistributionProposal", []],
  ["stakingProposalAbi", "StakingProposal", []],
  ["nftMultiplierAbi", "NftMultiplier", []],
  ["testBabtAbi", "TestBABT", []],
  ["mockAggregatorAbi", "MockAggregator", []],
  ["erc20MockAbi", "ERC20Mock", []],
  ["erc721MockAbi", "ERC721Mock", []],
] as const satisfies readonly (readonly [string, ContractName, readonly ContractName[]])[];

export function mergedAbi(name: ContractName, libraries: readonly ContractName[]): Abi {
  const abi = [...readArtifact(name).abi];
  const seen = new Set(abi.map((item) => JSON.stringify(item)));
  const names = new Set(
    abi
      .filter((i) => i.type === "event" || i.type === "error")
      .map((i) => `${i.type}:${"name" in i ? i.name : ""}`),
  );
  for (const lib of libraries) {
    for (const item of readArtifact(lib).abi) {
      if (item.type !== "event" && item.type !== "error") continue;
      const key = `${item.type}:${item.name}`;
      if (names.has(key) || seen.has(JSON.stringify(item))) continue;
      names.add(key);
      abi.push(item);
    }
  }
  return abi;
}

export type AbiName = (typeof exportedAbis)[number][0];

/** Every published ABI read from the compiled artifacts (run `hardhat build` first), plus viem's ERC-20/721. */
export function readAbis(): Record<AbiName, Abi> & {
  erc20Abi: typeof erc20Abi;
  erc721Abi: typeof erc721Abi;
} {
  const abis = Object.fromEntries(
    exportedAbis.map(([exportName, name, libs]) => [exportName, mergedAbi(name, libs)]),
  ) as Record<AbiName, Abi>;
  return { ...abis, erc20Abi, erc721Abi };
}
