import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { contract, expectState, govPool, useEnv, validatedDao } from "../fixtures.ts";
import {
  abis,
  createProposal,
  depositStandard,
  E,
  editDescriptionAction,
  eventsOf,
  impersonate,
  members,
  membersVoteFor,
  nextBlock,
  tokenOnlyDao,
  transferAction,
  voteAll,
} from "../helpers.ts";

const DAY = 86_400;
const WINDOW = 30 * DAY;

describe("security: proposals that cannot execute", () => {
  const env = useEnv();

  async function dao() {
    const { dao } = await tokenOnlyDao(env, { name: "Expiring" });
    await depositStandard(env, dao);
    return dao;
  }

  it("H2 a succeeded proposal that cannot execute expires after the execution window and stops locking its voters", async () => {
    const { alice, bob, carol } = members(env);
    const d = await env.networkHelpers.loadFixture(dao);
    // the treasury holds 40k: a transfer of 1M succeeds in the vote and reverts at every execution
    const unpayable = transferAction(d, carol.account.address, E(1_000_000));
    const { id } = await createProposal(env, d, alice, [unpayable]);
    await voteAll(env, d, id, [
      [alice, E(30_000)],
      [bob, E(20_000)],
    ]);
    await nextBlock(env);
    await expectState(env, d, id, "SucceededFor");
    const pool = govPool(env, d);
    await pool.reverts(carol, "execute", [id, [unpayable], []], "GovPoolActionFailed");
    // while it may still execute, it locks the votes
    await pool.reverts(alice, "withdraw", [alice.account.address, E(1), []], "GovPoolWithdrawLocked");

    await env.networkHelpers.time.increase(WINDOW);
    await expectState(env, d, id, "Expired");
    await pool.reverts(carol, "execute", [id, [unpayable], []], "GovPoolWrongState");
    assert.deepEqual(await pool.read("getWithdrawableAssets", [alice.account.address]), [E(30_000), []]);
    await pool.write(alice, "withdraw", [alice.account.address, E(30_000), []]);
    await pool.write(bob, "withdraw", [bob.account.address, E(20_000), []]);
    assert.deepEqual(await pool.read("getUserActiveProposals", [bob.account.address]), []);
  });

  it("H2 a proposal calling the user keeper is refused at creation, alone or among other actions", async () => {
    const { alice, bob } = members(env);
    const d = await env.networkHelpers.loadFixture(dao);
    const steal = contract(env, d.userKeeper, abis.govUserKeeperAbi).action("withdraw", [
      bob.account.address,
      alice.account.address,
      E(20_000),
      [],
    ]);
    const pool = govPool(env, d);
    for (const actions of [
      [steal],
      [transferAction(d, alice.account.address, 1n), steal],
      [steal, editDescriptionAction(d)],
    ]) {
      await pool.reverts(alice, "createProposal", ["k", actions, []], "GovPoolUserKeeperAction");
    }
    // the keeper stays an internal executor: a proposal cannot map it to a weaker settings slot
    const remap = contract(env, d.settings, abis.govSettingsAbi).action("changeExecutors", [
      [d.userKeeper],
      [0n],
    ]);
    const { id } = await createProposal(env, d, alice, [remap]);
    await voteAll(env, d, id, [
      [alice, E(30_000)],
      [bob, E(20_000)],
    ]);
    await nextBlock(env);
    await pool.reverts(alice, "execute", [id, [remap], []], "GovPoolActionFailed");
  });

  it("H2 the execution window is a DAO setting, changed by proposal, and applies after the validators' stage too", async () => {
    const { alice, carol, v1 } = members(env);
    const d = await validatedDao(env, "Validated expiry", "V", { count: 2 });
    const change = govPool(env, d).action("setExecutionWindow", [BigInt(7 * DAY)]);
    await govPool(env, d).reverts(alice, "setExecutionWindow", [BigInt(DAY)], "GovPoolNotThis");
    const c = await createProposal(env, d, alice, [change]);
    await membersVoteFor(env, d, c.id);
    await nextBlock(env);
    const changed = await govPool(env, d).write(carol, "execute", [c.id, [change], []]);
    assert.deepEqual(eventsOf(changed, abis.govPoolAbi, "ExecutionWindowChanged")[0], {
      executionWindow: BigInt(7 * DAY),
    });
    assert.equal(await govPool(env, d).read("getExecutionWindow"), BigInt(7 * DAY));

    const action = transferAction(d, carol.account.address, E(1));
    const p = await createProposal(env, d, alice, [action]);
    await membersVoteFor(env, d, p.id);
    await govPool(env, d).write(carol, "moveProposalToValidators", [p.id]);
    await contract(env, d.validators, abis.govValidatorsAbi).write(v1, "vote", [p.id, E(10), true, false]);
    await env.networkHelpers.time.increase(300);
    await expectState(env, d, p.id, "SucceededFor");
    await env.networkHelpers.time.increase(7 * DAY);
    await expectState(env, d, p.id, "Expired");
    await govPool(env, d).reverts(carol, "execute", [p.id, [action], []], "GovPoolWrongState");
    // the window is at least one day and at most ten years
    const pool = await impersonate(env, d.govPool);
    for (const window of [BigInt(DAY - 1), BigInt(3651 * DAY)]) {
      await govPool(env, d).reverts(pool, "setExecutionWindow", [window], "GovPoolExecutionWindowInvalid");
    }
  });
});
