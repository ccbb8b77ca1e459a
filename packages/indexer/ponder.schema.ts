import { index, onchainTable, primaryKey } from "ponder";

// Every table carries chain_id so that one schema serves every chain; addresses are stored
// lower-case (Ponder's hex column), amounts as numeric(78) in the token's smallest unit and
// USD values as integers with 18 decimals (the spec's fiat decimals).

/** One row per DAO (governance pool) deployed through PoolFactory. */
export const pool = onchainTable(
  "pool",
  (t) => ({
    chainId: t.integer().notNull(),
    address: t.hex().notNull(),
    name: t.text().notNull(),
    descriptionUrl: t.text().notNull(),
    creator: t.hex().notNull(),
    govToken: t.hex().notNull(),
    nft: t.hex().notNull(),
    settings: t.hex().notNull(),
    userKeeper: t.hex().notNull(),
    validators: t.hex().notNull(),
    validatorToken: t.hex(),
    votePower: t.hex().notNull(),
    distributionProposal: t.hex(),
    tokenSaleProposal: t.hex(),
    expertNft: t.hex(),
    nftMultiplier: t.hex(),
    verifier: t.hex(),
    onlyBabtHolders: t.boolean().notNull().default(false),
    /** Seconds a succeeded proposal may be executed before it is Expired (GovPool `ExecutionWindowChanged`). */
    executionWindow: t.bigint().notNull().default(2_592_000n),
    createdAt: t.bigint().notNull(),
    createdBlock: t.bigint().notNull(),
    createdTx: t.hex().notNull(),
    /** Running totals kept by the handlers so the list queries need no aggregation. */
    membersCount: t.integer().notNull().default(0),
    proposalsCount: t.integer().notNull().default(0),
    validatorProposalsCount: t.integer().notNull().default(0),
    validatorsCount: t.integer().notNull().default(0),
    votesCount: t.integer().notNull().default(0),
    /**
     * The Members figure's fallback while nobody has deposited (spec §9): accounts holding the DAO's token or NFT
     * or having voted in it, never its own contracts nor the zero address (`fallback_member` rows counted).
     */
    fallbackMembersCount: t.integer().notNull().default(0),
    /** Governance tokens deposited in the pool (smallest unit). */
    depositedTokens: t.bigint().notNull().default(0n),
    depositedNfts: t.integer().notNull().default(0),
    tvlUsd: t.bigint().notNull().default(0n),
    tvgUsd: t.bigint().notNull().default(0n),
    /** Tokens the treasury has held (the treasury_balance rows of this pool). */
    treasuryTokens: t.jsonb().$type<string[]>().notNull().default([]),
    /**
     * Time-windowed figures, counted exactly once per hour of chain time (`statsHour`) and kept up
     * to date by the handlers within that hour.
     */
    lau: t.integer().notNull().default(0),
    activeProposalsCount: t.integer().notNull().default(0),
    /**
     * The pool's on-chain proposals that may be active, by id: until when (unix seconds as text; null: until an
     * event ends it), as core's state machine gives it from the indexed fields. Kept by the handlers at every
     * event of a proposal, so the active counts need no query; an entry whose time has passed is dropped.
     */
    activeUntil: t.jsonb().$type<Record<string, string | null>>().notNull().default({}),
    /** The same for the pool's internal validator proposals. */
    activeInternalUntil: t.jsonb().$type<Record<string, string | null>>().notNull().default({}),
    statsHour: t.bigint().notNull().default(0n),
    /** Latest activity of any address in the pool (the newest `pool_account.last_at`): LAU is 0 a window after it. */
    lastActiveAt: t.bigint().notNull().default(0n),
    /** Block at which the treasury's priced tokens and native coin were last read on chain. */
    treasuryReadBlock: t.bigint().notNull().default(0n),
    /**
     * The pool's last refreshed block whose priced tokens and native coin are not read yet (0: none) and its
     * time: read at the block's end when the indexer is at the chain's head, else once the pool's events
     * move to another hour (`treasury_due`).
     */
    treasuryDueBlock: t.bigint().notNull().default(0n),
    treasuryDueAt: t.bigint().notNull().default(0n),
    /** Settings of the default executor as last seen on chain (JSON of the event's values). */
    settingsJson: t.jsonb(),
    updatedAt: t.bigint().notNull(),
  }),
  (table) => ({
    pk: primaryKey({ columns: [table.chainId, table.address] }),
    nameIdx: index().on(table.name),
    userKeeperIdx: index().on(table.chainId, table.userKeeper),
    validatorsIdx: index().on(table.chainId, table.validators),
    tokenIdx: index().on(table.chainId, table.govToken),
  }),
);

/** ERC-20 / ERC-721 tokens the pools use, with the last USD price read from the PriceFeed. */
export const token = onchainTable(
  "token",
  (t) => ({
    chainId: t.integer().notNull(),
    address: t.hex().notNull(),
    name: t.text().notNull(),
    symbol: t.text().notNull(),
    decimals: t.integer().notNull(),
    isNft: t.boolean().notNull(),
    totalSupply: t.bigint().notNull().default(0n),
    /** USD price of one whole token, 18 decimals. */
    priceUsd: t.bigint().notNull().default(0n),
    priceUpdatedAt: t.bigint().notNull().default(0n),
  }),
  (table) => ({ pk: primaryKey({ columns: [table.chainId, table.address] }) }),
);

