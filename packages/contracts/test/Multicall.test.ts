import assert from "node:assert/strict";
import { before, describe, it } from "node:test";
import { encodeFunctionData, getAddress, type Hex, parseEther } from "viem";
import { contract, expectState, govPool, useEnv } from "./fixtures.ts";
import {
  abis,
  createProposal,
  type DaoAddresses,
  depositStandard,
  depositTokens,
  E,
  eventsOf,
  members,
  membersVoteFor,
  nextBlock,
  standardDao,
  transferAction,
  type Wallet,
} from "./helpers.ts";

const pool = abis.govPoolAbi;
const call = (functionName: string, args: readonly unknown[]): Hex =>
  encodeFunctionData({ abi: pool, functionName, args } as Parameters<typeof encodeFunctionData>[0]);

describe("GovPool multicall", () => {
  const env = useEnv();
  let owner: Wallet, alice: Wallet, bob: Wallet, carol: Wallet, eve: Wallet;

  const addr = (w: Wallet) => getAddress(w.account.address);

  before(async () => {
    ({ owner, alice, bob, carol, eve } = members(env));
  });

  async function multicallDao() {
    return standardDao(env, { name: "Multicall DAO" });
  }

  async function load(): Promise<DaoAddresses> {
    return (await env.networkHelpers.loadFixture(multicallDao)).dao;
  }

  it("is non-payable and batches Deposit + Create and Vote in one transaction as the caller", async () => {
    const entry = pool.find((item) => item.type === "function" && item.name === "multicall");
    assert.equal(entry && "stateMutability" in entry ? entry.stateMutability : undefined, "nonpayable");

    const dao = await load();
    await contract(env, dao.token, abis.erc20GovAbi).write(alice, "approve", [dao.userKeeper, E(30_000)]);
    const actions = [transferAction(dao, eve.account.address, E(1))];
    const receipt = await contract(env, dao.govPool, pool).write(alice, "multicall", [
      [
        call("deposit", [E(30_000), []]),
        call("createProposalAndVote", ["ipfs://batched", actions, [], E(30_000), []]),
      ],
    ]);
    const [deposited] = eventsOf(receipt, pool, "Deposited", dao.govPool);
    const [created] = eventsOf(receipt, pool, "ProposalCreated", dao.govPool);
    const [voted] = eventsOf(receipt, pool, "Voted", dao.govPool);
    assert.equal(deposited!.account, addr(alice));
    assert.equal(deposited!.amount, E(30_000));
    assert.equal(created!.creator, addr(alice));
    assert.equal(voted!.voter, addr(alice));
    assert.equal(voted!.totalVoted, E(30_000));
    const id = created!.proposalId as bigint;
    await expectState(env, dao, id, "Voting");
    assert.equal(
      await contract(env, dao.userKeeper, abis.govUserKeeperAbi).read("tokenBalance", [
        alice.account.address,
      ]),
      E(30_000),
    );
    // the batched vote locks like a direct one
    const [free] = await contract(env, dao.govPool, pool).read<readonly [bigint, bigint[]]>(
      "getWithdrawableAssets",
      [alice.account.address],
    );
    assert.equal(free, 0n);
  });

  it("keeps the same-block guard: deposit + withdraw in one multicall reverts", async () => {
    const dao = await load();
    await depositTokens(env, dao, alice, E(100));
    await contract(env, dao.token, abis.erc20GovAbi).write(alice, "approve", [dao.userKeeper, E(10)]);
    // even with older deposits free to leave, the batch's own deposit blocks the withdrawal
    await govPool(env, dao).reverts(
      alice,
      "multicall",
      [[call("deposit", [E(10), []]), call("withdraw", [alice.account.address, E(10), []])]],
      "GovPoolSameBlockDeposit",
    );
    // the withdrawal alone, a block later, works
    await contract(env, dao.govPool, pool).write(alice, "withdraw", [alice.account.address, E(10), []]);
  });

  it("keeps vote locks: vote + withdraw of the voted tokens in one multicall reverts", async () => {
    const dao = await load();
    await depositTokens(env, dao, bob, E(20_000));
    const { id } = await createProposal(env, dao, bob, [transferAction(dao, eve.account.address, 1n)]);
    await govPool(env, dao).reverts(
      bob,
      "multicall",
      [[call("vote", [id, true, E(20_000), []]), call("withdraw", [bob.account.address, E(1), []])]],
      "GovPoolWithdrawLocked",
    );
  });

  it("keeps every restriction: proposal-only and validators-only functions reject a member's batch", async () => {
    const dao = await load();
    const args = await govPool(env, dao).reverts(
      alice,
      "multicall",
      [[call("editDescriptionURL", ["ipfs://hijack"])]],
      "GovPoolNotThis",
    );
    assert.equal(args?.[0], addr(alice));
    await govPool(env, dao).reverts(
      alice,
      "multicall",
      [[call("changeVerifier", [alice.account.address]), call("setCommentSettings", [0n, 0n])]],
      "GovPoolNotThis",
    );
    await govPool(env, dao).reverts(
      alice,
      "multicall",
      [[call("transferCreditAmount", [[dao.token], [1n], alice.account.address])]],
      "GovPoolNotValidators",
    );
    // nested: a multicall inside a multicall is still the member, not the pool
    await govPool(env, dao).reverts(
      alice,
      "multicall",
      [[call("multicall", [[call("changeBABTRestriction", [true])]])]],
      "GovPoolNotThis",
    );
    // and a failing call reverts the calls before it
    await contract(env, dao.token, abis.erc20GovAbi).write(alice, "approve", [dao.userKeeper, E(5)]);
    await govPool(env, dao).reverts(
      alice,
      "multicall",
      [[call("deposit", [E(5), []]), call("vote", [99n, true, E(5), []])]],
      "GovPoolWrongState",
    );
  });

  it("keeps the BABT restriction inside a multicall", async () => {
    const { dao } = await standardDao(env, { name: "Multicall KYC", onlyBABTHolders: true });
    await depositTokens(env, dao, carol, E(10_000));
    await govPool(env, dao).reverts(
      carol,
      "multicall",
      [[call("createProposal", ["u", [transferAction(dao, carol.account.address, 1n)], []])]],
      "GovPoolNotBABTHolder",
    );
  });

  it("cannot reuse msg.value: value is refused, and payable execute sees none inside a batch", async () => {
    const dao = await load();
    await depositStandard(env, dao);
    // a proposal paying 1 ETH out of the pool; the pool holds no ETH
    const pay = { executor: eve.account.address, value: parseEther("1"), data: "0x" as Hex };
    const { id } = await createProposal(env, dao, alice, [pay]);
    await membersVoteFor(env, dao, id);
    await nextBlock(env);
    await expectState(env, dao, id, "SucceededFor");
    const executeCall = call("execute", [id, [pay], []]);

    // value sent to multicall is rejected outright (not payable), whatever the batch
    await assert.rejects(
      owner.sendTransaction({
        to: dao.govPool,
        data: encodeFunctionData({
          abi: pool,
          functionName: "multicall",
          args: [[executeCall, executeCall]],
        }),
        value: parseEther("1"),
        account: owner.account,
        chain: owner.chain,
      }),
    );
    // inside a batch msg.value is zero, so the payable execute cannot spend value it was not given
    await govPool(env, dao).reverts(owner, "multicall", [[executeCall]], "GovPoolActionFailed");
    assert.equal(await env.publicClient.getBalance({ address: dao.govPool }), 0n);
    await expectState(env, dao, id, "SucceededFor");

    // paid directly, the value funds exactly one execution
    const before = await env.publicClient.getBalance({ address: eve.account.address });
    await contract(env, dao.govPool, pool).write(owner, "execute", [id, [pay], []], parseEther("1"));
    assert.equal(
      await env.publicClient.getBalance({ address: eve.account.address }),
      before + parseEther("1"),
    );
    assert.equal(await env.publicClient.getBalance({ address: dao.govPool }), 0n);
    await expectState(env, dao, id, "ExecutedFor");
  });

  it("a proposal may batch the pool's own governance calls through multicall", async () => {
    const dao = await load();
    await depositStandard(env, dao);
    const batch = {
      executor: dao.govPool,
      value: 0n,
      data: encodeFunctionData({
        abi: pool,
        functionName: "multicall",
        args: [[call("editDescriptionURL", ["ipfs://batched"]), call("setCommentSettings", [E(1), E(2)])]],
      }),
    };
    const { id } = await createProposal(env, dao, alice, [batch]);
    await membersVoteFor(env, dao, id);
    await contract(env, dao.govPool, pool).write(owner, "execute", [id, [batch], []]);
    assert.equal(await contract(env, dao.govPool, pool).read("descriptionURL"), "ipfs://batched");
    assert.deepEqual(await contract(env, dao.govPool, pool).read("getCommentSettings"), [E(1), E(2)]);
  });
});
