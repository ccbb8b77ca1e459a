import { z } from "zod";

/** Off-chain voting types and their quorum parameters (PROTOCOL.md "Off-chain voting"). */
export const VOTING_TYPES = ["for_against", "one_of", "multiple_of"] as const;
export type VotingType = (typeof VOTING_TYPES)[number];

export const EXECUTABLE_TYPES = ["create_proposal_type", "edit_proposal_type"] as const;

/** Percentages keep 7 decimals (spec §5: smallest percentage 1e-7). */
const PERCENT_SCALE = 10n ** 9n; // 100% = 100 * 1e7
const percent = z
  .number()
  .gt(0, "must be above 0")
  .max(100, "must be at most 100")
  .refine((v) => Number.isFinite(v) && Math.abs(Math.round(v * 1e7) - v * 1e7) < 1e-6, "at most 7 decimals");
const power = z.string().regex(/^\d{1,78}$/, "must be a non-negative integer amount in wei");

const common = {
  use_delegated: z.boolean().default(true),
  voting_duration: z
    .number()
    .int()
    .min(60, "must be at least one minute")
    .max(365 * 24 * 3600, "must be at most one year"),
  minimal_vote_power: power.default("0"),
  minimal_create_proposal_power: power.default("0"),
  minimal_comment_read_power: power.default("0"),
  minimal_comment_create_power: power.default("0"),
};

export const parametersSchema = z.discriminatedUnion("voting_type", [
  z.strictObject({
    voting_type: z.literal("for_against"),
    for_percent: percent,
    against_percent: percent,
    ...common,
  }),
  z.strictObject({
    voting_type: z.literal("one_of"),
    general_closing_percent: percent,
    anticipatory_closing_percent: percent,
    against_percent: percent,
    ...common,
  }),
  z.strictObject({
    voting_type: z.literal("multiple_of"),
    boundary_percent: percent,
    against_percent: percent,
    ...common,
  }),
]);
export type TypeParameters = z.output<typeof parametersSchema>;

export const typeNameSchema = z
  .string()
  .regex(/^[a-z0-9][a-z0-9_-]{0,63}$/, "must be 1-64 lower-case letters, digits, '_' or '-'");

/** A proposal type (template) definition; the title is at most 30 characters (spec §5). */
export const typeDefinitionSchema = z.strictObject({
  name: typeNameSchema,
  title: z.string().trim().min(1).max(30),
  description: z.string().max(5000).default(""),
  parameters: parametersSchema,
});
export type TypeDefinition = z.output<typeof typeDefinitionSchema>;

/** Changes to an existing type: anything but its name. */
export const typeEditSchema = z.strictObject({
  name: typeNameSchema,
  title: z.string().trim().min(1).max(30).optional(),
  description: z.string().max(5000).optional(),
  parameters: parametersSchema.optional(),
});

const DEFAULT_EXECUTABLE_PARAMETERS: TypeParameters = {
  voting_type: "for_against",
  for_percent: 50,
  against_percent: 50,
  use_delegated: true,
  voting_duration: 3 * 24 * 3600,
  minimal_vote_power: "0",
  minimal_create_proposal_power: "0",
  minimal_comment_read_power: "0",
  minimal_comment_create_power: "0",
};

/** Every DAO starts with the two executable types, so members can vote new templates into being. */
export const BUILT_IN_TYPES: readonly TypeDefinition[] = [
  {
    name: "create_proposal_type",
    title: "New proposal template",
    description: "Members vote to add an off-chain proposal template to the DAO.",
    parameters: DEFAULT_EXECUTABLE_PARAMETERS,
  },
  {
    name: "edit_proposal_type",
    title: "Change proposal template",
    description: "Members vote to change the settings of an off-chain proposal template.",
    parameters: DEFAULT_EXECUTABLE_PARAMETERS,
  },
];

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

const scaled = (p: number) => BigInt(Math.round(p * 1e7));
/** part / total >= pct% without floating point. */
const reaches = (part: bigint, total: bigint, pct: number) =>
  total > 0n && part * PERCENT_SCALE >= scaled(pct) * total;

/**
 * Counts votes. for_against: option 0 is for, 1 against. one_of: the leading option needs
 * general_closing_percent at the end, anticipatory_closing_percent closes voting early. multiple_of:
 * every option with boundary_percent passes. In all types against_percent of the total power rejects
 * (and closes voting early). Shares are of the DAO's total power at the snapshot block.
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

/** Checks a ballot against the proposal's voting type; returns an error message or null. */
export function ballotError(
  votingType: VotingType,
  optionCount: number,
  options: number[],
  isAgainst: boolean,
) {
  if (new Set(options).size !== options.length) return "options must not repeat";
  if (options.some((o) => o < 0 || o >= optionCount)) return `options must be indexes below ${optionCount}`;
  if (votingType === "for_against") {
    if (isAgainst) return "for_against proposals take option 0 (for) or 1 (against)";
    return options.length === 1 ? null : "choose exactly one of for (0) or against (1)";
  }
  if (isAgainst) return options.length === 0 ? null : "an against vote takes no options";
  if (votingType === "one_of") return options.length === 1 ? null : "choose exactly one option";
  return options.length >= 1 ? null : "choose at least one option";
}
