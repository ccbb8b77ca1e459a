import assert from "node:assert/strict";
import { before, describe, it } from "node:test";
import { type Address, encodeAbiParameters, encodeFunctionData, type Hex, keccak256 } from "viem";
import { readArtifact } from "../scripts/lib/artifacts.ts";
import { deployDao } from "../scripts/lib/dao.ts";
import { deploy } from "../scripts/lib/protocol.ts";
import { contract, expectState, govPool, useEnv } from "./fixtures.ts";
import {
  abis,
  createProposal,
  type DaoAddresses,
  depositStandard,
  depositTokens,
  E,
  editDescriptionAction,
  impersonate,
  mappingSlot,
  members,
  nextBlock,
  PERCENT,
  proposalSettings,
  proposalView,
  setStorageAt,
  standardDao,
  storageAt,
  tokenOnlyDao,
  transferAction,
  voteAll,
  type Wallet,
} from "./helpers.ts";

/**
 * GovPool storage (GovPoolStorage, in declaration order; OpenZeppelin's upgradeable bases use namespaced
 * storage): slot 4 packs `_votePower`, two flags, `_latestProposalId` and `_creationFlags` (byte 30); `_users`
 * 19; `_settingsCopy` 25-27 (executorSettings, creationWords, minVotesForCreating); `_powerToken` 28.
 * GovSettings: `_creation` 3.
 */
const FLAGS_SLOT = 4n;
const USERS_SLOT = 19n;
const EXECUTORS_SLOT = 25n;
const WORDS_SLOT = 26n;
const MIN_CREATING_SLOT = 27n;
const POWER_TOKEN_SLOT = 28n;
const SETTINGS_CREATION_SLOT = 3n;
const SATURATED = 2n ** 112n - 1n;

const actionsType = [
  {
    type: "tuple[]",
    components: [
      { name: "executor", type: "address" },
      { name: "value", type: "uint256" },
      { name: "data", type: "bytes" },
    ],
  },
] as const;

