import assert from "node:assert/strict";
import { before } from "node:test";
import { type Abi, type Address, encodeFunctionData, type Hex, zeroAddress } from "viem";
import { readArtifact } from "../scripts/lib/artifacts.ts";
import {
  type DaoAddresses,
  type DaoOptions,
  PERCENT,
  PRECISION,
  type ProposalSettings,
  proposalSettings,
} from "../scripts/lib/dao.ts";
import { deploy } from "../scripts/lib/protocol.ts";
import {
  type Action,
  abis,
  createEnv,
  createProposal,
  depositStandard,
  depositTokens,
  E,
  type Env,
  eventsOf,
  expectRevert,
  impersonate,
  members,
  nextBlock,
  read,
  State,
  standardDao,
  stateOf,
  transferAction,
  type Wallet,
  write,
} from "./helpers.ts";

/** The file's environment (one in-process network with the protocol deployed, `createEnv`), created before
 * its tests run: `const env = useEnv();` at the top of the file's describe. */
export function useEnv(): Env {
  let current: Env | undefined;
  before(async () => {
    current = await createEnv();
  });
  return new Proxy({} as Env, {
    get: (_, key) => {
      if (!current) throw new Error("the environment exists once the describe's before() ran");
      return Reflect.get(current, key);
    },
  });
}

/** The file's standard DAO (`standardDao` with `overrides`) and `asPool`, the pool impersonated (its helpers'
 * owner): deployed once, then restored from its snapshot by every call of the returned `load`. */
export function useStandardDao(env: Env, overrides: Partial<DaoOptions> = {}) {
  async function standardDaoFixture() {
    const made = await standardDao(env, overrides);
    return { ...made, asPool: await impersonate(env, made.dao.govPool) };
  }
  return () => env.networkHelpers.loadFixture(standardDaoFixture);
}

/** One deployed contract bound to the test environment: the one way the tests read it, send to it and
 * expect it to revert. */
export type Contract = {
  address: Address;
  abi: Abi;
  read<T = unknown>(functionName: string, args?: readonly unknown[]): Promise<T>;
  write(
    wallet: Wallet,
    functionName: string,
    args?: readonly unknown[],
    value?: bigint,
  ): ReturnType<typeof write>;
  /** Simulates the call as `wallet` and asserts it reverts with the custom error `errorName`; returns the
   * error's arguments. */
  reverts(
    wallet: Wallet,
    functionName: string,
    args: readonly unknown[],
    errorName: string,
    value?: bigint,
  ): ReturnType<typeof expectRevert>;
  /** Calldata of a call to this contract (for a multicall batch). */
  calldata(functionName: string, args?: readonly unknown[]): Hex;
  /** A proposal action calling this contract. */
  action(functionName: string, args?: readonly unknown[], value?: bigint): Action;
};

export function contract(env: Env, address: Address, abi: Abi): Contract {
  return {
    address,
    abi,
    read: <T>(functionName: string, args: readonly unknown[] = []) =>
      read<T>(env, address, abi, functionName, args),
    write: (wallet, functionName, args = [], value) =>
      write(env, wallet, address, abi, functionName, args, value),
    reverts: (wallet, functionName, args, errorName, value) =>
      expectRevert(env, wallet, address, abi, functionName, args, errorName, value),
    calldata: (functionName, args = []) => encodeFunctionData({ abi, functionName, args }),
    action: (functionName, args = [], value = 0n) => ({
      executor: address,
      value,
      data: encodeFunctionData({ abi, functionName, args }),
    }),
  };
}

/** Deploys this package's contract `name` (a mock, an attacker) from `wallet`, bound like `contract`. */
export async function deployed(
  env: Env,
  wallet: Wallet,
  name: Parameters<typeof deploy>[1],
  args: readonly unknown[] = [],
): Promise<Contract> {
  const { address } = await deploy(env.clients(wallet), name, args);
  return contract(env, address, readArtifact(name).abi);
}

