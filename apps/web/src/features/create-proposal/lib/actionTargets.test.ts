import { describe, expect, it } from "vitest";
import { poolContextFixture } from "../test/poolContextFixture.ts";
import { actionTargetError, refusedActionError } from "./actionTargets.ts";

const ctx = poolContextFixture();
const KEEPER = ctx.userKeeper;
const OTHER = "0x000000000000000000000000000000000000bEEF";

describe("action targets", () => {
  it("refuses the DAO's user keeper, whatever the address's case, and nothing else", () => {
    expect(actionTargetError(ctx, KEEPER)).toEqual({ key: "errors.userKeeperTarget" });
    expect(actionTargetError(ctx, ` ${KEEPER.toUpperCase().replace("0X", "0x")} `)).toEqual({
      key: "errors.userKeeperTarget",
    });
    expect(actionTargetError(ctx, OTHER)).toBeNull();
    expect(actionTargetError(ctx, ctx.settings)).toBeNull();
    expect(actionTargetError(ctx, "not an address")).toBeNull();
  });

  it("names the first refused action, on for before on against", () => {
    const ok = { executor: OTHER, value: 0n, data: "0x" } as const;
    const keeper = { executor: KEEPER, value: 0n, data: "0x12345678" } as const;
    expect(refusedActionError(ctx, [ok, ok])).toBeNull();
    expect(refusedActionError(ctx, [ok, keeper])).toEqual({
      key: "errors.userKeeperAction",
      params: { index: 2 },
    });
    expect(refusedActionError(ctx, [ok], [keeper])).toEqual({
      key: "errors.userKeeperActionAgainst",
      params: { index: 1 },
    });
  });
});
