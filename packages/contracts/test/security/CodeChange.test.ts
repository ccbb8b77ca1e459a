import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { type Address, keccak256, toHex } from "viem";
import { readArtifact } from "../../scripts/lib/artifacts.ts";
import { contract, deployed, expectState, govPool, useEnv } from "../fixtures.ts";
import {
  createProposal,
  depositStandard,
  members,
  membersVoteFor,
  nextBlock,
  standardDao,
  transferAction,
} from "../helpers.ts";

describe("security: action targets' code", () => {
  const env = useEnv();

  it("L4 code deployed at an action's target after the proposal was created is refused at execution", async () => {
    const { owner, alice, carol } = members(env);
    const { dao } = await standardDao(env, { name: "Late code" });
    await depositStandard(env, dao);
    const pool = govPool(env, dao);
    const deployer = await deployed(env, owner, "LateCodeDeployer");
    const salt = keccak256(toHex("late"));
    const target = contract(
      env,
      await deployer.read<Address>("predict", [salt]),
      readArtifact("LateCode").abi,
    );
    assert.equal(
      await env.publicClient.getCode({ address: target.address }),
      undefined,
      "nothing at the target yet",
    );

    /** A proposal of the action, passed by the members and ready to execute. */
    const passed = async (action: { executor: Address; value: bigint; data: `0x${string}` }) => {
      const { id } = await createProposal(env, dao, alice, [action]);
      await membersVoteFor(env, dao, id);
      await nextBlock(env);
      return id;
    };

    // members vote on a call to an address without code (it can do nothing)...
    const action = { executor: target.address, value: 0n, data: "0x" as const };
    const id = await passed(action);
    // ...then code appears there before the execution
    await deployer.write(owner, "deploy", [salt]);
    await pool.reverts(carol, "execute", [id, [action], []], "GovPoolTargetCodeChanged");
    await expectState(env, dao, id, "SucceededFor");
    assert.equal(await target.read("calls"), 0n);

    // a target whose code is the one voted on executes as before
    await pool.write(carol, "execute", [await passed(action), [action], []]);
    assert.equal(await target.read("calls"), 1n);
    assert.equal((await target.read<string>("lastCaller")).toLowerCase(), dao.govPool.toLowerCase());
    // other actions than those voted are still told apart
    const third = await passed(action);
    await pool.reverts(
      carol,
      "execute",
      [third, [{ ...action, data: "0x01" }], []],
      "GovPoolActionsMismatch",
    );
  });

  it("L4 every distinct executor is asked validate, and a hook that reverts with a reason vetoes", async () => {
    const { owner, alice } = members(env);
    const { dao } = await standardDao(env, { name: "Every executor" });
    await depositStandard(env, dao);
    const pool = govPool(env, dao);
    const bomb = await deployed(env, owner, "ReturnBomb");
    await bomb.write(owner, "setVeto", [true]);
    const vetoing = { executor: bomb.address, value: 0n, data: "0x" as const };
    const payout = transferAction(dao, alice.account.address, 1n);
    const refused = (actions: (typeof payout)[]) =>
      pool.reverts(alice, "createProposal", ["ipfs://x", actions, []], "GovPoolRejectedByExecutor");
    // the vetoing executor is not the main (last) one
    await refused([vetoing, payout]);
    const reverting = await deployed(env, owner, "RevertingValidator");
    const call = { executor: reverting.address, value: 0n, data: "0x" as const };
    for (const actions of [[call], [payout, call], [call, payout]]) await refused(actions);
    // executors without the hook (the DAO's token, a contract with a fallback) do not veto
    await bomb.write(owner, "setVeto", [false]);
    await createProposal(env, dao, alice, [vetoing, payout, payout]);
  });
});
