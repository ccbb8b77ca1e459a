import { VoteType } from "@polity/core/enums";
import { govPoolAbi, govSettingsAbi, govValidatorsTokenAbi } from "@polity/core/generated/contracts";
import { type IndexedProposalDetail, proposalDocument } from "@polity/core/records/governance";
import {
  type Address,
  type ContractFunctionReturnType,
  erc20Abi,
  erc721Abi,
  type Hex,
  isAddressEqual,
  zeroAddress,
} from "viem";
import {
  helpersOf,
  helpersRead,
  keeperAssetReads,
  type PoolHelpersCache,
  poolContracts,
  tokenPositionReads,
} from "../../../shared/chain/poolHelpers.ts";
import { type BatchResults, named, readBatch, readCall } from "../../../shared/chain/readBatch.ts";
import type { ReadClient } from "../../../shared/chain/readClient.ts";
import { NotFoundError } from "../../../shared/query/notFoundError.ts";
import {
  governancePath,
  type IndexedReadOptions,
  readIndexedRecord,
} from "../../../shared/tracker/governanceApi.ts";
import type { IndexedPoolContracts } from "../../../shared/tracker/poolContractsApi.ts";

export class ProposalNotFoundError extends NotFoundError {
  override name = "ProposalNotFoundError";
}

export interface ProposalAction {
  executor: Address;
  value: bigint;
  data: Hex;
}

/** A proposal as `GovPool.getProposals` returns it (`ProposalView`), without its actions' hash. */
export type ProposalCore = Omit<
  ContractFunctionReturnType<typeof govPoolAbi, "view", "getProposals">[number],
  "actionsHash"
>;

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

/** The user's personal vote on the proposal (`GovPool.getUserVotes`). */
export type UserVote = ContractFunctionReturnType<typeof govPoolAbi, "view", "getUserVotes">;

