import assert from "node:assert/strict";
import { before, describe, it } from "node:test";
import { type Address, getAddress, parseEther } from "viem";
import { type DaoAddresses, NATIVE_COIN, PRECISION } from "../scripts/lib/dao.ts";
import { deploy } from "../scripts/lib/protocol.ts";
import {
  contract,
  expectState,
  govPool,
  metaGovernanceDaos,
  offchainResultsDao,
  pass,
  rewardedSettings,
  sendCoin,
  useEnv,
  votePassing,
} from "./fixtures.ts";
import {
  type Action,
  abis,
  createProposal,
  depositStandard,
  depositTokens,
  E,
  eventsOf,
  members,
  nextBlock,
  standardDao,
  transferAction,
  type Wallet,
} from "./helpers.ts";

describe("rewards, meta-governance, tokens and off-chain results", () => {
  const env = useEnv();
  let owner: Wallet, alice: Wallet, bob: Wallet, carol: Wallet, dave: Wallet, eve: Wallet;

  before(async () => {
    ({ owner, alice, bob, carol, dave, eve } = members(env));
  });

  const membersDeposit = (dao: DaoAddresses) => depositStandard(env, dao, { nfts: true });

  async function ownTokenRewardsDao() {
    // the reward token is the DAO's own ERC20Gov (predicted address), so rewards are minted
    const predicted = await contract(env, env.protocol.PoolFactory, abis.poolFactoryAbi).read<
      Record<string, Address>
    >("predictGovAddresses", [owner.account.address, "Rewarding"]);
    const { dao } = await standardDao(env, {
      name: "Rewarding",
      settings: rewardedSettings(predicted.govToken!, { voteRewardsCoefficient: PRECISION / 10n }),
    });
    await membersDeposit(dao);
    return dao;
  }

  it("pays creation, execution and personal vote rewards by minting the DAO token", async () => {
    const dao = await env.networkHelpers.loadFixture(ownTokenRewardsDao);
    const { id } = await pass(env, dao, [transferAction(dao, eve.account.address, 1n)]);
    // side raw votes 55k × 0.1 = 5,500 shared by post-formula power
    const pool = govPool(env, dao);
    const pending = await pool.read<Record<string, unknown[]>>("getPendingRewards", [
      alice.account.address,
      [id],
    ]);
    assert.deepEqual(pending.onchainTokens, [dao.token]);
    assert.deepEqual(pending.staticRewards, [E(10)]);
    assert.deepEqual(pending.votingRewards, [{ personal: E(3000), micropool: 0n, treasury: 0n }]);
    const carolPending = await pool.read<Record<string, unknown[]>>("getPendingRewards", [
      carol.account.address,
      [id],
    ]);
    assert.deepEqual(carolPending.staticRewards, [E(5)]);

    const token = contract(env, dao.token, abis.erc20GovAbi);
    const supply = await token.read<bigint>("totalSupply");
    const before = await token.read<bigint>("balanceOf", [alice.account.address]);
    const r = await pool.write(bob, "claimRewards", [[id], alice.account.address]);
    const [claimed] = eventsOf(r, abis.govPoolAbi, "RewardClaimed");
    assert.equal(claimed!.amount, E(3010));
    assert.equal(await token.read("balanceOf", [alice.account.address]), before + E(3010));
    assert.equal(await token.read("totalSupply"), supply + E(3010));
    await pool.reverts(alice, "claimRewards", [[id], alice.account.address], "GovPoolNothingToClaim");
    // dave voted with NFTs: 5,000 of 55,000
    await pool.write(dave, "claimRewards", [[id], dave.account.address]);
    assert.equal(await token.read("balanceOf", [dave.account.address]), E(500));
    // eve did not vote: nothing
    await pool.reverts(eve, "claimRewards", [[id], eve.account.address], "GovPoolNothingToClaim");
  });

  it("rejects claims on proposals not executed", async () => {
    const dao = await env.networkHelpers.loadFixture(ownTokenRewardsDao);
    const p = await createProposal(env, dao, alice, [transferAction(dao, eve.account.address, 1n)]);
    await govPool(env, dao).reverts(
      alice,
      "claimRewards",
      [[p.id], alice.account.address],
      "GovPoolNotExecuted",
    );
  });

  it("pays from the treasury when it cannot mint, tracks partial payment (6-decimals token)", async () => {
    const usdc = await deploy(env.clients(owner), "ERC20Mock", ["USD Coin", "USDC", 6]);
    const { dao } = await standardDao(env, {
      name: "Usdc",
      settings: rewardedSettings(usdc.address, {
        creationReward: 150_000_000n,
        executionReward: 0n,
        voteRewardsCoefficient: 0n,
      }),
    });
    await membersDeposit(dao);
    await contract(env, usdc.address, abis.erc20MockAbi).write(owner, "mint", [dao.govPool, 100_000_000n]);
    const { id } = await pass(env, dao, [transferAction(dao, eve.account.address, 1n)]);
    const pool = govPool(env, dao);
    await pool.write(alice, "claimRewards", [[id], alice.account.address]);
    assert.equal(
      await contract(env, usdc.address, abis.erc20MockAbi).read("balanceOf", [alice.account.address]),
      100_000_000n,
    );
    const pending = await pool.read<Record<string, unknown[]>>("getPendingRewards", [
      alice.account.address,
      [id],
    ]);
    assert.deepEqual(pending.staticRewards, [50_000_000n]);
    await contract(env, usdc.address, abis.erc20MockAbi).write(owner, "mint", [dao.govPool, 50_000_000n]);
    await pool.write(alice, "claimRewards", [[id], alice.account.address]);
    assert.equal(
      await contract(env, usdc.address, abis.erc20MockAbi).read("balanceOf", [alice.account.address]),
      150_000_000n,
    );
  });

  it("pays native-coin rewards from the pool balance", async () => {
    const { dao } = await standardDao(env, {
      name: "Native",
      settings: rewardedSettings(NATIVE_COIN, { voteRewardsCoefficient: 0n }),
    });
    await membersDeposit(dao);
    await sendCoin(owner, dao.govPool, parseEther("20"));
    const { id } = await pass(env, dao, [transferAction(dao, eve.account.address, 1n)]);
    const before = await env.publicClient.getBalance({ address: carol.account.address });
    const r = await govPool(env, dao).write(alice, "claimRewards", [[id], carol.account.address]);
    assert.equal(eventsOf(r, abis.govPoolAbi, "RewardClaimed")[0]!.amount, parseEther("5"));
    assert.equal(
      await env.publicClient.getBalance({ address: carol.account.address }),
      before + parseEther("5"),
    );
  });

  it("meta-governance: against-actions vote against in another DAO (SucceededAgainst -> ExecutedAgainst)", async () => {
    const { a, b, targetId } = await metaGovernanceDaos(env);
    const approve: Action = contract(env, b.token, abis.erc20GovAbi).action("approve", [b.userKeeper, E(60)]);
    const poolB = govPool(env, b);
    const deposit: Action = poolB.action("deposit", [E(60), []]);
    const voteFor: Action = poolB.action("vote", [targetId, true, E(60), []]);
    const voteAgainst: Action = poolB.action("vote", [targetId, false, E(60), []]);
    const poolA = govPool(env, a);
    await poolA.reverts(
      alice,
      "createProposal",
      ["m", [approve, deposit, voteFor], [approve, voteAgainst]],
      "GovPoolInvalidAgainstActions",
    );
    const stray: Action = transferAction(a, alice.account.address, 1n);
    await poolA.reverts(alice, "createProposal", ["m", [stray], [stray]], "GovPoolInvalidAgainstActions");
    const forActions = [approve, deposit, voteFor];
    const againstActions = [approve, deposit, voteAgainst];
    const meta = await createProposal(env, a, alice, forActions, againstActions);
    await poolA.write(alice, "vote", [meta.id, false, E(30_000), []]);
    await poolA.write(bob, "vote", [meta.id, false, E(20_000), []]);
    await poolA.write(dave, "vote", [meta.id, false, 0n, [1n, 2n, 3n, 4n, 5n]]);
    await nextBlock(env);
    await expectState(env, a, meta.id, "SucceededAgainst");
    await poolA.write(carol, "execute", [meta.id, forActions, againstActions]);
    await expectState(env, a, meta.id, "ExecutedAgainst");
    const v = await poolB.read<Record<string, unknown>>("getUserVotes", [targetId, a.govPool, 0]);
    assert.equal(v.isVoteFor, false);
    assert.equal(v.totalVoted, E(60));
    await expectState(env, b, targetId, "Defeated");
  });

  it("ERC20Gov: mint within the cap, pause and blacklist only by proposal", async () => {
    const { dao } = await standardDao(env, { name: "TokenAdmin" });
    await membersDeposit(dao);
    const mint: Action = contract(env, dao.token, abis.erc20GovAbi).action("mint", [
      eve.account.address,
      E(7),
    ]);
    const blacklist: Action = contract(env, dao.token, abis.erc20GovAbi).action("blacklist", [
      [eve.account.address],
      true,
    ]);
    const { receipt } = await pass(env, dao, [mint, blacklist]);
    assert.equal(eventsOf(receipt, abis.erc20GovAbi, "BlacklistAdded").length, 1);
    const token = contract(env, dao.token, abis.erc20GovAbi);
    assert.equal(await token.read("balanceOf", [eve.account.address]), E(7));
    await token.reverts(eve, "transfer", [carol.account.address, 1n], "ERC20GovBlacklisted");
    await token.reverts(carol, "transfer", [eve.account.address, 1n], "ERC20GovBlacklisted");
    await token.reverts(alice, "mint", [alice.account.address, 1n], "OwnableUnauthorizedAccount");
    await token.reverts(alice, "pause", [], "OwnableUnauthorizedAccount");
    const pause: Action = contract(env, dao.token, abis.erc20GovAbi).action("pause");
    const overCap: Action = contract(env, dao.token, abis.erc20GovAbi).action("mint", [
      eve.account.address,
      E(1_000_000),
    ]);
    await pass(env, dao, [pause]);
    await token.reverts(alice, "transfer", [bob.account.address, 1n], "EnforcedPause");
    const p = await createProposal(env, dao, alice, [overCap]);
    await votePassing(env, dao, p.id);
    await nextBlock(env);
    await govPool(env, dao).reverts(carol, "execute", [p.id, [overCap], []], "GovPoolActionFailed");
  });

  it("expert badges are soulbound, one per address, minted and burned by proposal", async () => {
    const { dao } = await standardDao(env, { name: "Experts" });
    await membersDeposit(dao);
    const mint: Action = contract(env, dao.expertNft, abis.expertNftAbi).action("mint", [
      eve.account.address,
      "ipfs://e",
    ]);
    const { receipt } = await pass(env, dao, [mint]);
    const [t] = eventsOf(receipt, abis.expertNftAbi, "Transfer", dao.expertNft);
    assert.equal(t!.to, getAddress(eve.account.address));
    const expertNft = contract(env, dao.expertNft, abis.expertNftAbi);
    assert.equal(await expertNft.read("isExpert", [eve.account.address]), true);
    await expertNft.reverts(
      eve,
      "transferFrom",
      [eve.account.address, alice.account.address, 1n],
      "ExpertNftSoulbound",
    );
    const globalExpertNft = contract(env, env.protocol.GlobalExpertNft, abis.expertNftAbi);
    await globalExpertNft.reverts(owner, "burn", [eve.account.address], "ExpertNftNotExpert");
    await globalExpertNft.write(owner, "mint", [eve.account.address, "g"]);
    await globalExpertNft.reverts(owner, "mint", [eve.account.address, "g"], "ExpertNftAlreadyExpert");
    const burn: Action = contract(env, dao.expertNft, abis.expertNftAbi).action("burn", [
      eve.account.address,
    ]);
    const burned = await pass(env, dao, [burn]);
    assert.equal(
      eventsOf(burned.receipt, abis.expertNftAbi, "Transfer", dao.expertNft)[0]!.to,
      "0x0000000000000000000000000000000000000000",
    );
    assert.equal(await expertNft.read("isExpert", [eve.account.address]), false);
  });

  it("onlyBABTHolders: proposals and votes need the account-bound token", async () => {
    const { dao } = await standardDao(env, { name: "Kyc", onlyBABTHolders: true });
    await depositTokens(env, dao, alice, E(100));
    const pool = govPool(env, dao);
    await pool.reverts(
      alice,
      "createProposal",
      ["x", [transferAction(dao, alice.account.address, 1n)], []],
      "GovPoolNotBABTHolder",
    );
    const babt = contract(env, env.protocol.BABT, abis.testBabtAbi);
    await babt.write(owner, "attest", [alice.account.address]);
    const p = await createProposal(env, dao, alice, [transferAction(dao, alice.account.address, 1n)]);
    await depositTokens(env, dao, bob, E(100));
    await pool.reverts(bob, "vote", [p.id, true, E(1), []], "GovPoolNotBABTHolder");
    await pool.write(alice, "vote", [p.id, true, E(1), []]);
    await babt.reverts(owner, "attest", [alice.account.address], "TestBABTAlreadyAttested");
    await babt.reverts(alice, "attest", [bob.account.address], "OwnableUnauthorizedAccount");
  });

  it("saves off-chain results signed by the verifier (EIP-712) and rewards the sender", async () => {
    const { pool, sign, balance } = await offchainResultsDao(env, "Offchain");
    const deadline = 2n ** 40n;
    const sig = await sign("bafyresults", eve, deadline);
    await pool.reverts(
      eve,
      "saveOffchainResults",
      ["bafyresults", deadline, true, await sign("bafyresults", eve, deadline, { signer: eve })],
      "GovPoolInvalidSignature",
    );
    const r = await pool.write(eve, "saveOffchainResults", ["bafyresults", deadline, true, sig]);
    assert.equal(eventsOf(r, abis.govPoolAbi, "OffchainResultsSaved")[0]!.resultsHash, "bafyresults");
    assert.equal(await pool.read("offchainResultsNonce"), 1n);
    assert.equal(await pool.read("latestOffchainResultsHash"), "bafyresults");
    assert.equal(await balance(eve), E(5));
    // replay with the old nonce fails
    await pool.reverts(
      eve,
      "saveOffchainResults",
      ["bafyresults", deadline, true, sig],
      "GovPoolInvalidSignature",
    );
  });

  it("PriceFeed: owner-configured aggregators, normalised to 18 decimals, batch reads", async () => {
    const agg8 = await deploy(env.clients(owner), "MockAggregator", [8, 2_50000000n]);
    const agg18 = await deploy(env.clients(owner), "MockAggregator", [18, parseEther("3000")]);
    const token = "0x1000000000000000000000000000000000000001";
    const priceFeed = contract(env, env.protocol.PriceFeed, abis.priceFeedAbi);
    const r = await priceFeed.write(owner, "setAggregators", [
      [token, NATIVE_COIN],
      [agg8.address, agg18.address],
      [0n, 3600n],
    ]);
    assert.equal(eventsOf(r, abis.priceFeedAbi, "AggregatorSet").length, 2);
    const unknown = "0x2000000000000000000000000000000000000002";
    assert.deepEqual(await priceFeed.read("getUSDPrices", [[token, NATIVE_COIN, unknown]]), [
      parseEther("2.5"),
      parseEther("3000"),
      0n,
    ]);
    await env.networkHelpers.time.increase(3601);
    assert.equal(await priceFeed.read("getUSDPrice", [NATIVE_COIN]), 0n);
    await priceFeed.reverts(
      alice,
      "setAggregators",
      [[token], [agg8.address], [0n]],
      "OwnableUnauthorizedAccount",
    );
    await priceFeed.reverts(owner, "setAggregators", [[token], [], [0n]], "PriceFeedLengthMismatch");
  });
});
