import { VoteType } from "@polity/core/enums";
import {
  govPoolAbi,
  govSettingsAbi,
  govUserKeeperAbi,
  govValidatorsAbi,
  govValidatorsTokenAbi,
} from "@polity/core/generated/contracts";
import type { IndexedProposalDetail } from "@polity/core/governanceRecords";
import type { OnchainProposalSettings } from "@polity/core/proposalSettings";
import { type Address, erc20Abi, erc721Abi, type Hex, zeroAddress } from "viem";
import type { ReadClient } from "../../../shared/chain/readClient.ts";
import {
  governancePath,
  type IndexedReadOptions,
  readIndexedRecord,
} from "../../../shared/tracker/governanceApi.ts";

type Settled = { status: "success"; result: unknown } | { status: "failure"; error: Error };

function ok<T>(entry: Settled | undefined): T | undefined {
  return entry?.status === "success" ? (entry.result as T) : undefined;
}

export class ProposalNotFoundError extends Error {
  override name = "ProposalNotFoundError";
}

export interface ProposalAction {
  executor: Address;
  value: bigint;
  data: Hex;
}

export interface ProposalCore {
  id: bigint;
  state: number;
  settingsId: bigint;
  creator: Address;
  voteEnd: bigint;
  executeAfter: bigint;
  executionDelay: bigint;
  earlyCompletion: boolean;
  validatorsVote: boolean;
  hasActionsOnAgainst: boolean;
  quorumReached: boolean;
  movedToValidators: boolean;
  executed: boolean;
  requiredQuorum: bigint;
  minVotesForVoting: bigint;
  votesFor: bigint;
  votesAgainst: bigint;
  rawVotesFor: bigint;
  rawVotesAgainst: bigint;
}

/** Validator proposal states (GovValidators): Voting 0, Defeated 1, Succeeded 2, Locked 3, Executed 4, Undefined 5. */
export interface ValidatorsStage {
  voteEnd: bigint;
  executeAfter: bigint;
  snapshotId: bigint;
  executed: boolean;
  quorumReached: boolean;
  quorum: bigint;
  votesFor: bigint;
  votesAgainst: bigint;
  /** Validator token supply at the snapshot. */
  totalSupply: bigint;
  state: number;
}

export interface UserVote {
  isVoteFor: boolean;
  totalVoted: bigint;
  tokensVoted: bigint;
  totalRawVoted: bigint;
  nftsVoted: readonly bigint[];
}

export interface ProposalRewards {
  rewardToken: Address;
  staticRewards: bigint;
  votingRewards: { personal: bigint; micropool: bigint; treasury: bigint };
  offchainTokens: readonly Address[];
  offchainRewards: readonly bigint[];
  /** The indexer recorded a reward payment to the user for this proposal. */
  hasClaimed: boolean;
}

export interface UserProposalPosition {
  address: Address;
  walletBalance: bigint;
  /** Governance tokens the user keeper may pull from the wallet (deposit approval). */
  allowance: bigint;
  /** Deposited tokens (personal). */
  deposited: bigint;
  depositedNfts: readonly bigint[];
  withdrawable: bigint;
  vote: UserVote;
  /** Voting power: personal + micropool + treasury, tokens and NFTs. */
  power: bigint;
  isValidator: boolean;
  validatorVotes: { votedFor: bigint; votedAgainst: bigint };
  /** Validator token balance at the stage's snapshot (0 before the move). */
  validatorBalance: bigint;
  rewards: ProposalRewards;
}

export interface TokenMeta {
  address: Address;
  symbol: string;
  decimals: number;
}

export interface ProposalDetails {
  dao: Address;
  daoName: string;
  chainId: number;
  proposal: ProposalCore;
  descriptionUrl: string;
  actionsOnFor: readonly ProposalAction[];
  actionsOnAgainst: readonly ProposalAction[];
  createdAt: number | null;
  movedAt: number | null;
  executedAt: number | null;
  /**
   * How the indexer's record was read: `ok`; `behind` (it had not reached the user's latest
   * transaction when the wait ran out); `unavailable` (the api failed or the proposal is not
   * indexed), in which case description, actions and times are missing.
   */
  indexed: "ok" | "behind" | "unavailable";
  /** Each validator's current votes on the second stage (indexed), largest first. */
  validatorVotes: { voter: Address; votedFor: bigint; votedAgainst: bigint }[];
  totalPower: bigint;
  token: TokenMeta | null;
  nft: { address: Address; symbol: string; individualPower: bigint } | null;
  rewardToken: TokenMeta | null;
  hasValidators: boolean;
  validatorsContract: Address;
  validatorsStage: ValidatorsStage | null;
  userKeeper: Address;
  commentSettings: { minVotesForReadProposalDiscussion: bigint; minVotesForCreatingComment: bigint };
  user: UserProposalPosition | null;
}