export interface ProposalRewards {
  rewardToken: Address;
  staticRewards: bigint;
  votingRewards: { personal: bigint; micropool: bigint; treasury: bigint };
  /** What a locked multiplier NFT adds to the vote rewards, paid by the same claim. */
  multiplierBonus: bigint;
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
  /** The same power by vote type (`GovUserKeeper.votingPower`, tokens and NFTs); `delegated` is what the user
   * delegated out, which it may vote itself where the settings allow delegated voting (not in `power`). */
  powerByType: { personal: bigint; micropool: bigint; delegated: bigint; treasury: bigint };
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
  /** The proposal's settings let delegators vote with their delegated power themselves (vote type delegated). */
  delegatedVotingAllowed: boolean;
  validatorsContract: Address;
  /** The DAO's GovSettings: a proposal's actions may call it. */
  settingsContract: Address;
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
    const { item, isBehind } = await readIndexedRecord(
      chainId,
      `${governancePath(chainId, dao)}/proposals/${id.toString()}`,
      proposalDocument,
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

const NO_VOTE: UserVote = {
  isVoteFor: false,
  totalVoted: 0n,
  tokensVoted: 0n,
  totalRawVoted: 0n,
  nftsVoted: [],
};

/**
 * Everything the proposal page shows: live state in three multicalls (three JSON-RPC requests) —
 * (1) the pool and the proposal, beside its helper contracts (`options.helpers`, the query cache,
 * or read), (2) the helper contracts' state and the user's position, (3) token metadata
 * and the validators' snapshot — and, beside the first, the indexer's record through the api
 * (description, actions, timeline, reward payments). Voting history is paged separately
 * (`fetchVotingHistory`); no log range is scanned in the browser.
 */
export async function fetchProposalDetails(
  client: ReadClient,
  dao: Address,
  id: bigint,
  user: Address | undefined,
  options: IndexedReadOptions & {
    helpers?: PoolHelpersCache;
    /**
     * The DAO's contracts as indexed (asked beside the first batch): the governance token and NFT
     * they name are read with the second batch, and again in the third only when the chain names others.
     */
    contracts?: Promise<IndexedPoolContracts | undefined>;
    /**
     * Told the proposal's metadata document (its name and description) as soon as the indexer's record
     * names it, while the chain's batches are still on their way.
     */
    onDescriptionUrl?: (descriptionUrl: string) => void;
  } = {},
): Promise<ProposalDetails> {
  const chainId = client.chain?.id ?? 0;
  const pool = { address: dao, abi: govPoolAbi } as const;
  // The chain says whether the proposal exists: when it does not, the indexer read (which waits
  // for a record after the user's own transactions) is cancelled instead of polling for it.
  const indexedAbort = new AbortController();
  const abortIndexed = () => indexedAbort.abort(options.signal?.reason);
  options.signal?.addEventListener("abort", abortIndexed, { once: true });
  let confirmExists: () => void = () => undefined;
  const existsOnChain = new Promise<void>((resolve) => {
    confirmExists = resolve;
  });
  const indexedRead = indexedProposal(chainId, dao, id, user, {
    ...options,
    signal: indexedAbort.signal,
    existsOnChain,
  }).then((indexed) => {
    if (indexed.record?.description_url) options.onDescriptionUrl?.(indexed.record.description_url);
    return indexed;
  });
  const [first, indexed] = await Promise.all([
    readBatch(client, {
      name: readCall(pool, "name"),
      proposals: readCall(pool, "getProposals", [id > 0n ? id - 1n : 0n, 1n]),
      commentSettings: named(readCall(pool, "getCommentSettings")),
      vote: user ? readCall(pool, "getUserVotes", [id, user, VoteType.Personal]) : undefined,
      withdrawable: user ? named(readCall(pool, "getWithdrawableAssets", [user])) : undefined,
      pending: user ? readCall(pool, "getPendingRewards", [user, [id]]) : undefined,
      helpers: helpersRead(dao, options.helpers),
    })
      .then((read) => {
        const helpers = helpersOf(read.helpers, options.helpers);
        const proposal = read.proposals?.[0];
        if (!helpers || !proposal || proposal.id !== id) {
          throw new ProposalNotFoundError(`Proposal ${id} of ${dao} not found`);
        }
        confirmExists();
        return { ...read, helpers, proposal };
      })
      .catch((err: unknown) => {
        indexedAbort.abort();
        confirmExists(); // the waiting indexed read then ends on the abort
        throw err;
      }),
    indexedRead,
  ]).finally(() => options.signal?.removeEventListener("abort", abortIndexed));
  const { helpers, proposal } = first;
  const record = indexed.record;
  const { settings, userKeeper, validators } = helpers;

  const { keeper, validators: validatorsContract } = poolContracts(helpers);
  const owner = user ?? zeroAddress;
  const indexedContracts = await options.contracts;
  // The index's token and NFT, when it describes this pool's keeper (else it is about another deployment).
  const guess =
    indexedContracts && isAddressEqual(indexedContracts.user_keeper, userKeeper)
      ? { token: indexedContracts.gov_token, nft: indexedContracts.nft }
      : null;
  const second = await readBatch(client, {
    ...keeperAssetReads(keeper),
    individualPower: readCall(keeper, "individualPower"),
    totalPower: readCall(keeper, "getTotalPower"),
    hasValidators: readCall(validatorsContract, "hasValidators"),
    validatorsToken: readCall(validatorsContract, "validatorsToken"),
    external: readCall(validatorsContract, "getExternalProposal", [id]),
    validatorsState: readCall(validatorsContract, "getProposalState", [id, false]),
    settings: readCall({ address: settings, abi: govSettingsAbi }, "getSettings", [proposal.settingsId]),
    deposited: user ? readCall(keeper, "tokenBalance", [user]) : undefined,
    depositedNfts: user ? readCall(keeper, "nftBalance", [user]) : undefined,
    powers: user
      ? readCall(keeper, "votingPower", [
          [user, user, user, user],
          [VoteType.Personal, VoteType.Micropool, VoteType.Delegated, VoteType.Treasury],
          false,
        ])
      : undefined,
    isValidator: user ? readCall(validatorsContract, "isValidator", [user]) : undefined,
    validatorVoted: user ? named(readCall(validatorsContract, "addressVoted", [id, false, user])) : undefined,
    ...(guess ? tokenReads(guess, owner, userKeeper) : {}),
  });

  const tokenAddress = second.tokenAddress ?? zeroAddress;
  const nftAddress = second.nftAddress ?? zeroAddress;
  const validatorsToken = second.validatorsToken ?? zeroAddress;
  const external = second.external;
  const rewardTokenAddress = second.settings?.rewardsInfo.rewardToken ?? zeroAddress;
  const isMoved = proposal.movedToValidators && external !== undefined && BigInt(external.voteEnd) > 0n;
  const snapshotId = isMoved && external ? BigInt(external.snapshotId) : 0n;

  const token20 = tokenAddress !== zeroAddress;
  const token721 = nftAddress !== zeroAddress;
  // The token and NFT details came with the second batch when the index named the chain's.
  const tokensRead =
    guess && isAddressEqual(guess.token, tokenAddress) && isAddressEqual(guess.nft, nftAddress);
  const reward =
    rewardTokenAddress !== zeroAddress && rewardTokenAddress !== tokenAddress
      ? ({ address: rewardTokenAddress, abi: erc20Abi } as const)
      : null;
  const snapshot =
    isMoved && validatorsToken !== zeroAddress
      ? ({ address: validatorsToken, abi: govValidatorsTokenAbi } as const)
      : null;
  const rest = await readBatch(client, {
    ...(tokensRead ? {} : tokenReads({ token: tokenAddress, nft: nftAddress }, owner, userKeeper)),
    rewardSymbol: reward && readCall(reward, "symbol"),
    rewardDecimals: reward && readCall(reward, "decimals"),
    snapshotSupply: snapshot && readCall(snapshot, "totalSupplyAt", [snapshotId]),
    snapshotBalance: snapshot && readCall(snapshot, "balanceOfAt", [owner, snapshotId]),
  });

  // Either batch read the token and NFT; the third has the rest (no request when there is none).
  const third = { ...rest, ...(tokensRead ? pickTokenReads(second) : pickTokenReads(rest)) };
  const token: TokenMeta | null = !token20
    ? null
    : {
        address: tokenAddress,
        symbol: third.tokenSymbol ?? "",
        decimals: third.tokenDecimals ?? 18,
      };
  const nft: ProposalDetails["nft"] = !token721
    ? null
    : {
        address: nftAddress,
        symbol: third.nftSymbol ?? "",
        individualPower: second.individualPower ?? 0n,
      };
  const rewardToken: TokenMeta | null = reward
    ? { address: rewardTokenAddress, symbol: third.rewardSymbol ?? "", decimals: third.rewardDecimals ?? 18 }
    : rewardTokenAddress !== zeroAddress
      ? token
      : null;
  const validatorBalance = third.snapshotBalance ?? 0n;
  const validatorsStage: ValidatorsStage | null =
    isMoved && external
      ? {
          voteEnd: BigInt(external.voteEnd),
          executeAfter: BigInt(external.executeAfter),
          snapshotId,
          executed: external.executed,
          quorumReached: external.quorumReached,
          quorum: external.quorum,
          votesFor: external.votesFor,
          votesAgainst: external.votesAgainst,
          totalSupply: third.snapshotSupply ?? 0n,
          state: second.validatorsState ?? 5,
        }
      : null;

  let position: UserProposalPosition | null = null;
  if (user) {
    const withdrawable = first.withdrawable?.tokens ?? 0n;
    const pending = first.pending;
    const votedFor = second.validatorVoted?.votedFor ?? 0n;
    const votedAgainst = second.validatorVoted?.votedAgainst ?? 0n;
    position = {
      address: user,
      walletBalance: third.walletBalance ?? 0n,
      allowance: third.allowance ?? 0n,
      deposited: second.deposited ?? 0n,
      depositedNfts: second.depositedNfts ?? [],
      withdrawable,
      vote: first.vote ?? NO_VOTE,
      power: [0, 1, 3].reduce((sum, i) => sum + typePower(second.powers?.[i]), 0n),
      powerByType: {
        personal: typePower(second.powers?.[0]),
        micropool: typePower(second.powers?.[1]),
        delegated: typePower(second.powers?.[2]),
        treasury: typePower(second.powers?.[3]),
      },
      isValidator: second.isValidator ?? false,
      validatorVotes: { votedFor, votedAgainst },
      validatorBalance,
      rewards: {
        rewardToken: pending?.onchainTokens[0] ?? rewardTokenAddress,
        staticRewards: pending?.staticRewards[0] ?? 0n,
        votingRewards: pending?.votingRewards[0] ?? { personal: 0n, micropool: 0n, treasury: 0n },
        multiplierBonus: pending?.multiplierRewards[0] ?? 0n,
        offchainTokens: pending?.offchainTokens ?? [],
        offchainRewards: pending?.offchainRewards ?? [],
        hasClaimed: record?.user_has_claimed ?? false,
      },
    };
  }

  return {
    dao,
    daoName: first.name ?? "",
    chainId,
    proposal,
    descriptionUrl: record?.description_url ?? "",
    actionsOnFor: record?.actions_on_for.map(toAction) ?? [],
    actionsOnAgainst: record?.actions_on_against.map(toAction) ?? [],
    createdAt: record?.created_at ?? null,
    movedAt: record?.moved_to_validators_at ?? null,
    executedAt: record?.executed_at ?? null,
    indexed: record === null ? "unavailable" : indexed.isBehind ? "behind" : "ok",
    validatorVotes:
      record?.validator_votes.map((v) => ({
        voter: v.voter,
        votedFor: BigInt(v.voted_for),
        votedAgainst: BigInt(v.voted_against),
      })) ?? [],
    totalPower: second.totalPower ?? 0n,
    token,
    nft,
    rewardToken,
    hasValidators: second.hasValidators ?? false,
    delegatedVotingAllowed: second.settings?.delegatedVotingAllowed ?? false,
    validatorsContract: validators,
    settingsContract: settings,
    validatorsStage,
    userKeeper,
    commentSettings: first.commentSettings ?? {
      minVotesForReadProposalDiscussion: 0n,
      minVotesForCreatingComment: 0n,
    },
    user: position,
  };
}

/** The governance token's symbol, decimals, `owner`'s balance and allowance, and the NFT's symbol. */
function tokenReads(tokens: { token: Address; nft: Address }, owner: Address, userKeeper: Address) {
  const token20 = tokens.token !== zeroAddress ? ({ address: tokens.token, abi: erc20Abi } as const) : null;
  const token721 = tokens.nft !== zeroAddress ? ({ address: tokens.nft, abi: erc721Abi } as const) : null;
  return {
    ...tokenPositionReads(token20, owner, userKeeper),
    nftSymbol: token721 && readCall(token721, "symbol"),
  };
}

/** The results of `tokenReads` from a batch that had them. */
function pickTokenReads(batch: Partial<BatchResults<ReturnType<typeof tokenReads>>>) {
  const { tokenSymbol, tokenDecimals, walletBalance, allowance, nftSymbol } = batch;
  return { tokenSymbol, tokenDecimals, walletBalance, allowance, nftSymbol };
}

/** One vote type's power from `votingPower`: its tokens and NFTs (0 when not read). */
function typePower(read: { power: bigint; nftPower: bigint } | undefined): bigint {
  return read ? read.power + read.nftPower : 0n;
}