/** Current deposits of an address in a pool (personal and delegated in). */
export const member = onchainTable(
  "member",
  (t) => ({
    chainId: t.integer().notNull(),
    pool: t.hex().notNull(),
    address: t.hex().notNull(),
    depositedTokens: t.bigint().notNull().default(0n),
    depositedNfts: t.integer().notNull().default(0),
    delegatedInTokens: t.bigint().notNull().default(0n),
    delegatedInNfts: t.integer().notNull().default(0),
    delegatedOutTokens: t.bigint().notNull().default(0n),
    delegatedOutNfts: t.integer().notNull().default(0),
    isMember: t.boolean().notNull().default(false),
    firstDepositAt: t.bigint(),
    updatedAt: t.bigint().notNull(),
  }),
  (table) => ({
    pk: primaryKey({ columns: [table.chainId, table.pool, table.address] }),
    addressIdx: index().on(table.chainId, table.address),
  }),
);

/** Deposit and withdrawal history. */
export const depositEvent = onchainTable(
  "deposit_event",
  (t) => ({
    id: t.text().primaryKey(),
    chainId: t.integer().notNull(),
    pool: t.hex().notNull(),
    account: t.hex().notNull(),
    kind: t.text().notNull(), // "deposit" | "withdraw"
    amount: t.bigint().notNull(),
    nftIds: t.jsonb().$type<string[]>().notNull(),
    blockNumber: t.bigint().notNull(),
    timestamp: t.bigint().notNull(),
    txHash: t.hex().notNull(),
  }),
  (table) => ({ poolIdx: index().on(table.chainId, table.pool, table.account) }),
);

/** On-chain proposals with what the list and the timeline need. */
export const proposal = onchainTable(
  "proposal",
  (t) => ({
    chainId: t.integer().notNull(),
    pool: t.hex().notNull(),
    proposalId: t.bigint().notNull(),
    creator: t.hex().notNull(),
    descriptionUrl: t.text().notNull(),
    /** Main executor: the last for-action's target. */
    executor: t.hex().notNull(),
    settingsId: t.bigint(),
    actionsOnFor: t.jsonb().notNull(),
    actionsOnAgainst: t.jsonb().notNull(),
    /** Votes needed for quorum, fixed at creation from the total power and the quorum setting. */
    quorumVotes: t.bigint().notNull().default(0n),
    quorumValidators: t.bigint().notNull().default(0n),
    earlyCompletion: t.boolean().notNull().default(false),
    validatorsVote: t.boolean().notNull().default(false),
    executionDelay: t.bigint().notNull().default(0n),
    voteEnd: t.bigint().notNull(),
    votesFor: t.bigint().notNull().default(0n),
    votesAgainst: t.bigint().notNull().default(0n),
    rawVotesFor: t.bigint().notNull().default(0n),
    rawVotesAgainst: t.bigint().notNull().default(0n),
    votersCount: t.integer().notNull().default(0),
    quorumReachedAt: t.bigint(),
    /** When the votes last fell below the quorum it had reached (a cancelled vote, an undelegation). */
    quorumLostAt: t.bigint(),
    executeAfter: t.bigint(),
    movedToValidatorsAt: t.bigint(),
    validatorsVoteEnd: t.bigint(),
    executedAt: t.bigint(),
    executedFor: t.boolean(),
    /** Who moved it to the validators and who executed it: both earn the execution reward. */
    movedBy: t.hex(),
    executedBy: t.hex(),
    executedTx: t.hex(),
    createdAt: t.bigint().notNull(),
    createdBlock: t.bigint().notNull(),
    createdTx: t.hex().notNull(),
    updatedAt: t.bigint().notNull(),
  }),
  (table) => ({
    pk: primaryKey({ columns: [table.chainId, table.pool, table.proposalId] }),
    creatorIdx: index().on(table.chainId, table.creator),
  }),
);

/** Voting history: interaction 1 vote for, 2 vote against, 3 cancel vote (spec enumeration). */
export const voteInteraction = onchainTable(
  "vote_interaction",
  (t) => ({
    id: t.text().primaryKey(),
    chainId: t.integer().notNull(),
    pool: t.hex().notNull(),
    proposalId: t.bigint().notNull(),
    voter: t.hex().notNull(),
    interaction: t.integer().notNull(),
    voteType: t.integer().notNull(),
    isVoteFor: t.boolean().notNull(),
    /** Tokens added by this vote (for a cancel: the raw votes withdrawn). */
    amount: t.bigint().notNull(),
    totalRawVoted: t.bigint().notNull(),
    totalVoted: t.bigint().notNull(),
    nftIds: t.jsonb().$type<string[]>().notNull(),
    blockNumber: t.bigint().notNull(),
    timestamp: t.bigint().notNull(),
    txHash: t.hex().notNull(),
  }),
  (table) => ({
    proposalIdx: index().on(table.chainId, table.pool, table.proposalId),
    voterIdx: index().on(table.chainId, table.voter),
  }),
);

