import { VoteType } from "@polity/core/enums";
import {
  govPoolAbi,
  govSettingsAbi,
  govUserKeeperAbi,
  govValidatorsAbi,
  govValidatorsTokenAbi,
} from "@polity/core/generated/contracts";
import { deployments } from "@polity/core/generated/deployments";
import {
  type Address,
  encodeEventTopics,
  erc20Abi,
  erc721Abi,
  formatLog,
  type Hex,
  type Log,
  numberToHex,
  type PublicClient,
  pad,
  parseEventLogs,
  type RpcLog,
  zeroAddress,
} from "viem";

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

export interface VoteHistoryEntry {
  /** Interaction (spec): vote for 1, vote against 2, cancel vote 3. */
  interaction: 1 | 2 | 3;
  voter: Address;
  /** Tokens added by this vote, or the cancelled raw votes. */
  amount: bigint;
  nftIds: readonly bigint[];
  blockNumber: bigint;
  timestamp: number | null;
  transactionHash: Hex;
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
  /** A RewardClaimed event names the user on this proposal. */
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
  /** Newest first. */
  history: VoteHistoryEntry[];
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

const PROPOSAL_EVENTS = [
  "ProposalCreated",
  "Voted",
  "VoteCanceled",
  "MovedToValidators",
  "ProposalExecuted",
  "RewardClaimed",
] as const;

function eventTopic(eventName: (typeof PROPOSAL_EVENTS)[number]): Hex {
  const topics = encodeEventTopics({ abi: govPoolAbi, eventName } as never) as Hex[];
  return topics[0] as Hex;
}

/** Every event of one proposal in one `eth_getLogs` (each of them indexes the proposal id first). */
async function proposalLogs(client: PublicClient, dao: Address, id: bigint): Promise<Log[]> {
  const startBlock = deployments[client.chain?.id ?? 0]?.startBlock ?? 0;
  const raw = (await client.request({
    method: "eth_getLogs",
    params: [
      {
        address: dao,
        fromBlock: numberToHex(startBlock),
        toBlock: "latest",
        topics: [PROPOSAL_EVENTS.map(eventTopic), pad(numberToHex(id), { size: 32 })],
      },
    ],
  } as never)) as RpcLog[];
  return raw.map((log) => formatLog(log));
}

type ParsedLog = ReturnType<typeof parseEventLogs<typeof govPoolAbi>>[number];

const NO_VOTE: UserVote = {
  isVoteFor: false,
  totalVoted: 0n,
  tokensVoted: 0n,
  totalRawVoted: 0n,
  nftsVoted: [],
};

/**
 * Everything the proposal page shows, in three bursts. Each burst is one multicall plus the plain
 * JSON-RPC calls issued in the same tick, which the app's http transport sends as one batched
 * request: (1) the pool and the proposal's events, (2) helper contracts, the user's position and
 * the blocks' timestamps, (3) token metadata and the validators' snapshot.
 */
export async function fetchProposalDetails(
  client: PublicClient,
  dao: Address,
  id: bigint,
  user: Address | undefined,
): Promise<ProposalDetails> {
  const pool = { address: dao, abi: govPoolAbi } as const;
  const userCalls = user
    ? [
        { ...pool, functionName: "getUserVotes", args: [id, user, VoteType.Personal] },
        { ...pool, functionName: "getWithdrawableAssets", args: [user] },
        { ...pool, functionName: "getPendingRewards", args: [user, [id]] },
      ]
    : [];
  const [first, logs] = await Promise.all([
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
    id > 0n
      ? proposalLogs(client, dao, id).catch((err: unknown) => {
          // A node refusing the log range leaves the page without history and times, not broken.
          console.warn("Proposal events unavailable", { dao, id, err });
          return [] as Log[];
        })
      : Promise.resolve([] as Log[]),
  ]);
  const helpers = ok<readonly [Address, Address, Address, Address, Address]>(first[1]);
  const proposal = ok<readonly ProposalCore[]>(first[2])?.[0];
  if (!helpers || !proposal || proposal.id !== id) {
    throw new ProposalNotFoundError(`Proposal ${id} of ${dao} not found`);
  }
  const [settings, userKeeper, validators] = helpers;
  const comments = ok<readonly [bigint, bigint]>(first[3]) ?? [0n, 0n];
  const parsed = parseEventLogs({ abi: govPoolAbi, logs }) as ParsedLog[];
  const created = parsed.find((l) => l.eventName === "ProposalCreated");
  const moved = parsed.find((l) => l.eventName === "MovedToValidators");
  const executed = parsed.find((l) => l.eventName === "ProposalExecuted");

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
  const blockNumbers = [
    ...new Set(
      parsed
        .filter((l) => l.eventName !== "RewardClaimed")
        .map((l) => l.blockNumber)
        .filter((b): b is bigint => b !== null),
    ),
  ];
  const [secondResults, blocks] = await Promise.all([
    client.multicall({ allowFailure: true, contracts: [...second, ...secondUser] as never }) as Promise<
      Settled[]
    >,
    Promise.all(
      blockNumbers.map((blockNumber) =>
        client.getBlock({ blockNumber }).then(
          (b) => [blockNumber, Number(b.timestamp)] as const,
          () => [blockNumber, null] as const,
        ),
      ),
    ),
  ]);
  const times = new Map<bigint, number | null>(blocks);
  const timeOf = (log: ParsedLog | undefined) =>
    log?.blockNumber != null ? (times.get(log.blockNumber) ?? null) : null;
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
  const settingsInfo = ok<{ rewardsInfo: { rewardToken: Address } }>(r(8));
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

  const history: VoteHistoryEntry[] = [];
  for (const log of parsed) {
    const base = {
      blockNumber: log.blockNumber ?? 0n,
      timestamp: timeOf(log),
      transactionHash: log.transactionHash ?? "0x",
    };
    if (log.eventName === "Voted") {
      const a = log.args;
      history.push({
        ...base,
        interaction: a.isVoteFor ? 1 : 2,
        voter: a.voter,
        amount: a.tokens,
        nftIds: a.nftIds,
      });
    } else if (log.eventName === "VoteCanceled") {
      const a = log.args;
      history.push({ ...base, interaction: 3, voter: a.voter, amount: a.rawVoted, nftIds: [] });
    }
  }
  history.reverse();

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
        hasClaimed: parsed.some(
          (l) => l.eventName === "RewardClaimed" && l.args.user.toLowerCase() === user.toLowerCase(),
        ),
      },
    };
  }

  const createdArgs = created?.eventName === "ProposalCreated" ? created.args : undefined;
  return {
    dao,
    daoName: ok<string>(first[0]) ?? "",
    chainId: client.chain?.id ?? 0,
    proposal,
    descriptionUrl: createdArgs?.descriptionURL ?? "",
    actionsOnFor: createdArgs?.actionsOnFor ?? [],
    actionsOnAgainst: createdArgs?.actionsOnAgainst ?? [],
    createdAt: timeOf(created),
    movedAt: timeOf(moved),
    executedAt: timeOf(executed),
    history,
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
