import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import type { Abi, Address, Hex } from "viem";

/** Root of the @polity/contracts package. */
export const contractsRoot = join(dirname(fileURLToPath(import.meta.url)), "..", "..");

export type Artifact = {
  contractName: string;
  sourceName: string;
  abi: Abi;
  bytecode: Hex;
  linkReferences: Record<string, Record<string, { start: number; length: number }[]>>;
};

/** Source file of every contract the scripts deploy, relative to the package root. */
export const sources = {
  CoreProperties: "contracts/core/CoreProperties.sol",
  PoolRegistry: "contracts/core/PoolRegistry.sol",
  PoolFactory: "contracts/core/PoolFactory.sol",
  PriceFeed: "contracts/core/PriceFeed.sol",
  UserRegistry: "contracts/core/UserRegistry.sol",
  ProtocolTimelock: "contracts/core/ProtocolTimelock.sol",
  GovPool: "contracts/gov/GovPool.sol",
  GovSettings: "contracts/gov/GovSettings.sol",
  GovUserKeeper: "contracts/gov/GovUserKeeper.sol",
  GovValidators: "contracts/gov/GovValidators.sol",
  GovValidatorsToken: "contracts/gov/GovValidatorsToken.sol",
  ERC20Gov: "contracts/gov/ERC20Gov.sol",
  ExpertNft: "contracts/gov/ExpertNft.sol",
  GovPoolActions: "contracts/libs/GovPoolActions.sol",
  GovPoolRewards: "contracts/libs/GovPoolRewards.sol",
  GovPoolView: "contracts/libs/GovPoolView.sol",
  GovPoolLocks: "contracts/libs/GovPoolLocks.sol",
  GovPoolState: "contracts/libs/GovPoolState.sol",
  TokenSaleProposal: "contracts/executors/TokenSaleProposal.sol",
  DistributionProposal: "contracts/executors/DistributionProposal.sol",
  StakingProposal: "contracts/executors/StakingProposal.sol",
  NftMultiplier: "contracts/gov/NftMultiplier.sol",
  StakingAttacker: "contracts/mocks/attack/StakingAttacker.sol",
  GovPoolDelegation: "contracts/libs/GovPoolDelegation.sol",
  LinearPower: "contracts/votepower/LinearPower.sol",
  PolynomialPower: "contracts/votepower/PolynomialPower.sol",
  IVotePower: "contracts/interfaces/IVotePower.sol",
  TestBABT: "contracts/mocks/TestBABT.sol",
  ERC20Mock: "contracts/mocks/ERC20Mock.sol",
  ERC721Mock: "contracts/mocks/ERC721Mock.sol",
  BulkNft: "contracts/mocks/BulkNft.sol",
  MockAggregator: "contracts/mocks/MockAggregator.sol",
  ReturnBomb: "contracts/mocks/ReturnBomb.sol",
  ActionsEchoExecutor: "contracts/mocks/ActionsEchoExecutor.sol",
  ReentrantReceiver: "contracts/mocks/attack/ReentrantReceiver.sol",
  MockFlashLender: "contracts/mocks/attack/MockFlashLender.sol",
  FlashLoanTakeover: "contracts/mocks/attack/FlashLoanTakeover.sol",
  FeeOnTransferToken: "contracts/mocks/attack/FeeOnTransferToken.sol",
  BrokenAggregator: "contracts/mocks/attack/BrokenAggregator.sol",
  LateCode: "contracts/mocks/attack/LateCodeDeployer.sol",
  LateCodeDeployer: "contracts/mocks/attack/LateCodeDeployer.sol",
  RevertingValidator: "contracts/mocks/attack/LateCodeDeployer.sol",
  CallbackToken: "contracts/mocks/attack/CallbackToken.sol",
  SaleAttacker: "contracts/mocks/attack/SaleAttacker.sol",
  RefVotesToken: "contracts/reference/RefVotesToken.sol",
  RefGovernor: "contracts/reference/RefGovernor.sol",
  RefTimelock: "contracts/reference/RefTimelock.sol",
  RefGovernorUpgradeable: "contracts/reference/RefGovernorUpgradeable.sol",
  RefBeacon: "contracts/reference/RefGovernorUpgradeable.sol",
  GlobalBeaconProxy: "contracts/core/GlobalBeaconProxy.sol",
} as const;

export type ContractName = keyof typeof sources;

const cache = new Map<string, Artifact>();

/** Reads a compiled artifact (run `hardhat build` first). */
export function readArtifact(name: ContractName): Artifact {
  const hit = cache.get(name);
  if (hit) return hit;
  const file = join(contractsRoot, "artifacts", sources[name], `${name}.json`);
  const artifact = JSON.parse(readFileSync(file, "utf8")) as Artifact;
  cache.set(name, artifact);
  return artifact;
}

/** Replaces library placeholders of `artifact`'s creation code with deployed library addresses. */
export function linkBytecode(artifact: Artifact, libraries: Partial<Record<string, Address>>): Hex {
  let code = artifact.bytecode.slice(2);
  for (const [, libs] of Object.entries(artifact.linkReferences ?? {})) {
    for (const [libName, refs] of Object.entries(libs)) {
      const address = libraries[libName];
      if (!address) throw new Error(`${artifact.contractName} needs library ${libName}`);
      for (const { start, length } of refs) {
        code = code.slice(0, start * 2) + address.slice(2).toLowerCase() + code.slice((start + length) * 2);
      }
    }
  }
  return `0x${code}`;
}