/** Current vote of a voter on a proposal per vote type (personal 0, micropool 1, delegated 2, treasury 3). */
export const vote = onchainTable(
  "vote",
  (t) => ({
    chainId: t.integer().notNull(),
    pool: t.hex().notNull(),
    proposalId: t.bigint().notNull(),
    voter: t.hex().notNull(),
    voteType: t.integer().notNull(),
    isVoteFor: t.boolean().notNull(),
    /** Raw votes (tokens + NFT power) and votes after the vote-power formula. */
    amount: t.bigint().notNull(),
    voted: t.bigint().notNull(),
    nftIds: t.jsonb().$type<string[]>().notNull(),
    isCancelled: t.boolean().notNull().default(false),
    updatedAt: t.bigint().notNull(),
  }),
  (table) => ({
    pk: primaryKey({
      columns: [table.chainId, table.pool, table.proposalId, table.voter, table.voteType],
    }),
    voterIdx: index().on(table.chainId, table.voter),
  }),
);

/** Rewards paid out (`RewardClaimed`); proposal id 0 is an off-chain results reward. */
export const rewardClaim = onchainTable(
  "reward_claim",
  (t) => ({
    id: t.text().primaryKey(),
    chainId: t.integer().notNull(),
    pool: t.hex().notNull(),
    proposalId: t.bigint().notNull(),
    user: t.hex().notNull(),
    token: t.hex().notNull(),
    amount: t.bigint().notNull(),
    blockNumber: t.bigint().notNull(),
    timestamp: t.bigint().notNull(),
    txHash: t.hex().notNull(),
  }),
  (table) => ({ userIdx: index().on(table.chainId, table.pool, table.user) }),
);

/** Off-chain voting results a pool saved on chain (`saveOffchainResults`), one row per save. */
export const offchainResults = onchainTable(
  "offchain_results",
  (t) => ({
    id: t.text().primaryKey(),
    chainId: t.integer().notNull(),
    pool: t.hex().notNull(),
    /** The results document's CID, as the api's verifier signed it. */
    resultsHash: t.text().notNull(),
    sender: t.hex().notNull(),
    blockNumber: t.bigint().notNull(),
    timestamp: t.bigint().notNull(),
    txHash: t.hex().notNull(),
  }),
  (table) => ({ poolIdx: index().on(table.chainId, table.pool) }),
);

/**
 * A member's agreement to the privacy policy in the chain's UserRegistry (`Agreed`), one row per
 * agreement: an account agrees again to each new policy document.
 */
export const privacyPolicyAgreement = onchainTable(
  "privacy_policy_agreement",
  (t) => ({
    id: t.text().primaryKey(),
    chainId: t.integer().notNull(),
    user: t.hex().notNull(),
    /** The policy document's hash the account signed. */
    documentHash: t.hex().notNull(),
    blockNumber: t.bigint().notNull(),
    timestamp: t.bigint().notNull(),
    txHash: t.hex().notNull(),
  }),
  (table) => ({ timeIdx: index().on(table.chainId, table.timestamp) }),
);

/** Validators of a pool and their validator-token balance. */
export const validator = onchainTable(
  "validator",
  (t) => ({
    chainId: t.integer().notNull(),
    pool: t.hex().notNull(),
    address: t.hex().notNull(),
    balance: t.bigint().notNull(),
    updatedAt: t.bigint().notNull(),
  }),
  (table) => ({ pk: primaryKey({ columns: [table.chainId, table.pool, table.address] }) }),
);

/** Validator proposals: internal ones and the external (second stage) ones. */
export const validatorProposal = onchainTable(
  "validator_proposal",
  (t) => ({
    chainId: t.integer().notNull(),
    pool: t.hex().notNull(),
    isInternal: t.boolean().notNull(),
    proposalId: t.bigint().notNull(),
    proposalType: t.integer(),
    creator: t.hex(),
    descriptionUrl: t.text(),
    voteEnd: t.bigint(),
    quorum: t.bigint(),
    votesFor: t.bigint().notNull().default(0n),
    votesAgainst: t.bigint().notNull().default(0n),
    /** Set by `ValidatorQuorumReached`: the stage is then Locked until `executeAfter`. */
    quorumReachedAt: t.bigint(),
    executeAfter: t.bigint(),
    executedAt: t.bigint(),
    createdAt: t.bigint().notNull(),
    updatedAt: t.bigint().notNull(),
  }),
  (table) => ({
    pk: primaryKey({
      columns: [table.chainId, table.pool, table.isInternal, table.proposalId],
    }),
  }),
);

export const validatorVote = onchainTable(
  "validator_vote",
  (t) => ({
    id: t.text().primaryKey(),
    chainId: t.integer().notNull(),
    pool: t.hex().notNull(),
    isInternal: t.boolean().notNull(),
    proposalId: t.bigint().notNull(),
    voter: t.hex().notNull(),
    isVoteFor: t.boolean().notNull(),
    amount: t.bigint().notNull(),
    interaction: t.integer().notNull(),
    blockNumber: t.bigint().notNull(),
    timestamp: t.bigint().notNull(),
    txHash: t.hex().notNull(),
  }),
  (table) => ({ proposalIdx: index().on(table.chainId, table.pool, table.proposalId) }),
);