/** The GovPool of a DAO. */
export function govPool(env: Env, dao: Pick<DaoAddresses, "govPool">): Contract {
  return contract(env, dao.govPool, abis.govPoolAbi);
}

/** Asserts that proposal `id` of `dao` is in `state` (a name of `State`). */
export async function expectState(env: Env, dao: DaoAddresses, id: bigint, state: keyof typeof State) {
  assert.equal(await stateOf(env, dao, id), State[state], `proposal ${id} is not ${state}`);
}

/** A vote of `wallet` on proposal `id` (for by default), with tokens and optionally NFTs. */
export function vote(
  env: Env,
  dao: DaoAddresses,
  wallet: Wallet,
  id: bigint,
  amount: bigint,
  { nftIds = [] as bigint[], isVoteFor = true } = {},
) {
  return govPool(env, dao).write(wallet, "vote", [id, isVoteFor, amount, nftIds]);
}

/** Sends native coin from `wallet` to `to` (funding a treasury or a contract). */
export function sendCoin(wallet: Wallet, to: Address, value: bigint) {
  return wallet.sendTransaction({ to, value, account: wallet.account, chain: wallet.chain });
}

/** The five settings slots of a DAO paying `rewardsInfo` (`creationReward` 10, `executionReward` 5 and the
 * vote coefficient by default) in every slot but the validators' one, which has no early completion. */
export function rewardedSettings(
  rewardToken: Address,
  rewardsInfo: { creationReward?: bigint; executionReward?: bigint; voteRewardsCoefficient?: bigint } = {},
) {
  const s = rewardSettings(rewardToken, rewardsInfo);
  return [s, s, proposalSettings({ earlyCompletion: false }), s, s];
}

/** One settings slot paying rewards in `rewardToken` (creation 10, execution 5, coefficient 1 unless given). */
export function rewardSettings(
  rewardToken: Address,
  {
    creationReward = E(10),
    executionReward = E(5),
    voteRewardsCoefficient = PRECISION,
  }: { creationReward?: bigint; executionReward?: bigint; voteRewardsCoefficient?: bigint } = {},
) {
  return proposalSettings({
    rewardsInfo: { rewardToken, creationReward, executionReward, voteRewardsCoefficient },
  });
}

/** The standard DAO's members with NFTs deposited (alice 30k, bob 20k, dave 5 NFTs worth 5k) pass proposal
 * `id`: alice, bob and dave vote for (against with `isVoteFor: false`; 55k of 110k), carol too when the quorum
 * is not reached yet. */
export async function votePassing(env: Env, dao: DaoAddresses, id: bigint, { isVoteFor = true } = {}) {
  const { alice, bob, carol, dave } = members(env);
  await vote(env, dao, alice, id, E(30_000), { isVoteFor });
  await vote(env, dao, bob, id, E(20_000), { isVoteFor });
  await vote(env, dao, dave, id, 0n, { nftIds: [1n, 2n, 3n, 4n, 5n], isVoteFor });
  if ((await stateOf(env, dao, id)) === State.Voting)
    await vote(env, dao, carol, id, E(10_000), { isVoteFor });
}

/** alice creates `actions`, the members pass them (`votePassing`) and carol executes. */
export async function pass(env: Env, dao: DaoAddresses, actions: Action[]) {
  const { alice, carol } = members(env);
  const p = await createProposal(env, dao, alice, actions);
  await votePassing(env, dao, p.id);
  const receipt = await govPool(env, dao).write(carol, "execute", [p.id, actions, []]);
  return { id: p.id, receipt };
}

/** Meta-governance: DAO A (the standard DAO, members and NFTs deposited) holds 60 of the 100 tokens of the
 * token-only DAO B, whose proposal `targetId` (by alice, who deposited the other 40) is in Voting. */
