import { govPoolAbi } from "@polity/core/generated/contracts";
import { decodeFunctionData } from "viem";
import { describe, expect, it } from "vitest";
import { validate } from "../lib/validate.ts";
import { allocationProposal, allocationSchema } from "./ValidatorsAllocationForm.tsx";

const POOL = "0x1111111111111111111111111111111111111111";
const A = "0x00000000000000000000000000000000000000a1";
const B = "0x00000000000000000000000000000000000000b2";

describe("validators-allocation", () => {
  it("sets each token's monthly credit on the pool in one call", () => {
    const built = allocationProposal(
      POOL,
      [
        { token: A, limit: 100n, text: "100", symbol: "A" },
        { token: B, limit: 0n, text: "0", symbol: "B" },
      ],
      [{ token: B, limit: 5n }],
    );
    expect(built.actions).toHaveLength(1);
    expect(built.actions[0]?.executor).toBe(POOL);
    const call = decodeFunctionData({ abi: govPoolAbi, data: built.actions[0]!.data });
    expect(call.functionName).toBe("setCreditInfo");
    const [tokens, limits] = call.args as readonly [readonly string[], readonly bigint[]];
    expect(tokens.map((t) => t.toLowerCase())).toEqual([A, B]);
    expect(limits).toEqual([100n, 0n]);
  });

  it("refuses a token twice and an invalid limit", () => {
    const result = validate(allocationSchema, [
      { token: A, limit: "1" },
      { token: A, limit: "x" },
    ]);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.errors["1.token"]?.key).toBe("validation.duplicateAddress");
    expect(result.errors["1.limit"]?.key).toBe("validation.invalidNumber");
  });
});
