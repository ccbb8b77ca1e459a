import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { maxUint256 } from "viem";
import { PERCENT, proposalSettings } from "../../scripts/lib/dao.ts";
import { deploy } from "../../scripts/lib/protocol.ts";
import { contract, expectState, govPool, useEnv } from "../fixtures.ts";
import {
  type Action,
  abis,
  createProposal,
  depositStandard,
  depositTokens,
  E,
  eventsOf,
  impersonate,
  members,
  nextBlock,
  State,
  stateOf,
  tokenOnlyDao,
} from "../helpers.ts";

describe("security: the settings slot a proposal gets", () => {
  const env = useEnv();

  /** A token-only DAO (default quorum 50%) that gave a harmless contract a weak custom slot (quorum 1%);
   * eve holds 2% of the supply. */
  async function weakSlotDao() {
    const { owner, alice, eve } = members(env);
    const { dao } = await tokenOnlyDao(env, { name: "Weak slot" });
    await depositStandard(env, dao);
    const points = await deploy(env.clients(owner), "ERC20Mock", ["Points", "PTS", 18]);
    const pool = await impersonate(env, dao.govPool);
    await contract(env, dao.settings, abis.govSettingsAbi).write(pool, "addSettings", [
      [proposalSettings({ quorum: PERCENT, executorDescription: "points" })],
    ]);
    await contract(env, dao.settings, abis.govSettingsAbi).write(pool, "changeExecutors", [
      [points.address],
      [5n],
    ]);
    await govPool(env, dao).write(alice, "withdraw", [alice.account.address, E(2_000), []]);
    await contract(env, dao.token, abis.erc20GovAbi).write(alice, "transfer", [
      eve.account.address,
      E(2_000),
    ]);
    await nextBlock(env);
    await depositTokens(env, dao, eve, E(2_000));
    return { dao, points: points.address };
  }

  it("M1 an approval of the treasury to someone else than the main executor is not neutral: the weak slot cannot approve it", async () => {
    const { eve } = members(env);
    const { dao, points } = await env.networkHelpers.loadFixture(weakSlotDao);
    const steal: Action = contract(env, dao.token, abis.erc20GovAbi).action("approve", [
      eve.account.address,
      maxUint256,
    ]);
    const cover: Action = contract(env, points, abis.erc20MockAbi).action("mint", [eve.account.address, 1n]);
    const { id, receipt } = await createProposal(env, dao, eve, [steal, cover]);
    const pool = govPool(env, dao);
    await pool.write(eve, "vote", [id, true, E(2_000), []]);
    await nextBlock(env);
    const token = contract(env, dao.token, abis.erc20GovAbi);
    if ((await stateOf(env, dao, id)) === State.SucceededFor) {
      await pool.write(eve, "execute", [id, [steal, cover], []]);
      await token.write(eve, "transferFrom", [dao.govPool, eve.account.address, E(40_000)]);
    }
    assert.equal(await token.read("balanceOf", [dao.govPool]), E(40_000));
    assert.equal(
      eventsOf(receipt, abis.govPoolAbi, "ProposalCreated")[0]!.settingsId,
      0n,
      "the default slot governs",
    );
    await expectState(env, dao, id, "Voting");
  });

  it("M1 an approval to the main executor stays neutral (funding the executor the weak slot governs)", async () => {
    const { eve } = members(env);
    const { dao, points } = await env.networkHelpers.loadFixture(weakSlotDao);
    const fund: Action = contract(env, dao.token, abis.erc20GovAbi).action("approve", [points, E(10)]);
    const call: Action = contract(env, points, abis.erc20MockAbi).action("mint", [eve.account.address, 1n]);
    const { receipt } = await createProposal(env, dao, eve, [fund, call]);
    assert.equal(eventsOf(receipt, abis.govPoolAbi, "ProposalCreated")[0]!.settingsId, 5n);
  });
});
