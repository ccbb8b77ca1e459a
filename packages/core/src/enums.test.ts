import { describe, expect, it } from "vitest";
import {
  ChartType,
  CheckboxStatus,
  CommentReaction,
  ContractsLoadStatus,
  CREATE_PROPOSAL_STEPS,
  DaoCreationStep,
  DEFAULT_NOTIFICATION_CHANNELS,
  DELEGATE_STEPS,
  DelegationType,
  EXTERNAL_PROPOSAL_KINDS,
  ExecutorType,
  INTERNAL_KIND_BY_TYPE,
  INTERNAL_PROPOSAL_KINDS,
  InteractionType,
  InternalProposalType,
  NOTIFICATION_CHANNELS,
  NOTIFICATION_GROUPS,
  NOTIFICATION_TOPICS,
  OffchainExecutableType,
  OffchainVotingType,
  ParticipationType,
  ProposalType,
  ProposalWrappedType,
  ReplacementReason,
  SOCIAL_LINK_KINDS,
  SubscriptionModalMode,
  Timeframe,
  TokenSaleTierStatus,
  TransactionWaitOutcome,
  UserType,
  VALIDATOR_PROPOSAL_STEPS,
  VotePowerType,
  VoteSide,
  VoteType,
  WalletConnector,
  WalletEvent,
} from "./enums.ts";

describe("section 3 enumerations", () => {
  it("vote power type: linear 0, polynomial 1, custom 2", () => {
    expect(VotePowerType).toEqual({ Linear: 0, Polynomial: 1, Custom: 2 });
  });
  it("executor: default 0, internal 1, validators 2, distribution 3, token sale 4", () => {
    expect(ExecutorType).toEqual({ Default: 0, Internal: 1, Validators: 2, Distribution: 3, TokenSale: 4 });
  });
  it("delegation type: delegate 1, undelegate 2, request 3", () => {
    expect(DelegationType).toEqual({ Delegate: 1, Undelegate: 2, Request: 3 });
  });
  it("vote type: personal 0, micropool 1, delegated 2, treasury 3", () => {
    expect(VoteType).toEqual({ Personal: 0, Micropool: 1, Delegated: 2, Treasury: 3 });
  });
  it("interaction: vote for 1, vote against 2, cancel vote 3", () => {
    expect(InteractionType).toEqual({ VoteFor: 1, VoteAgainst: 2, CancelVote: 3 });
  });
  it("internal proposal types: change settings, change balances, monthly withdraw, off-chain", () => {
    expect(Object.keys(InternalProposalType)).toEqual([
      "ChangeSettings",
      "ChangeBalances",
      "MonthlyWithdraw",
      "OffChain",
    ]);
    expect(Object.values(InternalProposalType)).toEqual([0, 1, 2, 3]);
    expect(INTERNAL_KIND_BY_TYPE[InternalProposalType.OffChain]).toBe("emptyTx");
    expect(INTERNAL_KIND_BY_TYPE[InternalProposalType.ChangeBalances]).toBe("changeValidatorBalances");
  });
  it("token sale participation: DAO votes, whitelist, BABT, token lock, NFT lock, Merkle whitelist", () => {
    expect(ParticipationType).toEqual({
      DAOVotes: 0,
      Whitelist: 1,
      BABT: 2,
      TokenLock: 3,
      NftLock: 4,
      MerkleWhitelist: 5,
    });
  });
  it("string enumerations", () => {
    expect(Object.values(UserType)).toEqual(["holder", "expert", "global_expert"]);
    expect(Object.values(ProposalWrappedType)).toEqual(["internal", "external", "delegated", "off-chain"]);
    expect(Object.values(ProposalType)).toEqual(["internal", "external", "off-chain"]);
    expect(Object.values(VoteSide)).toEqual(["for", "against"]);
    expect(Object.values(CommentReaction)).toEqual(["none", "like", "dislike"]);
    expect(Object.values(OffchainVotingType)).toEqual(["for_against", "one_of", "multiple_of"]);
    expect(Object.values(OffchainExecutableType)).toEqual(["create_proposal_type", "edit_proposal_type"]);
    expect(Object.values(WalletConnector)).toEqual(["WalletConnect", "MetaMask", "Rabby Wallet"]);
    expect(Object.values(ChartType)).toEqual(["area", "line", "straight-angle-pie"]);
    expect(Object.values(Timeframe)).toEqual(["D", "W", "M"]);
    expect(Object.values(CheckboxStatus)).toEqual([
      "completed",
      "current",
      "pending",
      "waiting-second-step",
      "declined",
      "waiting-to-execute",
    ]);
    expect(Object.values(TokenSaleTierStatus)).toEqual(["pending", "active", "completed", "not-actual"]);
    expect(SOCIAL_LINK_KINDS).toEqual([
      "facebook",
      "linkedin",
      "medium",
      "telegram",
      "twitter",
      "github",
      "other",
    ]);
    expect(Object.values(SubscriptionModalMode)).toEqual(["manage", "new-subscription"]);
  });
  it("24 external and 4 internal proposal kinds", () => {
    expect(EXTERNAL_PROPOSAL_KINDS).toHaveLength(24);
    expect(new Set(EXTERNAL_PROPOSAL_KINDS).size).toBe(24);
    expect(EXTERNAL_PROPOSAL_KINDS[0]).toBe("daoProfileModification");
    expect(EXTERNAL_PROPOSAL_KINDS[23]).toBe("createStakingTier");
    expect(INTERNAL_PROPOSAL_KINDS).toEqual([
      "changeValidatorBalances",
      "changeValidatorSettings",
      "monthlyWithdraw",
      "emptyTx",
    ]);
  });
  it("notifications: groups, channels, default channels, named topics", () => {
    expect(NOTIFICATION_GROUPS).toEqual([
      "general",
      "dao-proposal",
      "delegate",
      "validators",
      "rewards",
      "offchain",
    ]);
    expect(NOTIFICATION_CHANNELS).toEqual(["in-app", "firebase", "telegram", "discord", "slack"]);
    expect(DEFAULT_NOTIFICATION_CHANNELS).toEqual(["firebase", "telegram", "slack", "discord"]);
    expect(NOTIFICATION_TOPICS).toContain("GOV_POOL_CREATE");
    expect(NOTIFICATION_TOPICS).toContain("COMMENT_REPLIED");
  });
  it("flows, transaction wait outcomes, wallet events, contracts load", () => {
    expect(CREATE_PROPOSAL_STEPS).toEqual(["unlock", "deposit", "createAndVote"]);
    expect(DELEGATE_STEPS).toEqual(["approve", "depositAndDelegate"]);
    expect(VALIDATOR_PROPOSAL_STEPS).toEqual(["create", "vote"]);
    expect(Object.values(TransactionWaitOutcome)).toEqual(["confirmed", "replaced", "timedOut"]);
    expect(Object.values(ReplacementReason)).toEqual(["repriced", "cancelled", "replaced"]);
    expect(Object.values(WalletEvent)).toEqual(["connect", "disconnect", "accountChange", "chainChange"]);
    expect(Object.values(ContractsLoadStatus)).toEqual(["loading", "error", "loaded"]);
  });

  it("DAO creation steps 0, 1, 2, 2.5, 3, 4, 5, 6", () => {
    expect(Object.values(DaoCreationStep)).toEqual([0, 1, 2, 2.5, 3, 4, 5, 6]);
  });
});
