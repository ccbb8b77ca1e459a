import {
  type Abi,
  type Address,
  encodeFunctionData,
  getAddress,
  type Hex,
  keccak256,
  stringToHex,
} from "viem";
import { type ContractName, linkBytecode, readArtifact } from "./artifacts.ts";
import type { Clients } from "./localChain.ts";

export type { Clients } from "./localChain.ts";

export type DeployedContract = { address: Address; gasUsed: bigint; blockNumber: bigint };

/** Deploys `name` (linking `libraries`) and waits for the receipt. */
export async function deploy(
  { publicClient, walletClient }: Clients,
  name: ContractName,
  args: readonly unknown[] = [],
  libraries: Partial<Record<string, Address>> = {},
): Promise<DeployedContract> {
  const artifact = readArtifact(name);
  const hash = await walletClient.deployContract({
    abi: artifact.abi,
    bytecode: linkBytecode(artifact, libraries),
    args,
    account: walletClient.account,
    chain: walletClient.chain,
  });
  const receipt = await publicClient.waitForTransactionReceipt({ hash });
  if (receipt.status !== "success" || !receipt.contractAddress) throw new Error(`deploying ${name} failed`);
  return {
    address: getAddress(receipt.contractAddress),
    gasUsed: receipt.gasUsed,
    blockNumber: receipt.blockNumber,
  };
}

/** Sends a contract call and waits for a successful receipt. */
export async function send(
  { publicClient, walletClient }: Clients,
  address: Address,
  abi: Abi,
  functionName: string,
  args: readonly unknown[] = [],
  value?: bigint,
) {
  const hash = await walletClient.sendTransaction({
    to: address,
    data: encodeFunctionData({ abi, functionName, args }),
    account: walletClient.account,
    chain: walletClient.chain,
    ...(value ? { value } : {}),
  });
  const receipt = await publicClient.waitForTransactionReceipt({ hash });
  if (receipt.status !== "success") throw new Error(`${functionName} reverted`);
  return receipt;
}

export const componentNames = {
  GOV_POOL: stringToHex("GOV_POOL", { size: 32 }),
  SETTINGS: stringToHex("SETTINGS", { size: 32 }),
  USER_KEEPER: stringToHex("USER_KEEPER", { size: 32 }),
  VALIDATORS: stringToHex("VALIDATORS", { size: 32 }),
  VALIDATORS_TOKEN: stringToHex("VALIDATORS_TOKEN", { size: 32 }),
  EXPERT_NFT: stringToHex("EXPERT_NFT", { size: 32 }),
  POLYNOMIAL_POWER: stringToHex("POLYNOMIAL_POWER", { size: 32 }),
  ERC20_GOV: stringToHex("ERC20_GOV", { size: 32 }),
  POOL_FACTORY: stringToHex("POOL_FACTORY", { size: 32 }),
  CORE_PROPERTIES: stringToHex("CORE_PROPERTIES", { size: 32 }),
  LINEAR_POWER: stringToHex("LINEAR_POWER", { size: 32 }),
  GLOBAL_EXPERT_NFT: stringToHex("GLOBAL_EXPERT_NFT", { size: 32 }),
  BABT: stringToHex("BABT", { size: 32 }),
  PRICE_FEED: stringToHex("PRICE_FEED", { size: 32 }),
  TOKEN_SALE: stringToHex("TOKEN_SALE", { size: 32 }),
  DISTRIBUTION: stringToHex("DISTRIBUTION", { size: 32 }),
  STAKING: stringToHex("STAKING", { size: 32 }),
  NFT_MULTIPLIER: stringToHex("NFT_MULTIPLIER", { size: 32 }),
  PROTOCOL_TREASURY: stringToHex("PROTOCOL_TREASURY", { size: 32 }),
} as const satisfies Record<string, Hex>;

