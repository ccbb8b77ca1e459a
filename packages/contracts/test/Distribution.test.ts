import assert from "node:assert/strict";
import { describe, it } from "node:test";
import {
  contract,
  distribution,
  distributionActions,
  NATIVE_COIN,
  passDistribution,
  saleDao,
  useEnv,
} from "./fixtures.ts";
import { abis, E, expectRevert, members } from "./helpers.ts";

describe("DistributionProposal", () => {
  const env = useEnv();

  it("a proposal funds a distribution that the for-voters claim pro rata to their raw personal votes", async () => {
    const { alice, bob, dave, eve } = members(env);
    const dao = await saleDao(env, "Distribution");
    const id = await passDistribution(env, dao, E(1_100));
    const d = distribution(env, dao);
    assert.deepEqual(await d.read("getDistribution", [id]), [dao.token, E(1_100), 0n]);
    // 55k raw votes for: alice 30k, bob 20k, dave's NFTs 5k
    assert.equal(await d.read("getPotentialReward", [id, alice.account.address]), E(600));
    await d.write(eve, "claim", [alice.account.address, [id]]); // anyone may claim for a voter
    await d.write(bob, "claim", [bob.account.address, [id]]);
    await d.write(dave, "claim", [dave.account.address, [id]]);
    const token = contract(env, dao.token, abis.erc20GovAbi);
    assert.equal(await token.read("balanceOf", [alice.account.address]), E(600));
    assert.equal(await token.read("balanceOf", [bob.account.address]), E(400));
    assert.equal(await token.read("balanceOf", [dave.account.address]), E(100));
    assert.deepEqual(await d.read("getDistribution", [id]), [dao.token, E(1_100), E(1_100)]);
    assert.equal(await d.read("isClaimed", [id, bob.account.address]), true);
    await d.reverts(eve, "claim", [eve.account.address, [id]], "DistributionNoReward");
  });

  it("distributes the native coin", async () => {
    const { alice } = members(env);
    const dao = await saleDao(env, "Native distribution");
    await env.networkHelpers.setBalance(dao.govPool, E(100));
    const id = await passDistribution(env, dao, E(11), NATIVE_COIN);
    const before = await env.publicClient.getBalance({ address: alice.account.address });
    await distribution(env, dao).write(members(env).eve, "claim", [alice.account.address, [id]]);
    assert.equal((await env.publicClient.getBalance({ address: alice.account.address })) - before, E(6));
  });

  it("only the DAO funds a distribution, once, and only for the proposal calling it", async () => {
    const { alice } = members(env);
    const dao = await saleDao(env, "Distribution rules");
    const d = distribution(env, dao);
    await d.reverts(alice, "execute", [1n, dao.token, E(1)], "DistributionNotGovPool");
    const pool = contract(env, dao.govPool, abis.govPoolAbi);
    const next = (await pool.read<bigint>("latestProposalId")) + 1n;
    // funding another proposal than itself is vetoed at creation
    await expectRevert(
      env,
      alice,
      dao.govPool,
      abis.govPoolAbi,
      "createProposal",
      ["ipfs://x", distributionActions(dao, next + 5n, E(10)), []],
      "GovPoolRejectedByExecutor",
    );
    const id = await passDistribution(env, dao, E(10));
    assert.equal(id, next);
    await d.reverts(alice, "claim", [alice.account.address, [id + 1n]], "DistributionNotFunded");
  });
});
