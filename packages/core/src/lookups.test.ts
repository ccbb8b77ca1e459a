import { describe, expect, it } from "vitest";
import { PolityError } from "./errors/PolityError.ts";
import {
  assertAddress,
  assertConnectorChains,
  assertDelegationRewardsLookup,
  assertSameLength,
  classifyPoolSearch,
  findConnectorChain,
} from "./lookups.ts";

const A = "0x000000000000000000000000000000000000dead";

describe("lookup guards", () => {
  it("treats a search that is a valid address as an address, otherwise text", () => {
    expect(classifyPoolSearch(` ${A} `)).toEqual({
      kind: "address",
      address: "0x000000000000000000000000000000000000dEaD",
    });
    expect(classifyPoolSearch("Polity")).toEqual({ kind: "text", text: "Polity" });
    expect(classifyPoolSearch("0x1234")).toEqual({ kind: "text", text: "0x1234" });
    expect(classifyPoolSearch("  ")).toEqual({ kind: "none" });
  });

  it("connector chains: 'No chains found on connector.' and 'chain not found on connector.'", () => {
    expect(() => assertConnectorChains([])).toThrow("No chains found on connector.");
    expect(() => assertConnectorChains([{ id: 56 }])).not.toThrow();
    expect(findConnectorChain([{ id: 56 }, { id: 97 }], 97)).toEqual({ id: 97 });
    expect(() => findConnectorChain([{ id: 56 }], 1)).toThrow("chain not found on connector.");
  });

  it("needs valid addresses and matching lengths", () => {
    expect(() => assertAddress("user", "0x12")).toThrow(PolityError);
    expect(() => assertAddress("user", A)).not.toThrow();
    expect(() => assertSameLength(["pools", "args"], [1, 2], [1])).toThrow(/pools has 2 items, args has 1/);
    expect(() => assertSameLength(["pools", "args"], [1], [1])).not.toThrow();
    expect(() => assertDelegationRewardsLookup([], [A], A)).toThrow(PolityError);
    expect(() => assertDelegationRewardsLookup([A], [A], "nope")).toThrow(/user: nope/);
    expect(() => assertDelegationRewardsLookup([A], [A], A)).not.toThrow();
  });
});