export type ProtocolDeployment = {
  CoreProperties: Address;
  PoolRegistry: Address;
  PoolFactory: Address;
  PriceFeed: Address;
  LinearPower: Address;
  GlobalExpertNft: Address;
  BABT: Address;
  GovPoolImplementation: Address;
  /** Members' agreements to the privacy policy and their profile links. */
  UserRegistry: Address;
  startBlock: number;
  /** The ProtocolTimelock owning PoolRegistry and CoreProperties (only with `timelockDelay`). */
  Timelock?: Address;
};

export type DeployProtocolOptions = {
  /** Protocol owner (defaults to the deployer). */
  owner?: Address;
  /** Existing account-bound token; when absent a soulbound TestBABT is deployed (local chains). */
  babt?: Address;
  /** Seconds every upgrade and registry or protocol-parameter change waits: when set, a ProtocolTimelock whose
   * proposer and executor is the owner (a multisig) owns PoolRegistry and CoreProperties. */
  timelockDelay?: bigint;
  /** Receiver of the token-sale commission (defaults to the owner). */
  protocolTreasury?: Address;
  /** Hash of the privacy policy members agree to in the UserRegistry (defaults to `PRIVACY_POLICY_HASH`). */
  privacyPolicyHash?: Hex;
};

/** The privacy policy in force from the first deployment: keccak256 of its published document's version line.
 * The owner publishes each new version with `UserRegistry.setDocumentHash`, and members agree again. */
export const PRIVACY_POLICY_HASH: Hex = keccak256(stringToHex("Polity privacy policy, version 1"));

/**
 * Deploys the whole protocol: libraries, implementations (behind PoolRegistry beacons), PoolFactory,
 * CoreProperties, PriceFeed, LinearPower, the global expert badge and (locally) the test BABT.
 * Transaction order is fixed, so a fresh chain with the same deployer always gets the same addresses.
 */
