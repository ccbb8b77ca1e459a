/**
 * Off-chain voting: proposal-type templates, proposals and votes (spec sections 3, 5 and
 * PROTOCOL.md "Off-chain voting"). Field names are the api's (snake_case). Template titles have at
 * most 30 characters; voting durations use the '1Y 6Mon 2w 1d' format.
 */
import { z } from "zod";
import { isSupportedChain } from "../chains.ts";
import { OFFCHAIN_LIMITS } from "../constants.ts";
import { OffchainVotingType } from "../enums.ts";
import type { MessageKey, MessageParams } from "../i18n/en.ts";
import { isNumericInput } from "./amountText.ts";
import {
  addIssue,
  addressSchema,
  amountSchema,
  amountUnits,
  durationTextSchema,
  optionalTextSchema,
  percentSchema,
  reportDuplicates,
  requiredError,
  textSchema,
} from "./rules.ts";

/** Longest off-chain voting period the forms accept, in days ("less than {{days}} days"). */
export const OFFCHAIN_MAX_VOTING_DAYS = 365;
export const OFFCHAIN_PROPOSAL_TITLE_MAX_LENGTH = 100;
export const OFFCHAIN_DESCRIPTION_MAX_LENGTH = 100_000;
export const OFFCHAIN_OPTION_MAX_LENGTH = 100;
export const OFFCHAIN_MAX_OPTIONS = 20;

const commonTemplateFields = {
  name: textSchema({ max: OFFCHAIN_LIMITS.templateTitleMaxLength }),
  description: optionalTextSchema(OFFCHAIN_DESCRIPTION_MAX_LENGTH),
  use_delegated: z.boolean(requiredError),
  voting_duration: durationTextSchema({ maxDays: OFFCHAIN_MAX_VOTING_DAYS }),
  minimal_vote_power: amountSchema(),
  minimal_create_proposal_power: amountSchema(),
  minimal_comment_read_power: amountSchema(),
  minimal_comment_create_power: amountSchema(),
};

export const offchainTemplateSchema = /* @__PURE__ */ z
  .discriminatedUnion("voting_type", [
    z.object({
      voting_type: z.literal(OffchainVotingType.ForAgainst),
      for_percent: percentSchema(),
      against_percent: percentSchema(),
      ...commonTemplateFields,
    }),
    z.object({
      voting_type: z.literal(OffchainVotingType.OneOf),
      general_closing_percent: percentSchema(),
      anticipatory_closing_percent: percentSchema(),
      against_percent: percentSchema(),
      ...commonTemplateFields,
    }),
    z.object({
      voting_type: z.literal(OffchainVotingType.MultipleOf),
      boundary_percent: percentSchema(),
      against_percent: percentSchema(),
      ...commonTemplateFields,
    }),
  ])
  .superRefine((template, ctx) => {
    const read = template.minimal_comment_read_power;
    const create = template.minimal_comment_create_power;
    if (isNumericInput(read) && isNumericInput(create) && amountUnits(read, 25) > amountUnits(create, 25)) {
      addIssue(ctx, "validation.discussionAboveComment", ["minimal_comment_read_power"]);
    }
    if (template.voting_type === OffchainVotingType.OneOf) {
      const early = template.anticipatory_closing_percent;
      const final = template.general_closing_percent;
      if (isNumericInput(early) && isNumericInput(final) && amountUnits(early, 25) < amountUnits(final, 25)) {
        addIssue(ctx, "validation.earlyClosureBelowFinal", ["anticipatory_closing_percent"]);
      }
    }
  });
export type OffchainTemplateInput = z.input<typeof offchainTemplateSchema>;
export type OffchainTemplate = z.output<typeof offchainTemplateSchema>;

const chainIdSchema = /* @__PURE__ */ z
  .number(requiredError)
  .int("validation.notSupportedChain")
  .refine((id) => isSupportedChain(id, { isLocalChainEnabled: true }), "validation.notSupportedChain");

export const offchainProposalSchema = /* @__PURE__ */ z
  .object({
    type: textSchema({ max: 100 }),
    title: textSchema({ max: OFFCHAIN_PROPOSAL_TITLE_MAX_LENGTH }),
    description: optionalTextSchema(OFFCHAIN_DESCRIPTION_MAX_LENGTH),
    chain_id: chainIdSchema,
    pool_address: addressSchema,
    vote_options: z
      .array(textSchema({ max: OFFCHAIN_OPTION_MAX_LENGTH }), requiredError)
      .max(OFFCHAIN_MAX_OPTIONS, "validation.invalid"),
    custom_parameters: z.record(z.string(), z.unknown()).optional(),
  })
  .superRefine((proposal, ctx) =>
    reportDuplicates(proposal.vote_options, (o) => o, ctx, { path: (i) => ["vote_options", i] }),
  );
export type OffchainProposal = z.infer<typeof offchainProposalSchema>;

export const offchainVoteSchema = /* @__PURE__ */ z
  .object({
    proposal_id: z.union(
      [z.string().trim().min(1, "validation.required"), z.number().int().positive()],
      requiredError,
    ),
    voter_address: addressSchema,
    /** Chosen options: "for"/"against" or option texts. */
    options: z
      .array(z.string().trim().min(1, "validation.required"), requiredError)
      .min(1, "validation.atLeastOneItem"),
  })
  .superRefine((vote, ctx) => reportDuplicates(vote.options, (o) => o, ctx, { path: (i) => ["options", i] }));
export type OffchainVote = z.infer<typeof offchainVoteSchema>;

export type Recommendation = { key: MessageKey; params: MessageParams; index?: number };

/**
 * Recommended (not enforced) option shapes: no more than 5 options for a single choice, 3 to 6 for
 * multiple choice, 1 to 3 words each.
 */
export function offchainOptionRecommendations(
  votingType: OffchainVotingType,
  options: readonly string[],
): Recommendation[] {
  const result: Recommendation[] = [];
  if (votingType === OffchainVotingType.OneOf && options.length > OFFCHAIN_LIMITS.recommendedMaxOptions) {
    result.push({ key: "offchain.tooManyOptions", params: { max: OFFCHAIN_LIMITS.recommendedMaxOptions } });
  }
  const min = OFFCHAIN_LIMITS.recommendedMultiChoiceMinOptions;
  const max = OFFCHAIN_LIMITS.recommendedMultiChoiceMaxOptions;
  if (votingType === OffchainVotingType.MultipleOf && (options.length < min || options.length > max)) {
    result.push({ key: "offchain.optionsRange", params: { min, max } });
  }
  options.forEach((option, index) => {
    const words = option.trim().split(/\s+/).filter(Boolean).length;
    if (
      words < OFFCHAIN_LIMITS.recommendedMinWordsPerOption ||
      words > OFFCHAIN_LIMITS.recommendedMaxWordsPerOption
    ) {
      result.push({ key: "offchain.optionTooLong", params: {}, index });
    }
  });
  return result;
}
