/**
 * Proposal timelines (spec section 4) as pure functions: given a proposal's state and timestamps
 * (unix seconds) they yield the ordered steps with their checkbox statuses.
 */
import { CheckboxStatus } from "./enums.ts";
import type { MessageKey } from "./i18n/en.ts";
import { OffchainProposalStatus, ProposalState } from "./proposalStates.ts";

export const ONCHAIN_TIMELINE_STEPS = [
  "published",
  "generalVotingStart",
  "generalVotingEnd",
  "waitingToTransfer",
  "validatorsVotingStart",
  "validatorsVotingEnd",
  "waitingToExecute",
  "executed",
] as const;
export type OnchainTimelineStepId = (typeof ONCHAIN_TIMELINE_STEPS)[number];

export const OFFCHAIN_TIMELINE_STEPS = ["published", "memberVotingStart", "memberVotingEnd"] as const;
export type OffchainTimelineStepId = (typeof OFFCHAIN_TIMELINE_STEPS)[number];

export type TimelineStep<Id extends string> = {
  id: Id;
  labelKey: MessageKey;
  status: CheckboxStatus;
  /** Unix seconds when known. */
  timestamp: number | null;
};

export type OnchainTimelineInput = {
  state: ProposalState;
  /** Creation time; general voting starts at creation. */
  createdAt: number;
  votingEndsAt: number;
  /** The proposal's settings send it to validators after the members' vote (validatorsVote). */
  hasValidatorsStage: boolean;
  /** Set once the proposal moved to validators. */
  validatorsVotingStartsAt?: number | null;
  validatorsVotingEndsAt?: number | null;
  executedAt?: number | null;
};

const { Completed, Current, Pending, WaitingSecondStep, Declined, WaitingToExecute } = CheckboxStatus;

const AFTER_VOTING: readonly ProposalState[] = [
  ProposalState.SucceededFor,
  ProposalState.SucceededAgainst,
  ProposalState.Locked,
  ProposalState.ExecutedFor,
  ProposalState.ExecutedAgainst,
  ProposalState.Expired,
];

export function onchainTimeline(input: OnchainTimelineInput): TimelineStep<OnchainTimelineStepId>[] {
  const { state, hasValidatorsStage } = input;
  const validatorsStart = input.validatorsVotingStartsAt ?? null;
  const isUndefined = state === ProposalState.Undefined;
  const reachedValidators =
    hasValidatorsStage &&
    (state === ProposalState.ValidatorVoting ||
      AFTER_VOTING.includes(state) ||
      (state === ProposalState.Defeated && validatorsStart !== null));
  const isExecuted = state === ProposalState.ExecutedFor || state === ProposalState.ExecutedAgainst;

  const step = (
    id: OnchainTimelineStepId,
    status: CheckboxStatus,
    timestamp: number | null | undefined,
  ): TimelineStep<OnchainTimelineStepId> => ({
    id,
    labelKey: `timeline.${id}`,
    status: isUndefined ? Pending : status,
    timestamp: timestamp ?? null,
  });

  const generalEnd =
    state === ProposalState.Voting
      ? Current
      : state === ProposalState.Defeated && !reachedValidators
        ? Declined
        : Completed;

  const steps = [
    step("published", Completed, input.createdAt),
    step("generalVotingStart", Completed, input.createdAt),
    step("generalVotingEnd", generalEnd, input.votingEndsAt),
  ];

  if (hasValidatorsStage) {
    const transfer =
      state === ProposalState.WaitingForVotingTransfer
        ? WaitingSecondStep
        : reachedValidators
          ? Completed
          : Pending;
    const validatorsEnd = !reachedValidators
      ? Pending
      : state === ProposalState.ValidatorVoting
        ? Current
        : state === ProposalState.Defeated
          ? Declined
          : Completed;
    steps.push(
      step("waitingToTransfer", transfer, null),
      step("validatorsVotingStart", reachedValidators ? Completed : Pending, validatorsStart),
      step("validatorsVotingEnd", validatorsEnd, input.validatorsVotingEndsAt),
    );
  }

  const toExecute =
    state === ProposalState.SucceededFor || state === ProposalState.SucceededAgainst
      ? WaitingToExecute
      : state === ProposalState.Locked
        ? Current
        : isExecuted
          ? Completed
          : state === ProposalState.Expired
            ? Declined
            : Pending;
  steps.push(
    step("waitingToExecute", toExecute, null),
    step("executed", isExecuted ? Completed : Pending, input.executedAt),
  );
  return steps;
}

export type OffchainTimelineInput = {
  status: OffchainProposalStatus;
  createdAt: number;
  votingStartsAt: number;
  votingEndsAt: number;
  /** Current time, unix seconds (voting may start after publication). */
  now: number;
};

export function offchainTimeline(input: OffchainTimelineInput): TimelineStep<OffchainTimelineStepId>[] {
  const { status } = input;
  const isActive = status === OffchainProposalStatus.Active;
  const hasStarted = !isActive || input.now >= input.votingStartsAt;
  const end =
    status === OffchainProposalStatus.Rejected || status === OffchainProposalStatus.ExecutionFailed
      ? Declined
      : isActive
        ? hasStarted
          ? Current
          : Pending
        : Completed;
  return [
    { id: "published", labelKey: "timeline.published", status: Completed, timestamp: input.createdAt },
    {
      id: "memberVotingStart",
      labelKey: "timeline.memberVotingStart",
      status: hasStarted ? Completed : Pending,
      timestamp: input.votingStartsAt,
    },
    {
      id: "memberVotingEnd",
      labelKey: "timeline.memberVotingEnd",
      status: end,
      timestamp: input.votingEndsAt,
    },
  ];
}
