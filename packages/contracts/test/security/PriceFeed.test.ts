import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { parseEther } from "viem";
import { deploy } from "../../scripts/lib/protocol.ts";
import { contract, useEnv } from "../fixtures.ts";
import { abis, members } from "../helpers.ts";

describe("security: price feed", () => {
  const env = useEnv();

  it("L9 one broken aggregator reads as an unknown price and never reverts the batch", async () => {
    const { owner } = members(env);
    const good = await deploy(env.clients(owner), "MockAggregator", [8, 2_50000000n]);
    const broken = [
      await deploy(env.clients(owner), "BrokenAggregator", [8, true, 1n]), // decimals() reverts
      await deploy(env.clients(owner), "BrokenAggregator", [200, false, 1n]), // 10^182 does not fit
      await deploy(env.clients(owner), "BrokenAggregator", [0, false, 2n ** 255n - 1n]), // answer × 10^18 overflows
    ];
    const tokens = [
      "0x1000000000000000000000000000000000000001",
      "0x1000000000000000000000000000000000000002",
      "0x1000000000000000000000000000000000000003",
      "0x1000000000000000000000000000000000000004",
      "0x1000000000000000000000000000000000000005",
    ] as const;
    const aggregators = [good.address, ...broken.map((b) => b.address), owner.account.address]; // and an account without code
    const priceFeed = contract(env, env.protocol.PriceFeed, abis.priceFeedAbi);
    await priceFeed.write(owner, "setAggregators", [tokens, aggregators, tokens.map(() => 0n)]);
    assert.deepEqual(await priceFeed.read("getUSDPrices", [tokens]), [parseEther("2.5"), 0n, 0n, 0n, 0n]);
  });
});
