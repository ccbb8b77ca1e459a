import assert from "node:assert/strict";
import { describe, it } from "node:test";
import {
  contract,
  DAY,
  mockToken,
  pass,
  saleDao,
  staking,
  stakingTierActions,
  stakingTierParams,
  useEnv,
} from "./fixtures.ts";
import { abis, E, eventsOf, impersonate, members } from "./helpers.ts";

describe("StakingProposal", () => {
  const env = useEnv();

  /** The standard DAO (members' tokens deposited) with staking enabled by proposal; alice, bob and carol hold
   * 1,000 of an 18-decimal stake token each. */
  async function stakingDao(name: string) {
    const { alice, bob, carol } = members(env);
    const dao = await saleDao(env, name);
    const s = staking(env, dao);
    await pass(env, dao, [s.action("enableStaking")]);
    const stakeToken = await mockToken(
      env,
      18,
      [alice, bob, carol].map((w) => w.account.address),
      E(1_000),
    );
    for (const w of [alice, bob, carol]) await stakeToken.write(w, "approve", [dao.staking, E(1_000)]);
    return { dao, s, stakeToken };
  }

  it("a tier created by proposal pays its reward linearly to the stakers, pro rata to their stake", async () => {
    const { alice, bob, carol } = members(env);
    const { dao, s, stakeToken } = await stakingDao("Staking");
    assert.equal(await s.read("isEnabled"), true);
    const tier = await stakingTierParams(env, dao, stakeToken.address, { duration: 1_000n });
    const { receipt } = await pass(env, dao, stakingTierActions(dao, tier));
    const [created] = eventsOf(receipt, abis.stakingProposalAbi, "TierCreated", dao.staking);
    assert.equal(created!.tierId, 1n);
    assert.equal(created!.rewardAmount, E(1_000));

    // alice stakes 300, bob 100 a second later: 1 token a second, alice's alone for 1 s, then shared 3:1
    const ra = await s.write(alice, "stake", [1n, E(300)]);
    const rb = await s.write(bob, "stake", [1n, E(100)]);
    const ta = (await env.publicClient.getBlock({ blockNumber: ra.blockNumber })).timestamp;
    const tb = (await env.publicClient.getBlock({ blockNumber: rb.blockNumber })).timestamp;
    assert.equal(tb, ta + 1n);
    await env.networkHelpers.time.increaseTo(tier.endTime + 100n);
    const user = async (w: typeof alice) =>
      (await s.read<{ staked: bigint; claimable: bigint }[]>("getUserViews", [w.account.address, [1n]]))[0]!;
    const a = await user(alice);
    const b = await user(bob);
    assert.equal(a.staked, E(300));
    const shared = tier.endTime - tb;
    // rounded down, by a few wei at most
    const near = (got: bigint, want: bigint) =>
      assert.ok(got <= want && want - got < 10n, `${got} vs ${want}`);
    near(b.claimable, (E(1) * shared) / 4n);
    near(a.claimable, E(1) + (E(3) * shared) / 4n);
    const [view] = await s.read<{ allocated: bigint }[]>("getTierViews", [0n, 1n]);
    assert.equal(view!.allocated, E(tier.endTime - ta));

    const reward = contract(env, dao.token, abis.erc20GovAbi);
    const before = await reward.read<bigint>("balanceOf", [alice.account.address]);
    await s.write(alice, "claim", [[1n]]);
    assert.equal((await reward.read<bigint>("balanceOf", [alice.account.address])) - before, a.claimable);
    await s.reverts(alice, "claim", [[1n]], "StakingNothingToClaim");
    await s.write(alice, "unstake", [1n, E(300)]);
    assert.equal(await stakeToken.read("balanceOf", [alice.account.address]), E(1_000));
    await s.reverts(carol, "stake", [1n, E(1)], "StakingTierEnded");
    await s.reverts(bob, "unstake", [1n, E(101)], "StakingInsufficientStake");
  });

  it("the seconds nobody staked pay nobody: the DAO recovers them after the end", async () => {
    const { alice } = members(env);
    const { dao, s, stakeToken } = await stakingDao("Staking recover");
    const tier = await stakingTierParams(env, dao, stakeToken.address, { duration: 1_000n });
    await pass(env, dao, stakingTierActions(dao, tier));
    await env.networkHelpers.time.increaseTo(tier.startTime + 500n);
    await s.write(alice, "stake", [1n, E(10)]);
    await env.networkHelpers.time.increaseTo(tier.endTime);
    const pool = await impersonate(env, dao.govPool);
    const [v] = await s.read<{ allocated: bigint }[]>("getTierViews", [0n, 1n]);
    const unallocated = E(1_000) - v!.allocated;
    assert.ok(unallocated >= E(499) && unallocated <= E(501), `${unallocated}`);
    const reward = contract(env, dao.token, abis.erc20GovAbi);
    const treasury = await reward.read<bigint>("balanceOf", [dao.govPool]);
    await s.write(pool, "recover", [[1n]]);
    assert.equal((await reward.read<bigint>("balanceOf", [dao.govPool])) - treasury, unallocated);
    await s.reverts(pool, "recover", [[1n]], "StakingAlreadyRecovered");
    // alice still claims all that accrued to her
    await s.write(alice, "claim", [[1n]]);
    assert.equal(await reward.read("balanceOf", [dao.staking]), 0n);
  });

  it("only the DAO enables staking and creates tiers; at most 10 tiers are active at once", async () => {
    const { alice } = members(env);
    const dao = await saleDao(env, "Staking rules");
    const s = staking(env, dao);
    const pool = await impersonate(env, dao.govPool);
    const reward = contract(env, dao.token, abis.erc20GovAbi);
    await s.reverts(alice, "enableStaking", [], "StakingNotGovPool");
    const short = await stakingTierParams(env, dao, dao.token, { duration: 100n, rewardAmount: E(1) });
    await s.reverts(pool, "createTier", [short], "StakingNotEnabled");
    await s.write(pool, "enableStaking");
    await s.reverts(pool, "enableStaking", [], "StakingAlreadyEnabled");
    await s.reverts(alice, "createTier", [short], "StakingNotGovPool");
    await reward.write(pool, "approve", [dao.staking, E(100)]);
    await s.write(pool, "createTier", [short]);
    const long = { ...short, endTime: short.endTime + DAY };
    for (let i = 0; i < 9; i++) await s.write(pool, "createTier", [long]);
    await s.reverts(pool, "createTier", [long], "StakingTooManyActiveTiers");
    assert.equal((await s.read<bigint[]>("getActiveTierIds")).length, 10);
    // once the short tier ended, its place is free
    await env.networkHelpers.time.increaseTo(short.endTime);
    await s.write(pool, "createTier", [long]);
    assert.equal(await s.read("latestTierId"), 11n);
    await s.reverts(pool, "createTier", [{ ...long, endTime: long.startTime }], "StakingInvalidTier");
    await s.reverts(pool, "createTier", [{ ...long, rewardAmount: 0n }], "StakingInvalidTier");
    await s.reverts(alice, "stake", [12n, E(1)], "StakingTierNotFound");
  });
});
