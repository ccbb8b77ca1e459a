import assert from "node:assert/strict";
import { network } from "hardhat";
import {
  type Abi,
  type Account,
  type Address,
  BaseError,
  type Chain,
  ContractFunctionRevertedError,
  decodeEventLog,
  encodeAbiParameters,
  encodeFunctionData,
  type Hex,
  keccak256,
  type PublicClient,
  pad,
  parseEther,
  type Transport,
  toHex,
  type WalletClient,
  zeroAddress,
} from "viem";
import { readAbis } from "../scripts/lib/abis.ts";
import {
  type DaoAddresses,
  type DaoOptions,
  deployDao,
  PERCENT,
  proposalSettings,
  WAD,
} from "../scripts/lib/dao.ts";
import { type Clients, deploy, deployProtocol, type ProtocolDeployment } from "../scripts/lib/protocol.ts";

/** The published ABIs, read from the compiled artifacts the tests deploy. */
export const abis = readAbis();

/** Every custom error of the protocol, to decode reverts bubbling up from nested calls. */
const allErrors = (() => {
  const seen = new Map<string, Abi[number] & { type: "error"; name: string }>();
  for (const abi of Object.values(abis)) {
    if (!Array.isArray(abi)) continue;
    for (const item of abi as Abi)
      if (item.type === "error" && !seen.has(item.name)) seen.set(item.name, item);
  }
  return [...seen.values()];
})();

export type Wallet = WalletClient<Transport, Chain | undefined, Account>;

export type Action = { executor: Address; value: bigint; data: Hex };

/** One in-process EDR network per test file, with the protocol deployed once. */
export async function createEnv() {
  const connection = await network.create();
  const { viem, networkHelpers } = connection;
  const publicClient = (await viem.getPublicClient()) as unknown as PublicClient;
  const wallets = (await viem.getWalletClients()) as unknown as Wallet[];
  const owner = wallets[0]!;
  const clients = (w: Wallet): Clients => ({ publicClient, walletClient: w });
  const protocol = await deployProtocol(clients(owner));
  return { connection, networkHelpers, publicClient, wallets, owner, clients, protocol };
}

export type Env = Awaited<ReturnType<typeof createEnv>>;

/** The dev accounts by the roles the fixtures give them (standardDao: alice 30k, bob 20k, carol 10k tokens;
 * dave NFTs 1-5; eve holds nothing); wallets 6-8 serve as validators, wallet 9 as the off-chain verifier. */
export function members(env: Env) {
  const w = (i: number) => env.wallets[i]!;
  return {
    owner: w(0),
    alice: w(1),
    bob: w(2),
    carol: w(3),
    dave: w(4),
    eve: w(5),
    v1: w(6),
    v2: w(7),
    v3: w(8),
    verifier: w(9),
  };
}

/** A wallet sending as `address` (a contract: the pool, a helper, the factory), funded for gas — for calls
 * only that contract may make. */
export async function impersonate(env: Env, address: Address, balance = parseEther("10")): Promise<Wallet> {
  await env.networkHelpers.impersonateAccount(address);
  await env.networkHelpers.setBalance(address, balance);
  return (await env.connection.viem.getWalletClient(address)) as unknown as Wallet;
}

/** Storage slot of `key` in a mapping declared at `slot` (address or uint256 keys). */
export function mappingSlot(key: Address | bigint, slot: bigint): Hex {
  return typeof key === "bigint"
    ? keccak256(encodeAbiParameters([{ type: "uint256" }, { type: "uint256" }], [key, slot]))
    : keccak256(encodeAbiParameters([{ type: "address" }, { type: "uint256" }], [key, slot]));
}

/** One storage word of `address` as a number (`slot` as a number or a 32-byte key). */
export async function storageAt(env: Env, address: Address, slot: bigint | Hex): Promise<bigint> {
  const key = typeof slot === "bigint" ? toHex(slot, { size: 32 }) : slot;
  return BigInt((await env.publicClient.getStorageAt({ address, slot: key })) ?? "0x0");
}

/** Overwrites one storage word (e.g. to reproduce the state of an older deployment). */
export function setStorageAt(env: Env, address: Address, slot: bigint | Hex, value: bigint) {
  const key = typeof slot === "bigint" ? toHex(slot, { size: 32 }) : slot;
  return env.networkHelpers.setStorageAt(address, key, pad(toHex(value), { size: 32 }));
}