/** Expert badges (soulbound ERC-721): local per pool, or global (pool is null). */
export const expert = onchainTable(
  "expert",
  (t) => ({
    chainId: t.integer().notNull(),
    nft: t.hex().notNull(),
    address: t.hex().notNull(),
    pool: t.hex(),
    isGlobal: t.boolean().notNull(),
    tokenId: t.bigint().notNull(),
    isActive: t.boolean().notNull(),
    updatedAt: t.bigint().notNull(),
  }),
  (table) => ({
    pk: primaryKey({ columns: [table.chainId, table.nft, table.address] }),
    poolIdx: index().on(table.chainId, table.pool),
  }),
);

/** Addresses blacklisted on a DAO token. */
export const blacklist = onchainTable(
  "blacklist",
  (t) => ({
    chainId: t.integer().notNull(),
    token: t.hex().notNull(),
    address: t.hex().notNull(),
    isActive: t.boolean().notNull(),
    updatedAt: t.bigint().notNull(),
  }),
  (table) => ({ pk: primaryKey({ columns: [table.chainId, table.token, table.address] }) }),
);

/** Wallet balances of governance tokens (ERC-20 amount or ERC-721 count), from Transfer events. */
export const tokenHolder = onchainTable(
  "token_holder",
  (t) => ({
    chainId: t.integer().notNull(),
    token: t.hex().notNull(),
    address: t.hex().notNull(),
    balance: t.bigint().notNull(),
    updatedAt: t.bigint().notNull(),
  }),
  (table) => ({
    pk: primaryKey({ columns: [table.chainId, table.token, table.address] }),
    addressIdx: index().on(table.chainId, table.address),
  }),
);

/** ERC-721 ownership of indexed NFT collections (for nfts-by-wallet). */
export const nftOwner = onchainTable(
  "nft_owner",
  (t) => ({
    chainId: t.integer().notNull(),
    token: t.hex().notNull(),
    tokenId: t.bigint().notNull(),
    owner: t.hex().notNull(),
    updatedAt: t.bigint().notNull(),
  }),
  (table) => ({
    pk: primaryKey({ columns: [table.chainId, table.token, table.tokenId] }),
    ownerIdx: index().on(table.chainId, table.owner),
  }),
);

/** Treasury (the GovPool contract's own) balances of the tokens the indexer sees move. */
export const treasuryBalance = onchainTable(
  "treasury_balance",
  (t) => ({
    chainId: t.integer().notNull(),
    pool: t.hex().notNull(),
    token: t.hex().notNull(),
    balance: t.bigint().notNull(),
    updatedAt: t.bigint().notNull(),
  }),
  (table) => ({ pk: primaryKey({ columns: [table.chainId, table.pool, table.token] }) }),
);

/** An account as the pool's Members fallback sees it: holds its token or NFT, has voted in it; `counted` unless own. */
export const fallbackMember = onchainTable(
  "fallback_member",
  (t) => ({
    chainId: t.integer().notNull(),
    pool: t.hex().notNull(),
    account: t.hex().notNull(),
    voted: t.boolean().notNull(),
    counted: t.boolean().notNull(),
  }),
  (table) => ({ pk: primaryKey({ columns: [table.chainId, table.pool, table.account] }) }),
);

/** Last time an address acted in a pool (votes, proposals, deposits): LAU counts these. */
export const poolAccount = onchainTable(
  "pool_account",
  (t) => ({
    chainId: t.integer().notNull(),
    pool: t.hex().notNull(),
    account: t.hex().notNull(),
    firstAt: t.bigint().notNull(),
    lastAt: t.bigint().notNull(),
  }),
  (table) => ({
    pk: primaryKey({ columns: [table.chainId, table.pool, table.account] }),
    lastIdx: index().on(table.chainId, table.pool, table.lastAt),
  }),
);

/** One row per address, pool and UTC day with what it did — LAU and user activity read it. */
export const userActivity = onchainTable(
  "user_activity",
  (t) => ({
    chainId: t.integer().notNull(),
    pool: t.hex().notNull(),
    account: t.hex().notNull(),
    day: t.bigint().notNull(),
    votes: t.integer().notNull().default(0),
    proposals: t.integer().notNull().default(0),
    deposits: t.integer().notNull().default(0),
    lastAt: t.bigint().notNull(),
  }),
  (table) => ({
    pk: primaryKey({ columns: [table.chainId, table.pool, table.account, table.day] }),
    accountIdx: index().on(table.chainId, table.account),
    dayIdx: index().on(table.chainId, table.pool, table.day),
  }),
);

/** Statistics snapshots per pool: the figures after the last event within each hour / UTC day. */
export const poolStatsHourly = onchainTable(
  "pool_stats_hourly",
  (t) => ({
    chainId: t.integer().notNull(),
    pool: t.hex().notNull(),
    /** Start of the hour or the UTC day, unix seconds. */
    bucket: t.bigint().notNull(),
    tvlUsd: t.bigint().notNull(),
    tvgUsd: t.bigint().notNull(),
    membersCount: t.integer().notNull(),
    lau: t.integer().notNull(),
    proposalsCount: t.integer().notNull(),
    activeProposalsCount: t.integer().notNull(),
    votesCount: t.integer().notNull(),
    updatedAt: t.bigint().notNull(),
  }),
  (table) => ({ pk: primaryKey({ columns: [table.chainId, table.pool, table.bucket] }) }),
);

