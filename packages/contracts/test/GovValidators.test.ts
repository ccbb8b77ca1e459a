import assert from "node:assert/strict";
import { before, describe, it } from "node:test";
import { encodeAbiParameters } from "viem";
import { proposalSettings } from "../scripts/lib/dao.ts";
import { contract, expectState, govPool, useEnv, validatedDao, validatorsVoteSettings } from "./fixtures.ts";
import {
  abis,
  createProposal,
  depositStandard,
  E,
  eventsOf,
  members,
  membersVoteFor,
  nextBlock,
  PERCENT,
  standardDao,
  transferAction,
  type Wallet,
} from "./helpers.ts";

const HOUR = 3600;
// validators' own states
const V = { Voting: 0, Defeated: 1, Succeeded: 2, Locked: 3, Executed: 4, Undefined: 5 } as const;
const ProposalType = {
  ChangeSettings: 0,
  ChangeBalances: 1,
  MonthlyWithdraw: 2,
  OffchainProposal: 3,
} as const;

describe("GovValidators", () => {
  const env = useEnv();
  let owner: Wallet, alice: Wallet, bob: Wallet, carol: Wallet, v1: Wallet, v2: Wallet, v3: Wallet;

  before(async () => {
    ({ owner, alice, bob, carol, v1, v2, v3 } = members(env));
  });

  async function validatorsDao() {
    return validatedDao(env, "Validated", "VLD");
  }

  async function load() {
    return env.networkHelpers.loadFixture(validatorsDao);
  }

  async function approvedByMembers(
    dao: Awaited<ReturnType<typeof validatorsDao>>,
    action = transferAction(dao, carol.account.address, E(1)),
  ) {
    const p = await createProposal(env, dao, alice, [action]);
    await membersVoteFor(env, dao, p.id);
    return { id: p.id, action };
  }

  it("WaitingForVotingTransfer -> ValidatorVoting -> Locked -> SucceededFor -> ExecutedFor", async () => {
    const dao = await load();
    assert.equal(
      await contract(env, dao.validatorsToken, abis.govValidatorsTokenAbi).read("symbol"),
      "VLD-VT",
    );
    const { id, action } = await approvedByMembers(dao);
    await expectState(env, dao, id, "WaitingForVotingTransfer");
    const validators = contract(env, dao.validators, abis.govValidatorsAbi);
    await validators.reverts(v1, "vote", [id, E(1), true, false], "GovValidatorsNotVoting");
    const pool = govPool(env, dao);
    const moved = await pool.write(bob, "moveProposalToValidators", [id]);
    assert.equal(eventsOf(moved, abis.govPoolAbi, "MovedToValidators").length, 1);
    assert.equal(eventsOf(moved, abis.govValidatorsAbi, "ValidatorProposalCreated").length, 1);
    await expectState(env, dao, id, "ValidatorVoting");
    await pool.reverts(bob, "moveProposalToValidators", [id], "GovPoolWrongState");
    // a validator may split their balance
    await validators.write(v1, "vote", [id, E(6), true, false]);
    await validators.write(v1, "vote", [id, E(4), false, false]);
    await validators.reverts(v1, "vote", [id, E(1), true, false], "GovValidatorsVoteExceedsBalance");
    const r = await validators.write(v2, "vote", [id, E(10), true, false]);
    assert.equal(eventsOf(r, abis.govValidatorsAbi, "ValidatorQuorumReached").length, 1);
    await expectState(env, dao, id, "Locked");
    assert.equal(Number(await validators.read("getProposalState", [id, false])), V.Locked);
    await env.networkHelpers.time.increase(300);
    await expectState(env, dao, id, "SucceededFor");
    await pool.write(carol, "execute", [id, [action], []]);
    await expectState(env, dao, id, "ExecutedFor");
  });

  it("validators can defeat a member-approved proposal, by majority or by missing quorum", async () => {
    const dao = await load();
    const a = await approvedByMembers(dao);
    const pool = govPool(env, dao);
    await pool.write(alice, "moveProposalToValidators", [a.id]);
    const validators = contract(env, dao.validators, abis.govValidatorsAbi);
    await validators.write(v1, "vote", [a.id, E(10), false, false]);
    await validators.write(v2, "vote", [a.id, E(10), false, false]);
    await expectState(env, dao, a.id, "Defeated");
    const b = await approvedByMembers(dao);
    await pool.write(alice, "moveProposalToValidators", [b.id]);
    await validators.write(v1, "vote", [b.id, E(10), true, false]);
    await validators.write(v1, "cancelVote", [b.id, false]);
    await validators.reverts(v1, "cancelVote", [b.id, false], "GovValidatorsNothingToCancel");
    await env.networkHelpers.time.increase(1800);
    await expectState(env, dao, b.id, "Defeated");
  });

  it("snapshots validator balances at the stage's creation", async () => {
    const dao = await load();
    const a = await approvedByMembers(dao);
    await govPool(env, dao).write(alice, "moveProposalToValidators", [a.id]);
    // a balance change through an internal proposal after the snapshot does not count
    const data = encodeAbiParameters(
      [{ type: "uint256[]" }, { type: "address[]" }],
      [[E(100)], [v3.account.address]],
    );
    const validators = contract(env, dao.validators, abis.govValidatorsAbi);
    await validators.write(v1, "createInternalProposal", [ProposalType.ChangeBalances, "ipfs://b", data]);
    await validators.write(v1, "vote", [1n, E(10), true, true]);
    await validators.write(v2, "vote", [1n, E(10), true, true]);
    await env.networkHelpers.time.increase(300);
    const ex = await validators.write(v2, "executeInternalProposal", [1n]);
    assert.equal(eventsOf(ex, abis.govValidatorsAbi, "ChangedValidatorsBalances").length, 1);
    assert.equal(
      await contract(env, dao.validatorsToken, abis.govValidatorsTokenAbi).read("balanceOf", [
        v3.account.address,
      ]),
      E(100),
    );
    await validators.reverts(v3, "vote", [a.id, E(11), true, false], "GovValidatorsVoteExceedsBalance");
    await validators.write(v3, "vote", [a.id, E(10), true, false]);
  });

  it("internal proposals: settings, off-chain, monthly withdraw within a rolling 30-day credit", async () => {
    const dao = await load();
    // the DAO grants a monthly credit by proposal (internal settings)
    const credit = govPool(env, dao).action("setCreditInfo", [[dao.token], [E(1000)]]);
    const p = await createProposal(env, dao, alice, [credit]);
    await membersVoteFor(env, dao, p.id);
    const pool = govPool(env, dao);
    await pool.write(alice, "execute", [p.id, [credit], []]);
    const info = await pool.read<readonly unknown[]>("getCreditInfo");
    assert.deepEqual(info, [[dao.token], [E(1000)], [E(1000)]]);

    const validators = contract(env, dao.validators, abis.govValidatorsAbi);
    const validatorsVote = async (id: bigint) => {
      await validators.write(v1, "vote", [id, E(10), true, true]);
      await validators.write(v2, "vote", [id, E(10), true, true]);
      await env.networkHelpers.time.increase(300);
    };
    const withdraw = (amount: bigint) =>
      encodeAbiParameters(
        [{ type: "address[]" }, { type: "uint256[]" }, { type: "address" }],
        [[dao.token], [amount], v1.account.address],
      );
    /** v1 proposes a monthly withdraw of `amount` to itself (internal proposal `id`), v1 and v2 pass it. */
    const passWithdraw = async (id: bigint, url: string, amount: bigint) => {
      await validators.write(v1, "createInternalProposal", [
        ProposalType.MonthlyWithdraw,
        url,
        withdraw(amount),
      ]);
      await validatorsVote(id);
    };

    await validators.reverts(
      alice,
      "createInternalProposal",
      [ProposalType.OffchainProposal, "x", "0x"],
      "GovValidatorsNotValidator",
    );
    await validators.reverts(
      v1,
      "createInternalProposal",
      [ProposalType.OffchainProposal, "x", "0x01"],
      "GovValidatorsInvalidData",
    );
    await passWithdraw(1n, "ipfs://w", E(600));
    await validators.write(v1, "executeInternalProposal", [1n]);
    const token = contract(env, dao.token, abis.erc20GovAbi);
    assert.equal(await token.read("balanceOf", [v1.account.address]), E(600));
    assert.equal(Number(await validators.read("getProposalState", [1n, true])), V.Executed);
    await validators.reverts(v1, "executeInternalProposal", [1n], "GovValidatorsNotSucceeded");

    // 600 + 600 > 1000 within 30 days
    await passWithdraw(2n, "ipfs://w2", E(600));
    await validators.reverts(v1, "executeInternalProposal", [2n], "GovPoolCreditExceeded");
    // after the window rolls, the credit is back
    await env.networkHelpers.time.increase(30 * 24 * HOUR);
    await passWithdraw(3n, "ipfs://w3", E(1000));
    await validators.write(v1, "executeInternalProposal", [3n]);
    assert.equal(await token.read("balanceOf", [v1.account.address]), E(1600));

    const settings = encodeAbiParameters(
      [{ type: "uint64" }, { type: "uint64" }, { type: "uint128" }],
      [7200n, 60n, 60n * PERCENT],
    );
    await validators.write(v2, "createInternalProposal", [ProposalType.ChangeSettings, "ipfs://s", settings]);
    await validatorsVote(4n);
    await validators.write(v2, "executeInternalProposal", [4n]);
    assert.deepEqual(await validators.read("getSettings"), {
      duration: 7200n,
      executionDelay: 60n,
      quorum: 60n * PERCENT,
    });
    await validators.write(v2, "createInternalProposal", [ProposalType.OffchainProposal, "ipfs://o", "0x"]);
    const views = await validators.read<readonly Record<string, unknown>[]>("getInternalProposals", [
      0n,
      10n,
    ]);
    assert.equal(views.length, 5);
    assert.equal(views[4]!.state, V.Voting);
    await env.networkHelpers.time.increase(7200);
    assert.equal(Number(await validators.read("getProposalState", [5n, true])), V.Defeated);
    assert.equal(Number(await validators.read("getProposalState", [99n, true])), V.Undefined);
  });

  it("validator-settings member proposals are a single changeBalances call", async () => {
    const dao = await load();
    const change = contract(env, dao.validators, abis.govValidatorsAbi).action("changeBalances", [
      [0n, E(5)],
      [v1.account.address, alice.account.address],
    ]);
    const pool = govPool(env, dao);
    await pool.reverts(
      alice,
      "createProposal",
      ["x", [change, change], []],
      "GovPoolInvalidValidatorsActions",
    );
    const settingsChange = contract(env, dao.validators, abis.govValidatorsAbi).action("changeSettings", [
      100n,
      0n,
      10n * PERCENT,
    ]);
    await pool.reverts(
      alice,
      "createProposal",
      ["x", [settingsChange], []],
      "GovPoolInvalidValidatorsActions",
    );
    const p = await createProposal(env, dao, alice, [change]);
    await membersVoteFor(env, dao, p.id);
    // the validators settings slot has no validators stage: member approval is enough
    await env.networkHelpers.time.increase(HOUR);
    await expectState(env, dao, p.id, "SucceededFor");
    await pool.write(alice, "execute", [p.id, [change], []]);
    assert.equal(
      await contract(env, dao.validators, abis.govValidatorsAbi).read("isValidator", [v1.account.address]),
      false,
    );
    const validatorsToken = contract(env, dao.validatorsToken, abis.govValidatorsTokenAbi);
    assert.equal(await validatorsToken.read("balanceOf", [alice.account.address]), E(5));
    await contract(env, dao.validators, abis.govValidatorsAbi).reverts(
      alice,
      "changeBalances",
      [[0n], [v2.account.address]],
      "OwnableUnauthorizedAccount",
    );
    // the validator token cannot move
    await validatorsToken.reverts(
      alice,
      "transfer",
      [bob.account.address, 1n],
      "GovValidatorsTokenNonTransferable",
    );
    await validatorsToken.reverts(
      alice,
      "mint",
      [bob.account.address, 1n],
      "GovValidatorsTokenNotValidators",
    );
  });

  it("without validators a validatorsVote proposal goes straight to Locked/Succeeded", async () => {
    const def = validatorsVoteSettings();
    const { dao } = await standardDao(env, {
      name: "NoValidators",
      settings: [def, def, proposalSettings({ earlyCompletion: false }), def, def],
    });
    await depositStandard(env, dao);
    const p = await createProposal(env, dao, alice, [transferAction(dao, alice.account.address, 1n)]);
    await membersVoteFor(env, dao, p.id);
    await nextBlock(env);
    await expectState(env, dao, p.id, "SucceededFor");
    await govPool(env, dao).reverts(owner, "moveProposalToValidators", [p.id], "GovPoolWrongState");
  });
});
