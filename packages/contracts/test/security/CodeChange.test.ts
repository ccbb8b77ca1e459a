import assert from "node:assert/strict";
import { before, describe, it } from "node:test";
import { type Address, keccak256, toHex } from "viem";
import { readArtifact } from "../../scripts/lib/artifacts.ts";
import { deploy } from "../../scripts/lib/protocol.ts";
import {
  abis,
  createEnv,
  createProposal,
  depositStandard,
  type Env,
  expectRevert,
  members,
  membersVoteFor,
  nextBlock,
  read,
  State,
  standardDao,
  stateOf,
  transferAction,
  write,
} from "../helpers.ts";

const deployerAbi = readArtifact("LateCodeDeployer").abi;
const lateCodeAbi = readArtifact("LateCode").abi;
const bombAbi = readArtifact("ReturnBomb").abi;

describe("security: action targets' code", () => {
  let env: Env;

  before(async () => {
    env = await createEnv();
  });

  it("L4 code deployed at an action's target after the proposal was created is refused at execution", async () => {
    const { owner, alice, carol } = members(env);
    const { dao } = await standardDao(env, { name: "Late code" });
    await depositStandard(env, dao);
    const deployer = await deploy(env.clients(owner), "LateCodeDeployer");
    const salt = keccak256(toHex("late"));
    const target = await read<Address>(env, deployer.address, deployerAbi, "predict", [salt]);
    assert.equal(await env.publicClient.getCode({ address: target }), undefined, "nothing at the target yet");

    // members vote on a call to an address without code (it can do nothing)...
    const action = { executor: target, value: 0n, data: "0x" as const };
    const { id } = await createProposal(env, dao, alice, [action]);
    await membersVoteFor(env, dao, id);
    await nextBlock(env);
    // ...then code appears there before the execution
    await write(env, owner, deployer.address, deployerAbi, "deploy", [salt]);
    await expectRevert(
      env,
      carol,
      dao.govPool,
      abis.govPoolAbi,
      "execute",
      [id, [action], []],
      "GovPoolTargetCodeChanged",
    );
    assert.equal(await stateOf(env, dao, id), State.SucceededFor);
    assert.equal(await read(env, target, lateCodeAbi, "calls"), 0n);

    // a target whose code is the one voted on executes as before
    const again = await createProposal(env, dao, alice, [action]);
    await membersVoteFor(env, dao, again.id);
    await nextBlock(env);
    await write(env, carol, dao.govPool, abis.govPoolAbi, "execute", [again.id, [action], []]);
    assert.equal(await read(env, target, lateCodeAbi, "calls"), 1n);
    assert.equal(
      (await read<string>(env, target, lateCodeAbi, "lastCaller")).toLowerCase(),
      dao.govPool.toLowerCase(),
    );
    // other actions than those voted are still told apart
    const third = await createProposal(env, dao, alice, [action]);
    await membersVoteFor(env, dao, third.id);
    await nextBlock(env);
    await expectRevert(
      env,
      carol,
      dao.govPool,
      abis.govPoolAbi,
      "execute",
      [third.id, [{ ...action, data: "0x01" }], []],
      "GovPoolActionsMismatch",
    );
  });

  it("L4 every distinct executor is asked validate, and a hook that reverts with a reason vetoes", async () => {
    const { owner, alice } = members(env);
    const { dao } = await standardDao(env, { name: "Every executor" });
    await depositStandard(env, dao);
    const bomb = await deploy(env.clients(owner), "ReturnBomb");
    await write(env, owner, bomb.address, bombAbi, "setVeto", [true]);
    const vetoing = { executor: bomb.address, value: 0n, data: "0x" as const };
    const payout = transferAction(dao, alice.account.address, 1n);
    // the vetoing executor is not the main (last) one
    await expectRevert(
      env,
      alice,
      dao.govPool,
      abis.govPoolAbi,
      "createProposal",
      ["ipfs://x", [vetoing, payout], []],
      "GovPoolRejectedByExecutor",
    );
    const reverting = await deploy(env.clients(owner), "RevertingValidator");
    const call = { executor: reverting.address, value: 0n, data: "0x" as const };
    for (const actions of [[call], [payout, call], [call, payout]]) {
      await expectRevert(
        env,
        alice,
        dao.govPool,
        abis.govPoolAbi,
        "createProposal",
        ["ipfs://x", actions, []],
        "GovPoolRejectedByExecutor",
      );
    }
    // executors without the hook (the DAO's token, a contract with a fallback) do not veto
    await write(env, owner, bomb.address, bombAbi, "setVeto", [false]);
    await createProposal(env, dao, alice, [vetoing, payout, payout]);
  });
});