export const poolStatsDaily = onchainTable(
  "pool_stats_daily",
  (t) => ({
    chainId: t.integer().notNull(),
    pool: t.hex().notNull(),
    /** Start of the hour or the UTC day, unix seconds. */
    bucket: t.bigint().notNull(),
    tvlUsd: t.bigint().notNull(),
    tvgUsd: t.bigint().notNull(),
    membersCount: t.integer().notNull(),
    lau: t.integer().notNull(),
    proposalsCount: t.integer().notNull(),
    activeProposalsCount: t.integer().notNull(),
    votesCount: t.integer().notNull(),
    updatedAt: t.bigint().notNull(),
  }),
  (table) => ({ pk: primaryKey({ columns: [table.chainId, table.pool, table.bucket] }) }),
);

/**
 * The DAO list's figures of each DAO, one row per DAO, kept current by the handlers (running
 * counters; the time-windowed figures recounted once per hour of chain time and when a proposal
 * changes stage) so the list reads them with an index scan instead of aggregating per request.
 * `membersCount` is the Members figure (deposits, or the holders-and-voters fallback while nobody
 * has deposited); the active counts follow the spec's active states as of `statsAt`.
 */
export const daoStats = onchainTable(
  "dao_stats",
  (t) => ({
    chainId: t.integer().notNull(),
    pool: t.hex().notNull(),
    tvlUsd: t.bigint().notNull().default(0n),
    tvgUsd: t.bigint().notNull().default(0n),
    membersCount: t.integer().notNull().default(0),
    /** Token holders and voters (not the DAO's own contracts) while nobody has deposited. */
    fallbackMembersCount: t.integer().notNull().default(0),
    lau: t.integer().notNull().default(0),
    activeMembersCount: t.integer().notNull().default(0),
    proposalsCount: t.integer().notNull().default(0),
    activeProposalsCount: t.integer().notNull().default(0),
    internalProposalsCount: t.integer().notNull().default(0),
    activeInternalProposalsCount: t.integer().notNull().default(0),
    /**
     * When the active on-chain proposals counted in `activeProposalsCount` stop being active by time alone
     * (their `activeUntil` times, ascending; those an event must end are not listed): the count at any
     * time `t` from `statsAt` on is `activeProposalsCount` less the times ≤ `t`, with no proposal read.
     * Null: none.
     */
    activeProposalsEnds: t.bigint().array(),
    /** The same for `activeInternalProposalsCount` (the internal validator proposals). */
    activeInternalProposalsEnds: t.bigint().array(),
    votesCount: t.integer().notNull().default(0),
    /**
     * The pool's hourly snapshots (`pool_stats_hourly`) a day-before figure may be read from at any time
     * from `statsAt` on, oldest first, one column per figure: the newest at or before `statsAt` − 1 day
     * and every later one. The figures a day before `t` are those of the last bucket ≤ `t` − 1 day.
     * Rolled by the handlers with the snapshots. Null: none.
     */
    recentBuckets: t.bigint().array(),
    recentTvlUsd: t.bigint().array(),
    recentTvgUsd: t.bigint().array(),
    recentMembersCount: t.integer().array(),
    recentLau: t.integer().array(),
    /** Chain time the figures are as of. */
    statsAt: t.bigint().notNull().default(0n),
  }),
  (table) => {
    const ties = [table.tvlUsd, table.tvgUsd, table.membersCount, table.proposalsCount];
    /**
     * The list's order led by `lead` (largest first, or smallest first given `ascendingName`), then spec §9's
     * keys (tvl, tvg, members, proposals) largest first, then the address: the api's order
     * (`tracker.repository.ts`), one index per sort key and direction, so a key with many equal values
     * (lau, members) never sorts its group of ties. An ascending one is named: an unnamed index is
     * named after its columns alone, the same as its descending twin's.
     */
    const listOrder = (lead: (typeof ties)[number] | typeof table.lau, ascendingName?: string) =>
      index(ascendingName).on(
        table.chainId,
        ascendingName ? lead.asc() : lead.desc(),
        ...ties.filter((c) => c !== lead).map((c) => c.desc()),
        table.pool,
      );
    return {
      pk: primaryKey({ columns: [table.chainId, table.pool] }),
      tvlIdx: listOrder(table.tvlUsd),
      tvgIdx: listOrder(table.tvgUsd),
      membersIdx: listOrder(table.membersCount),
      proposalsIdx: listOrder(table.proposalsCount),
      lauIdx: listOrder(table.lau),
      tvlAscIdx: listOrder(table.tvlUsd, "dao_stats_tvl_asc_index"),
      tvgAscIdx: listOrder(table.tvgUsd, "dao_stats_tvg_asc_index"),
      membersAscIdx: listOrder(table.membersCount, "dao_stats_members_asc_index"),
      proposalsAscIdx: listOrder(table.proposalsCount, "dao_stats_proposals_asc_index"),
      lauAscIdx: listOrder(table.lau, "dao_stats_lau_asc_index"),
    };
  },
);

