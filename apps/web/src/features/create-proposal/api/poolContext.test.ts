import { describe, expect, it } from "vitest";
import { fail, fakeReadClient, ok } from "../../../test/fakeReadClient.ts";
import { DEFAULT_SETTINGS, POOL, TOKEN, USER } from "../test/poolContextFixture.ts";
import { fetchPoolContext, PoolNotFoundError } from "./poolContext.ts";

const SETTINGS = "0x3333333333333333333333333333333333333333";
const KEEPER = "0x4444444444444444444444444444444444444444";
const VALIDATORS = "0x5555555555555555555555555555555555555555";
const VT = "0x9999999999999999999999999999999999999999";

describe("fetchPoolContext", () => {
  it("reads the pool, its helpers, every settings slot and the user's position in three multicalls", async () => {
    const batches = [
      [
        ok("Acme"),
        ok("ipfs://meta"),
        ok([
          "0x0000000000000000000000000000000000000000",
          "0x8888888888888888888888888888888888888888",
          "0x0000000000000000000000000000000000000000",
          "0x0000000000000000000000000000000000000000",
        ]),
        ok([
          "0x0000000000000000000000000000000000000009",
          false,
          false,
          "0x0000000000000000000000000000000000000001",
        ]),
        ok([0n, 10n ** 18n]),
        ok([
          SETTINGS,
          KEEPER,
          VALIDATORS,
          "0x6666666666666666666666666666666666666666",
          "0x7777777777777777777777777777777777777777",
        ]),
      ],
      [
        ok(TOKEN),
        ok("0x0000000000000000000000000000000000000000"),
        ok(2n),
        ok({ duration: 3600n, executionDelay: 0n, quorum: 5n }),
        ok(VT),
        ok(true),
        ok(2500n),
        ok(40n),
        ok(true),
        ok([7n]),
      ],
      [
        ok(DEFAULT_SETTINGS),
        ok({ ...DEFAULT_SETTINGS, executorDescription: "internal" }),
        ok("ACME"),
        ok(6),
        ok(1000n),
        ok(900n),
        ok(100n),
        ok(25n),
        ok(10n),
      ],
    ];
    const { client, multicall } = fakeReadClient(() => batches.shift() ?? []);
    const ctx = await fetchPoolContext(client, POOL, USER);
    expect(multicall).toHaveBeenCalledTimes(3);
    expect(ctx).toMatchObject({
      name: "Acme",
      settings: SETTINGS,
      userKeeper: KEEPER,
      isLinearPower: false,
      token: { address: TOKEN, symbol: "ACME", decimals: 6, totalSupply: 1000n },
      treasuryBalance: 900n,
      nft: null,
      individualPower: 2500n,
      validatorSettings: { duration: 3600n },
      hasValidators: true,
      user: {
        walletBalance: 100n,
        allowance: 25n,
        deposited: 40n,
        isValidator: true,
        validatorBalance: 10n,
        depositedNfts: [7n],
      },
    });
    expect(ctx.proposalSettings.map((s) => s.executorDescription)).toEqual(["", "internal"]);
  });

  it("says when the address is not a DAO", async () => {
    const { client } = fakeReadClient((contracts) => contracts.map(() => fail()));
    await expect(fetchPoolContext(client, POOL, USER)).rejects.toBeInstanceOf(PoolNotFoundError);
  });
});
