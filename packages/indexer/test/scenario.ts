import { readFileSync } from "node:fs";
import { join } from "node:path";
import {
  erc721MockAbi,
  govPoolAbi,
  govValidatorsAbi,
  poolFactoryAbi,
  priceFeedAbi,
} from "@polity/core/generated/contracts";
import {
  type Account,
  type Address,
  createPublicClient,
  createWalletClient,
  erc20Abi,
  type Hex,
  http,
  type PublicClient,
  parseEther,
  parseEventLogs,
  type TransactionReceipt,
} from "viem";
import { mnemonicToAccount } from "viem/accounts";
import {
  deployDao,
  deployParams,
  type DaoAddresses as ProtocolDaoAddresses,
  type DaoOptions as ProtocolDaoOptions,
  proposalSettings,
} from "../../contracts/scripts/lib/dao.ts";
import { localChain } from "../../contracts/scripts/lib/localChain.ts";
import { CONTRACTS_DIR } from "./harness.ts";

/** Hardhat's publicly known development mnemonic (chain 31337 only). */
const DEV_MNEMONIC = "test test test test test test test test test test test junk";
export const devAccount = (index: number) => mnemonicToAccount(DEV_MNEMONIC, { addressIndex: index });

/** 100% with the protocol's 25 decimals of percentage. */
export const PERCENT_100 = 10n ** 27n;
export const percent = (p: number) => (PERCENT_100 * BigInt(Math.round(p * 1000))) / 100_000n;

export interface ProposalAction {
  executor: Address;
  value: bigint;
  data: Hex;
}

/** The DAO's contracts as `DaoPoolDeployed` names them (the protocol scripts' deployment reads them). */
export type DaoAddresses = Pick<
  ProtocolDaoAddresses,
  | "govPool"
  | "settings"
  | "userKeeper"
  | "validators"
  | "validatorsToken"
  | "expertNft"
  | "votePower"
  | "token"
  | "nft"
>;

export interface DaoOptions {
  name: string;
  descriptionURL?: string;
  recipients: Address[];
  amounts: bigint[];
  mintedTotal: bigint;
  symbol?: string;
  validators?: Address[];
  validatorBalances?: bigint[];
  /** Existing governance token instead of a new one. */
  tokenAddress?: Address;
  nftAddress?: Address;
  individualPower?: bigint;
  nftsTotalSupply?: bigint;
  duration?: bigint;
  quorum?: bigint;
  earlyCompletion?: boolean;
  minVotesForVoting?: bigint;
  minVotesForCreating?: bigint;
  delegatedVotingAllowed?: boolean;
}

/**
 * A scripted DAO as the protocol scripts deploy it: five equal settings slots, linear power, a 600 s
 * validators' stage and the scenario's verifier (account 9).
 */
function scriptedDao(o: DaoOptions): ProtocolDaoOptions {
  const slot = proposalSettings({
    earlyCompletion: o.earlyCompletion ?? false,
    delegatedVotingAllowed: o.delegatedVotingAllowed ?? false,
    validatorsVote: false,
    duration: o.duration ?? 3_600n,
    durationValidators: 600n,
    quorum: o.quorum ?? percent(20),
    quorumValidators: percent(50),
    minVotesForVoting: o.minVotesForVoting ?? 1n,
    minVotesForCreating: o.minVotesForCreating ?? 1n,
  });
  return {
    name: o.name,
    descriptionURL: o.descriptionURL ?? `ipfs://${o.name.toLowerCase().replaceAll(" ", "-")}`,
    settings: [slot, slot, slot, slot, slot],
    tokenAddress: o.tokenAddress,
    nftAddress: o.nftAddress,
    individualPower: o.individualPower,
    nftsTotalSupply: o.nftsTotalSupply,
    newToken: o.tokenAddress
      ? undefined
      : {
          name: `${o.name} token`,
          symbol: o.symbol ?? "GOV",
          cap: parseEther("1000000000"),
          mintedTotal: o.mintedTotal,
          users: o.recipients,
          amounts: o.amounts,
        },
    validators: {
      name: `${o.name} validators`,
      symbol: "VAL",
      duration: 600n,
      executionDelay: 0n,
      quorum: percent(50),
      validators: o.validators ?? [],
      balances: o.validatorBalances ?? [],
    },
    verifier: devAccount(9).address,
    minVotesForReadProposalDiscussion: 0n,
    minVotesForCreatingComment: 1n,
  };
}

