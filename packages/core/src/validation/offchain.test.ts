import { describe, expect, it } from "vitest";
import type { z } from "zod";
import { en, translate } from "../i18n/en.ts";
import { fieldMessages } from "./issues.ts";
import {
  offchainOptionRecommendations,
  offchainProposalSchema,
  offchainTemplateSchema,
  offchainVoteSchema,
} from "./offchain.ts";

function errors(schema: z.ZodType, value: unknown): [string, string][] {
  const r = schema.safeParse(value);
  return r.success ? [] : fieldMessages(r.error).map((m) => [m.path, m.message]);
}

const common = {
  name: "Grants",
  description: "",
  use_delegated: true,
  voting_duration: "1w 2d",
  minimal_vote_power: "1",
  minimal_create_proposal_power: "10",
  minimal_comment_read_power: "0",
  minimal_comment_create_power: "1",
};

describe("off-chain templates", () => {
  it("accepts each voting type and turns the duration into seconds", () => {
    const forAgainst = offchainTemplateSchema.parse({
      ...common,
      voting_type: "for_against",
      for_percent: "50",
      against_percent: "50",
    });
    expect(forAgainst.voting_duration).toBe(9 * 86400);
    expect(
      errors(offchainTemplateSchema, {
        ...common,
        voting_type: "one_of",
        general_closing_percent: "40",
        anticipatory_closing_percent: "60",
        against_percent: "30",
      }),
    ).toEqual([]);
    expect(
      errors(offchainTemplateSchema, {
        ...common,
        voting_type: "multiple_of",
        boundary_percent: "20",
        against_percent: "30",
      }),
    ).toEqual([]);
  });

  it("limits the title to 30 characters", () => {
    expect(
      errors(offchainTemplateSchema, {
        ...common,
        name: "x".repeat(31),
        voting_type: "for_against",
        for_percent: "50",
        against_percent: "50",
      }),
    ).toEqual([["name", "Must be at most 30 characters"]]);
  });

  it("needs early closure at least the final closure", () => {
    expect(
      errors(offchainTemplateSchema, {
        ...common,
        voting_type: "one_of",
        general_closing_percent: "60",
        anticipatory_closing_percent: "40",
        against_percent: "30",
      }),
    ).toEqual([
      ["anticipatory_closing_percent", "Early closure percent must be at least the final closure percent"],
    ]);
  });

  it("keeps comment read power at or below comment create power", () => {
    expect(
      errors(offchainTemplateSchema, {
        ...common,
        minimal_comment_read_power: "5",
        voting_type: "for_against",
        for_percent: "50",
        against_percent: "50",
      }),
    ).toEqual([["minimal_comment_read_power", translate("validation.discussionAboveComment")]]);
  });

  it("checks the duration format and limit", () => {
    const base = { ...common, voting_type: "for_against", for_percent: "50", against_percent: "50" };
    expect(errors(offchainTemplateSchema, { ...base, voting_duration: "1Y" })).toEqual([
      ["voting_duration", "Duration must be less than 365 days"],
    ]);
    expect(errors(offchainTemplateSchema, { ...base, voting_duration: "soon" })).toEqual([
      ["voting_duration", en["validation.invalidDuration"]],
    ]);
  });

  it("refuses unknown voting types", () => {
    expect(errors(offchainTemplateSchema, { ...common, voting_type: "ranked" })).toHaveLength(1);
  });
});

describe("off-chain proposals and votes", () => {
  const proposal = {
    type: "Grants",
    title: "Fund the docs",
    description: "",
    chain_id: 97,
    pool_address: "0x0000000000000000000000000000000000000001",
    vote_options: ["Yes", "No"],
  };

  it("accepts a proposal on a supported chain", () => {
    expect(errors(offchainProposalSchema, proposal)).toEqual([]);
    expect(errors(offchainProposalSchema, { ...proposal, chain_id: 31337 })).toEqual([]);
    expect(errors(offchainProposalSchema, { ...proposal, chain_id: 80001 })).toEqual([
      ["chain_id", "This chain is not supported"],
    ]);
  });

  it("refuses duplicate options", () => {
    expect(errors(offchainProposalSchema, { ...proposal, vote_options: ["Yes", "yes"] })).toEqual([
      ["vote_options.1", "This value is already in the list"],
    ]);
  });

  it("validates votes", () => {
    const vote = {
      proposal_id: "12",
      voter_address: "0x0000000000000000000000000000000000000002",
      options: ["for"],
    };
    expect(errors(offchainVoteSchema, vote)).toEqual([]);
    expect(errors(offchainVoteSchema, { ...vote, options: [] })).toEqual([
      ["options", "Add at least one item"],
    ]);
  });

  it("recommends option counts and short options", () => {
    expect(offchainOptionRecommendations("one_of", ["a", "b", "c", "d", "e", "f"])).toEqual([
      { key: "offchain.tooManyOptions", params: { max: 5 } },
    ]);
    expect(offchainOptionRecommendations("one_of", ["a", "b", "c", "d", "e"])).toEqual([]);
    expect(offchainOptionRecommendations("multiple_of", ["a", "b"])).toEqual([
      { key: "offchain.optionsRange", params: { min: 3, max: 6 } },
    ]);
    expect(offchainOptionRecommendations("multiple_of", ["a", "b", "c"])).toEqual([]);
    expect(
      offchainOptionRecommendations(
        "multiple_of",
        Array.from({ length: 7 }, (_, i) => `o${i}`),
      ),
    ).toHaveLength(1);
    expect(offchainOptionRecommendations("for_against", ["one two three four"])).toEqual([
      { key: "offchain.optionTooLong", params: {}, index: 0 },
    ]);
    expect(translate("offchain.optionsRange", { min: 3, max: 6 })).toBe("We recommend 3 to 6 options");
  });
});
