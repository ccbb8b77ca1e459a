/**
 * Enumerations of spec section 3 with their exact numbering. Numeric enumerations mirror the
 * protocol's Solidity enums; string enumerations are the values exchanged with the api.
 */

type ValueOf<T> = T[keyof T];

/** Vote power type: linear 0, polynomial (meritocratic non-linear) 1, custom contract 2. */
export const VotePowerType = { Linear: 0, Polynomial: 1, Custom: 2 } as const;
export type VotePowerType = ValueOf<typeof VotePowerType>;

/** Executor (settings slot): default 0, internal 1, validators 2, distribution 3, token sale 4. */
export const ExecutorType = {
  Default: 0,
  Internal: 1,
  Validators: 2,
  Distribution: 3,
  TokenSale: 4,
} as const;
export type ExecutorType = ValueOf<typeof ExecutorType>;

/** Delegation type: delegate 1, undelegate 2, request 3. */
export const DelegationType = { Delegate: 1, Undelegate: 2, Request: 3 } as const;
export type DelegationType = ValueOf<typeof DelegationType>;

/** Vote type: personal 0, micropool 1, delegated 2, treasury 3. */
export const VoteType = { Personal: 0, Micropool: 1, Delegated: 2, Treasury: 3 } as const;
export type VoteType = ValueOf<typeof VoteType>;

/** Internal (validators-only) proposal type, in the order of the validators contract. */
export const InternalProposalType = {
  ChangeSettings: 0,
  ChangeBalances: 1,
  MonthlyWithdraw: 2,
  OffChain: 3,
} as const;
export type InternalProposalType = ValueOf<typeof InternalProposalType>;

/** Token sale participation requirement, in the order of the token-sale contract. */
export const ParticipationType = {
  DAOVotes: 0,
  Whitelist: 1,
  BABT: 2,
  TokenLock: 3,
  NftLock: 4,
  MerkleWhitelist: 5,
} as const;
export type ParticipationType = ValueOf<typeof ParticipationType>;

/** Interaction in the voting history: vote for 1, vote against 2, cancel vote 3. */
export const InteractionType = { VoteFor: 1, VoteAgainst: 2, CancelVote: 3 } as const;
export type InteractionType = ValueOf<typeof InteractionType>;

export const UserType = { Holder: "holder", Expert: "expert", GlobalExpert: "global_expert" } as const;
export type UserType = ValueOf<typeof UserType>;

export const ProposalWrappedType = {
  Internal: "internal",
  External: "external",
  Delegated: "delegated",
  OffChain: "off-chain",
} as const;
export type ProposalWrappedType = ValueOf<typeof ProposalWrappedType>;

export const ProposalType = { Internal: "internal", External: "external", OffChain: "off-chain" } as const;
export type ProposalType = ValueOf<typeof ProposalType>;

export const VoteSide = { For: "for", Against: "against" } as const;
export type VoteSide = ValueOf<typeof VoteSide>;

export const CommentReaction = { None: "none", Like: "like", Dislike: "dislike" } as const;
export type CommentReaction = ValueOf<typeof CommentReaction>;

/** Off-chain voting type: for/against, one option (single choice), several options (multiple choice). */
export const OffchainVotingType = {
  ForAgainst: "for_against",
  OneOf: "one_of",
  MultipleOf: "multiple_of",
} as const;
export type OffchainVotingType = ValueOf<typeof OffchainVotingType>;

export const OffchainExecutableType = {
  CreateProposalType: "create_proposal_type",
  EditProposalType: "edit_proposal_type",
} as const;
export type OffchainExecutableType = ValueOf<typeof OffchainExecutableType>;

export const WalletConnector = {
  WalletConnect: "WalletConnect",
  MetaMask: "MetaMask",
  Rabby: "Rabby Wallet",
} as const;
export type WalletConnector = ValueOf<typeof WalletConnector>;

export const ChartType = { Area: "area", Line: "line", StraightAnglePie: "straight-angle-pie" } as const;
export type ChartType = ValueOf<typeof ChartType>;

export const Timeframe = { Day: "D", Week: "W", Month: "M" } as const;
export type Timeframe = ValueOf<typeof Timeframe>;

export const CheckboxStatus = {
  Completed: "completed",
  Current: "current",
  Pending: "pending",
  WaitingSecondStep: "waiting-second-step",
  Declined: "declined",
  WaitingToExecute: "waiting-to-execute",
} as const;
export type CheckboxStatus = ValueOf<typeof CheckboxStatus>;

export const TokenSaleTierStatus = {
  Pending: "pending",
  Active: "active",
  Completed: "completed",
  NotActual: "not-actual",
} as const;
export type TokenSaleTierStatus = ValueOf<typeof TokenSaleTierStatus>;

export const SOCIAL_LINK_KINDS = [
  "facebook",
  "linkedin",
  "medium",
  "telegram",
  "twitter",
  "github",
  "other",
] as const;
export type SocialLinkKind = (typeof SOCIAL_LINK_KINDS)[number];

