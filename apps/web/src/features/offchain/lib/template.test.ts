import { templateParametersRecord } from "@polity/core/records/voting";
import { describe, expect, it } from "vitest";
import { ballotOptions, proposalResults } from "./results.ts";
import { DEFAULT_TEMPLATE, templateToValues, toCustomParameters, validateTemplate } from "./template.ts";

describe("off-chain templates", () => {
  it("sends only the chosen voting type's fields", () => {
    const oneOf = toCustomParameters({ ...DEFAULT_TEMPLATE, name: "Grants", voting_type: "one_of" });
    expect(Object.keys(oneOf)).toContain("anticipatory_closing_percent");
    expect(Object.keys(oneOf)).not.toContain("for_percent");
    expect(validateTemplate({ ...DEFAULT_TEMPLATE, name: "Grants", voting_type: "one_of" }).ok).toBe(true);
  });

  it("applies core's template rules", () => {
    const result = validateTemplate({
      ...DEFAULT_TEMPLATE,
      name: "x".repeat(31),
      voting_type: "one_of",
      voting_duration: "400d",
      general_closing_percent: "60",
      anticipatory_closing_percent: "50",
      minimal_comment_read_power: "5",
      minimal_comment_create_power: "1",
    });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.errors.name).toEqual({ key: "validation.maxLength", params: { maxLength: 30 } });
    expect(result.errors.voting_duration).toEqual({
      key: "validation.durationTooLong",
      params: { days: 365 },
    });
    // Cross-field rules run once every field is valid on its own.
    const cross = validateTemplate({
      ...DEFAULT_TEMPLATE,
      name: "Grants",
      voting_type: "one_of",
      general_closing_percent: "60",
      anticipatory_closing_percent: "50",
      minimal_comment_read_power: "5",
      minimal_comment_create_power: "1",
    });
    expect(cross.ok === false && cross.errors.anticipatory_closing_percent?.key).toBe(
      "validation.earlyClosureBelowFinal",
    );
    expect(cross.ok === false && cross.errors.minimal_comment_read_power?.key).toBe(
      "validation.discussionAboveComment",
    );
  });

  it("reads stored parameters back (seconds to duration text) and refuses unchanged edits", () => {
    const stored = templateParametersRecord.parse({
      ...toCustomParameters({ ...DEFAULT_TEMPLATE, name: "Grants" }),
      voting_duration: 86_400,
    });
    const values = templateToValues(stored);
    expect(values.voting_duration).toBe("1d");
    expect(validateTemplate(values, values)).toEqual({
      ok: false,
      errors: { form: { key: "validation.nothingChanged" } },
    });
    expect(validateTemplate({ ...values, for_percent: "60" }, values).ok).toBe(true);
  });
});

describe("results and ballots", () => {
  it("computes each option's share of the snapshot power, with an against row for option votes", () => {
    const rows = proposalResults({
      voting_type: "one_of",
      vote_options: ["Alice", "Bob"],
      option_powers: ["60", "15"],
      against_power: "25",
      total_power: "200",
    });
    expect(rows.map((r) => [r.label, r.percent, r.isAgainst])).toEqual([
      ["Alice", "30.00", false],
      ["Bob", "7.50", false],
      ["against", "12.50", true],
    ]);
    expect(
      proposalResults({
        voting_type: "for_against",
        vote_options: ["for", "against"],
        option_powers: ["1", "0"],
        against_power: "0",
        total_power: "0",
      }),
    ).toHaveLength(2);
  });

  it("builds the ballot per voting type", () => {
    expect(ballotOptions("one_of", ["A", "B"], false)).toEqual(["A"]);
    expect(ballotOptions("multiple_of", ["A", "B"], false)).toEqual(["A", "B"]);
    expect(ballotOptions("multiple_of", ["A"], true)).toEqual(["against"]);
  });
});
