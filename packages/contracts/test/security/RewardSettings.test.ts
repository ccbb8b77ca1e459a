import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { NATIVE_COIN, proposalSettings } from "../../scripts/lib/dao.ts";
import { contract, expectState, govPool, useEnv, validatedDao } from "../fixtures.ts";
import { abis, createProposal, E, impersonate, members, membersVoteFor, transferAction } from "../helpers.ts";

const rewardsInfo = {
  rewardToken: NATIVE_COIN,
  creationReward: E(1),
  executionReward: E(5),
  voteRewardsCoefficient: 0n,
};

describe("security: reward settings", () => {
  const env = useEnv();

  /** A DAO whose default slot goes through three validators and rewards the execution with 5 coins. */
  const rewardedValidatorsDao = () =>
    validatedDao(env, "Rewarded validated", "RVL", { slot: { rewardsInfo }, executionDelay: 0n });

  it("L5 a vote rewards coefficient above 96 bits is refused, never silently cut", async () => {
    const dao = await env.networkHelpers.loadFixture(rewardedValidatorsDao);
    const pool = await impersonate(env, dao.govPool);
    const huge = proposalSettings({
      rewardsInfo: { ...rewardsInfo, voteRewardsCoefficient: 2n ** 96n + 1n },
    });
    const settings = contract(env, dao.settings, abis.govSettingsAbi);
    await settings.reverts(pool, "addSettings", [[huge]], "GovSettingsInvalidSettings");
    await settings.reverts(pool, "editSettings", [[0n], [huge]], "GovSettingsInvalidSettings");
  });

  it("L5 the execution reward of a proposal moved to the validators is earned once, by the mover", async () => {
    const { alice, bob, carol, v1, v2 } = members(env);
    const dao = await env.networkHelpers.loadFixture(rewardedValidatorsDao);
    const action = transferAction(dao, alice.account.address, 1n);
    const { id } = await createProposal(env, dao, alice, [action]);
    await membersVoteFor(env, dao, id);
    const pool = govPool(env, dao);
    await pool.write(bob, "moveProposalToValidators", [id]);
    for (const v of [v1, v2])
      await contract(env, dao.validators, abis.govValidatorsAbi).write(v, "vote", [id, E(10), true, false]);
    await expectState(env, dao, id, "SucceededFor");
    await pool.write(carol, "execute", [id, [action], []]);
    const staticOf = async (account: `0x${string}`) =>
      (await pool.read<{ staticRewards: bigint[] }>("getPendingRewards", [account, [id]])).staticRewards[0];
    assert.equal(await staticOf(bob.account.address), E(5), "the mover");
    assert.equal(await staticOf(carol.account.address), 0n, "the executor of a moved proposal");
  });
});
