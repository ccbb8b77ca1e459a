import { describe, expect, it } from "vitest";
import type { z } from "zod";
import { fieldMessages } from "./issues.ts";
import {
  normalizeProposalSettings,
  type ProposalSettings,
  proposalSettingsSchema,
  proposalSettingsWithSupplySchema,
} from "./proposalSettings.ts";

const valid: ProposalSettings = {
  earlyCompletion: true,
  delegatedVotingAllowed: true,
  validatorsVote: false,
  duration: 86400,
  durationValidators: 0,
  quorum: "50",
  quorumValidators: "0",
  minVotesForVoting: "1",
  minVotesForCreating: "10",
  executionDelay: 0,
  executorDescription: "",
  rewardsInfo: {
    rewardToken: "0x0000000000000000000000000000000000000000",
    creationReward: "0",
    executionReward: "0",
    voteRewardsCoefficient: "0",
  },
};

function errors(schema: z.ZodType, value: unknown) {
  const r = schema.safeParse(value);
  return r.success ? [] : fieldMessages(r.error).map((m) => [m.path, m.message]);
}

describe("proposal settings", () => {
  it("accepts valid settings", () => {
    expect(errors(proposalSettingsSchema, valid)).toEqual([]);
  });

  it("requires a duration and a quorum of at least 1e-7%", () => {
    expect(errors(proposalSettingsSchema, { ...valid, duration: 0, quorum: "0" })).toEqual([
      ["duration", "Please enter a valid duration, e.g. 1Y 6Mon 2w 1d"],
      ["quorum", "The smallest percentage is 0.0000001"],
    ]);
  });

  it("requires validators duration and quorum when validators vote", () => {
    expect(errors(proposalSettingsSchema, { ...valid, validatorsVote: true })).toEqual([
      ["durationValidators", "Please enter a valid duration, e.g. 1Y 6Mon 2w 1d"],
      ["quorumValidators", "The smallest percentage is 0.0000001"],
    ]);
    expect(
      errors(proposalSettingsSchema, {
        ...valid,
        validatorsVote: true,
        durationValidators: 3600,
        quorumValidators: "51",
      }),
    ).toEqual([]);
  });

  it("checks reward token addresses and amounts", () => {
    expect(
      errors(proposalSettingsSchema, {
        ...valid,
        rewardsInfo: { ...valid.rewardsInfo, rewardToken: "0x1", creationReward: "-1" },
      }),
    ).toEqual([
      ["rewardsInfo.rewardToken", "Please enter a valid address"],
      ["rewardsInfo.creationReward", "Please enter a valid non-negative number"],
    ]);
  });

  it("minimum voting powers cannot exceed total supply minus treasury balance", () => {
    const schema = proposalSettingsWithSupplySchema({ totalSupply: "1000", treasuryBalance: "995" });
    expect(errors(schema, valid)).toEqual([
      [
        "minVotesForCreating",
        "Minimum voting power cannot exceed the total supply minus the treasury balance of the token",
      ],
    ]);
    expect(errors(schema, { ...valid, minVotesForCreating: "5" })).toEqual([]);
  });

  it("reads missing values as 0 and the zero address, with per-slot flag defaults", () => {
    const d = normalizeProposalSettings({});
    expect(d).toMatchObject({
      earlyCompletion: true,
      delegatedVotingAllowed: true,
      validatorsVote: true,
      quorum: "0",
      minVotesForVoting: "0",
      duration: 0,
    });
    expect(d.rewardsInfo).toEqual({
      rewardToken: "0x0000000000000000000000000000000000000000",
      creationReward: "0",
      executionReward: "0",
      voteRewardsCoefficient: "0",
    });
    const v = normalizeProposalSettings({ quorum: "60" }, "validators");
    expect(v).toMatchObject({ earlyCompletion: false, delegatedVotingAllowed: false, quorum: "60" });
    expect(normalizeProposalSettings({ earlyCompletion: false }).earlyCompletion).toBe(false);
  });
});
