import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { type Address, decodeErrorResult, encodeFunctionData, type Hex, parseEther } from "viem";
import { readArtifact } from "../../scripts/lib/artifacts.ts";
import { NATIVE_COIN, proposalSettings } from "../../scripts/lib/dao.ts";
import { deploy } from "../../scripts/lib/protocol.ts";
import { contract, expectState, govPool, useEnv } from "../fixtures.ts";
import {
  abis,
  createProposal,
  depositStandard,
  E,
  members,
  tokenOnlyDao,
  transferAction,
  voteAll,
} from "../helpers.ts";

const receiverAbi = readArtifact("ReentrantReceiver").abi;
const TREASURY = parseEther("10");
const EXECUTION_REWARD = parseEther("1");

describe("security: re-entrancy", () => {
  const env = useEnv();

  /** A token-only DAO paying a 1-coin execution reward in native coin from a 10-coin treasury; the members
   * pass a treasury transfer that a re-entrant receiver contract executes, earning the reward. */
  async function rewardedDao() {
    const { owner, alice, bob } = members(env);
    const s = proposalSettings({
      rewardsInfo: {
        rewardToken: NATIVE_COIN,
        creationReward: 0n,
        executionReward: EXECUTION_REWARD,
        voteRewardsCoefficient: 0n,
      },
    });
    const { dao } = await tokenOnlyDao(env, { name: "Coin rewards", settings: [s, s, s, s, s] });
    await owner.sendTransaction({
      to: dao.govPool,
      value: TREASURY,
      account: owner.account,
      chain: owner.chain,
    });
    await depositStandard(env, dao);
    const attacker = await deploy(env.clients(owner), "ReentrantReceiver", [dao.govPool]);
    const action = transferAction(dao, alice.account.address, E(1));
    const { id } = await createProposal(env, dao, alice, [action]);
    await voteAll(env, dao, id, [
      [alice, E(30_000)],
      [bob, E(20_000)],
    ]);
    await env.networkHelpers.mine();
    await expectState(env, dao, id, "SucceededFor");
    const execute = encodeFunctionData({
      abi: abis.govPoolAbi,
      functionName: "execute",
      args: [id, [action], []],
    });
    await contract(env, attacker.address, receiverAbi).write(owner, "call", [execute]);
    return { dao, attacker: attacker.address, id, action };
  }

  async function lastRevertName(attacker: Address) {
    const data = await contract(env, attacker, receiverAbi).read<Hex>("lastRevert");
    return decodeErrorResult({ abi: abis.govPoolAbi, data }).errorName;
  }

  it("C1 re-entrant claimRewards from a native-coin receiver is paid its reward once, never the treasury", async () => {
    const { owner } = members(env);
    const { dao, attacker, id } = await env.networkHelpers.loadFixture(rewardedDao);
    const claim = encodeFunctionData({
      abi: abis.govPoolAbi,
      functionName: "claimRewards",
      args: [[id], attacker],
    });
    await contract(env, attacker, receiverAbi).write(owner, "setReentry", [claim, 50n]);
    await contract(env, attacker, receiverAbi).write(owner, "call", [claim]);

    assert.equal(await contract(env, attacker, receiverAbi).read("received"), EXECUTION_REWARD);
    assert.equal(await contract(env, attacker, receiverAbi).read("acceptedReentries"), 0n);
    assert.equal(await env.publicClient.getBalance({ address: dao.govPool }), TREASURY - EXECUTION_REWARD);
    assert.equal(await lastRevertName(attacker), "ReentrancyGuardReentrantCall");
    const pending = await govPool(env, dao).read<{ staticRewards: readonly bigint[] }>("getPendingRewards", [
      attacker,
      [id],
    ]);
    assert.deepEqual(pending.staticRewards, [0n]);
  });

  it("C1 a payout re-entering withdraw, execute or saveOffchainResults is refused", async () => {
    const { owner } = members(env);
    const { attacker, id, action } = await env.networkHelpers.loadFixture(rewardedDao);
    const claim = encodeFunctionData({
      abi: abis.govPoolAbi,
      functionName: "claimRewards",
      args: [[id], attacker],
    });
    const reentries: Hex[] = [
      encodeFunctionData({ abi: abis.govPoolAbi, functionName: "withdraw", args: [attacker, 0n, []] }),
      encodeFunctionData({ abi: abis.govPoolAbi, functionName: "execute", args: [id, [action], []] }),
      encodeFunctionData({
        abi: abis.govPoolAbi,
        functionName: "saveOffchainResults",
        args: ["x", 0n, false, "0x"],
      }),
    ];
    for (const data of reentries) {
      const snapshot = await env.networkHelpers.takeSnapshot();
      await contract(env, attacker, receiverAbi).write(owner, "setReentry", [data, 1n]);
      await contract(env, attacker, receiverAbi).write(owner, "call", [claim]);
      assert.equal(
        await lastRevertName(attacker),
        "ReentrancyGuardReentrantCall",
        `re-entering ${data.slice(0, 10)}`,
      );
      await snapshot.restore();
    }
  });
});