export async function metaGovernanceDaos(env: Env) {
  const { alice } = members(env);
  const { dao: a } = await standardDao(env, { name: "Meta A" });
  await depositStandard(env, a, { nfts: true });
  const { dao: b } = await standardDao(env, {
    name: "Meta B",
    nftAddress: zeroAddress,
    individualPower: 0n,
    newToken: {
      name: "B",
      symbol: "B",
      cap: E(1000),
      mintedTotal: E(100),
      users: [a.govPool, alice.account.address],
      amounts: [E(60), E(40)],
    },
  });
  await depositTokens(env, b, alice, E(40));
  const target = await createProposal(env, b, alice, [transferAction(b, alice.account.address, 1n)]);
  return { a, b, targetId: target.id };
}

/** The validators' chamber of a DAO: v1, v2 and v3 (the first `count` of them) with 10 validator tokens each,
 * 30-minute votes, a 5-minute execution delay unless given, and a 50% quorum; the validator token is named
 * after `name` and `symbol`. */
export function validatorsChamber(
  env: Env,
  name: string,
  symbol: string,
  { count = 3, executionDelay = 300n } = {},
): DaoOptions["validators"] {
  const { v1, v2, v3 } = members(env);
  const validators = [v1, v2, v3].slice(0, count);
  return {
    name,
    symbol,
    duration: 1800n,
    executionDelay,
    quorum: 50n * PERCENT,
    validators: validators.map((v) => v.account.address),
    balances: validators.map(() => E(10)),
  };
}

/** The states in which a proposal still locks the tokens voted on it (every state before its end). */
export const LOCKING_STATES: ReadonlySet<number> = new Set([
  State.Voting,
  State.WaitingForVotingTransfer,
  State.ValidatorVoting,
  State.Locked,
  State.SucceededFor,
  State.SucceededAgainst,
]);

/** A settings slot whose proposals, once the members approved them, go to the validators (30-minute vote,
 * 50% quorum). */
export function validatorsVoteSettings(overrides: Partial<ProposalSettings> = {}) {
  return proposalSettings({
    validatorsVote: true,
    durationValidators: 1800n,
    quorumValidators: 50n * PERCENT,
    ...overrides,
  });
}

/** The standard DAO, its members' tokens deposited, whose default slot (and slots 3 and 4) go through the
 * validators' chamber (`validatorsChamber` with `chamber`); `slot` adds to that slot's settings. */
export async function validatedDao(
  env: Env,
  name: string,
  symbol: string,
  {
    slot = {},
    ...chamber
  }: { slot?: Partial<ProposalSettings>; count?: number; executionDelay?: bigint } = {},
) {
  const def = validatorsVoteSettings(slot);
  const { dao } = await standardDao(env, {
    name,
    settings: [def, proposalSettings(), proposalSettings({ earlyCompletion: false }), def, def],
    validators: validatorsChamber(env, name, symbol, chamber),
  });
  await depositStandard(env, dao);
  return dao;
}

/** EIP-712 types of the verifier's signature of off-chain results (`GovPool.saveOffchainResults`). */
const OFFCHAIN_RESULTS_TYPES = {
  OffchainResults: [
    { name: "resultsHash", type: "string" },
    { name: "nonce", type: "uint256" },
    { name: "submitter", type: "address" },
    { name: "deadline", type: "uint256" },
    { name: "quorumReached", type: "bool" },
  ],
} as const;

/** The standard DAO named `name` whose slots pay rewards in its own token (`rewardedSettings`: the off-chain
 * results reward is the 5-token execution reward) and whose verifier is the members' `verifier`; `sign` signs
 * results for `submitter` as `signer` (the verifier unless given). */
