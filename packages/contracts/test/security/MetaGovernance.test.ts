import assert from "node:assert/strict";
import { before, describe, it } from "node:test";
import { type Abi, encodeFunctionData, maxUint256, zeroAddress } from "viem";
import { contract, govPool } from "../fixtures.ts";
import {
  type Action,
  abis,
  createEnv,
  createProposal,
  depositStandard,
  depositTokens,
  E,
  type Env,
  members,
  nextBlock,
  read,
  State,
  standardDao,
  stateOf,
  transferAction,
  voteAll,
} from "../helpers.ts";

describe("security: meta-governance against-actions", () => {
  let env: Env;

  before(async () => {
    env = await createEnv();
  });

  /** DAO A (the standard members) holds 60 of the 100 tokens of DAO B, which has a proposal in Voting. */
  async function twoDaos() {
    const { alice } = members(env);
    const { dao: a } = await standardDao(env, { name: "Meta A" });
    await depositStandard(env, a, { nfts: true });
    const { dao: b } = await standardDao(env, {
      name: "Meta B",
      nftAddress: zeroAddress,
      individualPower: 0n,
      newToken: {
        name: "B",
        symbol: "B",
        cap: E(1000),
        mintedTotal: E(100),
        users: [a.govPool, alice.account.address],
        amounts: [E(60), E(40)],
      },
    });
    await depositTokens(env, b, alice, E(40));
    const target = await createProposal(env, b, alice, [transferAction(b, alice.account.address, 1n)]);
    return { a, b, targetId: target.id };
  }

  const action = (
    executor: `0x${string}`,
    abi: Abi,
    functionName: string,
    args: readonly unknown[],
  ): Action => ({
    executor,
    value: 0n,
    data: encodeFunctionData({ abi, functionName, args }),
  });

  it("H1 members voting against cannot hand an attacker an unlimited approval of the treasury", async () => {
    const { alice, bob, carol, dave, eve } = members(env);
    const { a, b } = await env.networkHelpers.loadFixture(twoDaos);
    const harmless = action(a.token, abis.erc20GovAbi, "approve", [b.userKeeper, 1n]);
    const steal = action(a.token, abis.erc20GovAbi, "approve", [eve.account.address, maxUint256]);
    // the attack (by any member able to create): an objectionable for-side, so the members vote against,
    // which runs the against-actions
    const poolA = govPool(env, a);
    const token = contract(env, a.token, abis.erc20GovAbi);
    const attack = async () => {
      const p = await createProposal(env, a, alice, [harmless], [steal]);
      await voteAll(
        env,
        a,
        p.id,
        [
          [alice, E(30_000)],
          [bob, E(20_000)],
          [dave, 0n, [1n, 2n, 3n, 4n, 5n]],
        ],
        false,
      );
      await nextBlock(env);
      await poolA.write(carol, "execute", [p.id, [harmless], [steal]]);
      await token.write(eve, "transferFrom", [a.govPool, eve.account.address, E(40_000)]);
    };
    await assert.rejects(attack(), /GovPoolInvalidAgainstActions/);
    assert.equal(await token.read("balanceOf", [a.govPool]), E(40_000));

    for (const [forActions, againstActions] of [
      [[action(b.token, abis.erc20GovAbi, "approve", [b.userKeeper, 1n])], [steal]],
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
    const withdrawHere = action(b.govPool, abis.govPoolAbi, "withdraw", [a.govPool, E(60), []]);
    const withdrawAway = action(b.govPool, abis.govPoolAbi, "withdraw", [eve.account.address, E(60), []]);
    const voteFor = action(b.govPool, abis.govPoolAbi, "vote", [targetId, true, E(60), []]);
    const cases: [Action[], Action[]][] = [
      [[withdrawHere], [withdrawAway]],
      [[withdrawAway], [withdrawAway]],
      // the same side twice, another proposal, another amount
      [[voteFor], [voteFor]],
      [[voteFor], [action(b.govPool, abis.govPoolAbi, "vote", [targetId + 1n, false, E(60), []])]],
      [[voteFor], [action(b.govPool, abis.govPoolAbi, "vote", [targetId, false, E(1), []])]],
      // a deposit that differs
      [
        [action(b.govPool, abis.govPoolAbi, "deposit", [E(60), []])],
        [action(b.govPool, abis.govPoolAbi, "deposit", [E(1), []])],
      ],
      // meta-governance of the pool itself
      [
        [action(a.govPool, abis.govPoolAbi, "cancelVote", [1n])],
        [action(a.govPool, abis.govPoolAbi, "cancelVote", [1n])],
      ],
    ];
    for (const [forActions, againstActions] of cases) {
      await govPool(env, a).reverts(
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
    const approve = action(b.token, abis.erc20GovAbi, "approve", [b.userKeeper, E(60)]);
    const deposit = action(b.govPool, abis.govPoolAbi, "deposit", [E(60), []]);
    const forActions = [
      approve,
      deposit,
      action(b.govPool, abis.govPoolAbi, "vote", [targetId, true, E(60), []]),
    ];
    const againstActions = [
      approve,
      deposit,
      action(b.govPool, abis.govPoolAbi, "vote", [targetId, false, E(60), []]),
    ];
    const meta = await createProposal(env, a, alice, forActions, againstActions);
    await voteAll(
      env,
      a,
      meta.id,
      [
        [alice, E(30_000)],
        [bob, E(20_000)],
        [dave, 0n, [1n, 2n, 3n, 4n, 5n]],
      ],
      false,
    );
    await nextBlock(env);
    assert.equal(await stateOf(env, a, meta.id), State.SucceededAgainst);
    const poolA = govPool(env, a);
    await poolA.write(carol, "execute", [meta.id, forActions, againstActions]);
    const v = await govPool(env, b).read<{ isVoteFor: boolean }>("getUserVotes", [targetId, a.govPool, 0]);
    assert.equal(v.isVoteFor, false);
    // later, once B's proposal is over, A withdraws its B tokens home
    await env.networkHelpers.time.increase(3600);
    const home = action(b.govPool, abis.govPoolAbi, "withdraw", [a.govPool, E(60), []]);
    const back = await createProposal(env, a, alice, [home], [home]);
    await voteAll(env, a, back.id, [
      [alice, E(30_000)],
      [bob, E(20_000)],
      [dave, 0n, [1n, 2n, 3n, 4n, 5n]],
    ]);
    await nextBlock(env);
    await poolA.write(carol, "execute", [back.id, [home], [home]]);
    assert.equal(await read(env, b.token, abis.erc20GovAbi, "balanceOf", [a.govPool]), E(60));
  });
});