/** Which pool a helper contract (user keeper, validators, tokens, expert NFT) belongs to. */
export const poolContract = onchainTable(
  "pool_contract",
  (t) => ({
    chainId: t.integer().notNull(),
    address: t.hex().notNull(),
    pool: t.hex().notNull(),
    kind: t.text().notNull(),
  }),
  (table) => ({ pk: primaryKey({ columns: [table.chainId, table.address] }) }),
);

/**
 * Validator balances a DAO's GovValidators set in its deployment transaction, logged before PoolFactory announces the
 * DAO (its pool is not known yet): the announcement moves them to the pool's `validator` rows and count.
 */
export const validatorsPrelude = onchainTable(
  "validators_prelude",
  (t) => ({
    chainId: t.integer().notNull(),
    /** The GovValidators contract. */
    validators: t.hex().notNull(),
    /** Validator address → balance (smallest unit, decimal), the last logged for each. */
    balances: t.jsonb().$type<Record<string, string>>().notNull(),
  }),
  (table) => ({ pk: primaryKey({ columns: [table.chainId, table.validators] }) }),
);

/** Current validator votes per voter and proposal (a cancel withdraws both sides). */
export const validatorVoter = onchainTable(
  "validator_voter",
  (t) => ({
    chainId: t.integer().notNull(),
    pool: t.hex().notNull(),
    isInternal: t.boolean().notNull(),
    proposalId: t.bigint().notNull(),
    voter: t.hex().notNull(),
    votedFor: t.bigint().notNull(),
    votedAgainst: t.bigint().notNull(),
    updatedAt: t.bigint().notNull(),
  }),
  (table) => ({
    pk: primaryKey({ columns: [table.chainId, table.pool, table.isInternal, table.proposalId, table.voter] }),
  }),
);

/** Proposal settings slots as last read from GovSettings; dropped on `SettingsChanged`. */
export const settingsSlot = onchainTable(
  "settings_slot",
  (t) => ({
    chainId: t.integer().notNull(),
    settings: t.hex().notNull(),
    settingsId: t.bigint().notNull(),
    earlyCompletion: t.boolean().notNull(),
    validatorsVote: t.boolean().notNull(),
    executionDelay: t.bigint().notNull(),
    quorumValidators: t.bigint().notNull(),
  }),
  (table) => ({ pk: primaryKey({ columns: [table.chainId, table.settings, table.settingsId] }) }),
);

/** Tokens the chain's PriceFeed prices (AggregatorSet): candidates for treasury balance reads. */
export const pricedToken = onchainTable(
  "priced_token",
  (t) => ({
    chainId: t.integer().notNull(),
    token: t.hex().notNull(),
    aggregator: t.hex().notNull(),
    isActive: t.boolean().notNull(),
    /** Last USD price (18 decimals) of the native coin's placeholder, which has no `token` row. */
    priceUsd: t.bigint().notNull().default(0n),
    priceUpdatedAt: t.bigint().notNull().default(0n),
    updatedAt: t.bigint().notNull(),
  }),
  (table) => ({ pk: primaryKey({ columns: [table.chainId, table.token] }) }),
);

/**
 * The tokens a chain's PriceFeed currently prices (active aggregators), one row per chain, so the
 * snapshot handlers read them by key instead of querying `priced_token`.
 */
export const pricedTokenList = onchainTable("priced_token_list", (t) => ({
  chainId: t.integer().primaryKey(),
  tokens: t.jsonb().$type<string[]>().notNull().default([]),
  updatedAt: t.bigint().notNull(),
}));

/** The pools of a chain whose treasury is due to be read (`pool.treasuryDueBlock`), one row per chain. */
export const treasuryDue = onchainTable("treasury_due", (t) => ({
  chainId: t.integer().primaryKey(),
  pools: t.jsonb().$type<string[]>().notNull().default([]),
}));

/**
 * The pools of a chain whose figures changed in its latest block with events, one row per chain: their statistics
 * (`dao_stats`, the snapshots, the pool's TVL and TVG) are written once at that block's end (`settleStats`).
 */
export const statsDue = onchainTable("stats_due", (t) => ({
  chainId: t.integer().primaryKey(),
  blockNumber: t.bigint().notNull(),
  timestamp: t.bigint().notNull(),
  pools: t.jsonb().$type<string[]>().notNull().default([]),
}));

// ───────────────────────────── token sales and distributions ─────────────────────────────

/** One token sale tier (TokenSaleProposal `TierCreated`), its sales and its end (`TierOff`,
 * `TierRecovered`). The status is computed at read time from the times, `isOff` and `totalSold`. */