/** Sends a call from `wallet` and returns the receipt; throws the decoded error when it reverts. */
export async function write(
  env: Env,
  wallet: Wallet,
  address: Address,
  abi: Abi,
  functionName: string,
  args: readonly unknown[] = [],
  value?: bigint,
) {
  const hash = await wallet.sendTransaction({
    to: address,
    data: encodeFunctionData({ abi, functionName, args }),
    account: wallet.account,
    chain: wallet.chain,
    ...(value ? { value } : {}),
  });
  const receipt = await env.publicClient.waitForTransactionReceipt({ hash });
  assert.equal(receipt.status, "success", `${functionName} reverted`);
  return receipt;
}

export async function read<T = unknown>(
  env: Env,
  address: Address,
  abi: Abi,
  functionName: string,
  args: readonly unknown[] = [],
): Promise<T> {
  return (await env.publicClient.readContract({ address, abi, functionName, args })) as T;
}

/** Asserts that a call (simulated first, as a wallet would) reverts with custom error `errorName`. */
export async function expectRevert(
  env: Env,
  wallet: Wallet,
  address: Address,
  abi: Abi,
  functionName: string,
  args: readonly unknown[],
  errorName: string,
  value?: bigint,
) {
  try {
    await env.publicClient.simulateContract({
      address,
      abi: [...abi, ...allErrors.filter((e) => !abi.some((a) => a.type === "error" && a.name === e.name))],
      functionName,
      args,
      account: wallet.account,
      ...(value ? { value } : {}),
    });
  } catch (err) {
    if (err instanceof BaseError) {
      const revert = err.walk((e) => e instanceof ContractFunctionRevertedError);
      if (revert instanceof ContractFunctionRevertedError) {
        assert.equal(
          revert.data?.errorName,
          errorName,
          `expected ${errorName}, got ${revert.data?.errorName}`,
        );
        return revert.data?.args;
      }
    }
    throw err;
  }
  assert.fail(`${functionName} did not revert (expected ${errorName})`);
}

/** Decoded events named `eventName` in a receipt, from logs of `address`. */
export function eventsOf(
  receipt: { logs: { address: Address; data: Hex; topics: [Hex, ...Hex[]] | [] }[] },
  abi: Abi,
  eventName: string,
  address?: Address,
) {
  const out: Record<string, unknown>[] = [];
  for (const log of receipt.logs) {
    if (address && log.address.toLowerCase() !== address.toLowerCase()) continue;
    try {
      const ev = decodeEvent(abi, log);
      if (ev?.eventName === eventName) out.push(ev.args as unknown as Record<string, unknown>);
    } catch {
      // not an event of this ABI
    }
  }
  return out;
}

function decodeEvent(abi: Abi, log: { data: Hex; topics: [Hex, ...Hex[]] | [] }) {
  return decodeEventLog({ abi, data: log.data, topics: log.topics, strict: true });
}

export const E = (n: number | bigint) => BigInt(n) * WAD;

/** The DAO used by most tests: a new token (alice 30k, bob 20k, carol 10k, treasury 40k), an NFT
 * collection of 10 NFTs worth 1,000 each (dave holds ids 1-5), 50% quorum, early completion, 1 h voting. */
export async function standardDao(env: Env, overrides: Partial<DaoOptions> = {}) {
  const { owner, alice, bob, carol, dave } = members(env);
  const nft = await deploy(env.clients(owner), "ERC721Mock", ["Members", "MBR"]);
  for (let i = 1; i <= 5; i++)
    await write(env, owner, nft.address, abis.erc721MockAbi, "mint", [dave.account.address, BigInt(i)]);
  for (let i = 6; i <= 10; i++)
    await write(env, owner, nft.address, abis.erc721MockAbi, "mint", [owner.account.address, BigInt(i)]);
  const dao = await deployDao(env.clients(owner), env.protocol.PoolFactory, {
    name: "Standard DAO",
    descriptionURL: "ipfs://dao",
    newToken: {
      name: "Standard",
      symbol: "STD",
      cap: E(1_000_000),
      mintedTotal: E(100_000),
      users: [alice.account.address, bob.account.address, carol.account.address],
      amounts: [E(30_000), E(20_000), E(10_000)],
    },
    nftAddress: nft.address,
    individualPower: E(1_000),
    ...overrides,
  });
  return { dao, nft: nft.address };
}

/** standardDao without the NFT collection (the token-only shape most DAOs have). */
export function tokenOnlyDao(env: Env, overrides: Partial<DaoOptions> = {}) {
  return standardDao(env, { nftAddress: zeroAddress, individualPower: 0n, ...overrides });
}

/** The standard members deposit everything they hold: alice 30k, bob 20k, carol 10k tokens, and (when
 * `nfts`) dave his NFTs 1-5. */
