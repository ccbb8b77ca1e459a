import assert from "node:assert/strict";
import { before, describe, it } from "node:test";
import { encodeFunctionData, encodePacked, getAddress, keccak256 } from "viem";
import { deployDao, proposalSettings } from "../scripts/lib/dao.ts";
import { contract, expectState, govPool, useEnv, useStandardDao } from "./fixtures.ts";
import {
  abis,
  createProposal,
  depositStandard,
  depositTokens,
  E,
  editDescriptionAction,
  eventsOf,
  members,
  membersVoteFor,
  nextBlock,
  PERCENT,
  proposalView,
  State,
  standardDao,
  transferAction,
  type Wallet,
} from "./helpers.ts";

const HOUR = 3600;

describe("GovPool", () => {
  const env = useEnv();
  let owner: Wallet, alice: Wallet, bob: Wallet, carol: Wallet, dave: Wallet, eve: Wallet;
  const load = useStandardDao(env);

  before(async () => {
    ({ owner, alice, bob, carol, dave, eve } = members(env));
  });

  describe("deployment", () => {
    it("deploys every helper at the predicted CREATE2 addresses, owned by the pool", async () => {
      const { dao } = await load();
      const predicted = await contract(env, env.protocol.PoolFactory, abis.poolFactoryAbi).read<
        Record<string, string>
      >("predictGovAddresses", [owner.account.address, "Standard DAO"]);
      assert.equal(getAddress(predicted.govPool!), dao.govPool);
      assert.equal(getAddress(predicted.settings!), dao.settings);
      assert.equal(getAddress(predicted.userKeeper!), dao.userKeeper);
      assert.equal(getAddress(predicted.validators!), dao.validators);
      assert.equal(getAddress(predicted.validatorsToken!), dao.validatorsToken);
      assert.equal(getAddress(predicted.expertNft!), dao.expertNft);
      assert.equal(getAddress(predicted.nftMultiplier!), dao.nftMultiplier);
      assert.equal(getAddress(predicted.govToken!), dao.token);
      const registry = contract(env, env.protocol.PoolRegistry, abis.poolRegistryAbi);
      assert.equal(await registry.read("isGovPool", [dao.govPool]), true);
      assert.equal(await registry.read("isGovPool", [dao.token]), false);
      for (const [address, abi] of [
        [dao.settings, abis.govSettingsAbi],
        [dao.userKeeper, abis.govUserKeeperAbi],
        [dao.validators, abis.govValidatorsAbi],
        [dao.expertNft, abis.expertNftAbi],
        [dao.nftMultiplier, abis.nftMultiplierAbi],
        [dao.token, abis.erc20GovAbi],
      ] as const) {
        assert.equal(await contract(env, address, abi).read("owner"), dao.govPool);
      }
      const pool = govPool(env, dao);
      const helpers = await pool.read<readonly string[]>("getHelperContracts");
      assert.deepEqual(helpers, [
        dao.settings,
        dao.userKeeper,
        dao.validators,
        env.protocol.PoolRegistry,
        env.protocol.LinearPower,
      ]);
      const nfts = await pool.read<readonly string[]>("getNftContracts");
      // the DAO's own multiplier collection is active from deployment
      assert.deepEqual(nfts, [
        dao.nftMultiplier,
        dao.expertNft,
        env.protocol.GlobalExpertNft,
        env.protocol.BABT,
      ]);
      assert.equal(await pool.read("name"), "Standard DAO");
      assert.equal(await pool.read("descriptionURL"), "ipfs://dao");
      assert.deepEqual(await pool.read("getCommentSettings"), [0n, E(1)]);
    });

    it("splits the new token between recipients and the treasury, validator token gets -VT", async () => {
      const { dao } = await load();
      const token = contract(env, dao.token, abis.erc20GovAbi);
      assert.equal(await token.read("balanceOf", [alice.account.address]), E(30_000));
      assert.equal(await token.read("balanceOf", [dao.govPool]), E(40_000));
      assert.equal(await token.read("cap"), E(1_000_000));
      assert.equal(
        await contract(env, dao.validatorsToken, abis.govValidatorsTokenAbi).read("symbol"),
        "VAL-VT",
      );
      assert.equal(
        await contract(env, dao.userKeeper, abis.govUserKeeperAbi).read("getTotalPower"),
        E(110_000),
      );
    });

    it("rejects a taken name and reports it through isNameTaken", async () => {
      const { dao } = await load();
      const factory = contract(env, env.protocol.PoolFactory, abis.poolFactoryAbi);
      assert.equal(await factory.read("isNameTaken", [owner.account.address, "Standard DAO"]), true);
      const { deployParams } = await import("../scripts/lib/dao.ts");
      await factory.reverts(
        owner,
        "deployGovPool",
        [deployParams({ name: "Standard DAO", tokenAddress: dao.token })],
        "PoolFactoryNameTaken",
      );
      // another deployer may use the same name
      const other = await deployDao(env.clients(alice), env.protocol.PoolFactory, {
        name: "Standard DAO",
        tokenAddress: dao.token,
      });
      assert.notEqual(other.govPool, dao.govPool);
      const salt = keccak256(encodePacked(["address", "string"], [alice.account.address, "Standard DAO"]));
      assert.ok(salt);
    });

    it("validates token creation and settings", async () => {
      const { dao } = await load();
      const { deployParams } = await import("../scripts/lib/dao.ts");
      const factory = contract(env, env.protocol.PoolFactory, abis.poolFactoryAbi);
      await factory.reverts(owner, "deployGovPool", [deployParams({ name: "" })], "PoolFactoryEmptyName");
      // 100% in treasury is rejected
      await factory.reverts(
        owner,
        "deployGovPool",
        [
          deployParams({
            name: "T",
            newToken: { name: "T", symbol: "T", cap: E(10), mintedTotal: E(10), users: [], amounts: [] },
          }),
        ],
        "ERC20GovInvalidParams",
      );
      const bad = proposalSettings({ quorum: 0n });
      await factory.reverts(
        owner,
        "deployGovPool",
        [deployParams({ name: "S", tokenAddress: dao.token, settings: [bad, bad, bad, bad, bad] })],
        "GovSettingsInvalidSettings",
      );
      await factory.reverts(
        owner,
        "deployGovPool",
        [
          deployParams({
            name: "S",
            tokenAddress: dao.token,
            votePower: { type: 2, preset: alice.account.address },
          }),
        ],
        "PoolFactoryInvalidVotePower",
      );
    });
  });

  describe("deposits and withdrawals", () => {
    it("deposits tokens and NFTs and reports voting power", async () => {
      const { dao } = await load();
      const receipt = await depositTokens(env, dao, dave, 0n, [1n, 2n]);
      assert.equal(eventsOf(receipt, abis.govPoolAbi, "Deposited", dao.govPool).length, 1);
      await depositTokens(env, dao, alice, E(1000));
      const keeper = contract(env, dao.userKeeper, abis.govUserKeeperAbi);
      const [v] = await keeper.read<readonly Record<string, unknown>[]>("votingPower", [
        [dave.account.address],
        [0],
        true,
      ]);
      assert.equal(v!.rawPower, E(2000));
      assert.equal(v!.power, E(2000));
      assert.equal(v!.nftPower, E(2000));
      assert.deepEqual(v!.nftIds, [1n, 2n]);
      assert.deepEqual(v!.perNftPower, [E(1000), E(1000)]);
      assert.equal(v!.ownedLength, 3n);
      const [a] = await keeper.read<readonly Record<string, unknown>[]>("votingPower", [
        [alice.account.address],
        [0],
        false,
      ]);
      assert.equal(a!.power, E(1000));
      assert.equal(a!.ownedBalance, E(29_000));
      assert.deepEqual(await govPool(env, dao).read("getWithdrawableAssets", [dave.account.address]), [
        0n,
        [1n, 2n],
      ]);
      // micropool, delegated and treasury kinds hold nothing until delegation exists; owned balances still show
      const others = await keeper.read<readonly Record<string, unknown>[]>("votingPower", [
        [dave.account.address, dave.account.address, dave.account.address],
        [1, 2, 3],
        false,
      ]);
      for (const o of others) {
        assert.equal(o.power, 0n);
        assert.equal(o.rawPower, 0n);
        assert.equal(o.ownedLength, 3n);
      }
    });

    it("withdraws unlocked assets and rejects more than deposited", async () => {
      const { dao } = await load();
      await depositTokens(env, dao, alice, E(1000));
      const pool = govPool(env, dao);
      const receipt = await pool.write(alice, "withdraw", [bob.account.address, E(400), []]);
      assert.equal(eventsOf(receipt, abis.govPoolAbi, "Withdrawn", dao.govPool).length, 1);
      assert.equal(
        await contract(env, dao.token, abis.erc20GovAbi).read("balanceOf", [bob.account.address]),
        E(20_400),
      );
      await pool.reverts(alice, "withdraw", [alice.account.address, E(601), []], "GovPoolWithdrawLocked");
      await pool.reverts(bob, "withdraw", [bob.account.address, 0n, [1n]], "GovUserKeeperNftNotDeposited");
    });

    it("reverts a withdrawal in the block of a deposit (flash-loan guard)", async () => {
      const { dao } = await load();
      await contract(env, dao.token, abis.erc20GovAbi).write(alice, "approve", [dao.userKeeper, E(10)]);
      await env.connection.provider.request({ method: "evm_setAutomine", params: [false] });
      const h1 = await alice.sendTransaction({
        to: dao.govPool,
        data: encodeFunctionData({ abi: abis.govPoolAbi, functionName: "deposit", args: [E(10), []] }),
        account: alice.account,
        chain: alice.chain,
        gas: 500_000n,
      });
      const h2 = await alice.sendTransaction({
        to: dao.govPool,
        data: encodeFunctionData({
          abi: abis.govPoolAbi,
          functionName: "withdraw",
          args: [alice.account.address, E(10), []],
        }),
        account: alice.account,
        chain: alice.chain,
        gas: 500_000n,
      });
      await env.networkHelpers.mine();
      await env.connection.provider.request({ method: "evm_setAutomine", params: [true] });
      const r1 = await env.publicClient.getTransactionReceipt({ hash: h1 });
      const r2 = await env.publicClient.getTransactionReceipt({ hash: h2 });
      assert.equal(r1.blockNumber, r2.blockNumber);
      assert.equal(r1.status, "success");
      assert.equal(r2.status, "reverted");
      // a block later it works
      await govPool(env, dao).write(alice, "withdraw", [alice.account.address, E(10), []]);
    });

    it("locks the maximum over active proposals, not the sum, and unlocks lazily", async () => {
      const { dao } = await load();
      await depositTokens(env, dao, alice, E(10_000));
      const p1 = await createProposal(env, dao, alice, [transferAction(dao, alice.account.address, 1n)]);
      const p2 = await createProposal(env, dao, alice, [transferAction(dao, alice.account.address, 2n)]);
      const pool = govPool(env, dao);
      await pool.write(alice, "vote", [p1.id, true, E(6000), []]);
      await pool.write(alice, "vote", [p2.id, true, E(4000), []]);
      assert.deepEqual(await pool.read("getWithdrawableAssets", [alice.account.address]), [E(4000), []]);
      await pool.reverts(alice, "withdraw", [alice.account.address, E(4001), []], "GovPoolWithdrawLocked");
      await pool.write(alice, "withdraw", [alice.account.address, E(4000), []]);
      assert.deepEqual(await pool.read("getUserActiveProposals", [alice.account.address]), [p2.id, p1.id]);
      // both end without quorum: Defeated, assets unlock on the next action
      await env.networkHelpers.time.increase(HOUR + 1);
      await expectState(env, dao, p1.id, "Defeated");
      assert.deepEqual(await pool.read("getWithdrawableAssets", [alice.account.address]), [E(6000), []]);
      await pool.write(bob, "unlock", [alice.account.address]);
      assert.deepEqual(await pool.read("getUserActiveProposals", [alice.account.address]), []);
      await pool.write(alice, "withdraw", [alice.account.address, E(6000), []]);
    });

    it("locks voted NFTs until the proposal finishes", async () => {
      const { dao } = await load();
      await depositTokens(env, dao, dave, 0n, [1n, 2n, 3n]);
      const p = await createProposal(env, dao, dave, [transferAction(dao, dave.account.address, 1n)]);
      const pool = govPool(env, dao);
      await pool.write(dave, "vote", [p.id, true, 0n, [1n, 2n]]);
      assert.deepEqual(await pool.read("getWithdrawableAssets", [dave.account.address]), [0n, [3n]]);
      await pool.reverts(dave, "withdraw", [dave.account.address, 0n, [2n]], "GovPoolNftLocked");
      await pool.write(dave, "withdraw", [dave.account.address, 0n, [3n]]);
      await pool.reverts(dave, "vote", [p.id, true, 0n, [1n]], "GovPoolNftAlreadyVoted");
      const votes = await pool.read<Record<string, unknown>>("getUserVotes", [p.id, dave.account.address, 0]);
      assert.deepEqual(votes.nftsVoted, [1n, 2n]);
      assert.equal(votes.totalRawVoted, E(2000));
      assert.equal(votes.tokensVoted, 0n);
      await env.networkHelpers.time.increase(HOUR + 1);
      await pool.write(dave, "withdraw", [dave.account.address, 0n, [1n, 2n]]);
    });
  });

  describe("proposal states", () => {
    it("Undefined for an unknown id", async () => {
      const { dao } = await load();
      await expectState(env, dao, 42n, "Undefined");
    });

    it("Voting -> Defeated when voting ends without quorum", async () => {
      const { dao } = await load();
      await depositTokens(env, dao, alice, E(30_000));
      const p = await createProposal(env, dao, alice, [transferAction(dao, alice.account.address, 1n)]);
      const pool = govPool(env, dao);
      await pool.write(alice, "vote", [p.id, true, E(30_000), []]);
      await expectState(env, dao, p.id, "Voting");
      await env.networkHelpers.time.increase(HOUR);
      await expectState(env, dao, p.id, "Defeated");
      await pool.reverts(
        alice,
        "execute",
        [p.id, [transferAction(dao, alice.account.address, 1n)], []],
        "GovPoolWrongState",
      );
    });

    it("Voting -> SucceededFor on early completion -> ExecutedFor, with ProposalCreated/QuorumReached/ProposalExecuted", async () => {
      const { dao } = await load();
      await depositTokens(env, dao, alice, E(30_000));
      await depositTokens(env, dao, bob, E(20_000));
      await depositTokens(env, dao, dave, 0n, [1n, 2n, 3n, 4n, 5n]);
      const action = transferAction(dao, carol.account.address, E(5));
      const p = await createProposal(env, dao, alice, [action]);
      const [created] = eventsOf(p.receipt, abis.govPoolAbi, "ProposalCreated");
      assert.equal(created!.quorumVotes, E(55_000));
      assert.equal(created!.descriptionURL, "ipfs://proposal");
      const pool = govPool(env, dao);
      await pool.write(alice, "vote", [p.id, true, E(30_000), []]);
      await pool.write(bob, "vote", [p.id, true, E(20_000), []]);
      await expectState(env, dao, p.id, "Voting");
      const r = await pool.write(dave, "vote", [p.id, true, 0n, [1n, 2n, 3n, 4n, 5n]]);
      assert.equal(eventsOf(r, abis.govPoolAbi, "QuorumReached").length, 1);
      // execution opens in the block after the quorum (H3)
      await expectState(env, dao, p.id, "Locked");
      await nextBlock(env);
      await expectState(env, dao, p.id, "SucceededFor");
      await pool.reverts(carol, "vote", [p.id, true, 1n, []], "GovPoolWrongState");
      const tampered = transferAction(dao, carol.account.address, E(50));
      await pool.reverts(carol, "execute", [p.id, [tampered], []], "GovPoolActionsMismatch");
      const ex = await pool.write(carol, "execute", [p.id, [action], []]);
      assert.equal(eventsOf(ex, abis.govPoolAbi, "ProposalExecuted")[0]!.isFor, true);
      await expectState(env, dao, p.id, "ExecutedFor");
      assert.equal(
        await contract(env, dao.token, abis.erc20GovAbi).read("balanceOf", [carol.account.address]),
        E(10_005),
      );
      const totals = await pool.read<readonly unknown[]>("getTotalVotes", [p.id, alice.account.address, 0]);
      assert.deepEqual(totals, [E(55_000), E(30_000), E(30_000), true]);
      const [view] = await pool.read<readonly Record<string, unknown>[]>("getProposals", [0n, 10n]);
      assert.equal(view!.state, State.ExecutedFor);
      assert.equal(view!.votesFor, E(55_000));
      assert.equal(view!.requiredQuorum, E(55_000));
      assert.equal(view!.executed, true);
      assert.equal(await pool.read("latestProposalId"), 1n);
    });

    it("Locked for the execution delay, then SucceededFor", async () => {
      const settings = proposalSettings({ executionDelay: 600n });
      const { dao } = await standardDao(env, {
        name: "Delayed",
        settings: [settings, settings, proposalSettings(), settings, settings],
      });
      await depositStandard(env, dao);
      const action = transferAction(dao, carol.account.address, 1n);
      const p = await createProposal(env, dao, alice, [action]);
      await membersVoteFor(env, dao, p.id);
      await expectState(env, dao, p.id, "Locked");
      await govPool(env, dao).reverts(carol, "execute", [p.id, [action], []], "GovPoolWrongState");
      await env.networkHelpers.time.increase(600);
      await expectState(env, dao, p.id, "SucceededFor");
    });

    it("without early completion stays Voting after quorum until the end; a cancel below quorum emits QuorumUnreached", async () => {
      const s = proposalSettings({ earlyCompletion: false });
      const { dao } = await standardDao(env, { name: "NoEarly", settings: [s, s, proposalSettings(), s, s] });
      await depositStandard(env, dao);
      const p = await createProposal(env, dao, alice, [transferAction(dao, alice.account.address, 1n)]);
      const pool = govPool(env, dao);
      await pool.write(alice, "vote", [p.id, true, E(30_000), []]);
      await pool.write(bob, "vote", [p.id, true, E(20_000), []]);
      const r = await pool.write(carol, "vote", [p.id, true, E(10_000), []]);
      const [reached] = eventsOf(r, abis.govPoolAbi, "QuorumReached");
      const view = await proposalView<Record<string, unknown>>(env, dao, 1n);
      assert.equal(reached!.executeAfter, view.voteEnd);
      await expectState(env, dao, p.id, "Voting");
      const c = await pool.write(carol, "cancelVote", [p.id]);
      assert.equal(eventsOf(c, abis.govPoolAbi, "VoteCanceled").length, 1);
      assert.equal(eventsOf(c, abis.govPoolAbi, "QuorumUnreached").length, 1);
      await env.networkHelpers.time.increase(HOUR);
      await expectState(env, dao, p.id, "Defeated");
    });

    it("Defeated when against wins without against-actions", async () => {
      const { dao } = await load();
      await depositTokens(env, dao, alice, E(30_000));
      await depositTokens(env, dao, dave, 0n, [1n, 2n, 3n, 4n, 5n]);
      await depositTokens(env, dao, bob, E(20_000));
      const p = await createProposal(env, dao, alice, [transferAction(dao, alice.account.address, 1n)]);
      const pool = govPool(env, dao);
      await pool.write(alice, "vote", [p.id, false, E(30_000), []]);
      await pool.write(bob, "vote", [p.id, false, E(20_000), []]);
      await pool.write(dave, "vote", [p.id, false, 0n, [1n, 2n, 3n, 4n, 5n]]);
      await expectState(env, dao, p.id, "Defeated");
    });

    it("cancelVote only while Voting, only with a vote; one side per proposal", async () => {
      const { dao } = await load();
      await depositTokens(env, dao, alice, E(30_000));
      const p = await createProposal(env, dao, alice, [transferAction(dao, alice.account.address, 1n)]);
      const pool = govPool(env, dao);
      await pool.reverts(alice, "cancelVote", [p.id], "GovPoolNothingToCancel");
      await pool.write(alice, "vote", [p.id, true, E(1), []]);
      await pool.reverts(alice, "vote", [p.id, false, E(1), []], "GovPoolVoteSideMismatch");
      await pool.write(alice, "cancelVote", [p.id]);
      await pool.write(alice, "vote", [p.id, false, E(1), []]);
      await env.networkHelpers.time.increase(HOUR);
      await pool.reverts(alice, "cancelVote", [p.id], "GovPoolWrongState");
    });
  });

  describe("creation and voting rules", () => {
    it("needs power to create and to vote, and respects minimums", async () => {
      const s = proposalSettings({ minVotesForCreating: E(5000), minVotesForVoting: E(100) });
      const { dao } = await standardDao(env, { name: "Mins", settings: [s, s, proposalSettings(), s, s] });
      const pool = govPool(env, dao);
      await pool.reverts(
        eve,
        "createProposal",
        ["x", [transferAction(dao, eve.account.address, 1n)], []],
        "GovPoolLowCreatingPower",
      );
      await depositTokens(env, dao, carol, E(4999));
      await pool.reverts(
        carol,
        "createProposal",
        ["x", [transferAction(dao, eve.account.address, 1n)], []],
        "GovPoolLowCreatingPower",
      );
      await depositTokens(env, dao, alice, E(5000));
      const p = await createProposal(env, dao, alice, [transferAction(dao, eve.account.address, 1n)]);
      await pool.reverts(carol, "vote", [p.id, true, E(99), []], "GovPoolLowVotingPower");
      await pool.reverts(carol, "vote", [p.id, true, E(5000), []], "GovPoolVoteExceedsDeposit");
      await pool.reverts(carol, "vote", [p.id, true, 0n, []], "GovPoolZeroVote");
      await pool.reverts(carol, "vote", [99n, true, E(1), []], "GovPoolWrongState");
      await pool.write(carol, "vote", [p.id, true, E(100), []]);
      await pool.reverts(carol, "createProposal", ["x", [], []], "GovPoolNoActions");
    });

    it("a voting minimum holds from the first proposal that has one, beside earlier proposals without", async () => {
      // votes skip the minimum while no proposal of the DAO had one: the first proposal with one ends that
      const internal = proposalSettings({ minVotesForVoting: E(100) });
      const s = proposalSettings();
      const { dao } = await standardDao(env, { name: "Late minimum", settings: [s, internal, s, s, s] });
      const pool = govPool(env, dao);
      await depositTokens(env, dao, alice, E(1_000));
      await depositTokens(env, dao, carol, E(1_000));
      const free = await createProposal(env, dao, alice, [transferAction(dao, eve.account.address, 1n)]);
      await pool.write(carol, "vote", [free.id, true, E(1), []]);
      const gated = await createProposal(env, dao, alice, [editDescriptionAction(dao)]);
      await pool.reverts(carol, "vote", [gated.id, true, E(99), []], "GovPoolLowVotingPower");
      await pool.write(carol, "vote", [free.id, true, E(1), []]);
      await pool.write(carol, "vote", [gated.id, true, E(100), []]);
    });

    it("a global expert may create without power", async () => {
      const { dao } = await load();
      await contract(env, env.protocol.GlobalExpertNft, abis.expertNftAbi).write(owner, "mint", [
        eve.account.address,
        "ipfs://badge",
      ]);
      const p = await createProposal(env, dao, eve, [transferAction(dao, eve.account.address, 1n)]);
      assert.equal(p.id, 1n);
    });

    it("createProposalAndVote creates and votes in one transaction", async () => {
      const { dao } = await load();
      await depositTokens(env, dao, alice, E(100));
      const pool = govPool(env, dao);
      await pool.write(alice, "createProposalAndVote", [
        "u",
        [transferAction(dao, alice.account.address, 1n)],
        [],
        E(100),
        [],
      ]);
      const v = await pool.read<Record<string, unknown>>("getUserVotes", [1n, alice.account.address, 0]);
      assert.equal(v.totalVoted, E(100));
      assert.equal(v.isVoteFor, true);
    });

    it("enforces the votes limit of CoreProperties (active proposals per user)", async () => {
      const { dao } = await load();
      const coreProperties = contract(env, env.protocol.CoreProperties, abis.corePropertiesAbi);
      const params = await coreProperties.read<Record<string, bigint>>("getParameters");
      await coreProperties.write(owner, "setParameters", [{ ...params, govVotesLimit: 2n }]);
      await depositTokens(env, dao, alice, E(100));
      const ids: bigint[] = [];
      for (let i = 0; i < 3; i++)
        ids.push(
          (await createProposal(env, dao, alice, [transferAction(dao, alice.account.address, BigInt(i + 1))]))
            .id,
        );
      const pool = govPool(env, dao);
      await pool.write(alice, "vote", [ids[0], true, E(1), []]);
      await pool.write(alice, "vote", [ids[1], true, E(1), []]);
      await pool.reverts(alice, "vote", [ids[2], true, E(1), []], "GovPoolVotesLimitReached");
      await env.networkHelpers.time.increase(HOUR);
      const p = await createProposal(env, dao, alice, [transferAction(dao, alice.account.address, 9n)]);
      // the finished ones are dropped lazily, so the limit frees up
      await pool.write(alice, "vote", [p.id, true, E(1), []]);
      await coreProperties.reverts(
        owner,
        "setParameters",
        [{ ...params, govVotesLimit: 0n }],
        "CorePropertiesInvalidParameters",
      );
    });

    it("internal proposals govern the pool itself; internal actions cannot hide under other settings", async () => {
      const internal = proposalSettings({ quorum: 90n * PERCENT });
      const def = proposalSettings({ quorum: 10n * PERCENT });
      const { dao } = await standardDao(env, {
        name: "Internal",
        settings: [def, internal, proposalSettings(), def, def],
      });
      await depositTokens(env, dao, alice, E(30_000));
      const pool = govPool(env, dao);
      await pool.reverts(
        alice,
        "createProposal",
        ["x", [editDescriptionAction(dao), transferAction(dao, alice.account.address, 1n)], []],
        "GovPoolInvalidInternalActions",
      );
      const p = await createProposal(env, dao, alice, [editDescriptionAction(dao, "ipfs://edited")]);
      const view = await proposalView<Record<string, unknown>>(env, dao, 1n);
      assert.equal(view.settingsId, 1n);
      assert.equal(view.requiredQuorum, E(99_000));
      await pool.write(alice, "vote", [p.id, true, E(30_000), []]);
      await expectState(env, dao, p.id, "Voting");
      // admin selectors are proposal-only
      await pool.reverts(alice, "editDescriptionURL", ["x"], "GovPoolNotThis");
      await pool.reverts(alice, "setCommentSettings", [0n, 1n], "GovPoolNotThis");
      await pool.reverts(
        alice,
        "transferCreditAmount",
        [[], [], alice.account.address],
        "GovPoolNotValidators",
      );
    });

    it("changes comment settings, description and verifier by proposal", async () => {
      const { dao } = await load();
      await depositStandard(env, dao);
      const actions = [
        govPool(env, dao).action("setCommentSettings", [E(5), E(10)]),
        editDescriptionAction(dao, "ipfs://v2"),
      ];
      const p = await createProposal(env, dao, alice, actions);
      await membersVoteFor(env, dao, p.id);
      const pool = govPool(env, dao);
      const r = await pool.write(alice, "execute", [p.id, actions, []]);
      assert.equal(eventsOf(r, abis.govPoolAbi, "CommentSettingsChanged").length, 1);
      assert.deepEqual(await pool.read("getCommentSettings"), [E(5), E(10)]);
      assert.equal(await pool.read("descriptionURL"), "ipfs://v2");
    });

    it("an executor may veto creation through validate(); failing actions revert the execution", async () => {
      const { dao } = await load();
      const { deploy } = await import("../scripts/lib/protocol.ts");
      const bomb = await deploy(env.clients(owner), "ReturnBomb");
      await depositStandard(env, dao);
      const { readArtifact } = await import("../scripts/lib/artifacts.ts");
      const bombAbi = readArtifact("ReturnBomb").abi;
      await contract(env, bomb.address, bombAbi).write(owner, "setVeto", [true]);
      const action = contract(env, bomb.address, bombAbi).action("bombRevert");
      const pool = govPool(env, dao);
      await pool.reverts(alice, "createProposal", ["x", [action], []], "GovPoolRejectedByExecutor");
      // the same veto through the multi-action path
      await pool.reverts(alice, "createProposal", ["x", [action, action], []], "GovPoolRejectedByExecutor");
      await contract(env, bomb.address, bombAbi).write(owner, "setVeto", [false]);
      const p = await createProposal(env, dao, alice, [action]);
      await membersVoteFor(env, dao, p.id);
      await nextBlock(env);
      // return-bomb: a megabyte of revert data is truncated to 256 bytes instead of exhausting gas
      const args = await pool.reverts(carol, "execute", [p.id, [action], []], "GovPoolActionFailed");
      assert.equal(((args as unknown[])[1] as string).length, 2 + 256 * 2);
      await expectState(env, dao, p.id, "SucceededFor");
      // a returning bomb executes fine with bounded gas
      const ok = contract(env, bomb.address, bombAbi).action("bombReturn");
      const p2 = await createProposal(env, dao, alice, [ok]);
      await env.networkHelpers.time.increase(HOUR);
      await expectState(env, dao, p2.id, "Defeated");
    });
  });
});