/** On-chain external proposal kinds (spec section 3). */
export const EXTERNAL_PROPOSAL_KINDS = [
  "daoProfileModification",
  "changeSettings",
  "tokenDistribution",
  "tokenSale",
  "changeValidators",
  "custom",
  "anyOtherProposal",
  "recoverTokenSale",
  "rewardMultiplier",
  "createProposalType",
  "tokenTransfer",
  "blacklistManagement",
  "applyToDao",
  "localExpertRemoval",
  "globalExpertRemoval",
  "localExpert",
  "globalExpert",
  "delegateTokensToExpert",
  "revokeTokensFromExpert",
  "mathModel",
  "validatorsAllocation",
  "withdrawDeposit",
  "enableStaking",
  "createStakingTier",
] as const;
export type ExternalProposalKind = (typeof EXTERNAL_PROPOSAL_KINDS)[number];

export const INTERNAL_PROPOSAL_KINDS = [
  "changeValidatorBalances",
  "changeValidatorSettings",
  "monthlyWithdraw",
  "emptyTx",
] as const;
export type InternalProposalKind = (typeof INTERNAL_PROPOSAL_KINDS)[number];

/** Internal kind of each internal proposal type. */
export const INTERNAL_KIND_BY_TYPE: Readonly<Record<InternalProposalType, InternalProposalKind>> =
  Object.freeze({
    [InternalProposalType.ChangeSettings]: "changeValidatorSettings",
    [InternalProposalType.ChangeBalances]: "changeValidatorBalances",
    [InternalProposalType.MonthlyWithdraw]: "monthlyWithdraw",
    [InternalProposalType.OffChain]: "emptyTx",
  });

export const NOTIFICATION_GROUPS = [
  "general",
  "dao-proposal",
  "delegate",
  "validators",
  "rewards",
  "offchain",
] as const;
export type NotificationGroup = (typeof NOTIFICATION_GROUPS)[number];

export const NOTIFICATION_CHANNELS = ["in-app", "firebase", "telegram", "discord", "slack"] as const;
export type NotificationChannel = (typeof NOTIFICATION_CHANNELS)[number];

/** Channels enabled by default in notification settings. */
export const DEFAULT_NOTIFICATION_CHANNELS: readonly NotificationChannel[] = Object.freeze([
  "firebase",
  "telegram",
  "slack",
  "discord",
]);

/** Topics the spec names explicitly (the in-app ones); services may add more. */
export const NOTIFICATION_TOPICS = [
  "COMMENT_REPLIED",
  "UPDATED_USER_CREDENTIALS",
  "USER_AGREED_TO_PRIVACY_POLICY",
  "TRANSACTION",
  "GOV_POOL_CREATE",
] as const;
export type NotificationTopic = (typeof NOTIFICATION_TOPICS)[number];

export const SubscriptionModalMode = { Manage: "manage", NewSubscription: "new-subscription" } as const;
export type SubscriptionModalMode = ValueOf<typeof SubscriptionModalMode>;

/** DAO creation wizard steps and their numbers (2.5 is the optional own-token step). */
export const DaoCreationStep = {
  BeforeYouStart: 0,
  BasicSettings: 1,
  Governance: 2,
  TokenCreation: 2.5,
  VotingParameters: 3,
  Validators: 4,
  Summary: 5,
  Success: 6,
} as const;
export type DaoCreationStep = ValueOf<typeof DaoCreationStep>;

/** Steps of the create-proposal flow: Unlock, Deposit, Create and Vote. */
export const CREATE_PROPOSAL_STEPS = ["unlock", "deposit", "createAndVote"] as const;
/** Steps of the delegate flow: Approve, then Deposit and delegate. */
export const DELEGATE_STEPS = ["approve", "depositAndDelegate"] as const;
/** Steps of the validator proposal flow: Create, then Vote. */
export const VALIDATOR_PROPOSAL_STEPS = ["create", "vote"] as const;

/** How waiting for a transaction ends. */
export const TransactionWaitOutcome = {
  Confirmed: "confirmed",
  Replaced: "replaced",
  TimedOut: "timedOut",
} as const;
export type TransactionWaitOutcome = ValueOf<typeof TransactionWaitOutcome>;

/** Why a transaction was replaced (repriced, cancelled or replaced). */
export const ReplacementReason = {
  Repriced: "repriced",
  Cancelled: "cancelled",
  Replaced: "replaced",
} as const;
export type ReplacementReason = ValueOf<typeof ReplacementReason>;

/** Wallet connection events. */
export const WalletEvent = {
  Connect: "connect",
  Disconnect: "disconnect",
  AccountChange: "accountChange",
  ChainChange: "chainChange",
} as const;
export type WalletEvent = ValueOf<typeof WalletEvent>;

/** Contracts load status. */
export const ContractsLoadStatus = { Loading: "loading", Error: "error", Loaded: "loaded" } as const;
export type ContractsLoadStatus = ValueOf<typeof ContractsLoadStatus>;
