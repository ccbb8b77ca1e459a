import assert from "node:assert/strict";
import { before, describe, it } from "node:test";
import { type Address, decodeFunctionData, getAddress, parseEther } from "viem";
import { type DaoAddresses, NATIVE_COIN, PRECISION, proposalSettings } from "../scripts/lib/dao.ts";
import { contract, expectState, govPool, rewardedSettings, sendCoin, useEnv } from "./fixtures.ts";
import {
  type Action,
  abis,
  createProposal,
  depositStandard,
  E,
  eventsOf,
  impersonate,
  members,
  nextBlock,
  proposalView,
  State,
  standardDao,
  tokenOnlyDao,
  transferAction,
  type Wallet,
} from "./helpers.ts";

/** Vote types as the spec numbers them. */
const VoteType = { Personal: 0, Micropool: 1, Delegated: 2, Treasury: 3 } as const;

describe("delegation: micropools, treasury delegation, experts and delegator rewards", () => {
  const env = useEnv();
  let alice: Wallet, bob: Wallet, carol: Wallet, dave: Wallet, eve: Wallet;

  before(() => {
    ({ alice, bob, carol, dave, eve } = members(env));
  });

  /** The token-only standard DAO (50% quorum of 100k, early completion), its members' tokens deposited. */
  async function depositedDao() {
    const { dao } = await tokenOnlyDao(env, { name: "Delegating" });
    await depositStandard(env, dao);
    return dao;
  }

  /** alice (30k) and bob (20k) pass `actions` in a token-only DAO; carol executes them. */
  async function pass(dao: DaoAddresses, actions: Action[]) {
    const p = await createProposal(env, dao, alice, actions);
    await govPool(env, dao).write(alice, "vote", [p.id, true, E(30_000), []]);
    await govPool(env, dao).write(bob, "vote", [p.id, true, E(20_000), []]);
    // under the polynomial model 50k raw votes of holders are below half the power
    if ((await govPool(env, dao).read("getProposalState", [p.id])) === State.Voting)
      await govPool(env, dao).write(carol, "vote", [p.id, true, E(10_000), []]);
    await nextBlock(env);
    return govPool(env, dao).write(carol, "execute", [p.id, actions, []]);
  }

  const keeper = (dao: DaoAddresses) => contract(env, dao.userKeeper, abis.govUserKeeperAbi);
  const delegate = (dao: DaoAddresses, w: Wallet, to: Address, amount: bigint, nftIds: bigint[] = []) =>
    govPool(env, dao).write(w, "delegate", [to, amount, nftIds]);
  const undelegate = (dao: DaoAddresses, w: Wallet, from: Address, amount: bigint, nftIds: bigint[] = []) =>
    govPool(env, dao).write(w, "undelegate", [from, amount, nftIds]);
  const votesFor = async (dao: DaoAddresses, id: bigint) =>
    (await proposalView<{ votesFor: bigint }>(env, dao, id)).votesFor;

  it("delegate moves unlocked deposited tokens into the delegatee's micropool, undelegate moves them back", async () => {
    const dao = await env.networkHelpers.loadFixture(depositedDao);
    const pool = govPool(env, dao);
    const receipt = await delegate(dao, bob, eve.account.address, E(15_000));
    const [ev] = eventsOf(receipt, abis.govPoolAbi, "Delegated", dao.govPool);
    assert.equal(ev!.delegator, getAddress(bob.account.address));
    assert.equal(ev!.delegatee, getAddress(eve.account.address));
    assert.equal(ev!.amount, E(15_000));
    assert.equal(ev!.power, E(15_000));
    assert.equal(ev!.micropoolPower, E(15_000));
    assert.deepEqual(await keeper(dao).read("delegation", [bob.account.address, eve.account.address]), [
      E(15_000),
      [],
    ]);
    assert.deepEqual(await keeper(dao).read("micropool", [eve.account.address]), [E(15_000), []]);
    assert.deepEqual(await keeper(dao).read("delegatedOut", [bob.account.address]), [E(15_000), []]);
    assert.equal(await keeper(dao).read("tokenBalance", [bob.account.address]), E(5_000));
    assert.deepEqual(await pool.read("getWithdrawableAssets", [bob.account.address]), [E(5_000), []]);
    // the delegated tokens can neither be withdrawn nor voted personally
    await nextBlock(env);
    await pool.reverts(bob, "withdraw", [bob.account.address, E(5_001), []], "GovPoolWithdrawLocked");

    const back = await undelegate(dao, bob, eve.account.address, E(5_000));
    const [u] = eventsOf(back, abis.govPoolAbi, "Undelegated", dao.govPool);
    assert.equal(u!.micropoolPower, E(10_000));
    assert.equal(await keeper(dao).read("tokenBalance", [bob.account.address]), E(10_000));
    // undelegated tokens are deposited again, withdrawable from the next block
    await pool.reverts(bob, "withdraw", [bob.account.address, E(1), []], "GovPoolSameBlockDeposit");
  });

  it("refuses a delegation to oneself or nobody, of nothing, of more than the deposit or of voted tokens", async () => {
    const dao = await env.networkHelpers.loadFixture(depositedDao);
    const pool = govPool(env, dao);
    await pool.reverts(bob, "delegate", [bob.account.address, E(1), []], "GovPoolInvalidDelegatee");
    await pool.reverts(
      bob,
      "delegate",
      ["0x0000000000000000000000000000000000000000", E(1), []],
      "GovPoolInvalidDelegatee",
    );
    await pool.reverts(bob, "delegate", [eve.account.address, 0n, []], "GovPoolZeroDelegation");
    await pool.reverts(bob, "delegate", [eve.account.address, E(20_001), []], "GovPoolWithdrawLocked");
    const p = await createProposal(env, dao, alice, [transferAction(dao, alice.account.address, 1n)]);
    await pool.write(bob, "vote", [p.id, true, E(15_000), []]);
    // 15k of bob's 20k are locked by his vote
    await pool.reverts(bob, "delegate", [eve.account.address, E(5_001), []], "GovPoolWithdrawLocked");
    await delegate(dao, bob, eve.account.address, E(5_000));
    await nextBlock(env);
    await pool.reverts(
      bob,
      "undelegate",
      [eve.account.address, E(5_001), []],
      "GovUserKeeperInsufficientBalance",
    );
    await pool.reverts(bob, "undelegate", [eve.account.address, 0n, []], "GovPoolZeroDelegation");
    await pool.reverts(
      bob,
      "undelegate",
      [carol.account.address, E(1), []],
      "GovUserKeeperInsufficientBalance",
    );
  });

  it("a delegatee votes with its whole micropool (vote type micropool), re-cast when delegations change in Voting", async () => {
    const dao = await env.networkHelpers.loadFixture(depositedDao);
    const pool = govPool(env, dao);
    await delegate(dao, bob, eve.account.address, E(20_000));
    const p = await createProposal(env, dao, alice, [transferAction(dao, alice.account.address, 1n)]);
    // eve has no deposit: her vote is her micropool alone
    const receipt = await pool.write(eve, "vote", [p.id, true, 0n, []]);
    const [pv] = eventsOf(receipt, abis.govPoolAbi, "PowerVoted", dao.govPool);
    assert.equal(pv!.voteType, VoteType.Micropool);
    assert.equal(pv!.rawVoted, E(20_000));
    assert.equal(eventsOf(receipt, abis.govPoolAbi, "Voted", dao.govPool).length, 0);
    assert.equal(await votesFor(dao, p.id), E(20_000));
    const info = await pool.read<{ isVoteFor: boolean; totalRawVoted: bigint }>("getUserVotes", [
      p.id,
      eve.account.address,
      VoteType.Micropool,
    ]);
    assert.equal(info.isVoteFor, true);
    assert.equal(info.totalRawVoted, E(20_000));
    assert.deepEqual(await pool.read("getTotalVotes", [p.id, eve.account.address, VoteType.Micropool]), [
      E(20_000),
      E(20_000),
      E(20_000),
      true,
    ]);

    // carol's delegation joins eve's vote at once
    const more = await delegate(dao, carol, eve.account.address, E(10_000));
    const [recast] = eventsOf(more, abis.govPoolAbi, "PowerVoted", dao.govPool);
    assert.equal(recast!.rawVoted, E(30_000));
    assert.equal(await votesFor(dao, p.id), E(30_000));
    await nextBlock(env);
    await undelegate(dao, carol, eve.account.address, E(10_000));
    assert.equal(await votesFor(dao, p.id), E(20_000));
    // her vote adds personal tokens to the micropool, on one side only
    await pool.reverts(eve, "vote", [p.id, false, 0n, []], "GovPoolVoteSideMismatch");
    // and a member without deposit nor micropool still cannot vote nothing
    await pool.reverts(dave, "vote", [p.id, true, 0n, []], "GovPoolZeroVote");
    // cancelling removes the micropool too; a later delegation does not vote for her
    await pool.write(eve, "cancelVote", [p.id]);
    assert.equal(await votesFor(dao, p.id), 0n);
    await delegate(dao, carol, eve.account.address, E(1_000));
    assert.equal(await votesFor(dao, p.id), 0n);
  });

  it("a re-cast that reaches the quorum completes the vote early; what the micropool voted past Voting stays delegated", async () => {
    const dao = await env.networkHelpers.loadFixture(depositedDao);
    const pool = govPool(env, dao);
    await delegate(dao, carol, eve.account.address, E(5_000));
    const p = await createProposal(env, dao, alice, [transferAction(dao, alice.account.address, 1n)]);
    await pool.write(alice, "vote", [p.id, true, E(30_000), []]);
    await pool.write(eve, "vote", [p.id, true, 0n, []]);
    assert.equal(await votesFor(dao, p.id), E(35_000));
    const receipt = await delegate(dao, bob, eve.account.address, E(15_000));
    assert.equal(eventsOf(receipt, abis.govPoolAbi, "QuorumReached", dao.govPool).length, 1);
    await expectState(env, dao, p.id, "Locked");
    // the micropool's votes on a proposal past Voting stay delegated until it ends
    await nextBlock(env);
    await pool.reverts(bob, "undelegate", [eve.account.address, E(1), []], "GovPoolMicropoolLocked");
    // more delegated power may leave down to what was counted
    await delegate(dao, bob, eve.account.address, E(1_000));
    await nextBlock(env);
    await undelegate(dao, bob, eve.account.address, E(1_000));
  });

  it("a delegatee's NFTs-and-tokens micropool counts the NFTs' power; NFTs voted personally cannot be delegated", async () => {
    const dao = await env.networkHelpers.loadFixture(nftDao);
    const pool = govPool(env, dao);
    const p = await createProposal(env, dao, alice, [transferAction(dao, alice.account.address, 1n)]);
    await pool.write(dave, "vote", [p.id, true, 0n, [1n, 2n]]);
    await pool.reverts(dave, "delegate", [eve.account.address, 0n, [2n, 3n]], "GovPoolNftLocked");
    const receipt = await delegate(dao, dave, eve.account.address, 0n, [3n, 4n]);
    assert.equal(eventsOf(receipt, abis.govPoolAbi, "Delegated", dao.govPool)[0]!.power, E(2_000));
    await pool.write(eve, "vote", [p.id, true, 0n, []]);
    assert.equal(await votesFor(dao, p.id), E(4_000));
    const [view] = await keeper(dao).read<{ rawPower: bigint; nftIds: bigint[] }[]>("votingPower", [
      [eve.account.address],
      [VoteType.Micropool],
      true,
    ]);
    assert.equal(view!.rawPower, E(2_000));
    assert.deepEqual(view!.nftIds, [3n, 4n]);
    await nextBlock(env);
    await pool.reverts(dave, "undelegate", [eve.account.address, 0n, [5n]], "GovUserKeeperNftNotDelegated");
    await undelegate(dao, dave, eve.account.address, 0n, [4n]);
    assert.equal(await votesFor(dao, p.id), E(3_000));
    assert.equal(await keeper(dao).read("hasDepositedNft", [dave.account.address, 4n]), true);
  });

  it("fills the votingPower record for every vote type", async () => {
    const dao = await env.networkHelpers.loadFixture(depositedDao);
    await delegate(dao, bob, eve.account.address, E(12_000));
    const views = await keeper(dao).read<{ rawPower: bigint; power: bigint }[]>("votingPower", [
      [bob.account.address, eve.account.address, bob.account.address, eve.account.address],
      [VoteType.Personal, VoteType.Micropool, VoteType.Delegated, VoteType.Treasury],
      false,
    ]);
    assert.deepEqual(
      views.map((v) => [v.rawPower, v.power]),
      [
        [E(8_000), E(8_000)],
        [E(12_000), E(12_000)],
        [E(12_000), E(12_000)],
        [0n, 0n],
      ],
    );
  });

  /** The standard DAO whose rewards are paid in native coin (coefficient 0.001: a side of 55k raw votes earns
   * 55 coins), with 100 coins in the treasury and eve a local expert. */
  function rewardingDao() {
    return rewardingDaoNamed("Rewarding delegation");
  }

  async function rewardingDaoNamed(name: string) {
    const { dao } = await tokenOnlyDao(env, {
      name,
      settings: rewardedSettings(NATIVE_COIN, {
        creationReward: 0n,
        executionReward: 0n,
        voteRewardsCoefficient: PRECISION / 1000n,
      }),
    });
    await depositStandard(env, dao);
    await sendCoin(members(env).owner, dao.govPool, parseEther("100"));
    return dao;
  }

  /** bob (15k) and carol (10k) delegate to eve. */
  async function delegateToEve(dao: DaoAddresses) {
    await delegate(dao, bob, eve.account.address, E(15_000));
    await delegate(dao, carol, eve.account.address, E(10_000));
  }

  /** rewardingDao where bob and carol delegated to eve (`delegateToEve`). */
  async function rewardingMicropool() {
    const dao = await rewardingDao();
    await delegateToEve(dao);
    return dao;
  }

  it("micropool rewards: 20% to the delegatee, 80% to the delegators pro rata to their delegation at the quorum", async () => {
    const dao = await env.networkHelpers.loadFixture(rewardingMicropool);
    const pool = govPool(env, dao);
    const actions = [transferAction(dao, dave.account.address, 1n)];
    const p = await createProposal(env, dao, alice, actions);
    await pool.write(alice, "vote", [p.id, true, E(30_000), []]);
    await pool.write(eve, "vote", [p.id, true, 0n, []]);
    await nextBlock(env);
    // delegations after the vote left Voting change nothing of its rewards
    await delegate(dao, bob, eve.account.address, E(5_000));
    await pool.write(carol, "execute", [p.id, actions, []]);

    // 55 coins for 55k votes: alice 30, eve's micropool 25 → eve 5, bob 12, carol 8
    const pending = await pool.read<{
      votingRewards: { personal: bigint; micropool: bigint; treasury: bigint }[];
    }>("getPendingRewards", [eve.account.address, [p.id]]);
    assert.deepEqual(pending.votingRewards[0], { personal: 0n, micropool: parseEther("5"), treasury: 0n });
    const rewards = await pool.read<{
      expectedRewards: bigint[];
      isVoteFor: boolean[];
      isClaimed: boolean[];
    }>("getDelegatorRewards", [[p.id], bob.account.address, eve.account.address]);
    assert.deepEqual(rewards.expectedRewards, [parseEther("12")]);
    assert.deepEqual(rewards.isVoteFor, [true]);
    assert.deepEqual(rewards.isClaimed, [false]);

    const before = await env.publicClient.getBalance({ address: bob.account.address });
    const claim = await pool.write(alice, "claimMicropoolRewards", [
      [p.id],
      bob.account.address,
      eve.account.address,
    ]);
    const [ev] = eventsOf(claim, abis.govPoolAbi, "MicropoolRewardClaimed", dao.govPool);
    assert.equal(ev!.amount, parseEther("12"));
    assert.equal(
      (await env.publicClient.getBalance({ address: bob.account.address })) - before,
      parseEther("12"),
    );
    await pool.reverts(
      alice,
      "claimMicropoolRewards",
      [[p.id], bob.account.address, eve.account.address],
      "GovPoolNothingToClaim",
    );
    const after = await pool.read<{ expectedRewards: bigint[]; isClaimed: boolean[] }>(
      "getDelegatorRewards",
      [[p.id], bob.account.address, eve.account.address],
    );
    assert.deepEqual(after.isClaimed, [true]);
    assert.deepEqual(after.expectedRewards, [0n]);
    await pool.write(carol, "claimMicropoolRewards", [[p.id], carol.account.address, eve.account.address]);
    await pool.write(eve, "claimRewards", [[p.id], eve.account.address]);
    // the delegatee's claim leaves nothing of the micropool behind but rounding
    const left = await env.publicClient.getBalance({ address: dao.govPool });
    assert.equal(left, parseEther("100") - parseEther("25"));
    // a delegator of another delegatee or of nothing earns nothing
    await pool.reverts(
      alice,
      "claimMicropoolRewards",
      [[p.id], alice.account.address, eve.account.address],
      "GovPoolNothingToClaim",
    );
    await pool.reverts(
      alice,
      "claimMicropoolRewards",
      [[999n], alice.account.address, eve.account.address],
      "GovPoolNotExecuted",
    );
  });

  /** `voter`'s raw votes of `voteType` on proposal `id` (getTotalVotes' third value) and its side. */
  const kindVotes = async (dao: DaoAddresses, id: bigint, voter: Wallet, voteType: number) => {
    const [, , raw, isFor] = await govPool(env, dao).read<[bigint, bigint, bigint, boolean]>(
      "getTotalVotes",
      [id, voter.account.address, voteType],
    );
    return { raw, isFor };
  };

  it("delegated vote type: a delegator votes its delegation itself and the delegatee's micropool vote shrinks by as much", async () => {
    const dao = await env.networkHelpers.loadFixture(depositedDao);
    const pool = govPool(env, dao);
    await delegateToEve(dao);
    const p = await createProposal(env, dao, alice, [transferAction(dao, alice.account.address, 1n)]);
    await pool.write(eve, "vote", [p.id, true, 0n, []]);
    assert.equal(await votesFor(dao, p.id), E(25_000));

    // bob votes against with the 15k he delegated to eve: eve's micropool vote keeps carol's 10k
    const receipt = await pool.write(bob, "voteDelegated", [p.id, false, eve.account.address]);
    const events = eventsOf(receipt, abis.govPoolAbi, "PowerVoted", dao.govPool);
    assert.deepEqual(
      events.map((e) => [e.voter, e.voteType, e.isVoteFor, e.rawVoted]),
      [
        [getAddress(eve.account.address), VoteType.Micropool, true, E(10_000)],
        [getAddress(bob.account.address), VoteType.Delegated, false, E(15_000)],
      ],
    );
    assert.equal(await votesFor(dao, p.id), E(10_000));
    assert.equal((await proposalView<{ votesAgainst: bigint }>(env, dao, p.id)).votesAgainst, E(15_000));
    assert.deepEqual(await kindVotes(dao, p.id, bob, VoteType.Delegated), { raw: E(15_000), isFor: false });
    assert.deepEqual(await kindVotes(dao, p.id, eve, VoteType.Micropool), { raw: E(10_000), isFor: true });
    const info = await pool.read<{ totalRawVoted: bigint; tokensVoted: bigint }>("getUserVotes", [
      p.id,
      bob.account.address,
      VoteType.Delegated,
    ]);
    assert.equal(info.totalRawVoted, E(15_000));
    assert.deepEqual(await pool.read("getUserActiveProposals", [bob.account.address]), [p.id]);

    // a delegation re-cast keeps bob's part out of eve's vote; the voted delegation stays until the end
    await delegate(dao, alice, eve.account.address, E(1_000));
    assert.deepEqual(await kindVotes(dao, p.id, eve, VoteType.Micropool), { raw: E(11_000), isFor: true });
    await nextBlock(env);
    await pool.reverts(bob, "undelegate", [eve.account.address, E(1), []], "GovPoolDelegatedVoteLocked");
    // voting again adds only what bob delegated to eve since (nothing): refused
    await pool.reverts(bob, "voteDelegated", [p.id, false, eve.account.address], "GovPoolZeroVote");

    // cancelling gives eve's micropool vote the 15k back and frees the delegation
    await pool.write(bob, "cancelVote", [p.id]);
    assert.deepEqual(await kindVotes(dao, p.id, eve, VoteType.Micropool), { raw: E(26_000), isFor: true });
    assert.equal((await proposalView<{ votesAgainst: bigint }>(env, dao, p.id)).votesAgainst, 0n);
    await undelegate(dao, bob, eve.account.address, E(15_000));
    assert.deepEqual(await kindVotes(dao, p.id, eve, VoteType.Micropool), { raw: E(11_000), isFor: true });
  });

  it("refuses a delegated vote where the settings do not allow it, of nothing, through a second delegatee or on the other side", async () => {
    const dao = await env.networkHelpers.loadFixture(depositedDao);
    const pool = govPool(env, dao);
    await delegate(dao, bob, eve.account.address, E(5_000));
    await delegate(dao, bob, dave.account.address, E(5_000));
    const p = await createProposal(env, dao, alice, [transferAction(dao, alice.account.address, 1n)]);
    await pool.reverts(alice, "voteDelegated", [p.id, true, eve.account.address], "GovPoolZeroVote");
    await pool.write(bob, "vote", [p.id, true, E(1_000), []]);
    await pool.reverts(bob, "voteDelegated", [p.id, false, eve.account.address], "GovPoolVoteSideMismatch");
    await pool.write(bob, "voteDelegated", [p.id, true, eve.account.address]);
    assert.equal(await votesFor(dao, p.id), E(6_000));
    await pool.reverts(
      bob,
      "voteDelegated",
      [p.id, true, dave.account.address],
      "GovPoolDelegatedVoteElsewhere",
    );

    const s = proposalSettings({ delegatedVotingAllowed: false });
    const { dao: closed } = await tokenOnlyDao(env, {
      name: "No delegated votes",
      settings: [s, s, s, s, s],
    });
    await depositStandard(env, closed);
    await delegate(closed, bob, eve.account.address, E(5_000));
    const q = await createProposal(env, closed, alice, [transferAction(closed, alice.account.address, 1n)]);
    await govPool(env, closed).reverts(
      bob,
      "voteDelegated",
      [q.id, true, eve.account.address],
      "GovPoolDelegatedVotingNotAllowed",
    );
  });

  it("delegated vote rewards: the delegator earns its delegated votes like personal ones, the micropool shares leave them out", async () => {
    const dao = await env.networkHelpers.loadFixture(rewardingMicropool);
    const pool = govPool(env, dao);
    const actions = [transferAction(dao, dave.account.address, 1n)];
    const p = await createProposal(env, dao, alice, actions);
    await pool.write(bob, "voteDelegated", [p.id, true, eve.account.address]);
    // eve votes after bob: her micropool vote leaves bob's 15k out from the start
    await pool.write(eve, "vote", [p.id, true, 0n, []]);
    await pool.write(alice, "vote", [p.id, true, E(30_000), []]);
    await nextBlock(env);
    await pool.write(carol, "execute", [p.id, actions, []]);

    // 55 coins for 55k votes: alice 30, bob 15 (delegated), eve's micropool 10 → eve 2, carol 8, bob nothing more
    type Pending = { votingRewards: { personal: bigint; micropool: bigint; treasury: bigint }[] };
    const bobPending = await pool.read<Pending>("getPendingRewards", [bob.account.address, [p.id]]);
    assert.deepEqual(bobPending.votingRewards[0], {
      personal: parseEther("15"),
      micropool: 0n,
      treasury: 0n,
    });
    const evePending = await pool.read<Pending>("getPendingRewards", [eve.account.address, [p.id]]);
    assert.deepEqual(evePending.votingRewards[0], { personal: 0n, micropool: parseEther("2"), treasury: 0n });
    const shareOf = async (w: Wallet) =>
      (
        await pool.read<{ expectedRewards: bigint[] }>("getDelegatorRewards", [
          [p.id],
          w.account.address,
          eve.account.address,
        ])
      ).expectedRewards[0];
    assert.equal(await shareOf(carol), parseEther("8"));
    assert.equal(await shareOf(bob), 0n);
    await pool.write(alice, "claimRewards", [[p.id], bob.account.address]);
    await pool.write(alice, "claimMicropoolRewards", [[p.id], carol.account.address, eve.account.address]);
    await pool.write(alice, "claimRewards", [[p.id], eve.account.address]);
    await pool.write(alice, "claimRewards", [[p.id], alice.account.address]);
    // every coin of the side's 55 paid once
    assert.equal(await env.publicClient.getBalance({ address: dao.govPool }), parseEther("45"));
    // once the proposal ended, bob's delegation is his to take back
    await undelegate(dao, bob, eve.account.address, E(15_000));
  });

  const expertNft = (dao: DaoAddresses) => contract(env, dao.expertNft, abis.expertNftAbi);
  const treasuryAction = (dao: DaoAddresses, fn: string, expert: Address, amount: bigint) =>
    govPool(env, dao).action(fn, [expert, amount, []]);

  /** `votes` pass proposal `id` of one treasury action, whose execution fails (`GovPoolActionFailed`) because
   * the action reverts with `error`: the pool itself sending that call gets `error`. */
  async function expectActionFails(
    dao: DaoAddresses,
    id: bigint,
    actions: Action[],
    votes: [Wallet, bigint][],
    error: string,
  ) {
    const pool = govPool(env, dao);
    for (const [w, amount] of votes) await pool.write(w, "vote", [id, true, amount, []]);
    await nextBlock(env);
    await pool.reverts(carol, "execute", [id, actions, []], "GovPoolActionFailed");
    const { functionName, args } = decodeFunctionData({ abi: abis.govPoolAbi, data: actions[0]!.data });
    await pool.reverts(await impersonate(env, dao.govPool), functionName, args ?? [], error);
  }

  /** rewardingDao where the members made eve a local expert (badge minted by a proposal) and delegated her 10k of
   * the treasury's 40k tokens. */
  async function expertDao() {
    const dao = await rewardingDaoNamed("Experts");
    await pass(dao, [expertNft(dao).action("mint", [eve.account.address, "ipfs://eve"])]);
    await pass(dao, [treasuryAction(dao, "delegateTreasury", eve.account.address, E(10_000))]);
    return dao;
  }

  it("treasury delegation: only by proposal, only to experts; the expert votes with it (vote type treasury)", async () => {
    const dao = await env.networkHelpers.loadFixture(expertDao);
    const pool = govPool(env, dao);
    assert.equal(await expertNft(dao).read("isExpert", [eve.account.address]), true);
    assert.deepEqual(await keeper(dao).read("treasuryDelegation", [eve.account.address]), [E(10_000), []]);
    await pool.reverts(eve, "delegateTreasury", [eve.account.address, E(1), []], "GovPoolNotThis");
    await pool.reverts(eve, "undelegateTreasury", [eve.account.address, E(1), []], "GovPoolNotThis");
    // a proposal delegating to a non-expert fails at execution
    const notExpert = [treasuryAction(dao, "delegateTreasury", dave.account.address, E(1))];
    const q = await createProposal(env, dao, alice, notExpert);
    const votes: [Wallet, bigint][] = [
      [alice, E(30_000)],
      [bob, E(20_000)],
    ];
    await expectActionFails(dao, q.id, notExpert, votes, "GovPoolNotExpert");

    const p = await createProposal(env, dao, alice, [transferAction(dao, dave.account.address, 1n)]);
    const receipt = await pool.write(eve, "vote", [p.id, true, 0n, []]);
    const [ev] = eventsOf(receipt, abis.govPoolAbi, "PowerVoted", dao.govPool);
    assert.equal(ev!.voteType, VoteType.Treasury);
    assert.equal(ev!.rawVoted, E(10_000));
    assert.equal(await votesFor(dao, p.id), E(10_000));
    const [record] = await keeper(dao).read<{ rawPower: bigint }[]>("votingPower", [
      [eve.account.address],
      [VoteType.Treasury],
      false,
    ]);
    assert.equal(record!.rawPower, E(10_000));
  });

  it("an expert's treasury power does not count on a proposal changing its own treasury delegation, whose quorum leaves it out", async () => {
    const dao = await env.networkHelpers.loadFixture(expertDao);
    const pool = govPool(env, dao);
    const take = [treasuryAction(dao, "undelegateTreasury", eve.account.address, E(10_000))];
    const p = await createProposal(env, dao, alice, take);
    const [ex] = eventsOf(p.receipt, abis.govPoolAbi, "TreasuryVoteExcluded", dao.govPool);
    assert.equal(ex!.expert, getAddress(eve.account.address));
    assert.equal(ex!.excludedPower, E(10_000));
    // quorum: 50% of the 90k that can vote
    assert.equal((await proposalView<{ requiredQuorum: bigint }>(env, dao, p.id)).requiredQuorum, E(45_000));
    await pool.reverts(eve, "vote", [p.id, false, 0n, []], "GovPoolZeroVote");
    // inside the pool's multicall too
    const wrapped = [
      pool.action("multicall", [[pool.calldata("undelegateTreasury", [eve.account.address, E(1), []])]]),
    ];
    const w = await createProposal(env, dao, alice, wrapped);
    assert.equal(eventsOf(w.receipt, abis.govPoolAbi, "TreasuryVoteExcluded", dao.govPool).length, 1);
    const nested = [pool.action("multicall", [[pool.calldata("multicall", [[]])]])];
    await pool.reverts(alice, "createProposal", ["ipfs://x", nested, []], "GovPoolNestedMulticall");

    // the members take the delegation back
    await pool.write(alice, "vote", [p.id, true, E(30_000), []]);
    await pool.write(bob, "vote", [p.id, true, E(15_000), []]);
    await nextBlock(env);
    const receipt = await pool.write(carol, "execute", [p.id, take, []]);
    assert.equal(
      eventsOf(receipt, abis.govPoolAbi, "TreasuryUndelegated", dao.govPool)[0]!.treasuryPower,
      0n,
    );
    assert.deepEqual(await keeper(dao).read("treasuryDelegation", [eve.account.address]), [0n, []]);
  });

  it("treasury power counted on a proposal past Voting cannot be taken back before it ends; the expert earns 1.618%", async () => {
    const dao = await env.networkHelpers.loadFixture(expertDao);
    const pool = govPool(env, dao);
    const actions = [transferAction(dao, dave.account.address, 1n)];
    const p = await createProposal(env, dao, alice, actions);
    await pool.write(eve, "vote", [p.id, true, 0n, []]);
    await pool.write(alice, "vote", [p.id, true, E(30_000), []]);
    await pool.write(bob, "vote", [p.id, true, E(10_000), []]);
    await expectState(env, dao, p.id, "Locked");
    const take = [treasuryAction(dao, "undelegateTreasury", eve.account.address, E(1))];
    const t = await createProposal(env, dao, alice, take);
    const votes: [Wallet, bigint][] = [
      [carol, E(10_000)],
      [bob, E(10_000)],
      [alice, E(30_000)],
    ];
    await expectActionFails(dao, t.id, take, votes, "GovPoolTreasuryLocked");
    await pool.write(carol, "execute", [p.id, actions, []]);
    await pool.write(carol, "execute", [t.id, take, []]);
    // 50 coins for 50k votes: eve's treasury part is 10, of which she earns 1.618%
    const pending = await pool.read<{ votingRewards: { treasury: bigint }[] }>("getPendingRewards", [
      eve.account.address,
      [p.id],
    ]);
    assert.equal(pending.votingRewards[0]!.treasury, parseEther("0.1618"));
  });

  async function polynomialExpertDao() {
    const made = await tokenOnlyDao(env, { name: "Polynomial delegation", votePower: { type: 1 } });
    await depositStandard(env, made.dao);
    await pass(made.dao, [expertNft(made.dao).action("mint", [eve.account.address, "ipfs://eve"])]);
    await pass(made.dao, [treasuryAction(made.dao, "delegateTreasury", eve.account.address, E(4_000))]);
    return made;
  }

  async function nftDao() {
    const { dao } = await standardDao(env, { name: "Delegating NFTs" });
    await depositStandard(env, dao, { nfts: true });
    return dao;
  }

  it("an expert's polynomial power weighs its treasury share r (PolynomialPower with the three kinds)", async () => {
    const { dao } = await env.networkHelpers.loadFixture(polynomialExpertDao);
    const pool = govPool(env, dao);
    await delegate(dao, carol, eve.account.address, E(6_000));
    const p = await createProposal(env, dao, alice, [transferAction(dao, dave.account.address, 1n)]);
    await pool.write(eve, "vote", [p.id, true, 0n, []]);
    const power = contract(env, dao.votePower, abis.polynomialPowerAbi);
    const expected = await power.read<bigint>("calculate", [E(100_000), E(10_000), E(4_000), true]);
    assert.equal(await votesFor(dao, p.id), expected);
    const view = await proposalView<{ rawVotesFor: bigint }>(env, dao, p.id);
    assert.equal(view.rawVotesFor, E(10_000));
    // re-cast after a delegation change recomputes the formula of the new mix
    await delegate(dao, bob, eve.account.address, E(2_000));
    assert.equal(
      await votesFor(dao, p.id),
      await power.read<bigint>("calculate", [E(100_000), E(12_000), E(4_000), true]),
    );
    assert.equal(State.Voting, await govPool(env, dao).read<number>("getProposalState", [p.id]));
  });

  it("global expert badges come from the protocol owner; a local badge is burned by a proposal", async () => {
    const dao = await env.networkHelpers.loadFixture(expertDao);
    const { owner } = members(env);
    const global = contract(env, env.protocol.GlobalExpertNft, abis.expertNftAbi);
    await global.reverts(alice, "mint", [dave.account.address, "ipfs://dave"], "OwnableUnauthorizedAccount");
    await global.write(owner, "mint", [dave.account.address, "ipfs://dave"]);
    // a global expert may receive treasury delegations of any DAO
    await pass(dao, [treasuryAction(dao, "delegateTreasury", dave.account.address, E(1_000))]);
    assert.deepEqual(await keeper(dao).read("treasuryDelegation", [dave.account.address]), [E(1_000), []]);
    await pass(dao, [expertNft(dao).action("burn", [eve.account.address])]);
    assert.equal(await expertNft(dao).read("isExpert", [eve.account.address]), false);
    await global.write(owner, "burn", [dave.account.address]);
  });
});