/** PoolFactory.deployGovPool's parameters for a scripted DAO (the benchmarks send them in bulk). */
export function daoDeployParams(o: DaoOptions) {
  return deployParams(scriptedDao(o));
}

/** Scripted protocol calls for tests and benchmarks, each waiting for its receipt. */
export class Protocol {
  readonly publicClient: PublicClient;

  constructor(
    readonly rpcUrl: string,
    readonly poolFactory: Address,
  ) {
    this.publicClient = createPublicClient({
      chain: localChain(rpcUrl),
      transport: http(rpcUrl),
    }) as PublicClient;
  }

  wallet(account: Account) {
    return createWalletClient({ account, chain: localChain(this.rpcUrl), transport: http(this.rpcUrl) });
  }

  async send(
    account: Account,
    request: {
      address: Address;
      abi: readonly unknown[];
      functionName: string;
      args?: readonly unknown[];
      value?: bigint;
    },
  ): Promise<TransactionReceipt> {
    const wallet = this.wallet(account);
    // biome-ignore lint/suspicious/noExplicitAny: one generic entry point over every generated ABI
    const hash = await wallet.writeContract({ ...(request as any), account, chain: wallet.chain });
    const receipt = await this.publicClient.waitForTransactionReceipt({ hash });
    if (receipt.status !== "success") throw new Error(`${request.functionName} reverted (${hash})`);
    return receipt;
  }

  deployDao(account: Account, o: DaoOptions): Promise<DaoAddresses> {
    return deployDao(
      { publicClient: this.publicClient, walletClient: this.wallet(account) },
      this.poolFactory,
      scriptedDao(o),
    );
  }

  async deposit(account: Account, dao: DaoAddresses, amount: bigint, nftIds: bigint[] = []) {
    if (amount > 0n) {
      await this.send(account, {
        address: dao.token,
        abi: erc20Abi,
        functionName: "approve",
        args: [dao.userKeeper, amount],
      });
    }
    return this.send(account, {
      address: dao.govPool,
      abi: govPoolAbi,
      functionName: "deposit",
      args: [amount, nftIds],
    });
  }

  withdraw(account: Account, dao: DaoAddresses, amount: bigint) {
    return this.send(account, {
      address: dao.govPool,
      abi: govPoolAbi,
      functionName: "withdraw",
      args: [account.address, amount, []],
    });
  }

  /** A proposal whose only action is an empty call to `target`: default settings. */
  async createProposal(
    account: Account,
    dao: DaoAddresses,
    descriptionURL: string,
    target: Address,
    actions: ProposalAction[] = [{ executor: target, value: 0n, data: "0x" }],
  ): Promise<bigint> {
    const receipt = await this.send(account, {
      address: dao.govPool,
      abi: govPoolAbi,
      functionName: "createProposal",
      args: [descriptionURL, actions, []],
    });
    const [created] = parseEventLogs({ abi: govPoolAbi, logs: receipt.logs, eventName: "ProposalCreated" });
    if (!created) throw new Error("ProposalCreated not logged");
    return created.args.proposalId;
  }

  execute(account: Account, dao: DaoAddresses, proposalId: bigint, actions: ProposalAction[]) {
    return this.send(account, {
      address: dao.govPool,
      abi: govPoolAbi,
      functionName: "execute",
      args: [proposalId, actions, []],
    });
  }

  vote(account: Account, dao: DaoAddresses, proposalId: bigint, isVoteFor: boolean, amount: bigint) {
    return this.send(account, {
      address: dao.govPool,
      abi: govPoolAbi,
      functionName: "vote",
      args: [proposalId, isVoteFor, amount, []],
    });
  }

