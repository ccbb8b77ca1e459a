import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { maxUint256 } from "viem";
import { contract, expectState, govPool, metaGovernanceDaos, useEnv, votePassing } from "../fixtures.ts";
import { type Action, abis, createProposal, E, members, nextBlock, voteAll } from "../helpers.ts";

describe("security: meta-governance against-actions", () => {
  const env = useEnv();

  const twoDaos = () => metaGovernanceDaos(env);

  it("H1 members voting against cannot hand an attacker an unlimited approval of the treasury", async () => {
    const { alice, carol, eve } = members(env);
    const { a, b } = await env.networkHelpers.loadFixture(twoDaos);
    const harmless = contract(env, a.token, abis.erc20GovAbi).action("approve", [b.userKeeper, 1n]);
    const steal = contract(env, a.token, abis.erc20GovAbi).action("approve", [
      eve.account.address,
      maxUint256,
    ]);
    // the attack (by any member able to create): an objectionable for-side, so the members vote against,
    // which runs the against-actions
    const poolA = govPool(env, a);
    const token = contract(env, a.token, abis.erc20GovAbi);
    const attack = async () => {
      const p = await createProposal(env, a, alice, [harmless], [steal]);
      await votePassing(env, a, p.id, { isVoteFor: false });
      await nextBlock(env);
      await poolA.write(carol, "execute", [p.id, [harmless], [steal]]);
      await token.write(eve, "transferFrom", [a.govPool, eve.account.address, E(40_000)]);
    };
    await assert.rejects(attack(), /GovPoolInvalidAgainstActions/);
    assert.equal(await token.read("balanceOf", [a.govPool]), E(40_000));

    for (const [forActions, againstActions] of [
      [[contract(env, b.token, abis.erc20GovAbi).action("approve", [b.userKeeper, 1n])], [steal]],
      // identical on both sides, but the spender is not another pool's user keeper
      [[steal], [steal]],
    ] as const) {
      await poolA.reverts(
        alice,
        "createProposal",
        ["m", forActions, againstActions],
        "GovPoolInvalidAgainstActions",
      );
    }
  });

  it("H1 against-actions withdraw from another pool only to this pool, and vote only the flipped side", async () => {
    const { alice, eve } = members(env);
    const { a, b, targetId } = await env.networkHelpers.loadFixture(twoDaos);
    const poolB = govPool(env, b);
    const withdrawHere = poolB.action("withdraw", [a.govPool, E(60), []]);
    const withdrawAway = poolB.action("withdraw", [eve.account.address, E(60), []]);
    const voteFor = poolB.action("vote", [targetId, true, E(60), []]);
    const poolA = govPool(env, a);
    const cases: [Action[], Action[]][] = [
      [[withdrawHere], [withdrawAway]],
      [[withdrawAway], [withdrawAway]],
      // the same side twice, another proposal, another amount
      [[voteFor], [voteFor]],
      [[voteFor], [poolB.action("vote", [targetId + 1n, false, E(60), []])]],
      [[voteFor], [poolB.action("vote", [targetId, false, E(1), []])]],
      // a deposit that differs
      [[poolB.action("deposit", [E(60), []])], [poolB.action("deposit", [E(1), []])]],
      // meta-governance of the pool itself
      [[poolA.action("cancelVote", [1n])], [poolA.action("cancelVote", [1n])]],
    ];
    for (const [forActions, againstActions] of cases) {
      await poolA.reverts(
        alice,
        "createProposal",
        ["m", forActions, againstActions],
        "GovPoolInvalidAgainstActions",
      );
    }
  });

  it("H1 a mirrored meta-governance proposal still votes against in the other DAO and withdraws home", async () => {
    const { alice, bob, carol, dave } = members(env);
    const { a, b, targetId } = await env.networkHelpers.loadFixture(twoDaos);
    const token = contract(env, b.token, abis.erc20GovAbi);
    const approve = token.action("approve", [b.userKeeper, E(60)]);
    const poolB = govPool(env, b);
    const deposit = poolB.action("deposit", [E(60), []]);
    const forActions = [approve, deposit, poolB.action("vote", [targetId, true, E(60), []])];
    const againstActions = [approve, deposit, poolB.action("vote", [targetId, false, E(60), []])];
    const meta = await createProposal(env, a, alice, forActions, againstActions);
    await votePassing(env, a, meta.id, { isVoteFor: false });
    await nextBlock(env);
    await expectState(env, a, meta.id, "SucceededAgainst");
    const poolA = govPool(env, a);
    await poolA.write(carol, "execute", [meta.id, forActions, againstActions]);
    const v = await poolB.read<{ isVoteFor: boolean }>("getUserVotes", [targetId, a.govPool, 0]);
    assert.equal(v.isVoteFor, false);
    // later, once B's proposal is over, A withdraws its B tokens home
    await env.networkHelpers.time.increase(3600);
    const home = poolB.action("withdraw", [a.govPool, E(60), []]);
    const back = await createProposal(env, a, alice, [home], [home]);
    await voteAll(env, a, back.id, [
      [alice, E(30_000)],
      [bob, E(20_000)],
      [dave, 0n, [1n, 2n, 3n, 4n, 5n]],
    ]);
    await nextBlock(env);
    await poolA.write(carol, "execute", [back.id, [home], [home]]);
    assert.equal(await token.read("balanceOf", [a.govPool]), E(60));
  });
});