export const tokenSaleTier = onchainTable(
  "token_sale_tier",
  (t) => ({
    chainId: t.integer().notNull(),
    tokenSale: t.hex().notNull(),
    tierId: t.bigint().notNull(),
    pool: t.hex().notNull(),
    name: t.text().notNull(),
    description: t.text().notNull(),
    saleToken: t.hex().notNull(),
    totalTokenProvided: t.bigint().notNull(),
    totalSold: t.bigint().notNull().default(0n),
    saleStartTime: t.bigint().notNull(),
    saleEndTime: t.bigint().notNull(),
    claimLockDuration: t.bigint().notNull(),
    receiver: t.hex().notNull(),
    minAllocationPerUser: t.bigint().notNull(),
    maxAllocationPerUser: t.bigint().notNull(),
    /** 25 decimals. */
    vestingPercentage: t.bigint().notNull(),
    vestingDuration: t.bigint().notNull(),
    cliffPeriod: t.bigint().notNull(),
    unlockStep: t.bigint().notNull(),
    /** [{ token, exchangeRate }] (rates with 25 decimals, as decimal strings). */
    purchaseTokens: t.jsonb().$type<{ token: string; exchangeRate: string }[]>().notNull(),
    /** Decoded requirements: [{ participationType, minVotes?, token?, amount?, nft?, count?, merkleRoot?, merkleUri? }]. */
    participation: t.jsonb().$type<Record<string, string | number>[]>().notNull(),
    merkleRoot: t.hex(),
    merkleUri: t.text(),
    isOff: t.boolean().notNull().default(false),
    recoveredAmount: t.bigint(),
    buyersCount: t.integer().notNull().default(0),
    createdAt: t.bigint().notNull(),
    createdTx: t.hex().notNull(),
    updatedAt: t.bigint().notNull(),
  }),
  (table) => ({
    pk: primaryKey({ columns: [table.chainId, table.tokenSale, table.tierId] }),
    poolIdx: index().on(table.chainId, table.pool),
  }),
);

/** A buyer's position in a tier: bought, claimed, vesting withdrawn, participation locks. */
export const tokenSaleParticipant = onchainTable(
  "token_sale_participant",
  (t) => ({
    chainId: t.integer().notNull(),
    tokenSale: t.hex().notNull(),
    tierId: t.bigint().notNull(),
    user: t.hex().notNull(),
    pool: t.hex().notNull(),
    bought: t.bigint().notNull().default(0n),
    vestingTotal: t.bigint().notNull().default(0n),
    claimed: t.bigint().notNull().default(0n),
    vestingWithdrawn: t.bigint().notNull().default(0n),
    purchasesCount: t.integer().notNull().default(0),
    lockedTokens: t.bigint().notNull().default(0n),
    lockedNfts: t.jsonb().$type<string[]>().notNull().default([]),
    whitelisted: t.boolean().notNull().default(false),
    updatedAt: t.bigint().notNull(),
  }),
  (table) => ({
    pk: primaryKey({ columns: [table.chainId, table.tokenSale, table.tierId, table.user] }),
    userIdx: index().on(table.chainId, table.pool, table.user),
  }),
);

/** One purchase (`Bought`). */
export const tokenSalePurchase = onchainTable(
  "token_sale_purchase",
  (t) => ({
    id: t.text().primaryKey(),
    chainId: t.integer().notNull(),
    tokenSale: t.hex().notNull(),
    tierId: t.bigint().notNull(),
    pool: t.hex().notNull(),
    buyer: t.hex().notNull(),
    paymentToken: t.hex().notNull(),
    paid: t.bigint().notNull(),
    commission: t.bigint().notNull(),
    bought: t.bigint().notNull(),
    vestingAmount: t.bigint().notNull(),
    blockNumber: t.bigint().notNull(),
    logIndex: t.integer().notNull(),
    timestamp: t.bigint().notNull(),
    txHash: t.hex().notNull(),
  }),
  (table) => ({ buyerIdx: index().on(table.chainId, table.pool, table.buyer) }),
);

/** A distribution funded by a proposal (DistributionProposal `DistributionFunded`) and what was claimed. */
export const distribution = onchainTable(
  "distribution",
  (t) => ({
    chainId: t.integer().notNull(),
    pool: t.hex().notNull(),
    proposalId: t.bigint().notNull(),
    token: t.hex().notNull(),
    amount: t.bigint().notNull(),
    claimedTotal: t.bigint().notNull().default(0n),
    claimsCount: t.integer().notNull().default(0),
    createdAt: t.bigint().notNull(),
    updatedAt: t.bigint().notNull(),
  }),
  (table) => ({ pk: primaryKey({ columns: [table.chainId, table.pool, table.proposalId] }) }),
);

/** One voter's claim of a distribution (DistributionProposal `DistributionClaimed`): claimed once per voter. */
export const distributionClaim = onchainTable(
  "distribution_claim",
  (t) => ({
    chainId: t.integer().notNull(),
    pool: t.hex().notNull(),
    proposalId: t.bigint().notNull(),
    voter: t.hex().notNull(),
    amount: t.bigint().notNull(),
    timestamp: t.bigint().notNull(),
    txHash: t.hex().notNull(),
  }),
  (table) => ({ pk: primaryKey({ columns: [table.chainId, table.pool, table.proposalId, table.voter] }) }),
);

/**
 * What one member delegated to one delegatee now (GovPool `Delegated` / `Undelegated`): tokens, NFT ids and
 * their raw power. Incoming delegations are a delegatee's rows, outgoing ones a delegator's.
 */