export async function depositStandard(env: Env, dao: DaoAddresses, { nfts = false } = {}) {
  const { alice, bob, carol, dave } = members(env);
  await depositTokens(env, dao, alice, E(30_000));
  await depositTokens(env, dao, bob, E(20_000));
  await depositTokens(env, dao, carol, E(10_000));
  if (nfts) await depositTokens(env, dao, dave, 0n, [1n, 2n, 3n, 4n, 5n]);
}

/** Each `[wallet, tokens, nftIds?]` votes on proposal `id`, in order. */
export async function voteAll(
  env: Env,
  dao: DaoAddresses,
  id: bigint,
  votes: readonly (readonly [Wallet, bigint, bigint[]?])[],
  isVoteFor = true,
) {
  for (const [w, amount, nftIds] of votes) {
    await write(env, w, dao.govPool, abis.govPoolAbi, "vote", [id, isVoteFor, amount, nftIds ?? []]);
  }
}

/** alice, bob and carol vote for proposal `id` with all their standard tokens (30k + 20k + 10k). */
export function membersVoteFor(env: Env, dao: DaoAddresses, id: bigint) {
  const { alice, bob, carol } = members(env);
  return voteAll(env, dao, id, [
    [alice, E(30_000)],
    [bob, E(20_000)],
    [carol, E(10_000)],
  ]);
}

/** Mines a block: a proposal that reached its quorum with early completion and no execution delay opens for
 * execution one second later, so never in the block of the quorum (H3, SECURITY.md). */
export function nextBlock(env: Env) {
  return env.networkHelpers.mine();
}

/** One proposal as `getProposals` returns it. */
export async function proposalView<T = Record<string, unknown>>(
  env: Env,
  dao: DaoAddresses,
  id: bigint,
): Promise<T> {
  const [view] = await read<T[]>(env, dao.govPool, abis.govPoolAbi, "getProposals", [id - 1n, 1n]);
  return view!;
}

export async function depositTokens(
  env: Env,
  dao: DaoAddresses,
  wallet: Wallet,
  amount: bigint,
  nftIds: bigint[] = [],
) {
  if (amount > 0n) await write(env, wallet, dao.token, abis.erc20GovAbi, "approve", [dao.userKeeper, amount]);
  for (const id of nftIds)
    await write(env, wallet, dao.nft, abis.erc721MockAbi, "approve", [dao.userKeeper, id]);
  return write(env, wallet, dao.govPool, abis.govPoolAbi, "deposit", [amount, nftIds]);
}

export async function createProposal(
  env: Env,
  dao: DaoAddresses,
  wallet: Wallet,
  actionsOnFor: Action[],
  actionsOnAgainst: Action[] = [],
  descriptionURL = "ipfs://proposal",
) {
  const receipt = await write(env, wallet, dao.govPool, abis.govPoolAbi, "createProposal", [
    descriptionURL,
    actionsOnFor,
    actionsOnAgainst,
  ]);
  const [ev] = eventsOf(receipt, abis.govPoolAbi, "ProposalCreated", dao.govPool);
  return { id: ev!.proposalId as bigint, receipt };
}

export async function stateOf(env: Env, dao: DaoAddresses, id: bigint): Promise<number> {
  return Number(await read(env, dao.govPool, abis.govPoolAbi, "getProposalState", [id]));
}

/** A harmless for-action: the pool edits its own description (internal settings). */
export function editDescriptionAction(dao: DaoAddresses, url = "ipfs://new"): Action {
  return {
    executor: dao.govPool,
    value: 0n,
    data: encodeFunctionData({ abi: abis.govPoolAbi, functionName: "editDescriptionURL", args: [url] }),
  };
}

/** A default-settings for-action: a treasury transfer of the governance token. */
export function transferAction(dao: DaoAddresses, to: Address, amount: bigint): Action {
  return {
    executor: dao.token,
    value: 0n,
    data: encodeFunctionData({ abi: abis.erc20GovAbi, functionName: "transfer", args: [to, amount] }),
  };
}

export const State = {
  Voting: 0,
  WaitingForVotingTransfer: 1,
  ValidatorVoting: 2,
  Defeated: 3,
  SucceededFor: 4,
  SucceededAgainst: 5,
  Locked: 6,
  ExecutedFor: 7,
  ExecutedAgainst: 8,
  Undefined: 9,
  Expired: 10,
} as const;

export type { DaoAddresses, ProtocolDeployment };
export { PERCENT, proposalSettings, WAD };
