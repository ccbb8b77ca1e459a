import { describe, expect, it } from "vitest";
import { isProposalId, isRecordId, parseProposalId, proposalIdSchema, recordIdSchema } from "./ids.ts";

describe("proposal ids", () => {
  it("takes the decimal text of a positive uint256 and nothing else", () => {
    expect(isProposalId("1")).toBe(true);
    expect(isProposalId((2n ** 256n - 1n).toString())).toBe(true);
    for (const bad of ["0", "01", "-1", "1.5", "1e3", " 1", "", "0x1", (2n ** 256n).toString()]) {
      expect(isProposalId(bad), bad).toBe(false);
    }
    expect(proposalIdSchema.safeParse("12").success).toBe(true);
    expect(proposalIdSchema.safeParse("0").success).toBe(false);
  });

  it("reads route parameters as bigints, or null", () => {
    expect(parseProposalId("42")).toBe(42n);
    expect(parseProposalId("abc")).toBeNull();
    expect(parseProposalId(undefined)).toBeNull();
  });
});

describe("record ids", () => {
  it("takes the decimal text of a positive int8 (the api's serial ids)", () => {
    expect(isRecordId("1")).toBe(true);
    expect(isRecordId((2n ** 63n - 1n).toString())).toBe(true);
    expect(isRecordId((2n ** 63n).toString())).toBe(false);
    expect(isRecordId("0")).toBe(false);
    expect(recordIdSchema.safeParse("007").success).toBe(false);
  });
});