export async function offchainResultsDao(env: Env, name: string) {
  const { owner, verifier } = members(env);
  const predicted = await contract(env, env.protocol.PoolFactory, abis.poolFactoryAbi).read<
    Record<string, Address>
  >("predictGovAddresses", [owner.account.address, name]);
  const { dao } = await standardDao(env, {
    name,
    settings: rewardedSettings(predicted.govToken!),
    verifier: verifier.account.address,
  });
  const sign = (
    resultsHash: string,
    submitter: Wallet,
    deadline: bigint,
    { quorumReached = true, nonce = 0n, signer = verifier } = {},
  ) =>
    signer.signTypedData({
      account: signer.account,
      domain: { name: "Polity GovPool", version: "1", chainId: 31337, verifyingContract: dao.govPool },
      types: OFFCHAIN_RESULTS_TYPES,
      primaryType: "OffchainResults",
      message: { resultsHash, nonce, submitter: submitter.account.address, deadline, quorumReached },
    });
  const balance = (w: Wallet) =>
    contract(env, dao.token, abis.erc20GovAbi).read<bigint>("balanceOf", [w.account.address]);
  return { dao, pool: govPool(env, dao), sign, balance };
}

// ───────────────────────────── token sales and distributions ─────────────────────────────

export const NATIVE_COIN = "0xEeeeeEeeeEeEeeEeEeEeeEEEeeeeEeeeeeeeEEeE" as const;
/** An exchange rate of `n` whole sale tokens per whole payment token (25 decimals). */
export const RATE = (n: number | bigint) => BigInt(n) * 10n ** 25n;
export const DAY = 86_400n;

/** The DAO's TokenSaleProposal. */
export function tokenSale(env: Env, dao: Pick<DaoAddresses, "tokenSale">): Contract {
  return contract(env, dao.tokenSale, abis.tokenSaleProposalAbi);
}

/** The DAO's DistributionProposal. */
export function distribution(env: Env, dao: Pick<DaoAddresses, "distribution">): Contract {
  return contract(env, dao.distribution, abis.distributionProposalAbi);
}

/** The standard DAO with its members' tokens and dave's NFTs deposited (`pass` works on it); its treasury
 * holds 40k of its own token. */
export async function saleDao(env: Env, name: string) {
  const { dao } = await standardDao(env, { name });
  await depositStandard(env, dao, { nfts: true });
  return dao;
}

export type Participation = { participationType: number; data: Hex };

export type TierParams = {
  name: string;
  description: string;
  saleToken: Address;
  totalTokenProvided: bigint;
  saleStartTime: bigint;
  saleEndTime: bigint;
  claimLockDuration: bigint;
  receiver: Address;
  minAllocationPerUser: bigint;
  maxAllocationPerUser: bigint;
  vestingSettings: {
    vestingPercentage: bigint;
    vestingDuration: bigint;
    cliffPeriod: bigint;
    unlockStep: bigint;
  };
  purchaseTokenAddresses: Address[];
  exchangeRates: bigint[];
  participationDetails: Participation[];
};

/** A tier's vesting: `percent`% of each purchase vests over `vestingDuration`, a share every `unlockStep` (a day
 * unless given), nothing before `cliffPeriod` (none unless given). */
export function vesting(
  percent: bigint,
  vestingDuration: bigint,
  { cliffPeriod = 0n, unlockStep = DAY } = {},
): TierParams["vestingSettings"] {
  return { vestingPercentage: percent * PERCENT, vestingDuration, cliffPeriod, unlockStep };
}

/** A tier selling 1,000 of `saleToken` (18 decimals unless given) from now for a day, 1 to 500 tokens per
 * buyer, no claim lock, no vesting, no requirement, paid in the native coin at 2 tokens per coin. */
export async function tierParams(
  env: Env,
  saleToken: Address,
  overrides: Partial<TierParams> = {},
): Promise<TierParams> {
  const now = await env.networkHelpers.time.latest();
  return {
    name: "Seed round",
    description: "ipfs://tier",
    saleToken,
    totalTokenProvided: E(1_000),
    saleStartTime: BigInt(now),
    saleEndTime: BigInt(now) + DAY,
    claimLockDuration: 0n,
    receiver: zeroAddress,
    minAllocationPerUser: E(1),
    maxAllocationPerUser: E(500),
    vestingSettings: { vestingPercentage: 0n, vestingDuration: 0n, cliffPeriod: 0n, unlockStep: 0n },
    purchaseTokenAddresses: [NATIVE_COIN],
    exchangeRates: [RATE(2)],
    participationDetails: [],
    ...overrides,
  };
}

