import { describe, expect, it } from "vitest";
import { stakingRate } from "./stakingRate.ts";

const DAY = 86_400;
const E18 = 10n ** 18n;

describe("stakingRate", () => {
  it("is the reward per staked token per year: 1,000 over 10 days on 10,000 staked is 365%", () => {
    const rate = stakingRate({
      rewardAmount: 1_000n * E18,
      startTime: 0,
      endTime: 10 * DAY,
      totalStaked: 10_000n * E18,
      stakeToken: { decimals: 18 },
      rewardToken: { decimals: 18 },
    });
    expect(rate).toBe(36_500n); // 3.65 per token a year
  });

  it("normalises the decimals of each token (a 6-decimal reward on an 18-decimal stake)", () => {
    const rate = stakingRate({
      rewardAmount: 365n * 10n ** 6n,
      startTime: 0,
      endTime: 365 * DAY,
      totalStaked: 1_000n * E18,
      stakeToken: { decimals: 18 },
      rewardToken: { decimals: 6 },
    });
    expect(rate).toBe(3_650n); // 0.365 reward token per staked token a year
  });

  it("has no value before anybody staked", () => {
    const tier = { rewardAmount: 1n, startTime: 0, endTime: DAY, totalStaked: 0n };
    expect(stakingRate({ ...tier, stakeToken: { decimals: 18 }, rewardToken: { decimals: 18 } })).toBeNull();
  });
});
