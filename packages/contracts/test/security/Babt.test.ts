import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { contract, govPool, useEnv } from "../fixtures.ts";
import {
  abis,
  createProposal,
  depositTokens,
  E,
  eventsOf,
  impersonate,
  members,
  nextBlock,
  standardDao,
  tokenOnlyDao,
  transferAction,
} from "../helpers.ts";

describe("security: the BABT restriction", () => {
  const env = useEnv();

  /** A DAO restricted to BABT holders with a proposal in Voting (alice holds a BABT), and a pool anyone deployed
   * through the permissionless factory holding 1,000 deposited tokens of the restricted DAO. */
  async function restrictedDao() {
    const { owner, alice } = members(env);
    const { dao } = await standardDao(env, { name: "Verified only", onlyBABTHolders: true });
    await contract(env, env.protocol.BABT, abis.testBabtAbi).write(owner, "attest", [alice.account.address]);
    await depositTokens(env, dao, alice, E(10_000));
    const { id } = await createProposal(env, dao, alice, [transferAction(dao, alice.account.address, 1n)]);
    const { dao: own } = await tokenOnlyDao(env, { name: "Anyone's pool" });
    await contract(env, dao.token, abis.erc20GovAbi).write(alice, "transfer", [own.govPool, E(1_000)]);
    const pool = await impersonate(env, own.govPool);
    await depositTokens(env, dao, pool, E(1_000));
    await nextBlock(env);
    return { dao, id, pool };
  }

  it("M4 a pool anyone deployed through the factory cannot vote in a BABT-only DAO without holding a BABT", async () => {
    const { dao, id, pool } = await env.networkHelpers.loadFixture(restrictedDao);
    assert.equal(
      await contract(env, env.protocol.PoolRegistry, abis.poolRegistryAbi).read("isGovPool", [
        pool.account.address,
      ]),
      true,
    );
    await govPool(env, dao).reverts(pool, "vote", [id, true, E(1_000), []], "GovPoolNotBABTHolder");
  });

  it("M4 only the protocol owner's allow-list exempts an account from the BABT restriction", async () => {
    const { owner, alice } = members(env);
    const { dao, id, pool } = await env.networkHelpers.loadFixture(restrictedDao);
    const exempt = [[pool.account.address], true] as const;
    const registry = contract(env, env.protocol.PoolRegistry, abis.poolRegistryAbi);
    await registry.reverts(alice, "setBABTExemptions", exempt, "OwnableUnauthorizedAccount");
    const r = await registry.write(owner, "setBABTExemptions", exempt);
    assert.equal(eventsOf(r, abis.poolRegistryAbi, "BABTExemptionSet").length, 1);
    await govPool(env, dao).write(pool, "vote", [id, true, E(1_000), []]);
  });
});