/**
 * The indexer's record of the proposal through the api: description, actions, timeline times and
 * the user's reward payments. A failure leaves the page without them, never broken.
 */
async function indexedProposal(
  chainId: number,
  dao: Address,
  id: bigint,
  user: Address | undefined,
  options: IndexedReadOptions,
): Promise<{ record: IndexedProposalDetail | null; isBehind: boolean }> {
  try {
    const { item, isBehind } = await readIndexedRecord<IndexedProposalDetail>(
      chainId,
      `${governancePath(chainId, dao)}/proposals/${id.toString()}`,
      { ...options, query: user ? { user: user.toLowerCase() } : undefined },
    );
    return { record: item, isBehind };
  } catch (err) {
    if (options.signal?.aborted) throw err;
    console.warn("Indexed proposal unavailable", { dao, id, err });
    return { record: null, isBehind: false };
  }
}

const toAction = (a: IndexedProposalDetail["actions_on_for"][number]): ProposalAction => ({
  executor: a.executor,
  value: BigInt(a.value),
  data: a.data,
});

const timeOf = (record: IndexedProposalDetail | null, event: string) =>
  record?.timeline.find((e) => e.event === event)?.timestamp ?? null;

const NO_VOTE: UserVote = {
  isVoteFor: false,
  totalVoted: 0n,
  tokensVoted: 0n,
  totalRawVoted: 0n,
  nftsVoted: [],
};

/**
 * Everything the proposal page shows: live state in three multicalls (three JSON-RPC requests) —
 * (1) the pool and the proposal, (2) helper contracts and the user's position, (3) token metadata
 * and the validators' snapshot — and, beside the first, the indexer's record through the api
 * (description, actions, timeline, reward payments). Voting history is paged separately
 * (`fetchVotingHistory`); no log range is scanned in the browser.
 */
