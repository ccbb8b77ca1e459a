import i18next from "i18next";
import { describe, expect, it } from "vitest";
import { encodeMessage, translateMessage } from "../../../shared/ui/fieldMessage.ts";
import { createDefaultDraft, type TokenCreation } from "../draft/createPoolDraft.ts";
import { ALICE, BOB, validDraft } from "../test/validDraft.ts";
import {
  type StepIssue,
  validateTokenCreation,
  validateValidators,
  validateVoting,
  votingContextOf,
} from "./stepValidators.ts";
import { initialDistributionAmount, initialDistributionPercent } from "./tokenDistribution.ts";

// No catalogues: every message reads as its English default, core's text.
const english = i18next.createInstance();
void english.init({ lng: "en", resources: {}, initAsync: false });

/** English text of each issue, as the form shows it. */
function texts(issues: StepIssue[]): string[] {
  const { t } = english;
  return issues.map(
    (issue) =>
      `${issue.path.join(".")}: ${translateMessage(t, encodeMessage(issue.key, issue.params as Record<string, string>), "createPool")}`,
  );
}

const token = validDraft().tokenCreation;
const tokenErrors = (overrides: Partial<TokenCreation>) =>
  texts(validateTokenCreation({ ...token, ...overrides }));

describe("token distribution", () => {
  it("computes the initial distribution exactly", () => {
    expect(initialDistributionPercent("33.3333333")).toBe("66.6666667");
    expect(initialDistributionAmount("1000", "40")).toBe(600n * 10n ** 18n);
    expect(initialDistributionAmount("1", "33.3333333")).toBe(666_666_667n * 10n ** 9n);
  });
});

describe("token creation rules (core schema, form paths)", () => {
  it("accepts recipients that sum to the initial distribution", () => {
    expect(tokenErrors({})).toEqual([]);
  });

  it("limits the name to 1-30 characters and the symbol to 1-10", () => {
    expect(tokenErrors({ name: "" })).toEqual(["name: Please fill out this field"]);
    expect(tokenErrors({ name: "x".repeat(31), symbol: "ABCDEFGHIJK" })).toEqual([
      "name: Must be at most 30 characters",
      "symbol: Must be at most 10 characters",
    ]);
  });

  it("keeps the total supply within the cap and the uint64 maximum", () => {
    expect(tokenErrors({ cap: "999" })).toEqual(["totalSupply: Total supply cannot exceed the cap"]);
    const huge = (2n ** 64n).toString();
    expect(tokenErrors({ totalSupply: huge, cap: huge })).toContain(
      "totalSupply: Total supply cannot exceed 18446744073709551615",
    );
  });

  it("rejects 100% in the treasury", () => {
    expect(tokenErrors({ treasury: "100" })).toContain(
      "treasury: With 100% in the treasury, participants have nothing to vote",
    );
  });

  it("needs valid, distinct recipients with at least one positive amount, summing to the distribution", () => {
    expect(tokenErrors({ recipients: [{ address: "0x123", amount: "600" }] })).toEqual([
      "recipients.0.address: Please enter a valid address",
    ]);
    expect(
      tokenErrors({
        recipients: [
          { address: ALICE, amount: "300" },
          { address: ALICE.toLowerCase(), amount: "300" },
        ],
      }),
    ).toEqual(["recipients.1.address: This address is already in the list"]);
    expect(tokenErrors({ recipients: [{ address: ALICE, amount: "0" }] })).toContain(
      "recipients.root: At least one recipient must receive an amount greater than 0",
    );
    expect(tokenErrors({ recipients: [{ address: ALICE, amount: "599.999999999999999999" }] })).toEqual([
      "recipients.root: The recipients' total must equal the initial distribution",
    ]);
  });
});

describe("voting parameters against the governance token", () => {
  const draft = validDraft();
  const voting = { votingModel: draft.votingModel, settings: draft.defaultProposalSettings };

  it("accepts the defaults", () => {
    expect(validateVoting(voting, votingContextOf(draft))).toEqual([]);
  });

  it("keeps the quorum within the initial distribution and the minimums within the votable supply", () => {
    const settings = { ...voting.settings, quorum: "60.1", minVotesForCreating: "600.000000000000000001" };
    expect(texts(validateVoting({ ...voting, settings }, votingContextOf(draft)))).toEqual([
      "settings.quorum: Quorum cannot exceed the initial distribution",
      "settings.minVotesForCreating: Minimum voting power cannot exceed the total supply minus the treasury balance of the token",
    ]);
  });

  it("checks an imported token's supply", () => {
    const imported = {
      ...createDefaultDraft(),
      tokenSource: "existing" as const,
      importedToken: { name: "USD", symbol: "USD", decimals: 6, totalSupply: "5000000" },
    };
    const settings = { ...voting.settings, minVotesForVoting: "5.000001" };
    expect(texts(validateVoting({ ...voting, settings }, votingContextOf(imported)))).toEqual([
      "settings.minVotesForVoting: Minimum voting power cannot exceed the total supply minus the treasury balance of the token",
    ]);
  });

  it("ignores hidden polynomial coefficients of another model", () => {
    const votingModel = { ...voting.votingModel, polinomialHoldersCoefficient: "abc" };
    expect(validateVoting({ ...voting, votingModel }, {})).toEqual([]);
    expect(
      texts(validateVoting({ ...voting, votingModel: { ...votingModel, votePowerType: "polynomial" } })),
    ).toEqual(["votingModel.polinomialHoldersCoefficient: Please enter a valid non-negative number"]);
  });
});

describe("validators", () => {
  it("maps the validator settings to their fields", () => {
    const issues = validateValidators({
      isValidator: true,
      validatorsVote: true,
      name: "Council",
      symbol: "CNC",
      validators: [
        { address: ALICE, balance: "10" },
        { address: BOB, balance: "1" },
      ],
      quorum: "0",
      duration: "2 days",
      executionDelay: "0s",
    });
    expect(texts(issues)).toEqual([
      "duration: Please enter a valid duration, e.g. 1Y 6Mon 2w 1d",
      "quorum: The smallest percentage is 0.0000001",
    ]);
  });
});
