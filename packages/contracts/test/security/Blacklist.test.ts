import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { contract, useEnv } from "../fixtures.ts";
import {
  abis,
  createProposal,
  depositStandard,
  E,
  impersonate,
  members,
  nextBlock,
  standardDao,
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
});
