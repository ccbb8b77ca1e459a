/**
 * Proposal states of spec section 4: on-chain (0-9, and Expired 10: a succeeded proposal not executed
 * within its DAO's execution window), internal validator proposals, off-chain
 * statuses; their labels (i18n keys, English in `@polity/core/i18n/en`), the six simple status
 * groups and the list filters.
 */
import type { MessageKey } from "./i18n/en.ts";

type ValueOf<T> = T[keyof T];

/** On-chain proposal state as returned by GovPool.getProposalState (0-10). */
export const ProposalState = {
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
export type ProposalState = ValueOf<typeof ProposalState>;

export const PROPOSAL_STATES: readonly ProposalState[] = Object.freeze(
  Object.values(ProposalState).sort((a, b) => a - b),
);

/** Internal (validators-only) proposal state, in the order of the validators contract. */
export const InternalProposalState = {
  Voting: 0,
  Defeated: 1,
  Succeeded: 2,
  Locked: 3,
  Executed: 4,
  Undefined: 5,
} as const;
export type InternalProposalState = ValueOf<typeof InternalProposalState>;

export const INTERNAL_PROPOSAL_STATES: readonly InternalProposalState[] = Object.freeze(
  Object.values(InternalProposalState).sort((a, b) => a - b),
);

/** Off-chain proposal status (string codes exchanged with the api). */
export const OffchainProposalStatus = {
  Active: "0",
  Approved: "1",
  Rejected: "2",
  Executed: "3",
  ExecutionFailed: "4",
} as const;
export type OffchainProposalStatus = ValueOf<typeof OffchainProposalStatus>;

export const OFFCHAIN_PROPOSAL_STATUSES: readonly OffchainProposalStatus[] = Object.freeze(
  Object.values(OffchainProposalStatus),
);

export function isProposalState(value: unknown): value is ProposalState {
  return typeof value === "number" && Number.isInteger(value) && value >= 0 && value <= 10;
}

/** Reads a raw contract value (number or bigint); anything outside 0-10 reads as Undefined. */
export function toProposalState(value: number | bigint): ProposalState {
  const n = typeof value === "bigint" ? (value >= 0n && value <= 10n ? Number(value) : -1) : value;
  return isProposalState(n) ? n : ProposalState.Undefined;
}

export function toInternalProposalState(value: number | bigint): InternalProposalState {
  const n = typeof value === "bigint" ? (value >= 0n && value <= 5n ? Number(value) : -1) : value;
  return Number.isInteger(n) && n >= 0 && n <= 5
    ? (n as InternalProposalState)
    : InternalProposalState.Undefined;
}

const ONCHAIN_LABELS: Readonly<Record<ProposalState, MessageKey>> = Object.freeze({
  [ProposalState.Voting]: "proposalState.membersVoting",
  [ProposalState.WaitingForVotingTransfer]: "proposalState.waitingForVotingTransfer",
  [ProposalState.ValidatorVoting]: "proposalState.validatorsVoting",
  [ProposalState.Defeated]: "proposalState.rejected",
  [ProposalState.SucceededFor]: "proposalState.waitingToExecute",
  [ProposalState.SucceededAgainst]: "proposalState.waitingToExecute",
  [ProposalState.Locked]: "proposalState.delayedExecution",
  [ProposalState.ExecutedFor]: "proposalState.executed",
  [ProposalState.ExecutedAgainst]: "proposalState.executed",
  [ProposalState.Undefined]: "proposalState.unknown",
  [ProposalState.Expired]: "proposalState.expired",
});

const INTERNAL_LABELS: Readonly<Record<InternalProposalState, MessageKey>> = Object.freeze({
  [InternalProposalState.Voting]: "proposalState.validatorsVoting",
  [InternalProposalState.Defeated]: "proposalState.rejected",
  [InternalProposalState.Succeeded]: "proposalState.waitingToExecute",
  [InternalProposalState.Locked]: "proposalState.delayedExecution",
  [InternalProposalState.Executed]: "proposalState.executed",
  [InternalProposalState.Undefined]: "proposalState.unknown",
});

const OFFCHAIN_LABELS: Readonly<Record<OffchainProposalStatus, MessageKey>> = Object.freeze({
  [OffchainProposalStatus.Active]: "proposalState.membersVoting",
  [OffchainProposalStatus.Approved]: "proposalState.approved",
  [OffchainProposalStatus.Rejected]: "proposalState.rejected",
  [OffchainProposalStatus.Executed]: "proposalState.completed",
  [OffchainProposalStatus.ExecutionFailed]: "proposalState.unknown",
});

export function proposalStateLabelKey(state: ProposalState): MessageKey {
  return ONCHAIN_LABELS[state];
}

export function internalProposalStateLabelKey(state: InternalProposalState): MessageKey {
  return INTERNAL_LABELS[state];
}

export function offchainStatusLabelKey(status: OffchainProposalStatus): MessageKey {
  return OFFCHAIN_LABELS[status];
}

/** Simple status groups: 1 voting-like, 2 waiting to execute, 3 executed, 4 rejected or failed, 5 delayed, 6 unknown. */
export const SimpleStatusGroup = {
  Voting: 1,
  WaitingToExecute: 2,
  Executed: 3,
  RejectedOrFailed: 4,
  Delayed: 5,
  Unknown: 6,
} as const;
export type SimpleStatusGroup = ValueOf<typeof SimpleStatusGroup>;

const ONCHAIN_GROUPS: Readonly<Record<ProposalState, SimpleStatusGroup>> = Object.freeze({
  [ProposalState.Voting]: 1,
  [ProposalState.WaitingForVotingTransfer]: 1,
  [ProposalState.ValidatorVoting]: 1,
  [ProposalState.Defeated]: 4,
  [ProposalState.SucceededFor]: 2,
  [ProposalState.SucceededAgainst]: 2,
  [ProposalState.Locked]: 5,
  [ProposalState.ExecutedFor]: 3,
  [ProposalState.ExecutedAgainst]: 3,
  [ProposalState.Undefined]: 6,
  // not executed in time: a failure, like a rejection
  [ProposalState.Expired]: 4,
});

const INTERNAL_GROUPS: Readonly<Record<InternalProposalState, SimpleStatusGroup>> = Object.freeze({
  [InternalProposalState.Voting]: 1,
  [InternalProposalState.Defeated]: 4,
  [InternalProposalState.Succeeded]: 2,
  [InternalProposalState.Locked]: 5,
  [InternalProposalState.Executed]: 3,
  [InternalProposalState.Undefined]: 6,
});

const OFFCHAIN_GROUPS: Readonly<Record<OffchainProposalStatus, SimpleStatusGroup>> = Object.freeze({
  [OffchainProposalStatus.Active]: 1,
  [OffchainProposalStatus.Approved]: 2,
  [OffchainProposalStatus.Rejected]: 4,
  [OffchainProposalStatus.Executed]: 3,
  [OffchainProposalStatus.ExecutionFailed]: 4,
});

export function proposalStateGroup(state: ProposalState): SimpleStatusGroup {
  return ONCHAIN_GROUPS[state];
}

export function internalProposalStateGroup(state: InternalProposalState): SimpleStatusGroup {
  return INTERNAL_GROUPS[state];
}

export function offchainStatusGroup(status: OffchainProposalStatus): SimpleStatusGroup {
  return OFFCHAIN_GROUPS[status];
}

/** Filters shown in proposal lists. */
export const UI_PROPOSAL_FILTERS = [
  "all",
  "active",
  "accepted",
  "rejected",
  "openVoting",
  "completedVoting",
  "executed",
] as const;
export type UiProposalFilter = (typeof UI_PROPOSAL_FILTERS)[number];

export const UI_PROPOSAL_FILTER_LABEL_KEYS: Readonly<Record<UiProposalFilter, MessageKey>> = Object.freeze({
  all: "proposalFilter.all",
  active: "proposalFilter.active",
  accepted: "proposalFilter.accepted",
  rejected: "proposalFilter.rejected",
  openVoting: "proposalFilter.openVoting",
  completedVoting: "proposalFilter.completedVoting",
  executed: "proposalFilter.executed",
});

const EVERY_STATE = PROPOSAL_STATES;
const EXECUTED_STATES = [ProposalState.ExecutedFor, ProposalState.ExecutedAgainst] as const;

/** On-chain list filters of spec section 4. */
export const ONCHAIN_FILTER_STATES = Object.freeze({
  active: [
    ProposalState.Voting,
    ProposalState.WaitingForVotingTransfer,
    ProposalState.ValidatorVoting,
    ProposalState.SucceededFor,
    ProposalState.SucceededAgainst,
    ProposalState.Locked,
  ],
  accepted: EXECUTED_STATES,
  rejected: [ProposalState.Defeated, ProposalState.Expired],
  completedRewards: EXECUTED_STATES,
  completedDistribution: [ProposalState.SucceededFor, ProposalState.ExecutedAgainst],
  all: EVERY_STATE,
  latest: EVERY_STATE,
} satisfies Record<string, readonly ProposalState[]>);
export type OnchainFilter = keyof typeof ONCHAIN_FILTER_STATES;

export const INTERNAL_FILTER_STATES = Object.freeze({
  active: [InternalProposalState.Voting, InternalProposalState.Succeeded, InternalProposalState.Locked],
  accepted: [InternalProposalState.Executed],
  rejected: [InternalProposalState.Defeated],
  all: INTERNAL_PROPOSAL_STATES,
} satisfies Record<string, readonly InternalProposalState[]>);
export type InternalFilter = keyof typeof INTERNAL_FILTER_STATES;

export const OFFCHAIN_FILTER_STATUSES = Object.freeze({
  active: [OffchainProposalStatus.Active],
  accepted: [OffchainProposalStatus.Approved, OffchainProposalStatus.Executed],
  rejected: [OffchainProposalStatus.Rejected, OffchainProposalStatus.ExecutionFailed],
  all: OFFCHAIN_PROPOSAL_STATUSES,
} satisfies Record<string, readonly OffchainProposalStatus[]>);
export type OffchainFilter = keyof typeof OFFCHAIN_FILTER_STATUSES;

/**
 * On-chain states behind a UI filter. All/Active/Accepted/Rejected are the spec's lists; the
 * remaining UI filters follow the simple status groups: open voting = voting-like (group 1),
 * completed voting = every state whose voting has ended, executed = the executed states.
 */
export function onchainStatesForUiFilter(filter: UiProposalFilter): readonly ProposalState[] {
  switch (filter) {
    case "all":
    case "active":
    case "accepted":
    case "rejected":
      return ONCHAIN_FILTER_STATES[filter];
    case "openVoting":
      return EVERY_STATE.filter((s) => ONCHAIN_GROUPS[s] === SimpleStatusGroup.Voting);
    case "completedVoting":
      return EVERY_STATE.filter(
        (s) => ONCHAIN_GROUPS[s] !== SimpleStatusGroup.Voting && s !== ProposalState.Undefined,
      );
    case "executed":
      return EXECUTED_STATES;
  }
}

export function internalStatesForUiFilter(filter: UiProposalFilter): readonly InternalProposalState[] {
  switch (filter) {
    case "all":
    case "active":
    case "accepted":
    case "rejected":
      return INTERNAL_FILTER_STATES[filter];
    case "openVoting":
      return [InternalProposalState.Voting];
    case "completedVoting":
      return INTERNAL_PROPOSAL_STATES.filter(
        (s) => s !== InternalProposalState.Voting && s !== InternalProposalState.Undefined,
      );
    case "executed":
      return [InternalProposalState.Executed];
  }
}

export function offchainStatusesForUiFilter(filter: UiProposalFilter): readonly OffchainProposalStatus[] {
  switch (filter) {
    case "all":
    case "active":
    case "accepted":
    case "rejected":
      return OFFCHAIN_FILTER_STATUSES[filter];
    case "openVoting":
      return [OffchainProposalStatus.Active];
    case "completedVoting":
      return OFFCHAIN_PROPOSAL_STATUSES.filter((s) => s !== OffchainProposalStatus.Active);
    case "executed":
      return [OffchainProposalStatus.Executed];
  }
}
