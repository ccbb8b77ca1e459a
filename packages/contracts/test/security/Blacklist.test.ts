import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { contract, useEnv } from "../fixtures.ts";
import {
  abis,
  createProposal,
  depositStandard,
  E,
  impersonate,
  mappingSlot,
  members,
  nextBlock,
  proposalView,
  setStorageAt,
  standardDao,
  storageAt,
  tokenOnlyDao,
  transferAction,
} from "../helpers.ts";

describe("security: the DAO token's blacklist", () => {
  const env = useEnv();

  /** A DAO on its own token (token-only, or token and NFTs) whose members deposited, then the DAO blacklisted
   * alice (30k deposited) by proposal. */
  async function blacklistedIn(create: typeof tokenOnlyDao) {
    const { alice } = members(env);
    const { dao } = await create(env, { name: `Blacklisting ${create.name}` });
    await depositStandard(env, dao);
    const { id } = await createProposal(env, dao, alice, [transferAction(dao, alice.account.address, 1n)]);
    const pool = await impersonate(env, dao.govPool);
    await contract(env, dao.token, abis.erc20GovAbi).write(pool, "blacklist", [
      [alice.account.address],
      true,
    ]);
    await nextBlock(env);
    return { dao, id };
  }
  const tokenOnly = () => blacklistedIn(tokenOnlyDao);
  const withNfts = () => blacklistedIn(standardDao);

  for (const [kind, fixture] of [
    ["token-only", tokenOnly],
    ["token and NFT", withNfts],
  ] as const) {
    it(`M5 a blacklisted member cannot vote or move deposited tokens to a clean address (${kind} DAO)`, async () => {
      const { alice, bob, eve } = members(env);
      const { dao, id } = await env.networkHelpers.loadFixture(fixture);
      const pool = dao.govPool;
      const govPool = abis.govPoolAbi;
      await contract(env, pool, govPool).reverts(
        alice,
        "vote",
        [id, true, E(30_000), []],
        "GovPoolBlacklisted",
      );
      await contract(env, pool, govPool).reverts(
        alice,
        "createProposalAndVote",
        ["ipfs://x", [transferAction(dao, alice.account.address, 1n)], [], E(30_000), []],
        "GovPoolBlacklisted",
      );
      await contract(env, pool, govPool).reverts(
        alice,
        "withdraw",
        [eve.account.address, E(30_000), []],
        "GovPoolBlacklisted",
      );
      // to themselves the token itself refuses; a new deposit too
      await contract(env, pool, govPool).reverts(
        alice,
        "withdraw",
        [alice.account.address, E(30_000), []],
        "ERC20GovBlacklisted",
      );
      // other members are untouched
      await contract(env, pool, govPool).write(bob, "vote", [id, true, E(20_000), []]);
      assert.equal(
        await contract(env, dao.token, abis.erc20GovAbi).read("balanceOf", [eve.account.address]),
        0n,
      );
    });
  }

  it("M5 the pool's blacklist marks come from its own token only: a member cannot clear its mark, and an owner the DAO handed the token to still reaches the pool", async () => {
    const { alice, bob, eve } = members(env);
    const { dao, id } = await env.networkHelpers.loadFixture(tokenOnly);
    const pool = contract(env, dao.govPool, abis.govPoolAbi);
    await pool.reverts(alice, "syncBlacklist", [[alice.account.address], false], "GovPoolNotToken");
    await pool.reverts(alice, "vote", [id, true, E(30_000), []], "GovPoolBlacklisted");
    // the DAO hands its token to eve, who blacklists bob: the pool made with the token hears of it
    const token = contract(env, dao.token, abis.erc20GovAbi);
    assert.equal(await token.read("blacklistPool"), dao.govPool);
    await token.write(await impersonate(env, dao.govPool), "transferOwnership", [eve.account.address]);
    await token.write(eve, "blacklist", [[bob.account.address], true]);
    await pool.reverts(bob, "vote", [id, true, E(20_000), []], "GovPoolBlacklisted");
    await token.write(eve, "blacklist", [[alice.account.address, bob.account.address], false]);
    await pool.write(alice, "vote", [id, true, E(30_000), []]);
    await pool.write(bob, "vote", [id, true, E(20_000), []]);
  });

  it("M5 a blacklisted member's mark survives the delegation mark beside it: a delegation to and back from them does not clear it, and clearing it leaves their delegated power", async () => {
    const { alice, bob } = members(env);
    const { dao, id } = await env.networkHelpers.loadFixture(tokenOnly);
    const pool = contract(env, dao.govPool, abis.govPoolAbi);
    // bob's delegation marks alice as holding micropool power, his undelegation clears that mark: both write the
    // word her blacklist mark is kept in
    await pool.write(bob, "delegate", [alice.account.address, E(10_000), []]);
    await nextBlock(env);
    await pool.write(bob, "undelegate", [alice.account.address, E(10_000), []]);
    await nextBlock(env);
    await pool.reverts(alice, "vote", [id, true, E(30_000), []], "GovPoolBlacklisted");
    // delegated to again, then cleared by the token: she votes, and her micropool's power is still hers
    await pool.write(bob, "delegate", [alice.account.address, E(10_000), []]);
    await contract(env, dao.token, abis.erc20GovAbi).write(await impersonate(env, dao.govPool), "blacklist", [
      [alice.account.address],
      false,
    ]);
    await nextBlock(env);
    await pool.write(alice, "vote", [id, true, E(30_000), []]);
    // her vote carries her micropool too (read through the delegation mark): 30k personal + 10k delegated
    assert.equal((await proposalView<{ votesFor: bigint }>(env, dao, id)).votesFor, E(40_000));
  });

  it("M5 a pool whose token does not report its blacklist (an older ERC20Gov) asks the token at each vote", async () => {
    const { alice } = members(env);
    const { dao, id } = await env.networkHelpers.loadFixture(tokenOnly);
    // slot 4 byte 30: `_creationFlags`; BLACKLIST_MARKS (16) off and alice's mark (slot 19, bytes 6-7) cleared, as
    // in a pool made before the marks
    const slot4 = await storageAt(env, dao.govPool, 4n);
    await setStorageAt(env, dao.govPool, 4n, slot4 & ~(16n << 240n));
    const aliceSlot = mappingSlot(alice.account.address, 19n);
    await setStorageAt(
      env,
      dao.govPool,
      aliceSlot,
      (await storageAt(env, dao.govPool, aliceSlot)) & ~(0xffffn << 48n),
    );
    await contract(env, dao.govPool, abis.govPoolAbi).reverts(
      alice,
      "vote",
      [id, true, E(30_000), []],
      "GovPoolBlacklisted",
    );
  });
});