export const delegation = onchainTable(
  "delegation",
  (t) => ({
    chainId: t.integer().notNull(),
    pool: t.hex().notNull(),
    delegator: t.hex().notNull(),
    delegatee: t.hex().notNull(),
    amount: t.bigint().notNull(),
    nftIds: t.jsonb().$type<string[]>().notNull(),
    power: t.bigint().notNull(),
    createdAt: t.bigint().notNull(),
    updatedAt: t.bigint().notNull(),
  }),
  (table) => ({
    pk: primaryKey({ columns: [table.chainId, table.pool, table.delegator, table.delegatee] }),
    delegateeIdx: index().on(table.chainId, table.pool, table.delegatee),
    delegatorIdx: index().on(table.chainId, table.delegator),
  }),
);

/**
 * Delegation history: every delegation change with its time, amount and power. `kind` is delegate,
 * undelegate, treasury-delegate or treasury-undelegate; `delegationType` the spec's (delegate 1,
 * undelegate 2). For treasury rows the delegator is the pool. `delegateePower` is the delegatee's micropool
 * (treasury power for treasury rows) after the change.
 */
export const delegationEvent = onchainTable(
  "delegation_event",
  (t) => ({
    id: t.text().primaryKey(),
    chainId: t.integer().notNull(),
    pool: t.hex().notNull(),
    delegator: t.hex().notNull(),
    delegatee: t.hex().notNull(),
    kind: t.text().notNull(),
    delegationType: t.integer().notNull(),
    amount: t.bigint().notNull(),
    nftIds: t.jsonb().$type<string[]>().notNull(),
    power: t.bigint().notNull(),
    delegateePower: t.bigint().notNull(),
    blockNumber: t.bigint().notNull(),
    logIndex: t.integer().notNull(),
    timestamp: t.bigint().notNull(),
    txHash: t.hex().notNull(),
  }),
  (table) => ({
    delegateeIdx: index().on(table.chainId, table.pool, table.delegatee),
    delegatorIdx: index().on(table.chainId, table.delegator),
  }),
);

/**
 * A delegatee's balances in one DAO: its micropool (raw power its delegators delegated, how many delegate
 * to it) and what the treasury delegated to it as an expert (tokens, NFT ids, raw power).
 */
export const delegatee = onchainTable(
  "delegatee",
  (t) => ({
    chainId: t.integer().notNull(),
    pool: t.hex().notNull(),
    account: t.hex().notNull(),
    micropoolPower: t.bigint().notNull().default(0n),
    delegatorsCount: t.integer().notNull().default(0),
    treasuryAmount: t.bigint().notNull().default(0n),
    treasuryNftIds: t.jsonb().$type<string[]>().notNull().default([]),
    treasuryPower: t.bigint().notNull().default(0n),
    updatedAt: t.bigint().notNull(),
  }),
  (table) => ({
    pk: primaryKey({ columns: [table.chainId, table.pool, table.account] }),
    micropoolIdx: index().on(table.chainId, table.pool, table.micropoolPower),
  }),
);

// ───────────────────────────── staking ─────────────────────────────

/** A DAO's StakingProposal (PoolFactory `DaoStakingDeployed`) and whether the DAO enabled it. */
export const staking = onchainTable(
  "staking",
  (t) => ({
    chainId: t.integer().notNull(),
    pool: t.hex().notNull(),
    address: t.hex().notNull(),
    isEnabled: t.boolean().notNull().default(false),
    tiersCount: t.integer().notNull().default(0),
  }),
  (table) => ({ pk: primaryKey({ columns: [table.chainId, table.pool] }) }),
);

/** One staking tier (`TierCreated`) with its running totals (`Staked`, `Unstaked`, `RewardClaimed`,
 * `TierRecovered`). What accrued is computed by the contract (its views), never here. */
export const stakingTier = onchainTable(
  "staking_tier",
  (t) => ({
    chainId: t.integer().notNull(),
    staking: t.hex().notNull(),
    tierId: t.bigint().notNull(),
    pool: t.hex().notNull(),
    metadataUrl: t.text().notNull(),
    stakeToken: t.hex().notNull(),
    rewardToken: t.hex().notNull(),
    rewardAmount: t.bigint().notNull(),
    startTime: t.bigint().notNull(),
    endTime: t.bigint().notNull(),
    totalStaked: t.bigint().notNull().default(0n),
    totalClaimed: t.bigint().notNull().default(0n),
    stakersCount: t.integer().notNull().default(0),
    recoveredAmount: t.bigint(),
    createdAt: t.bigint().notNull(),
    createdTx: t.hex().notNull(),
    updatedAt: t.bigint().notNull(),
  }),
  (table) => ({
    pk: primaryKey({ columns: [table.chainId, table.staking, table.tierId] }),
    poolIdx: index().on(table.chainId, table.pool),
  }),
);

/** A member's position in a staking tier: staked now, claimed so far. */
export const stakingPosition = onchainTable(
  "staking_position",
  (t) => ({
    chainId: t.integer().notNull(),
    staking: t.hex().notNull(),
    tierId: t.bigint().notNull(),
    user: t.hex().notNull(),
    pool: t.hex().notNull(),
    staked: t.bigint().notNull().default(0n),
    claimed: t.bigint().notNull().default(0n),
    updatedAt: t.bigint().notNull(),
  }),
  (table) => ({
    pk: primaryKey({ columns: [table.chainId, table.staking, table.tierId, table.user] }),
    userIdx: index().on(table.chainId, table.pool, table.user),
  }),
);