export async function deployProtocol(
  c: Clients,
  options: DeployProtocolOptions = {},
): Promise<ProtocolDeployment> {
  const owner = options.owner ?? c.walletClient.account.address;
  const deployer = c.walletClient.account.address;

  const govPoolView = await deploy(c, "GovPoolView");
  const startBlock = Number(govPoolView.blockNumber);
  const govPoolActions = await deploy(c, "GovPoolActions");
  const govPoolLocks = await deploy(c, "GovPoolLocks", [], { GovPoolView: govPoolView.address });
  const govPoolRewards = await deploy(c, "GovPoolRewards", [], { GovPoolView: govPoolView.address });
  const govPoolDelegation = await deploy(c, "GovPoolDelegation");

  const coreProperties = await deploy(c, "CoreProperties", [deployer]);
  const registry = await deploy(c, "PoolRegistry", [deployer]);
  const priceFeed = await deploy(c, "PriceFeed", [deployer]);
  const linearPower = await deploy(c, "LinearPower");
  const babt = options.babt ? { address: options.babt } : await deploy(c, "TestBABT", [deployer]);

  const govPool = await deploy(c, "GovPool", [], {
    GovPoolView: govPoolView.address,
    GovPoolActions: govPoolActions.address,
    GovPoolLocks: govPoolLocks.address,
    GovPoolRewards: govPoolRewards.address,
    GovPoolDelegation: govPoolDelegation.address,
  });
  const settings = await deploy(c, "GovSettings");
  const userKeeper = await deploy(c, "GovUserKeeper");
  const validators = await deploy(c, "GovValidators");
  const validatorsToken = await deploy(c, "GovValidatorsToken");
  const expertNft = await deploy(c, "ExpertNft");
  const polynomialPower = await deploy(c, "PolynomialPower");
  const erc20Gov = await deploy(c, "ERC20Gov");
  const factory = await deploy(c, "PoolFactory", [registry.address]);

  const registryAbi = readArtifact("PoolRegistry").abi;
  await send(c, registry.address, registryAbi, "setImplementations", [
    [
      componentNames.GOV_POOL,
      componentNames.SETTINGS,
      componentNames.USER_KEEPER,
      componentNames.VALIDATORS,
      componentNames.VALIDATORS_TOKEN,
      componentNames.EXPERT_NFT,
      componentNames.POLYNOMIAL_POWER,
      componentNames.ERC20_GOV,
    ],
    [
      govPool.address,
      settings.address,
      userKeeper.address,
      validators.address,
      validatorsToken.address,
      expertNft.address,
      polynomialPower.address,
      erc20Gov.address,
    ],
  ]);

  const expertBeacon = (await c.publicClient.readContract({
    address: registry.address,
    abi: registryAbi,
    functionName: "getBeacon",
    args: [componentNames.EXPERT_NFT],
  })) as Address;
  const globalExpert = await deploy(c, "GlobalBeaconProxy", [
    expertBeacon,
    encodeFunctionData({
      abi: readArtifact("ExpertNft").abi,
      functionName: "initialize",
      args: [owner, "Polity Global Expert", "GEXPERT"],
    }),
  ]);

  await send(c, registry.address, registryAbi, "setContracts", [
    [
      componentNames.POOL_FACTORY,
      componentNames.CORE_PROPERTIES,
      componentNames.LINEAR_POWER,
      componentNames.GLOBAL_EXPERT_NFT,
      componentNames.BABT,
      componentNames.PRICE_FEED,
    ],
    [
      factory.address,
      coreProperties.address,
      linearPower.address,
      globalExpert.address,
      babt.address,
      priceFeed.address,
    ],
  ]);

  // The DAO executors come after every earlier deployment, so the addresses above stay the same.
  const tokenSale = await deploy(c, "TokenSaleProposal");
  const distribution = await deploy(c, "DistributionProposal");
  const staking = await deploy(c, "StakingProposal");
  const nftMultiplier = await deploy(c, "NftMultiplier");
  await send(c, registry.address, registryAbi, "setImplementations", [
    [
      componentNames.TOKEN_SALE,
      componentNames.DISTRIBUTION,
      componentNames.STAKING,
      componentNames.NFT_MULTIPLIER,
    ],
    [tokenSale.address, distribution.address, staking.address, nftMultiplier.address],
  ]);
  await send(c, registry.address, registryAbi, "setContracts", [
    [componentNames.PROTOCOL_TREASURY],
    [options.protocolTreasury ?? owner],
  ]);
  // Last, so that every address above stays where earlier deployments put it. Owned by the owner directly:
  // publishing a policy moves no funds.
  const userRegistry = await deploy(c, "UserRegistry", [
    owner,
    options.privacyPolicyHash ?? PRIVACY_POLICY_HASH,
  ]);

  const timelock =
    options.timelockDelay === undefined
      ? undefined
      : await deploy(c, "ProtocolTimelock", [options.timelockDelay, [owner], [owner]]);
  const transferAbi = readArtifact("CoreProperties").abi;
  for (const [address, to] of [
    [coreProperties.address, timelock?.address ?? owner],
    [registry.address, timelock?.address ?? owner],
    [priceFeed.address, owner],
  ] as const) {
    if (to.toLowerCase() !== deployer.toLowerCase())
      await send(c, address, transferAbi, "transferOwnership", [to]);
  }
  if (!options.babt && owner.toLowerCase() !== deployer.toLowerCase())
    await send(c, babt.address, readArtifact("TestBABT").abi, "transferOwnership", [owner]);

  return {
    CoreProperties: coreProperties.address,
    PoolRegistry: registry.address,
    PoolFactory: factory.address,
    PriceFeed: priceFeed.address,
    LinearPower: linearPower.address,
    GlobalExpertNft: globalExpert.address,
    BABT: babt.address,
    GovPoolImplementation: govPool.address,
    UserRegistry: userRegistry.address,
    startBlock,
    ...(timelock ? { Timelock: timelock.address } : {}),
  };
}