/** The actions of a token-sale proposal: the treasury approves each tier's tokens to the sale, which creates
 * the tiers (the token sale settings slot governs it: the approvals are neutral). */
export function createTiersActions(dao: DaoAddresses, tiers: TierParams[]): Action[] {
  const approvals = new Map<Address, bigint>();
  for (const t of tiers)
    approvals.set(t.saleToken, (approvals.get(t.saleToken) ?? 0n) + t.totalTokenProvided);
  return [
    ...[...approvals].map(([token, amount]) => ({
      executor: token,
      value: 0n,
      data: encodeFunctionData({
        abi: abis.erc20Abi,
        functionName: "approve",
        args: [dao.tokenSale, amount],
      }),
    })),
    {
      executor: dao.tokenSale,
      value: 0n,
      data: encodeFunctionData({
        abi: abis.tokenSaleProposalAbi,
        functionName: "createTiers",
        args: [tiers],
      }),
    },
  ];
}

/** The DAO passes and executes a proposal creating `tiers`; returns the new tier ids. */
export async function passTiers(env: Env, dao: DaoAddresses, tiers: TierParams[]) {
  const before = await tokenSale(env, dao).read<bigint>("latestTierId");
  const { receipt } = await pass(env, dao, createTiersActions(dao, tiers));
  return { ids: tiers.map((_, i) => before + BigInt(i) + 1n), receipt };
}

/** An ERC20Mock with `decimals`, `amount` minted to each of `to`. */
export async function mockToken(env: Env, decimals: number, to: Address[] = [], amount = 0n) {
  const { owner } = members(env);
  const { address } = await deploy(env.clients(owner), "ERC20Mock", [
    `T${decimals}`,
    `T${decimals}`,
    decimals,
  ]);
  for (const a of to) await write(env, owner, address, abis.erc20MockAbi, "mint", [a, amount]);
  return contract(env, address, abis.erc20MockAbi);
}

/** The actions of a distribution proposal `id` of `amount` of the DAO's token (approve, then execute). */
export function distributionActions(
  dao: DaoAddresses,
  id: bigint,
  amount: bigint,
  token = dao.token,
): Action[] {
  const execute = {
    executor: dao.distribution,
    value: token === NATIVE_COIN ? amount : 0n,
    data: encodeFunctionData({
      abi: abis.distributionProposalAbi,
      functionName: "execute",
      args: [id, token, amount],
    }),
  };
  if (token === NATIVE_COIN) return [execute];
  return [
    {
      executor: token,
      value: 0n,
      data: encodeFunctionData({
        abi: abis.erc20Abi,
        functionName: "approve",
        args: [dao.distribution, amount],
      }),
    },
    execute,
  ];
}

/** carol votes against (10k), then alice (30k), bob (20k) and dave (5 NFTs, 5k) pass a distribution of
 * `amount`, which carol executes. */
export async function passDistribution(env: Env, dao: DaoAddresses, amount: bigint, token = dao.token) {
  const { alice, carol } = members(env);
  const pool = contract(env, dao.govPool, abis.govPoolAbi);
  const id = (await pool.read<bigint>("latestProposalId")) + 1n;
  const actions = distributionActions(dao, id, amount, token);
  await createProposal(env, dao, alice, actions);
  await vote(env, dao, carol, id, E(10_000), { isVoteFor: false });
  await votePassing(env, dao, id);
  await nextBlock(env);
  await pool.write(carol, "execute", [id, actions, []], token === NATIVE_COIN ? amount : 0n);
  return id;
}

// ───────────────────────────── staking ─────────────────────────────

/** The DAO's StakingProposal. */
export function staking(env: Env, dao: Pick<DaoAddresses, "staking">): Contract {
  return contract(env, dao.staking, abis.stakingProposalAbi);
}