  cancelVote(account: Account, dao: DaoAddresses, proposalId: bigint) {
    return this.send(account, {
      address: dao.govPool,
      abi: govPoolAbi,
      functionName: "cancelVote",
      args: [proposalId],
    });
  }

  async createValidatorProposal(
    account: Account,
    dao: DaoAddresses,
    descriptionURL: string,
  ): Promise<bigint> {
    const receipt = await this.send(account, {
      address: dao.validators,
      abi: govValidatorsAbi,
      functionName: "createInternalProposal",
      args: [3, descriptionURL, "0x"],
    });
    const [created] = parseEventLogs({
      abi: govValidatorsAbi,
      logs: receipt.logs,
      eventName: "ValidatorProposalCreated",
    });
    if (!created) throw new Error("ValidatorProposalCreated not logged");
    return created.args.proposalId;
  }

  validatorVote(account: Account, dao: DaoAddresses, proposalId: bigint, amount: bigint, isVoteFor: boolean) {
    return this.send(account, {
      address: dao.validators,
      abi: govValidatorsAbi,
      functionName: "vote",
      args: [proposalId, amount, isVoteFor, true],
    });
  }

  transfer(account: Account, token: Address, to: Address, amount: bigint) {
    return this.send(account, {
      address: token,
      abi: erc20Abi,
      functionName: "transfer",
      args: [to, amount],
    });
  }

  /** Deploys a contract of the protocol's mocks folder from its Hardhat artifact. */
  async deployMock(
    account: Account,
    name: "ERC721Mock" | "MockAggregator" | "ERC20Mock",
    args: readonly unknown[],
  ): Promise<Address> {
    const artifact = JSON.parse(
      readFileSync(
        join(CONTRACTS_DIR, "artifacts", "contracts", "mocks", `${name}.sol`, `${name}.json`),
        "utf8",
      ),
    ) as { abi: readonly unknown[]; bytecode: Hex };
    const wallet = this.wallet(account);
    const hash = await wallet.deployContract({
      abi: artifact.abi,
      bytecode: artifact.bytecode,
      args,
      account,
      chain: wallet.chain,
    });
    const receipt = await this.publicClient.waitForTransactionReceipt({ hash });
    if (!receipt.contractAddress) throw new Error(`${name} not deployed`);
    return receipt.contractAddress;
  }

  /** Points the PriceFeed at a mock aggregator answering `usd` (8 decimals, like Chainlink). */
  async setUsdPrice(owner: Account, priceFeed: Address, token: Address, usd: number) {
    const aggregator = await this.deployMock(owner, "MockAggregator", [8, BigInt(Math.round(usd * 1e8))]);
    await this.send(owner, {
      address: priceFeed,
      abi: priceFeedAbi,
      functionName: "setAggregators",
      args: [[token], [aggregator], [0n]],
    });
    return aggregator;
  }

  /** The governance token address a new-token DAO named `name` deployed by `deployer` will get. */
  async predictToken(deployer: Address, name: string): Promise<Address> {
    const predicted = await this.publicClient.readContract({
      address: this.poolFactory,
      abi: poolFactoryAbi,
      functionName: "predictGovAddresses",
      args: [deployer, name],
    });
    return predicted.govToken;
  }

  mintNft(account: Account, nft: Address, to: Address, tokenId: bigint) {
    return this.send(account, {
      address: nft,
      abi: erc721MockAbi,
      functionName: "mint",
      args: [to, tokenId],
    });
  }

  approveAllNfts(account: Account, nft: Address, operator: Address) {
    return this.send(account, {
      address: nft,
      abi: erc721MockAbi,
      functionName: "setApprovalForAll",
      args: [operator, true],
    });
  }

  async sendEther(account: Account, to: Address, value: bigint) {
    const wallet = this.wallet(account);
    const hash = await wallet.sendTransaction({ account, chain: wallet.chain, to, value });
    return this.publicClient.waitForTransactionReceipt({ hash });
  }
}
