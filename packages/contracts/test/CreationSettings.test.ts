import assert from "node:assert/strict";
import { before, describe, it } from "node:test";
import { zeroHash } from "viem";
import { contract, useEnv, useStandardDao } from "./fixtures.ts";
import {
  abis,
  createProposal,
  depositTokens,
  E,
  mappingSlot,
  members,
  PERCENT,
  proposalSettings,
  proposalView,
  transferAction,
  type Wallet,
} from "./helpers.ts";

/** GovSettings storage: `_settings` 0, `_settingsCount` 1, `_executorToSettings` 2, `_creation` 3. */
const CREATION_SLOT = 3n;
const creationSlot = (id: bigint) => mappingSlot(id, CREATION_SLOT);

/** `CreationWord.Fields`, as GovSettings answers a proposal creation. */
type Creation = {
  earlyCompletion: boolean;
  validatorsVote: boolean;
  duration: bigint;
  executionDelay: bigint;
  quorum: bigint;
  minVotesForVoting: bigint;
  minVotesForCreating: bigint;
};

describe("GovSettings creation fields (packed word read by proposal creation)", () => {
  const env = useEnv();
  let alice: Wallet;

  const load = useStandardDao(env, { name: "Creation settings" });

  before(async () => {
    ({ alice } = members(env));
  });

  const extremes = proposalSettings({
    earlyCompletion: false,
    validatorsVote: true,
    duration: 2n ** 32n - 1n,
    durationValidators: 7n,
    executionDelay: 2n ** 32n - 1n,
    quorum: 100n * PERCENT,
    quorumValidators: 100n * PERCENT,
    minVotesForVoting: 2n ** 96n - 1n,
    minVotesForCreating: 2n ** 255n + 3n,
  });

  async function expectSame(settings: `0x${string}`, id: bigint) {
    const full = await contract(env, settings, abis.govSettingsAbi).read<Record<string, unknown>>(
      "getSettings",
      [id],
    );
    const got = await contract(env, settings, abis.govSettingsAbi).read<Creation>("getCreationSettings", [
      id,
    ]);
    assert.deepEqual(got, {
      earlyCompletion: full.earlyCompletion,
      validatorsVote: full.validatorsVote,
      duration: full.duration,
      executionDelay: full.executionDelay,
      quorum: full.quorum,
      minVotesForVoting: full.minVotesForVoting,
      minVotesForCreating: full.minVotesForCreating,
    });
    return got;
  }

  it("round-trips every field at its bounds through add and edit", async () => {
    const { dao, asPool } = await load();
    for (let id = 0n; id < 5n; id++) await expectSame(dao.settings, id);
    const settings = contract(env, dao.settings, abis.govSettingsAbi);
    await settings.write(asPool, "addSettings", [[extremes]]);
    const got = await expectSame(dao.settings, 5n);
    // the extremes' fields, with the minVotesForCreating given
    const extremesWord = (minVotesForCreating: bigint): Creation => ({
      earlyCompletion: false,
      validatorsVote: true,
      duration: 2n ** 32n - 1n,
      executionDelay: 2n ** 32n - 1n,
      quorum: 100n * PERCENT,
      minVotesForVoting: 2n ** 96n - 1n,
      minVotesForCreating,
    });
    assert.deepEqual(got, extremesWord(2n ** 255n + 3n));
    const edited = proposalSettings({
      earlyCompletion: true,
      duration: 1n,
      quorum: 1n,
      minVotesForVoting: 0n,
    });
    await settings.write(asPool, "editSettings", [[5n], [edited]]);
    assert.deepEqual(await expectSame(dao.settings, 5n), {
      earlyCompletion: true,
      validatorsVote: false,
      duration: 1n,
      executionDelay: 0n,
      quorum: 1n,
      minVotesForVoting: 0n,
      minVotesForCreating: 0n,
    });
    // the "no creation minimum" bit never leaks into the largest minVotesForVoting
    const noCreatingMin = { ...extremes, minVotesForCreating: 0n };
    await settings.write(asPool, "editSettings", [[5n], [noCreatingMin]]);
    assert.deepEqual(await expectSame(dao.settings, 5n), extremesWord(0n));
    // by executor: the mapped slot's fields
    await settings.write(asPool, "editSettings", [[5n], [extremes]]);
    await settings.write(asPool, "changeExecutors", [[alice.account.address], [5n]]);
    const forExecutor = await settings.read<readonly unknown[]>("getCreationSettingsFor", [
      alice.account.address,
    ]);
    assert.deepEqual(forExecutor, [5n, got]);
  });

  it("slots written before the packed word existed are read field by field", async () => {
    const { dao, asPool } = await load();
    await contract(env, dao.settings, abis.govSettingsAbi).write(asPool, "addSettings", [[extremes]]);
    const packed = await env.publicClient.getStorageAt({ address: dao.settings, slot: creationSlot(5n) });
    assert.notEqual(packed, zeroHash, "the packed word is where the layout says");
    const before = await expectSame(dao.settings, 5n);
    // as after a beacon upgrade of an older DAO: no packed word
    await env.networkHelpers.setStorageAt(dao.settings, creationSlot(5n), zeroHash);
    assert.deepEqual(await expectSame(dao.settings, 5n), before);
    await env.networkHelpers.setStorageAt(dao.settings, creationSlot(0n), zeroHash);
    await expectSame(dao.settings, 0n);
  });

  it("a proposal snapshots the packed fields (timing, quorum, minimum votes)", async () => {
    const { dao, asPool } = await load();
    const settings = proposalSettings({
      earlyCompletion: false,
      duration: 7_777n,
      executionDelay: 55n,
      quorum: 33n * PERCENT,
      minVotesForVoting: E(3),
    });
    await contract(env, dao.settings, abis.govSettingsAbi).write(asPool, "editSettings", [[0n], [settings]]);
    await depositTokens(env, dao, alice, E(1_000));
    const { id, receipt } = await createProposal(env, dao, alice, [
      transferAction(dao, alice.account.address, 1n),
    ]);
    const block = await env.publicClient.getBlock({ blockNumber: receipt.blockNumber });
    const view = await proposalView(env, dao, id);
    const totalPower = await contract(env, dao.userKeeper, abis.govUserKeeperAbi).read<bigint>(
      "getTotalPower",
    );
    assert.equal(view.voteEnd, block.timestamp + 7_777n);
    assert.equal(view.executionDelay, 55n);
    assert.equal(view.earlyCompletion, false);
    assert.equal(view.minVotesForVoting, E(3));
    assert.equal(view.requiredQuorum, (totalPower * 33n * PERCENT + 10n ** 27n - 1n) / 10n ** 27n);
  });
});