describe("the pool's copy of the creation settings and its mirror of token deposits", () => {
  const env = useEnv();
  let owner: Wallet;
  let alice: Wallet;
  let bob: Wallet;
  let carol: Wallet;

  before(async () => {
    ({ owner, alice, bob, carol } = members(env));
  });

  const storage = (address: Address, slot: bigint | Hex) => storageAt(env, address, slot);
  const setStorage = (address: Address, slot: bigint | Hex, value: bigint) =>
    setStorageAt(env, address, slot, value);
  const mirrorOf = async (dao: DaoAddresses, user: Address) =>
    (await storage(dao.govPool, mappingSlot(user, USERS_SLOT))) >> 144n;
  const keeperBalance = (dao: DaoAddresses, user: Address) =>
    contract(env, dao.userKeeper, abis.govUserKeeperAbi).read<bigint>("tokenBalance", [user]);

  const asPool = (dao: DaoAddresses) => impersonate(env, dao.govPool);

  async function expectCopyInSync(dao: DaoAddresses, ids: bigint[]) {
    for (const id of ids) {
      const word = await storage(dao.govPool, mappingSlot(id, WORDS_SLOT));
      assert.notEqual(word, 0n, `slot ${id} copied`);
      assert.equal(
        word,
        await storage(dao.settings, mappingSlot(id, SETTINGS_CREATION_SLOT)),
        `slot ${id} word`,
      );
      const settings = await contract(env, dao.settings, abis.govSettingsAbi).read<{
        minVotesForCreating: bigint;
      }>("getSettings", [id]);
      if (settings.minVotesForCreating !== 0n) {
        assert.equal(
          await storage(dao.govPool, mappingSlot(id, MIN_CREATING_SLOT)),
          settings.minVotesForCreating,
        );
      }
    }
  }

  const viewOf = (dao: DaoAddresses, id: bigint) => proposalView(env, dao, id);

  const copyDao = () => standardDao(env, { name: "Copy" });
  const changeDao = () => standardDao(env, { name: "Change" });

  /** Token-only DAO (alice 30k, bob 20k, carol 10k, treasury 40k): both fast paths are on. */
  async function tokenDao() {
    const s = proposalSettings({ quorum: 50n * PERCENT });
    const { dao } = await tokenOnlyDao(env, {
      name: "Token only",
      settings: [s, s, proposalSettings({ earlyCompletion: false }), s, s],
    });
    return dao;
  }

  it("is written at deployment and follows addSettings, editSettings and changeExecutors", async () => {
    const { dao } = await env.networkHelpers.loadFixture(copyDao);
    const flags = ((await storage(dao.govPool, FLAGS_SLOT)) >> 240n) & 0xffn;
    assert.equal(
      flags,
      185n,
      "settings copy, delegation marks, the ERC20Gov token and its blacklist marks, no voting minimum yet on; no power mirror for a DAO with NFTs",
    );
    await expectCopyInSync(dao, [0n, 1n, 2n, 3n, 4n]);
    for (const [executor, id] of [
      [dao.govPool, 1n],
      [dao.settings, 1n],
      [dao.userKeeper, 1n],
      [dao.validators, 2n],
    ] as const) {
      assert.equal(await storage(dao.govPool, mappingSlot(executor, EXECUTORS_SLOT)), id);
    }

    const pool = await asPool(dao);
    const withMinimum = proposalSettings({ duration: 999n, minVotesForCreating: E(12_345) });
    await contract(env, dao.settings, abis.govSettingsAbi).write(pool, "addSettings", [
      [withMinimum, withMinimum],
    ]);
    await expectCopyInSync(dao, [5n, 6n]);
    const edited = proposalSettings({ earlyCompletion: false, duration: 4_242n, minVotesForCreating: 0n });
    await contract(env, dao.settings, abis.govSettingsAbi).write(pool, "editSettings", [
      [6n, 0n],
      [edited, withMinimum],
    ]);
    await expectCopyInSync(dao, [0n, 5n, 6n]);
    await contract(env, dao.settings, abis.govSettingsAbi).write(pool, "changeExecutors", [
      [alice.account.address, dao.validators],
      [6n, 0n],
    ]);
    assert.equal(await storage(dao.govPool, mappingSlot(alice.account.address, EXECUTORS_SLOT)), 6n);
    assert.equal(await storage(dao.govPool, mappingSlot(dao.validators, EXECUTORS_SLOT)), 0n);

    // nobody but the DAO's GovSettings writes the copy, not even through the pool's multicall
    const entries = [1n, 0n, 1n, 0n];
    await govPool(env, dao).reverts(alice, "syncSettings", [entries], "GovPoolNotSettings");
    const batched = encodeFunctionData({
      abi: abis.govPoolAbi,
      functionName: "syncSettings",
      args: [entries],
    });
    await govPool(env, dao).reverts(alice, "multicall", [[batched]], "GovPoolNotSettings");
  });

  it("a settings-change proposal changes what later proposals snapshot", async () => {
    const { dao } = await env.networkHelpers.loadFixture(changeDao);
    await depositStandard(env, dao);
    const next = proposalSettings({
      earlyCompletion: false,
      duration: 7_200n,
      executionDelay: 60n,
      quorum: 20n * PERCENT,
      minVotesForVoting: E(1),
      minVotesForCreating: E(15_000),
    });
    const change = contract(env, dao.settings, abis.govSettingsAbi).action("editSettings", [[0n], [next]]);
    const { id } = await createProposal(env, dao, alice, [change]);
    await voteAll(env, dao, id, [
      [alice, E(30_000)],
      [bob, E(20_000)],
      [carol, E(10_000)],
    ]);
    await nextBlock(env);
    await expectState(env, dao, id, "SucceededFor");
    const pool = govPool(env, dao);
    await pool.write(alice, "execute", [id, [change], []]);
    await expectCopyInSync(dao, [0n]);

    const transfer = [transferAction(dao, alice.account.address, 1n)];
    await pool.reverts(carol, "createProposal", ["x", transfer, []], "GovPoolLowCreatingPower");
    const created = await createProposal(env, dao, bob, transfer);
    const block = await env.publicClient.getBlock({ blockNumber: created.receipt.blockNumber });
    const view = await viewOf(dao, created.id);
    const totalPower = await contract(env, dao.userKeeper, abis.govUserKeeperAbi).read<bigint>(
      "getTotalPower",
    );
    assert.equal(view.settingsId, 0n);
    assert.equal(view.voteEnd, block.timestamp + 7_200n);
    assert.equal(view.executionDelay, 60n);
    assert.equal(view.earlyCompletion, false);
    assert.equal(view.minVotesForVoting, E(1));
    assert.equal(view.requiredQuorum, (totalPower * 20n * PERCENT + 10n ** 27n - 1n) / 10n ** 27n);
  });

  it("a pool without the copy or the mirror (deployed before them) reads GovSettings and the keeper", async () => {
    const dao = await env.networkHelpers.loadFixture(tokenDao);
    assert.equal(
      ((await storage(dao.govPool, FLAGS_SLOT)) >> 240n) & 0xffn,
      255n,
      "copy, mirror, own token, ERC20Gov token, its blacklist marks, delegation marks, its supply copy, no voting minimum yet",
    );
    const tokenSlot = await storage(dao.govPool, POWER_TOKEN_SLOT);
    assert.equal(tokenSlot & ((1n << 160n) - 1n), BigInt(dao.token));
    assert.equal(tokenSlot >> 160n, E(100_000), "the supply copy beside the token: its initial supply");
    await depositTokens(env, dao, alice, E(30_000));
    const pool = await asPool(dao);
    const slow = proposalSettings({
      duration: 5_000n,
      quorum: 40n * PERCENT,
      minVotesForCreating: E(20_000),
    });
    await contract(env, dao.settings, abis.govSettingsAbi).write(pool, "editSettings", [[0n], [slow]]);

    const snapshot = async () => {
      const transfer = await createProposal(env, dao, alice, [
        transferAction(dao, alice.account.address, 1n),
      ]);
      const internal = await createProposal(env, dao, alice, [editDescriptionAction(dao)]);
      const out = [];
      for (const { id, receipt } of [transfer, internal]) {
        const block = await env.publicClient.getBlock({ blockNumber: receipt.blockNumber });
        const v = await viewOf(dao, id);
        out.push([
          v.settingsId,
          (v.voteEnd as bigint) - block.timestamp,
          v.requiredQuorum,
          v.earlyCompletion,
        ]);
      }
      await govPool(env, dao).reverts(
        bob,
        "createProposal",
        ["x", [transferAction(dao, bob.account.address, 1n)], []],
        "GovPoolLowCreatingPower",
      );
      return out;
    };
    const withCopy = await snapshot();
    assert.deepEqual(withCopy[0], [0n, 5_000n, E(40_000), true]);
    assert.equal(withCopy[1]![0], 1n, "the pool itself maps to the internal slot");

    // the copy's words are absent (as for slots never pushed): read from GovSettings slot by slot
    await setStorage(dao.govPool, mappingSlot(0n, WORDS_SLOT), 0n);
    await setStorage(dao.govPool, mappingSlot(1n, WORDS_SLOT), 0n);
    assert.deepEqual(await snapshot(), withCopy);

    // an older pool: neither flag, an empty copy (its executor mapping too) and an empty mirror
    const slot4 = await storage(dao.govPool, FLAGS_SLOT);
    await setStorage(dao.govPool, FLAGS_SLOT, slot4 & ~(0xffn << 240n));
    await setStorage(dao.govPool, mappingSlot(dao.govPool, EXECUTORS_SLOT), 0n);
    await setStorage(dao.govPool, mappingSlot(alice.account.address, USERS_SLOT), 0n);
    assert.deepEqual(await snapshot(), withCopy);
  });

  it("takes the quorum of the token's own supply report: every mint updates it, a member cannot lower it, and a saturated copy asks the token", async () => {
    const dao = await env.networkHelpers.loadFixture(tokenDao);
    await depositTokens(env, dao, alice, E(30_000));
    const token = contract(env, dao.token, abis.erc20GovAbi);
    const supplyCopy = async () => (await storage(dao.govPool, POWER_TOKEN_SLOT)) >> 160n;
    const quorumOfNext = async () => {
      const { id } = await createProposal(env, dao, alice, [transferAction(dao, alice.account.address, 1n)]);
      return (await viewOf(dao, id)).requiredQuorum as bigint;
    };
    const half = (supply: bigint) => (supply * 50n * PERCENT + 10n ** 27n - 1n) / 10n ** 27n;
    // a member would lower the quorum of later proposals by shrinking the copy
    await govPool(env, dao).reverts(alice, "syncSupply", [1n], "GovPoolNotToken");
    assert.equal(await quorumOfNext(), half(E(100_000)));
    // the DAO mints (by proposal: the pool is the owner); the token reports the new supply
    await token.write(await impersonate(env, dao.govPool), "mint", [bob.account.address, E(50_000)]);
    assert.equal(await supplyCopy(), E(150_000));
    assert.equal(await quorumOfNext(), half(E(150_000)));
    // saturated (a supply of 2^96 - 1 or more): the token is asked
    const slot = await storage(dao.govPool, POWER_TOKEN_SLOT);
    await setStorage(dao.govPool, POWER_TOKEN_SLOT, slot | (((1n << 96n) - 1n) << 160n));
    assert.equal(await quorumOfNext(), half(E(150_000)));
  });

  it("mirrors deposits exactly for creation and votes, saturates for huge balances, refuses an unrepresentable quorum", async () => {
    const mock = await deploy(env.clients(owner), "ERC20Mock", ["Huge", "HUGE", 18]);
    const s = proposalSettings({ quorum: 50n * PERCENT });
    const dao = await deployDao(env.clients(owner), env.protocol.PoolFactory, {
      name: "Huge supply",
      tokenAddress: mock.address,
      settings: [s, s, proposalSettings({ earlyCompletion: false }), s, s],
    });
    assert.equal(
      ((await storage(dao.govPool, FLAGS_SLOT)) >> 240n) & 0xffn,
      163n,
      "an external token is not own (nor its blacklist marked)",
    );
    const fund = async (w: Wallet, amount: bigint) => {
      await contract(env, mock.address, abis.erc20MockAbi).write(owner, "mint", [w.account.address, amount]);
      await contract(env, mock.address, abis.erc20MockAbi).write(w, "approve", [dao.userKeeper, amount]);
    };
    const action = [
      {
        executor: alice.account.address,
        value: 0n,
        data: "0x" as Hex,
      },
    ];
    // nothing deposited: no power
    await fund(alice, 2n ** 113n);
    const pool = govPool(env, dao);
    const [, power] = (await pool.reverts(
      alice,
      "createProposal",
      ["x", action, []],
      "GovPoolLowCreatingPower",
    )) as [Address, bigint, bigint];
    assert.equal(power, 0n);

    await pool.write(alice, "deposit", [E(7), []]);
    assert.equal(await mirrorOf(dao, alice.account.address), E(7));
    await pool.write(alice, "deposit", [2n ** 113n - E(7), []]);
    assert.equal(await mirrorOf(dao, alice.account.address), SATURATED, "saturated");
    assert.equal(await keeperBalance(dao, alice.account.address), 2n ** 113n);
    // saturated: the keeper answers, quorum = half of 2^113
    const big = await createProposal(env, dao, alice, action);
    assert.equal((await viewOf(dao, big.id)).requiredQuorum, 2n ** 112n);
    // below the saturation again after a withdrawal: exact
    await pool.write(alice, "withdraw", [alice.account.address, 2n ** 113n - 5n, []]);
    assert.equal(await mirrorOf(dao, alice.account.address), 5n);
    assert.equal(await keeperBalance(dao, alice.account.address), 5n);
    const small = await createProposal(env, dao, alice, action);
    assert.equal((await viewOf(dao, small.id)).requiredQuorum, 2n ** 112n);
    // votes read the mirror too: never more than the deposit
    const [, deposited, requested] = (await pool.reverts(
      alice,
      "vote",
      [small.id, true, 6n, []],
      "GovPoolVoteExceedsDeposit",
    )) as [Address, bigint, bigint];
    assert.deepEqual([deposited, requested], [5n, 6n]);
    await pool.write(alice, "vote", [small.id, true, 5n, []]);
    await pool.reverts(alice, "vote", [small.id, true, 1n, []], "GovPoolVoteExceedsDeposit");

    // a 50% quorum of 2^121 - 2 is 2^120 - 1 votes, the largest the snapshot holds
    await contract(env, mock.address, abis.erc20MockAbi).write(owner, "mint", [
      bob.account.address,
      2n ** 121n - 2n - 2n ** 113n,
    ]);
    const largest = await createProposal(env, dao, alice, action);
    assert.equal((await viewOf(dao, largest.id)).requiredQuorum, 2n ** 120n - 1n);
    // one more token: 2^120 votes cannot be snapshotted — refused, never truncated
    await contract(env, mock.address, abis.erc20MockAbi).write(owner, "mint", [bob.account.address, 1n]);
    const [totalPower] = (await pool.reverts(
      alice,
      "createProposal",
      ["x", action, []],
      "GovPoolTotalPowerTooLarge",
    )) as [bigint];
    assert.equal(totalPower, 2n ** 121n - 1n);

    // votes hold 128 bits: a supply minted past 2^128 after a proposal's creation cannot overflow them
    await fund(carol, 2n ** 128n);
    await pool.write(carol, "deposit", [2n ** 128n, []]);
    await pool.reverts(carol, "vote", [largest.id, false, 2n ** 128n, []], "GovPoolVoteTooLarge");
    await pool.write(carol, "vote", [largest.id, false, 2n ** 128n - 1n, []]);
    assert.equal((await viewOf(dao, largest.id)).votesAgainst, 2n ** 128n - 1n);
  });

  it("the executor's validate hook receives exactly abi.encode(actions), and no proposal may call the keeper", async () => {
    const dao = await env.networkHelpers.loadFixture(tokenDao);
    await depositTokens(env, dao, alice, E(30_000));
    await depositTokens(env, dao, bob, E(20_000));
    const echo = await deploy(env.clients(owner), "ActionsEchoExecutor");
    const echoAbi = readArtifact("ActionsEchoExecutor").abi;
    for (const data of ["0x", "0x01", `0x${"ab".repeat(37)}`, `0x${"cd".repeat(64)}`] as Hex[]) {
      const actions = [{ executor: echo.address, value: 7n, data }];
      await contract(env, echo.address, echoAbi).write(owner, "setVetoHash", [
        keccak256(encodeAbiParameters(actionsType, [actions])),
      ]);
      await govPool(env, dao).reverts(
        alice,
        "createProposal",
        ["x", actions, []],
        "GovPoolRejectedByExecutor",
      );
      // the multi-action path encodes its own list
      const two = [...actions, ...actions];
      await contract(env, echo.address, echoAbi).write(owner, "setVetoHash", [
        keccak256(encodeAbiParameters(actionsType, [two])),
      ]);
      await govPool(env, dao).reverts(alice, "createProposal", ["x", two, []], "GovPoolRejectedByExecutor");
      await createProposal(env, dao, alice, actions);
    }

    // the keeper holds the members' deposits: a proposal calling it (here: moving bob's deposit) never runs
    const steal = contract(env, dao.userKeeper, abis.govUserKeeperAbi).action("withdraw", [
      bob.account.address,
      alice.account.address,
      E(20_000),
      [],
    ]);
    await govPool(env, dao).reverts(alice, "createProposal", ["x", [steal], []], "GovPoolUserKeeperAction");
    // refused at creation (H2); a pool that mapped its keeper to another slot before that check could still hold
    // such a proposal, which execution refuses
    await setStorage(dao.govPool, mappingSlot(dao.userKeeper, EXECUTORS_SLOT), 0n);
    const { id } = await createProposal(env, dao, alice, [steal]);
    await voteAll(env, dao, id, [
      [alice, E(30_000)],
      [bob, E(20_000)],
    ]);
    await nextBlock(env);
    await expectState(env, dao, id, "SucceededFor");
    const [index] = (await govPool(env, dao).reverts(
      alice,
      "execute",
      [id, [steal], []],
      "GovPoolUserKeeperAction",
    )) as [bigint];
    assert.equal(index, 0n);
    assert.equal(await keeperBalance(dao, bob.account.address), E(20_000));
    assert.equal(await mirrorOf(dao, bob.account.address), E(20_000));
    await expectState(env, dao, id, "SucceededFor");
  });

  it("skips the validate hook only for the DAO's own ERC20Gov clone (one action or several), never the validators-slot shape check", async () => {
    // the implementation behind every DAO token clone has neither the hook nor a fallback
    const erc20Gov = readArtifact("ERC20Gov").abi;
    assert.ok(!erc20Gov.some((item) => item.type === "fallback" || item.type === "receive"));
    assert.ok(!erc20Gov.some((item) => item.type === "function" && item.name === "validate"));

    const dao = await env.networkHelpers.loadFixture(tokenDao);
    await depositTokens(env, dao, alice, E(30_000));
    const transfer = [transferAction(dao, alice.account.address, 1n)];
    // one action, and several (the multi-action path, where each other executor is still asked)
    const transfers = [transferAction(dao, bob.account.address, 2n), ...transfer];
    const createBoth = async () => [
      await createProposal(env, dao, alice, transfer),
      await createProposal(env, dao, alice, transfers),
    ];
    const skipped = await createBoth();
    // the same DAO without the flag asks the token (which cannot answer): same proposals, more gas
    const slot4 = await storage(dao.govPool, FLAGS_SLOT);
    await setStorage(dao.govPool, FLAGS_SLOT, slot4 & ~(4n << 240n));
    const asked = await createBoth();
    for (const i of [0, 1]) {
      assert.ok(
        asked[i]!.receipt.gasUsed - skipped[i]!.receipt.gasUsed > 1_000n,
        "the hook call was skipped",
      );
      const [a, b] = [await viewOf(dao, skipped[i]!.id), await viewOf(dao, asked[i]!.id)];
      assert.deepEqual(
        [a.settingsId, a.requiredQuorum, a.actionsHash],
        [b.settingsId, b.requiredQuorum, b.actionsHash],
      );
    }
    await setStorage(dao.govPool, FLAGS_SLOT, slot4);
    // beside the token, every other executor is still asked: one refusing vetoes, wherever it stands
    const reverting = await deploy(env.clients(owner), "RevertingValidator");
    const refusing = { executor: reverting.address, value: 0n, data: "0x" as Hex };
    for (const actions of [
      [...transfers, refusing],
      [refusing, ...transfers],
    ]) {
      await govPool(env, dao).reverts(
        alice,
        "createProposal",
        ["x", actions, []],
        "GovPoolRejectedByExecutor",
      );
    }

    // the token mapped to the validators slot: the one-action shape check still runs
    const pool = await asPool(dao);
    await contract(env, dao.settings, abis.govSettingsAbi).write(pool, "changeExecutors", [
      [dao.token],
      [2n],
    ]);
    await govPool(env, dao).reverts(
      alice,
      "createProposal",
      ["x", transfer, []],
      "GovPoolInvalidValidatorsActions",
    );
  });
});
