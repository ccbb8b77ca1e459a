import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { type Abi, encodeFunctionData } from "viem";
import { readArtifact } from "../../scripts/lib/artifacts.ts";
import { PERCENT, proposalSettings } from "../../scripts/lib/dao.ts";
import { deploy } from "../../scripts/lib/protocol.ts";
import { contract, expectState, govPool, useEnv } from "../fixtures.ts";
import { abis, E, eventsOf, members, tokenOnlyDao, transferAction } from "../helpers.ts";

const takeoverAbi = readArtifact("FlashLoanTakeover").abi;

describe("security: flash-loan takeover", () => {
  const env = useEnv();

  /** An imported token of 1M: a lender holds 300k, the treasury 500k, alice and bob 100k each. The DAO has the
   * wizard's defaults that make the attack possible: early completion, no execution delay (quorum 20%). */
  async function lendableDao() {
    const { owner, alice, bob } = members(env);
    const token = await deploy(env.clients(owner), "ERC20Mock", ["Imported", "IMP", 18]);
    const lender = await deploy(env.clients(owner), "MockFlashLender");
    const s = proposalSettings({ quorum: 20n * PERCENT, earlyCompletion: true, executionDelay: 0n });
    const { dao } = await tokenOnlyDao(env, {
      name: "Lendable",
      newToken: undefined,
      tokenAddress: token.address,
      settings: [s, s, s, s, s],
    });
    for (const [to, amount] of [
      [lender.address, E(300_000)],
      [dao.govPool, E(500_000)],
      [alice.account.address, E(100_000)],
      [bob.account.address, E(100_000)],
    ] as const) {
      await contract(env, token.address, abis.erc20MockAbi).write(owner, "mint", [to, amount]);
    }
    const attacker = await deploy(env.clients(owner), "FlashLoanTakeover", [
      dao.govPool,
      dao.userKeeper,
      token.address,
    ]);
    return { dao, lender: lender.address, attacker: attacker.address };
  }

  it("H3 a flash loan cannot deposit, create, vote and execute a treasury payout in one transaction", async () => {
    const { owner } = members(env);
    const { dao, lender, attacker } = await env.networkHelpers.loadFixture(lendableDao);
    const drain = transferAction(dao, attacker, E(500_000));
    // 250k borrowed is 25% of the supply: over the 20% quorum, and the treasury repays it twice over
    await contract(env, attacker, [...takeoverAbi, ...abis.govPoolAbi]).reverts(
      owner,
      "attack",
      [lender, E(250_000), [drain]],
      "GovPoolWrongState",
    );
    await assert.rejects(
      contract(env, attacker, takeoverAbi).write(owner, "attack", [lender, E(250_000), [drain]]),
    );
    const mock = contract(env, dao.token, abis.erc20MockAbi);
    assert.equal(await mock.read("balanceOf", [dao.govPool]), E(500_000));
    assert.equal(await mock.read("balanceOf", [lender]), E(300_000));
    assert.equal(await govPool(env, dao).read("latestProposalId"), 0n);
  });

  it("H3 Deposit, Create and Vote stays one transaction; execution waits for a block after the quorum", async () => {
    const { alice, bob, carol } = members(env);
    const { dao } = await env.networkHelpers.loadFixture(lendableDao);
    const payout = transferAction(dao, carol.account.address, E(1));
    const mock = contract(env, dao.token, abis.erc20MockAbi);
    await mock.write(alice, "approve", [dao.userKeeper, E(100_000)]);
    const call = (functionName: string, args: readonly unknown[]) =>
      encodeFunctionData({ abi: abis.govPoolAbi as Abi, functionName, args });
    const pool = govPool(env, dao);
    const created = await pool.write(alice, "multicall", [
      [
        call("deposit", [E(100_000), []]),
        call("createProposalAndVote", ["ipfs://p", [payout], [], E(100_000), []]),
      ],
    ]);
    const [proposal] = eventsOf(created, abis.govPoolAbi, "ProposalCreated", dao.govPool);
    const id = proposal!.proposalId as bigint;
    await mock.write(bob, "approve", [dao.userKeeper, E(100_000)]);
    await pool.write(bob, "deposit", [E(100_000), []]);

    // bob's vote reaching the quorum and an execution in the same block: the execution reverts
    await env.connection.provider.request({ method: "evm_setAutomine", params: [false] });
    const send = (functionName: string, args: readonly unknown[]) =>
      bob.sendTransaction({
        to: dao.govPool,
        data: call(functionName, args),
        account: bob.account,
        chain: bob.chain,
        gas: 1_000_000n,
      });
    const voteTx = await send("vote", [id, true, E(100_000), []]);
    const executeTx = await send("execute", [id, [payout], []]);
    await env.networkHelpers.mine();
    await env.connection.provider.request({ method: "evm_setAutomine", params: [true] });
    const vote = await env.publicClient.getTransactionReceipt({ hash: voteTx });
    const execute = await env.publicClient.getTransactionReceipt({ hash: executeTx });
    assert.equal(vote.blockNumber, execute.blockNumber);
    assert.equal(eventsOf(vote, abis.govPoolAbi, "QuorumReached").length, 1);
    assert.equal(execute.status, "reverted");

    // from the next block on it executes
    await pool.write(bob, "execute", [id, [payout], []]);
    await expectState(env, dao, id, "ExecutedFor");
  });
});
