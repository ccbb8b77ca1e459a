import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { offchainTemplateSchema, readBallot, type TypeParameters, tally } from "./voting.rules.ts";

const common = {
  name: "t",
  description: "",
  use_delegated: true,
  voting_duration: "1d",
  minimal_vote_power: "0",
  minimal_create_proposal_power: "0",
  minimal_comment_read_power: "0",
  minimal_comment_create_power: "0",
};
const parse = (t: Record<string, unknown>) =>
  offchainTemplateSchema.parse({ ...common, ...t }) as TypeParameters;
const forAgainst = parse({ voting_type: "for_against", for_percent: "50", against_percent: "50" });
const oneOf = parse({
  voting_type: "one_of",
  general_closing_percent: "40",
  anticipatory_closing_percent: "70",
  against_percent: "30",
});
const multipleOf = parse({ voting_type: "multiple_of", boundary_percent: "20", against_percent: "30" });
const v = (options: number[], power: bigint, isAgainst = false) => ({ options, power, isAgainst });

describe("tally", () => {
  it("parses durations to seconds", () => {
    expect(forAgainst.voting_duration).toBe(86_400);
  });

  it("for_against approves at for_percent and rejects early at against_percent", () => {
    expect(tally(forAgainst, 100n, 2, [v([0], 50n), v([1], 10n)])).toMatchObject({
      outcome: 1,
      closedEarly: false,
    });
    expect(tally(forAgainst, 100n, 2, [v([0], 49n)]).outcome).toBe(2);
    expect(tally(forAgainst, 100n, 2, [v([1], 50n)])).toMatchObject({ outcome: 2, closedEarly: true });
  });

  it("compares shares exactly, down to the smallest percentage", () => {
    const tiny = parse({ voting_type: "multiple_of", boundary_percent: "0.0000001", against_percent: "100" });
    expect(tally(tiny, 10n ** 9n, 1, [v([0], 1n)]).outcome).toBe(1);
    expect(tally(tiny, 10n ** 9n + 1n, 1, [v([0], 1n)]).outcome).toBe(2);
  });

  it("one_of needs a single leader above general_closing_percent and closes early at the anticipatory share", () => {
    expect(tally(oneOf, 100n, 3, [v([1], 45n), v([0], 20n)])).toMatchObject({
      outcome: 1,
      winners: [1],
      closedEarly: false,
    });
    expect(tally(oneOf, 100n, 3, [v([1], 70n)])).toMatchObject({ outcome: 1, closedEarly: true });
    expect(tally(oneOf, 100n, 3, [v([1], 45n), v([0], 45n)]).outcome).toBe(2); // tie
    expect(tally(oneOf, 100n, 3, [v([1], 45n), v([], 30n, true)])).toMatchObject({
      outcome: 2,
      closedEarly: true,
    });
  });

  it("multiple_of passes every option above boundary_percent", () => {
    expect(tally(multipleOf, 100n, 3, [v([0, 1], 30n), v([2], 10n)])).toMatchObject({
      outcome: 1,
      winners: [0, 1],
    });
    expect(tally(multipleOf, 100n, 3, [v([2], 10n)]).outcome).toBe(2);
  });

  it("never approves with zero total power, and approval implies the thresholds", () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            choice: fc.integer({ min: 0, max: 2 }),
            power: fc.bigInt({ min: 1n, max: 10n ** 24n }),
          }),
          {
            maxLength: 20,
          },
        ),
        fc.bigInt({ min: 0n, max: 10n ** 25n }),
        (ballots, extra) => {
          const votes = ballots.map((b) => (b.choice === 2 ? v([], b.power, true) : v([b.choice], b.power)));
          const total = votes.reduce((s, x) => s + x.power, 0n) + extra;
          const t = tally(oneOf, total, 2, votes);
          if (t.outcome === 1) {
            const leader = t.optionPowers[t.winners[0]!]!;
            expect(leader * 100n >= 40n * total).toBe(true);
            expect(t.againstPower * 100n < 30n * total).toBe(true);
          }
          expect(
            tally(
              forAgainst,
              0n,
              2,
              votes.filter((x) => !x.isAgainst),
            ).outcome,
          ).toBe(2);
        },
      ),
    );
  });
});

describe("ballots", () => {
  it("match the voting type", () => {
    expect(readBallot("for_against", ["for", "against"], ["For"])).toEqual({
      options: [0],
      isAgainst: false,
    });
    expect(readBallot("for_against", ["for", "against"], ["for", "against"])).toHaveProperty("error");
    expect(readBallot("one_of", ["A", "B"], ["against"])).toEqual({ options: [], isAgainst: true });
    expect(readBallot("one_of", ["A", "B"], ["A", "B"])).toHaveProperty("error");
    expect(readBallot("multiple_of", ["A", "B", "C"], ["a", "c"])).toEqual({
      options: [0, 2],
      isAgainst: false,
    });
    expect(readBallot("multiple_of", ["A", "B"], ["A", "a"])).toHaveProperty("error");
    expect(readBallot("multiple_of", ["A", "B"], ["Z"])).toHaveProperty("error");
  });
});
