import type { ApiMessageKey } from "@polity/core/i18n/api";
import { type OffchainTemplate, offchainTemplateSchema } from "@polity/core/validation/offchain";
import { amountUnits } from "@polity/core/validation/rules";

/**
 * Off-chain voting rules (PROTOCOL.md "Off-chain voting"). Templates use core's schema (shared with
 * the web forms): percentages and minimal powers are decimal text, durations are parsed to seconds.
 */
export type VotingType = OffchainTemplate["voting_type"];
export type TypeParameters = OffchainTemplate;
export { offchainTemplateSchema };

/** The reserved ballot meaning "against" in one_of and multiple_of proposals. */
export const AGAINST = "against";

const DEFAULT_EXECUTABLE_PARAMETERS = {
  voting_type: "for_against",
  for_percent: "50",
  against_percent: "50",
  use_delegated: true,
  voting_duration: 3 * 24 * 3600,
  minimal_vote_power: "0",
  minimal_create_proposal_power: "0",
  minimal_comment_read_power: "0",
  minimal_comment_create_power: "0",
} as const;

/** Every DAO starts with the two executable types, so members can vote new templates into being. */
export const BUILT_IN_TYPES: readonly TypeParameters[] = [
  {
    ...DEFAULT_EXECUTABLE_PARAMETERS,
    name: "create_proposal_type",
    description: "Members vote to add an off-chain proposal template to the DAO.",
  },
  {
    ...DEFAULT_EXECUTABLE_PARAMETERS,
    name: "edit_proposal_type",
    description: "Members vote to change the settings of an off-chain proposal template.",
  },
];

/** A minimal power given in whole tokens (decimal text), in the power's smallest unit. */
export const powerUnits = (amount: string, decimals: number) => amountUnits(amount, decimals);

export interface TallyVote {
  options: number[];
  isAgainst: boolean;
  power: bigint;
}

export interface Tally {
  optionPowers: bigint[];
  againstPower: bigint;
  /** Result if voting ended now: 1 approved, 2 rejected. */
  outcome: 1 | 2;
  /** Voting ends before its end time (anticipatory closing, or the against share reached). */
  closedEarly: boolean;
  /** Option indexes that won (for_against: [0] when approved). */
  winners: number[];
}

const HUNDRED = amountUnits("100", 25);
/** part / total >= pct% exactly (percentages carry up to 25 decimals). */
const reaches = (part: bigint, total: bigint, pct: string) =>
  total > 0n && part * HUNDRED >= amountUnits(pct, 25) * total;

/**
 * Counts votes. for_against: option 0 is for, 1 against. one_of: the single leading option needs
 * general_closing_percent at the end; anticipatory_closing_percent closes voting early. multiple_of:
 * every option with boundary_percent passes. In all types against_percent of the total power rejects
 * and closes voting early. Shares are of the DAO's total power at the snapshot block.
 */
export function tally(
  params: TypeParameters,
  totalPower: bigint,
  optionCount: number,
  votes: TallyVote[],
): Tally {
  const optionPowers = Array.from({ length: optionCount }, () => 0n);
  let againstPower = 0n;
  for (const v of votes) {
    if (v.isAgainst) againstPower += v.power;
    else for (const o of v.options) if (o >= 0 && o < optionCount) optionPowers[o]! += v.power;
  }
  if (params.voting_type === "for_against") {
    const forPower = optionPowers[0] ?? 0n;
    const against = optionPowers[1] ?? 0n;
    const rejected = reaches(against, totalPower, params.against_percent);
    const approved = !rejected && reaches(forPower, totalPower, params.for_percent) && forPower > against;
    return {
      optionPowers,
      againstPower: against,
      outcome: approved ? 1 : 2,
      closedEarly: rejected,
      winners: approved ? [0] : [],
    };
  }
  const rejected = reaches(againstPower, totalPower, params.against_percent);
  if (params.voting_type === "one_of") {
    let leader = -1;
    let leaderPower = 0n;
    let isTie = false;
    optionPowers.forEach((p, i) => {
      if (p > leaderPower) {
        leader = i;
        leaderPower = p;
        isTie = false;
      } else if (p === leaderPower && p > 0n) isTie = true;
    });
    const hasLeader = leader >= 0 && !isTie && leaderPower > againstPower;
    const approved =
      !rejected && hasLeader && reaches(leaderPower, totalPower, params.general_closing_percent);
    const anticipated = hasLeader && reaches(leaderPower, totalPower, params.anticipatory_closing_percent);
    return {
      optionPowers,
      againstPower,
      outcome: approved ? 1 : 2,
      closedEarly: rejected || (anticipated && approved),
      winners: approved ? [leader] : [],
    };
  }
  const winners = optionPowers.flatMap((p, i) =>
    reaches(p, totalPower, params.boundary_percent) ? [i] : [],
  );
  const approved = !rejected && winners.length > 0;
  return {
    optionPowers,
    againstPower,
    outcome: approved ? 1 : 2,
    closedEarly: rejected,
    winners: approved ? winners : [],
  };
}

/**
 * Turns a ballot of option texts into indexes: for_against takes "for" or "against"; one_of exactly
 * one option or "against"; multiple_of one or more options, or "against" alone.
 */
export function readBallot(
  votingType: VotingType,
  voteOptions: string[],
  ballot: string[],
): { options: number[]; isAgainst: boolean } | { error: ApiMessageKey } {
  const normalized = ballot.map((b) => b.trim().toLowerCase());
  if (new Set(normalized).size !== normalized.length) return { error: "errors.api.optionsRepeat" };
  const index = (b: string) => voteOptions.findIndex((o) => o.trim().toLowerCase() === b);
  if (votingType === "for_against") {
    if (normalized.length !== 1 || index(normalized[0]!) < 0) return { error: "errors.api.forOrAgainst" };
    return { options: [index(normalized[0]!)], isAgainst: false };
  }
  if (normalized.length === 1 && normalized[0] === AGAINST && index(AGAINST) < 0)
    return { options: [], isAgainst: true };
  const options = normalized.map(index);
  if (options.some((o) => o < 0)) return { error: "errors.api.optionUnknown" };
  if (votingType === "one_of" && options.length !== 1) return { error: "errors.api.oneOption" };
  if (options.length === 0) return { error: "errors.api.noOption" };
  return { options, isAgainst: false };
}
