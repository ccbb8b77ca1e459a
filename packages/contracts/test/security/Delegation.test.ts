import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { type Address, parseEther } from "viem";
import { NATIVE_COIN, PRECISION, proposalSettings } from "../../scripts/lib/dao.ts";
import { contract, govPool, rewardedSettings, sendCoin, useEnv } from "../fixtures.ts";
import {
  type Action,
  abis,
  createProposal,
  type DaoAddresses,
  depositStandard,
  E,
  eventsOf,
  impersonate,
  members,
  nextBlock,
  proposalView,
  tokenOnlyDao,
  transferAction,
  type Wallet,
} from "../helpers.ts";

/** An odd vote rewards coefficient (1 / 3,000,000: 54k votes earn 0.018 coin) whose shares fall between wei. */
const COEFFICIENT = PRECISION / 3_000_000n;

describe("security: delegation", () => {
  const env = useEnv();

  async function delegationDao() {
    const { dao } = await tokenOnlyDao(env, { name: "Delegation attacks" });
    await depositStandard(env, dao);
    return dao;
  }
  /** No early completion: proposals stay in Voting for their hour, as a patient attacker prefers. */
  async function slowDao() {
    const s = proposalSettings({ earlyCompletion: false });
    const { dao } = await tokenOnlyDao(env, { name: "Slow delegation", settings: [s, s, s, s, s] });
    await depositStandard(env, dao);
    return dao;
  }
  const votesFor = async (dao: DaoAddresses, id: bigint) =>
    (await proposalView<{ votesFor: bigint }>(env, dao, id)).votesFor;
  const proposal = (dao: DaoAddresses) =>
    createProposal(env, dao, members(env).alice, [
      transferAction(dao, members(env).alice.account.address, 1n),
    ]);

  it("DG7 a delegator voting its delegation itself, then re-delegating or voting it again elsewhere, counts it once", async () => {
    const { bob, carol, eve } = members(env);
    const dao = await env.networkHelpers.loadFixture(slowDao);
    const pool = govPool(env, dao);
    const p = await proposal(dao);
    const tryWrite = async (w: Wallet, fn: string, args: unknown[]) => {
      try {
        await pool.write(w, fn, args);
      } catch {
        // refused: the attack step changes nothing
      }
    };
    await pool.write(bob, "delegate", [eve.account.address, E(20_000), []]);
    // bob votes his 20k himself (vote type delegated); eve's micropool vote must leave it out
    await pool.write(bob, "voteDelegated", [p.id, true, eve.account.address]);
    await tryWrite(eve, "vote", [p.id, true, 0n, []]);
    assert.equal(await votesFor(dao, p.id), E(20_000));
    // then moves the same 20k to carol, who votes it through her micropool, and votes it personally
    await nextBlock(env);
    await tryWrite(bob, "undelegate", [eve.account.address, E(20_000), []]);
    await tryWrite(bob, "delegate", [carol.account.address, E(20_000), []]);
    await tryWrite(carol, "vote", [p.id, true, 0n, []]);
    await tryWrite(bob, "vote", [p.id, true, E(20_000), []]);
    await tryWrite(eve, "vote", [p.id, true, 0n, []]);
    // bob's 20k delegated to eve is counted once (bob's own 0 deposit left and carol's 10k aside)
    const { votesFor: total } = await proposalView<{ votesFor: bigint }>(env, dao, p.id);
    const [, carolPersonal] = await pool.read<[bigint, bigint]>("getTotalVotes", [
      p.id,
      carol.account.address,
      0,
    ]);
    const [, eveMicropool] = await pool.read<[bigint, bigint]>("getTotalVotes", [
      p.id,
      eve.account.address,
      1,
    ]);
    assert.equal(eveMicropool, 0n);
    assert.equal(total - carolPersonal, E(20_000));
    await pool.reverts(bob, "undelegate", [eve.account.address, E(20_000), []], "GovPoolDelegatedVoteLocked");
  });

  it("DG1 delegate, vote through the micropool, undelegate and vote again counts the power once", async () => {
    const { bob, eve } = members(env);
    const dao = await env.networkHelpers.loadFixture(slowDao);
    const pool = govPool(env, dao);
    const p = await proposal(dao);
    await pool.write(bob, "delegate", [eve.account.address, E(20_000), []]);
    await pool.write(eve, "vote", [p.id, true, 0n, []]);
    assert.equal(await votesFor(dao, p.id), E(20_000));
    await nextBlock(env);
    await pool.write(bob, "undelegate", [eve.account.address, E(20_000), []]);
    await pool.write(bob, "vote", [p.id, true, E(20_000), []]);
    // without the re-cast the micropool's 20k would still count beside bob's own 20k
    assert.equal(await votesFor(dao, p.id), E(20_000));
    // and the other way round: voted tokens cannot be delegated into a micropool that votes them again
    await pool.reverts(bob, "delegate", [eve.account.address, E(1), []], "GovPoolWithdrawLocked");
  });

  it("DG2 a flash loan cannot delegate and take its tokens back in one transaction", async () => {
    const { bob, eve } = members(env);
    const dao = await env.networkHelpers.loadFixture(delegationDao);
    const pool = govPool(env, dao);
    const batch = (calls: [string, readonly unknown[]][]) => [
      calls.map(([fn, args]) => pool.calldata(fn, args)),
    ];
    await pool.reverts(
      bob,
      "multicall",
      batch([
        ["delegate", [eve.account.address, E(20_000), []]],
        ["undelegate", [eve.account.address, E(20_000), []]],
      ]),
      "GovPoolSameBlockDelegation",
    );
    // with its tokens delegated in an earlier block, undelegating still cannot be followed by a withdrawal
    await pool.write(bob, "delegate", [eve.account.address, E(20_000), []]);
    await nextBlock(env);
    await pool.reverts(
      bob,
      "multicall",
      batch([
        ["undelegate", [eve.account.address, E(20_000), []]],
        ["withdraw", [bob.account.address, E(20_000), []]],
      ]),
      "GovPoolSameBlockDeposit",
    );
  });

  it("DG3 a delegatee's vote costs the same with 1 or 100 delegators; a delegation re-casts at most the votes limit", async () => {
    const { owner, alice, eve } = members(env);
    const dao = await env.networkHelpers.loadFixture(slowDao);
    const pool = govPool(env, dao);
    const token = contract(env, dao.token, abis.erc20GovAbi);
    const voteGas = async () => {
      const p = await proposal(dao);
      const receipt = await pool.write(eve, "vote", [p.id, true, 0n, []]);
      return receipt.gasUsed;
    };
    const delegator = async (i: number) => {
      const address = `0x${(0xde1e0000n + BigInt(i)).toString(16).padStart(40, "0")}` as Address;
      const w = await impersonate(env, address);
      await token.write(alice, "transfer", [address, 1n]);
      await token.write(w, "approve", [dao.userKeeper, 1n]);
      await pool.write(w, "deposit", [1n, []]);
      await pool.write(w, "delegate", [eve.account.address, 1n, []]);
    };
    await pool.write(alice, "withdraw", [alice.account.address, 100n, []]);
    await delegator(0);
    // eve's first vote starts its lock list; both measured votes then add to it (and read the votes limit)
    await voteGas();
    const one = await voteGas();
    for (let i = 1; i < 100; i++) await delegator(i);
    const hundred = await voteGas();
    // one aggregate per delegatee: the vote reads the micropool's total, never its delegators
    assert.ok(hundred - one < 1_000n, `vote with 1 delegator ${one} gas, with 100 delegators ${hundred} gas`);

    // eve votes on 3 proposals at a votes limit of 3 and can vote on no fourth: a delegation re-casts at most 3
    const core = contract(env, env.protocol.CoreProperties, abis.corePropertiesAbi);
    const params = await core.read<Record<string, bigint>>("getParameters");
    await core.write(owner, "setParameters", [{ ...params, govVotesLimit: 3n }]);
    await voteGas().then(
      () => assert.fail("a fourth active vote must be refused"),
      (err: Error) => assert.match(err.message, /reverted/),
    );
    const receipt = await pool.write(alice, "delegate", [eve.account.address, E(1), []]);
    assert.equal(eventsOf(receipt, abis.govPoolAbi, "PowerVoted", dao.govPool).length, 3);
    await core.write(owner, "setParameters", [params]);
  });

  it("DG4 rounding never pays the delegators more than their 80% of the micropool reward", async () => {
    const { owner, alice, bob, carol, eve } = members(env);
    const { dao } = await env.networkHelpers.loadFixture(async function roundingDao() {
      const made = await tokenOnlyDao(env, {
        name: "Rounding",
        settings: rewardedSettings(NATIVE_COIN, {
          creationReward: 0n,
          executionReward: 0n,
          voteRewardsCoefficient: COEFFICIENT,
        }),
      });
      await depositStandard(env, made.dao);
      await sendCoin(owner, made.dao.govPool, parseEther("1"));
      return made;
    });
    const pool = govPool(env, dao);
    // delegations of 1 wei, 7 wei and the rest: each share rounds
    await pool.write(bob, "delegate", [eve.account.address, 1n, []]);
    await pool.write(carol, "delegate", [eve.account.address, 7n, []]);
    await pool.write(bob, "delegate", [eve.account.address, E(19_999), []]);
    const actions: Action[] = [transferAction(dao, alice.account.address, 1n)];
    const p = await createProposal(env, dao, alice, actions);
    await pool.write(alice, "vote", [p.id, true, 10n ** 9n + 3n, []]);
    await pool.write(eve, "vote", [p.id, true, 0n, []]);
    await pool.write(carol, "vote", [p.id, true, E(5_000), []]);
    await pool.write(alice, "vote", [p.id, true, E(29_000), []]);
    await nextBlock(env);
    await pool.write(carol, "execute", [p.id, actions, []]);
    const eveKinds = await pool.read<{ votingRewards: { micropool: bigint }[] }>("getPendingRewards", [
      eve.account.address,
      [p.id],
    ]);
    const delegatorsShare = (w: Wallet) =>
      pool
        .read<{ expectedRewards: bigint[] }>("getDelegatorRewards", [
          [p.id],
          w.account.address,
          eve.account.address,
        ])
        .then((r) => r.expectedRewards[0]!);
    const paid = (await delegatorsShare(bob)) + (await delegatorsShare(carol));
    const delegateeShare = eveKinds.votingRewards[0]!.micropool;
    // the micropool's reward: its raw votes over the side's raw votes, of the side's raw votes × the coefficient
    const micropool = E(19_999) + 8n;
    const side = micropool + 10n ** 9n + 3n + E(5_000) + E(29_000);
    const reward = (side * COEFFICIENT) / PRECISION;
    const micropoolReward = (reward * micropool) / side;
    assert.ok(delegateeShare + paid <= micropoolReward, "shares sum within the micropool reward");
    assert.ok(micropoolReward - (delegateeShare + paid) <= 3n, "and lose at most one wei per share");
    const before = await env.publicClient.getBalance({ address: dao.govPool });
    await pool.write(bob, "claimMicropoolRewards", [[p.id], bob.account.address, eve.account.address]);
    // carol's 7 wei earn less than a wei: rounded down to nothing, never up
    assert.equal(await delegatorsShare(carol), 0n);
    await pool.reverts(
      carol,
      "claimMicropoolRewards",
      [[p.id], carol.account.address, eve.account.address],
      "GovPoolNothingToClaim",
    );
    assert.equal(before - (await env.publicClient.getBalance({ address: dao.govPool })), paid);
  });

  it("DG5 an expert's treasury power cannot vote on a proposal delegating it more treasury", async () => {
    const { alice, bob, carol, eve } = members(env);
    const dao = await env.networkHelpers.loadFixture(delegationDao);
    const pool = govPool(env, dao);
    const passNow = async (actions: Action[]) => {
      const p = await createProposal(env, dao, alice, actions);
      await pool.write(alice, "vote", [p.id, true, E(30_000), []]);
      await pool.write(bob, "vote", [p.id, true, E(20_000), []]);
      await nextBlock(env);
      await pool.write(carol, "execute", [p.id, actions, []]);
    };
    await passNow([
      contract(env, dao.expertNft, abis.expertNftAbi).action("mint", [eve.account.address, "ipfs://e"]),
    ]);
    await passNow([pool.action("delegateTreasury", [eve.account.address, E(30_000), []])]);
    // eve's 30k of treasury power is over the 50% quorum of the 70k others hold: she would pass more to herself
    const grab = [pool.action("delegateTreasury", [eve.account.address, E(10_000), []])];
    const p = await createProposal(env, dao, alice, grab);
    await pool.reverts(eve, "vote", [p.id, true, 0n, []], "GovPoolZeroVote");
    assert.equal((await proposalView<{ requiredQuorum: bigint }>(env, dao, p.id)).requiredQuorum, E(35_000));
    // on any other proposal her treasury power counts
    const other = await proposal(dao);
    await pool.write(eve, "vote", [other.id, true, 0n, []]);
    assert.equal(await votesFor(dao, other.id), E(30_000));
  });

  /** No early completion, a 40% quorum (40k of 100k) and native-coin vote rewards of 1 coin per 1,000 votes. */
  async function slowRewardingDao() {
    const s = proposalSettings({
      earlyCompletion: false,
      quorum: (proposalSettings().quorum * 4n) / 5n,
      rewardsInfo: {
        rewardToken: NATIVE_COIN,
        creationReward: 0n,
        executionReward: 0n,
        voteRewardsCoefficient: PRECISION / 1000n,
      },
    });
    const { dao } = await tokenOnlyDao(env, { name: "Quorum shares", settings: [s, s, s, s, s] });
    await depositStandard(env, dao);
    await sendCoin(members(env).owner, dao.govPool, parseEther("100"));
    return dao;
  }
  /** Runs proposal `id` past its hour and executes it. */
  async function executeLater(dao: DaoAddresses, id: bigint, actions: Action[]) {
    await env.networkHelpers.time.increase(3_601);
    await govPool(env, dao).write(members(env).alice, "execute", [id, actions, []]);
  }
  const shareOf = (dao: DaoAddresses, id: bigint, delegator: Wallet, delegatee: Wallet) =>
    govPool(env, dao)
      .read<{ expectedRewards: bigint[] }>("getDelegatorRewards", [
        [id],
        delegator.account.address,
        delegatee.account.address,
      ])
      .then((r) => r.expectedRewards[0]!);
  /** carol delegates 10k to eve, then alice proposes (in slowRewardingDao). */
  async function carolsMicropool() {
    const { alice, carol, eve } = members(env);
    const dao = await env.networkHelpers.loadFixture(slowRewardingDao);
    const pool = govPool(env, dao);
    const actions = [transferAction(dao, alice.account.address, 1n)];
    await pool.write(carol, "delegate", [eve.account.address, E(10_000), []]);
    return { dao, pool, actions, p: await createProposal(env, dao, alice, actions) };
  }
  const quorumReached = async (dao: DaoAddresses, id: bigint) =>
    (await proposalView<{ quorumReached: boolean }>(env, dao, id)).quorumReached;

  it("DG8 a delegation made after the quorum earns no share of the micropool reward (the delegatee voted before it)", async () => {
    const { alice, bob, carol, eve } = members(env);
    const { dao, pool, actions, p } = await carolsMicropool();
    await pool.write(eve, "vote", [p.id, true, 0n, []]);
    await pool.write(alice, "vote", [p.id, true, E(30_000), []]);
    assert.ok(await quorumReached(dao, p.id));
    // the proposal stays in Voting for its hour: bob delegates 20k to eve, whose vote is re-cast with it
    await pool.write(bob, "delegate", [eve.account.address, E(20_000), []]);
    assert.equal(await votesFor(dao, p.id), E(60_000));
    await executeLater(dao, p.id, actions);
    // 60 coins for 60k votes: eve's micropool 30 → eve 6, and the delegators' 24 to carol, there at the quorum
    assert.equal(await shareOf(dao, p.id, carol, eve), parseEther("24"));
    assert.equal(await shareOf(dao, p.id, bob, eve), 0n);
    await pool.reverts(
      bob,
      "claimMicropoolRewards",
      [[p.id], bob.account.address, eve.account.address],
      "GovPoolNothingToClaim",
    );
  });

  it("DG8 a delegation made after the quorum earns no share (the delegatee votes after it), nor votes delegated beyond the delegation at the quorum", async () => {
    const { alice, bob, carol, eve } = members(env);
    const { dao, pool, actions, p } = await carolsMicropool();
    await pool.write(alice, "vote", [p.id, true, E(30_000), []]);
    await pool.write(bob, "vote", [p.id, true, E(10_000), []]);
    assert.ok(await quorumReached(dao, p.id));
    // bob delegates his other 10k to eve and would vote it himself out of her micropool; then eve votes
    await pool.write(bob, "delegate", [eve.account.address, E(10_000), []]);
    await pool.reverts(bob, "voteDelegated", [p.id, true, eve.account.address], "GovPoolZeroVote");
    await pool.write(eve, "vote", [p.id, true, 0n, []]);
    assert.equal(await votesFor(dao, p.id), E(60_000));
    await executeLater(dao, p.id, actions);
    // eve's micropool 20 coins → eve 4, the delegators' 16 to carol
    assert.equal(await shareOf(dao, p.id, carol, eve), parseEther("16"));
    assert.equal(await shareOf(dao, p.id, bob, eve), 0n);
    const before = await env.publicClient.getBalance({ address: dao.govPool });
    await pool.write(carol, "claimMicropoolRewards", [[p.id], carol.account.address, eve.account.address]);
    assert.equal(before - (await env.publicClient.getBalance({ address: dao.govPool })), parseEther("16"));
  });

  it("DG9 the whole micropool a proposal past Voting counted stays delegated, whoever voted which part of it", async () => {
    const { alice, bob, carol, eve } = members(env);
    const dao = await env.networkHelpers.loadFixture(delegationDao);
    const pool = govPool(env, dao);
    await pool.write(carol, "delegate", [eve.account.address, E(10_000), []]);
    await pool.write(bob, "delegate", [eve.account.address, E(20_000), []]);
    const p = await proposal(dao);
    // bob votes his 20k himself; eve's micropool vote is carol's 10k; alice's 30k completes the quorum
    await pool.write(bob, "voteDelegated", [p.id, true, eve.account.address]);
    await pool.write(eve, "vote", [p.id, true, 0n, []]);
    await pool.write(alice, "vote", [p.id, true, E(30_000), []]);
    assert.equal(await votesFor(dao, p.id), E(60_000));
    await nextBlock(env);
    // bob's 20k left in the micropool must not stand in for carol's 10k that eve voted
    await pool.reverts(carol, "undelegate", [eve.account.address, E(10_000), []], "GovPoolMicropoolLocked");
    await pool.reverts(carol, "withdraw", [carol.account.address, E(1), []], "GovPoolWithdrawLocked");
    await pool.reverts(bob, "undelegate", [eve.account.address, E(1), []], "GovPoolDelegatedVoteLocked");
  });

  it("DG6 tokens a micropool voted on a proposal past Voting cannot be undelegated and withdrawn before it ends", async () => {
    const { alice, bob, eve } = members(env);
    const dao = await env.networkHelpers.loadFixture(delegationDao);
    const pool = govPool(env, dao);
    const p = await proposal(dao);
    await pool.write(alice, "vote", [p.id, true, E(30_000), []]);
    await pool.write(bob, "delegate", [eve.account.address, E(20_000), []]);
    await pool.write(eve, "vote", [p.id, true, 0n, []]);
    await nextBlock(env);
    // the quorum is reached with bob's 20k; leaving now would leave the proposal counting tokens gone
    await pool.reverts(bob, "undelegate", [eve.account.address, E(20_000), []], "GovPoolMicropoolLocked");
    await pool.reverts(bob, "withdraw", [bob.account.address, E(1), []], "GovPoolWithdrawLocked");
    // the treasury keeper of the pool cannot be asked directly either
    await contract(env, dao.userKeeper, abis.govUserKeeperAbi).reverts(
      await impersonate(env, eve.account.address),
      "undelegate",
      [bob.account.address, eve.account.address, E(1), []],
      "OwnableUnauthorizedAccount",
    );
    assert.equal(await votesFor(dao, p.id), E(50_000));
  });
});