export type StakingTierParams = {
  metadataURL: string;
  stakeToken: Address;
  rewardToken: Address;
  rewardAmount: bigint;
  startTime: bigint;
  endTime: bigint;
};

/** A tier paying `rewardAmount` (1,000 tokens unless given) of the DAO's token to the stakers of
 * `stakeToken` from now for `duration` seconds (a day unless given). */
export async function stakingTierParams(
  env: Env,
  dao: DaoAddresses,
  stakeToken: Address,
  overrides: Partial<StakingTierParams> & { duration?: bigint } = {},
): Promise<StakingTierParams> {
  const now = BigInt(await env.networkHelpers.time.latest());
  const { duration = DAY, ...rest } = overrides;
  return {
    metadataURL: "ipfs://staking-tier",
    stakeToken,
    rewardToken: dao.token,
    rewardAmount: E(1_000),
    startTime: now,
    endTime: now + duration,
    ...rest,
  };
}

/** The actions of a create-staking-tier proposal: the treasury approves the reward, the executor pulls it
 * (the default settings slot governs; the approval is neutral). */
export function stakingTierActions(dao: DaoAddresses, tier: StakingTierParams): Action[] {
  const s = { address: dao.staking, abi: abis.stakingProposalAbi };
  return [
    {
      executor: tier.rewardToken,
      value: 0n,
      data: encodeFunctionData({
        abi: abis.erc20Abi,
        functionName: "approve",
        args: [s.address, tier.rewardAmount],
      }),
    },
    {
      executor: s.address,
      value: 0n,
      data: encodeFunctionData({ ...s, functionName: "createTier", args: [tier] }),
    },
  ];
}

// ───────────────────────────── NFT multiplier ─────────────────────────────

/** The DAO's reward multiplier NFT collection. */
export function nftMultiplier(env: Env, dao: Pick<DaoAddresses, "nftMultiplier">): Contract {
  return contract(env, dao.nftMultiplier, abis.nftMultiplierAbi);
}

/** A multiplier of `x` (1.5 → 1.5×) in the protocol's 25-decimal fixed point. */
export const MULTIPLIER = (x: number) => (BigInt(Math.round(x * 1000)) * PRECISION) / 1000n;

/** The standard DAO paying its own token as rewards (minted: creation 10, execution 5, votes × 0.1), members and
 * NFTs deposited, its multiplier collection and its pool impersonated (to mint NFTs without a proposal). */
export async function multiplierDao(env: Env, name: string) {
  const { owner } = members(env);
  const predicted = await contract(env, env.protocol.PoolFactory, abis.poolFactoryAbi).read<
    Record<string, Address>
  >("predictGovAddresses", [owner.account.address, name]);
  const { dao } = await standardDao(env, {
    name,
    settings: rewardedSettings(predicted.govToken!, { voteRewardsCoefficient: PRECISION / 10n }),
  });
  await depositStandard(env, dao, { nfts: true });
  const m = nftMultiplier(env, dao);
  const pool = await impersonate(env, dao.govPool);
  /** Mints to `to` an NFT of `x`× for `period` seconds (30 days unless given); returns its id. */
  const mint = async (to: Wallet, x: number, period = 30n * DAY, averageBalance = 0n) => {
    await m.write(pool, "mint", [to.account.address, MULTIPLIER(x), period, averageBalance]);
    return (await m.read<bigint>("totalSupply")) as bigint;
  };
  return { dao, m, pool, mint };
}

/** `user`'s whole reward claimed on proposal `id` (what `RewardClaimed` says was paid). */
export async function claimedReward(env: Env, dao: DaoAddresses, user: Wallet, id: bigint) {
  const r = await govPool(env, dao).write(user, "claimRewards", [[id], user.account.address]);
  return eventsOf(r, abis.govPoolAbi, "RewardClaimed").reduce((s, e) => s + (e.amount as bigint), 0n);
}