export async function fetchProposalDetails(
  client: ReadClient,
  dao: Address,
  id: bigint,
  user: Address | undefined,
  options: IndexedReadOptions = {},
): Promise<ProposalDetails> {
  const chainId = client.chain?.id ?? 0;
  const pool = { address: dao, abi: govPoolAbi } as const;
  const userCalls = user
    ? [
        { ...pool, functionName: "getUserVotes", args: [id, user, VoteType.Personal] },
        { ...pool, functionName: "getWithdrawableAssets", args: [user] },
        { ...pool, functionName: "getPendingRewards", args: [user, [id]] },
      ]
    : [];
  const [first, indexed] = await Promise.all([
    client.multicall({
      allowFailure: true,
      contracts: [
        { ...pool, functionName: "name" },
        { ...pool, functionName: "getHelperContracts" },
        { ...pool, functionName: "getProposals", args: [id > 0n ? id - 1n : 0n, 1n] },
        { ...pool, functionName: "getCommentSettings" },
        ...userCalls,
      ] as never,
    }) as Promise<Settled[]>,
    indexedProposal(chainId, dao, id, user, options),
  ]);
  const record = indexed.record;
  const helpers = ok<readonly [Address, Address, Address, Address, Address]>(first[1]);
  const proposal = ok<readonly ProposalCore[]>(first[2])?.[0];
  if (!helpers || !proposal || proposal.id !== id) {
    throw new ProposalNotFoundError(`Proposal ${id} of ${dao} not found`);
  }
  const [settings, userKeeper, validators] = helpers;
  const comments = ok<readonly [bigint, bigint]>(first[3]) ?? [0n, 0n];

  const keeper = { address: userKeeper, abi: govUserKeeperAbi } as const;
  const validatorsContract = { address: validators, abi: govValidatorsAbi } as const;
  const second = [
    { ...keeper, functionName: "tokenAddress" },
    { ...keeper, functionName: "nftAddress" },
    { ...keeper, functionName: "individualPower" },
    { ...keeper, functionName: "getTotalPower" },
    { ...validatorsContract, functionName: "hasValidators" },
    { ...validatorsContract, functionName: "validatorsToken" },
    { ...validatorsContract, functionName: "getExternalProposal", args: [id] },
    { ...validatorsContract, functionName: "getProposalState", args: [id, false] },
    { address: settings, abi: govSettingsAbi, functionName: "getSettings", args: [proposal.settingsId] },
  ];
  const secondUser = user
    ? [
        { ...keeper, functionName: "tokenBalance", args: [user] },
        { ...keeper, functionName: "nftBalance", args: [user] },
        {
          ...keeper,
          functionName: "votingPower",
          args: [[user, user, user], [VoteType.Personal, VoteType.Micropool, VoteType.Treasury], false],
        },
        { ...validatorsContract, functionName: "isValidator", args: [user] },
        { ...validatorsContract, functionName: "addressVoted", args: [id, false, user] },
      ]
    : [];
  const secondResults = (await client.multicall({
    allowFailure: true,
    contracts: [...second, ...secondUser] as never,
  })) as Settled[];
  const r = (i: number) => secondResults[i];

  const tokenAddress = ok<Address>(r(0)) ?? zeroAddress;
  const nftAddress = ok<Address>(r(1)) ?? zeroAddress;
  const hasValidators = Boolean(ok<boolean>(r(4)));
  const validatorsToken = ok<Address>(r(5)) ?? zeroAddress;
  const external = ok<{
    voteEnd: number | bigint;
    executeAfter: number | bigint;
    snapshotId: number | bigint;
    executed: boolean;
    quorumReached: boolean;
    quorum: bigint;
    votesFor: bigint;
    votesAgainst: bigint;
  }>(r(6));
  const settingsInfo = ok<OnchainProposalSettings>(r(8));
  const rewardTokenAddress = settingsInfo?.rewardsInfo.rewardToken ?? zeroAddress;
  const isMoved = proposal.movedToValidators && external !== undefined && BigInt(external.voteEnd) > 0n;
  const snapshotId = isMoved && external ? BigInt(external.snapshotId) : 0n;

  const vtToken = { address: validatorsToken, abi: govValidatorsTokenAbi } as const;
  const hasToken = tokenAddress !== zeroAddress;
  const hasRewardToken = rewardTokenAddress !== zeroAddress && rewardTokenAddress !== tokenAddress;
  const hasSnapshot = isMoved && validatorsToken !== zeroAddress;
  const third = [
    ...(hasToken
      ? [
          { address: tokenAddress, abi: erc20Abi, functionName: "symbol" },
          { address: tokenAddress, abi: erc20Abi, functionName: "decimals" },
          { address: tokenAddress, abi: erc20Abi, functionName: "balanceOf", args: [user ?? zeroAddress] },
          {
            address: tokenAddress,
            abi: erc20Abi,
            functionName: "allowance",
            args: [user ?? zeroAddress, userKeeper],
          },
        ]
      : []),
    ...(nftAddress !== zeroAddress ? [{ address: nftAddress, abi: erc721Abi, functionName: "symbol" }] : []),
    ...(hasRewardToken
      ? [
          { address: rewardTokenAddress, abi: erc20Abi, functionName: "symbol" },
          { address: rewardTokenAddress, abi: erc20Abi, functionName: "decimals" },
        ]
      : []),
    ...(hasSnapshot
      ? [
          { ...vtToken, functionName: "totalSupplyAt", args: [snapshotId] },
          { ...vtToken, functionName: "balanceOfAt", args: [user ?? zeroAddress, snapshotId] },
        ]
      : []),
  ];
  const thirdResults = third.length
    ? ((await client.multicall({ allowFailure: true, contracts: third as never })) as Settled[])
    : [];
  let cursor = 0;
  const next = <T>() => ok<T>(thirdResults[cursor++]);

  let token: TokenMeta | null = null;
  let walletBalance = 0n;
  let allowance = 0n;
  if (hasToken) {
    const symbol = next<string>() ?? "";
    const decimals = Number(next<number>() ?? 18);
    walletBalance = next<bigint>() ?? 0n;
    allowance = next<bigint>() ?? 0n;
    token = { address: tokenAddress, symbol, decimals };
  }
  let nft: ProposalDetails["nft"] = null;
  if (nftAddress !== zeroAddress) {
    nft = { address: nftAddress, symbol: next<string>() ?? "", individualPower: ok<bigint>(r(2)) ?? 0n };
  }
  let rewardToken: TokenMeta | null = null;
  if (hasRewardToken) {
    rewardToken = {
      address: rewardTokenAddress,
      symbol: next<string>() ?? "",
      decimals: Number(next<number>() ?? 18),
    };
  } else if (rewardTokenAddress !== zeroAddress && token) {
    rewardToken = token;
  }
  let validatorsStage: ValidatorsStage | null = null;
  let validatorBalance = 0n;
  if (isMoved && external) {
    const totalSupply = hasSnapshot ? (next<bigint>() ?? 0n) : 0n;
    validatorBalance = hasSnapshot ? (next<bigint>() ?? 0n) : 0n;
    validatorsStage = {
      voteEnd: BigInt(external.voteEnd),
      executeAfter: BigInt(external.executeAfter),
      snapshotId,
      executed: external.executed,
      quorumReached: external.quorumReached,
      quorum: external.quorum,
      votesFor: external.votesFor,
      votesAgainst: external.votesAgainst,
      totalSupply,
      state: Number(ok<number>(r(7)) ?? 5),
    };
  }

  let position: UserProposalPosition | null = null;
  if (user) {
    const vote = ok<UserVote>(first[4]) ?? NO_VOTE;
    const withdrawable = ok<readonly [bigint, readonly bigint[]]>(first[5]) ?? [0n, []];
    const pending = ok<{
      onchainTokens: readonly Address[];
      staticRewards: readonly bigint[];
      votingRewards: readonly { personal: bigint; micropool: bigint; treasury: bigint }[];
      offchainTokens: readonly Address[];
      offchainRewards: readonly bigint[];
    }>(first[6]);
    const base = second.length;
    const powers = ok<readonly { power: bigint; nftPower: bigint }[]>(r(base + 2)) ?? [];
    const voted = ok<readonly [bigint, bigint]>(r(base + 4)) ?? [0n, 0n];
    position = {
      address: user,
      walletBalance,
      allowance,
      deposited: ok<bigint>(r(base)) ?? 0n,
      depositedNfts: ok<readonly bigint[]>(r(base + 1)) ?? [],
      withdrawable: withdrawable[0],
      vote,
      power: powers.reduce((sum, p) => sum + p.power + p.nftPower, 0n),
      isValidator: Boolean(ok<boolean>(r(base + 3))),
      validatorVotes: { votedFor: voted[0], votedAgainst: voted[1] },
      validatorBalance,
      rewards: {
        rewardToken: pending?.onchainTokens[0] ?? rewardTokenAddress,
        staticRewards: pending?.staticRewards[0] ?? 0n,
        votingRewards: pending?.votingRewards[0] ?? { personal: 0n, micropool: 0n, treasury: 0n },
        offchainTokens: pending?.offchainTokens ?? [],
        offchainRewards: pending?.offchainRewards ?? [],
        hasClaimed: record?.user_has_claimed ?? false,
      },
    };
  }

  return {
    dao,
    daoName: ok<string>(first[0]) ?? "",
    chainId,
    proposal,
    descriptionUrl: record?.description_url ?? "",
    actionsOnFor: record?.actions_on_for.map(toAction) ?? [],
    actionsOnAgainst: record?.actions_on_against.map(toAction) ?? [],
    createdAt: timeOf(record, "published"),
    movedAt: timeOf(record, "moved_to_validators"),
    executedAt: timeOf(record, "executed"),
    indexed: record === null ? "unavailable" : indexed.isBehind ? "behind" : "ok",
    validatorVotes:
      record?.validator_votes.map((v) => ({
        voter: v.voter,
        votedFor: BigInt(v.voted_for),
        votedAgainst: BigInt(v.voted_against),
      })) ?? [],
    totalPower: ok<bigint>(r(3)) ?? 0n,
    token,
    nft,
    rewardToken,
    hasValidators,
    validatorsContract: validators,
    validatorsStage,
    userKeeper,
    commentSettings: {
      minVotesForReadProposalDiscussion: comments[0],
      minVotesForCreatingComment: comments[1],
    },
    user: position,
  };
}
