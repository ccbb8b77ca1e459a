import assert from "node:assert/strict";
import { describe, it } from "node:test";
import fc from "fast-check";
import { type Address, getAddress, zeroAddress } from "viem";
import type { DaoAddresses } from "../../scripts/lib/dao.ts";
import {
  claimedReward,
  DAY,
  govPool,
  MULTIPLIER,
  multiplierDao,
  pass,
  useEnv,
  vote,
  votePassing,
} from "../fixtures.ts";
import { createProposal, E, impersonate, members, State, stateOf, transferAction } from "../helpers.ts";

describe("security: NFT multiplier", () => {
  const env = useEnv();

  /** bob and dave vote for proposal `id` after alice did: the 55k quorum is reached. */
  async function othersPass(dao: DaoAddresses, id: bigint) {
    const { bob, dave } = members(env);
    await vote(env, dao, bob, id, E(20_000));
    await vote(env, dao, dave, id, 0n, { nftIds: [1n, 2n, 3n, 4n, 5n] });
  }

  it("NM1 an NFT cannot be locked while its holder votes, nor passed on to multiply another holder's reward of the same proposal", async () => {
    const { alice, bob, eve } = members(env);
    const { dao, m, mint } = await multiplierDao(env, "NM1");
    const tokenId = await mint(alice, 1.5);
    const actions = [transferAction(dao, eve.account.address, 1n)];

    // alice votes unlocked, then tries to lock mid-vote (the NFT would multiply a vote cast without it)
    const first = await createProposal(env, dao, alice, actions);
    await vote(env, dao, alice, first.id, E(30_000));
    await m.reverts(alice, "lock", [tokenId], "NftMultiplierActiveVotes");
    // once the proposal left Voting she may lock, but its reward is not multiplied: it was created before
    await othersPass(dao, first.id);
    await m.write(alice, "lock", [tokenId]);
    await govPool(env, dao).write(bob, "execute", [first.id, actions, []]);
    assert.equal(await claimedReward(env, dao, alice, first.id), E(3010));

    // locked before the next proposal: alice's reward is multiplied, then she hands the NFT to bob
    const { id } = await pass(env, dao, actions);
    assert.equal(await claimedReward(env, dao, alice, id), E(4510));
    await m.write(alice, "unlock");
    await m.write(alice, "transferFrom", [alice.account.address, bob.account.address, tokenId]);
    await m.write(bob, "lock", [tokenId]);
    // the same NFT does not multiply bob's reward on that proposal too
    assert.equal(await m.read("getExtraRewards", [bob.account.address, id, E(2000)]), 0n);
    assert.equal(await claimedReward(env, dao, bob, id), E(2000));
  });

  it("NM2 a locked NFT is not unlocked or moved while its holder votes; unlocked after the vote it multiplies nothing, and the bonus is rounded down", async () => {
    const { alice, bob, eve } = members(env);
    const { dao, m, mint } = await multiplierDao(env, "NM2");
    const tokenId = await mint(alice, 1.5);
    await m.write(alice, "lock", [tokenId]);
    const actions = [transferAction(dao, eve.account.address, 1n)];
    const p = await createProposal(env, dao, alice, actions);
    await vote(env, dao, alice, p.id, E(30_000));
    await m.reverts(alice, "unlock", [], "NftMultiplierActiveVotes");
    await m.reverts(
      alice,
      "transferFrom",
      [alice.account.address, bob.account.address, tokenId],
      "NftMultiplierLocked",
    );
    await othersPass(dao, p.id);
    assert.notEqual(await stateOf(env, dao, p.id), State.Voting);
    await m.write(alice, "unlock");
    await govPool(env, dao).write(bob, "execute", [p.id, actions, []]);
    assert.equal(await claimedReward(env, dao, alice, p.id), E(3010));

    // 4/3 (1.333…): the bonus of a 3,000 reward is rounded down, never above a third of it
    const pool = await impersonate(env, dao.govPool);
    await m.write(pool, "mint", [alice.account.address, MULTIPLIER(1) + MULTIPLIER(1) / 3n, 30n * DAY, 0n]);
    await m.write(alice, "lock", [await m.read<bigint>("totalSupply")]);
    const { id } = await pass(env, dao, actions);
    const bonus = (E(3000) * (MULTIPLIER(1) / 3n)) / MULTIPLIER(1);
    assert.equal(bonus, E(1000) - 1n);
    assert.equal(await claimedReward(env, dao, alice, id), E(3010) + bonus);
  });

  it("NM3 the multiplier stops at the end of the NFT's reward period: no bonus after it, no lock after it", async () => {
    const { alice, eve } = members(env);
    const { dao, m, mint } = await multiplierDao(env, "NM3");
    const tokenId = await mint(alice, 2, 2n * DAY);
    await m.write(alice, "lock", [tokenId]);
    const actions = [transferAction(dao, eve.account.address, 1n)];
    const p = await createProposal(env, dao, alice, actions);
    await votePassing(env, dao, p.id);
    await env.networkHelpers.time.increase(2n * DAY);
    await govPool(env, dao).write(eve, "execute", [p.id, actions, []]);
    assert.equal(await m.read("getExtraRewards", [alice.account.address, p.id, E(3000)]), 0n);
    assert.equal(await claimedReward(env, dao, alice, p.id), E(3010));
    await m.write(alice, "unlock");
    await m.reverts(alice, "lock", [tokenId], "NftMultiplierExpired");
  });

  it("NM4 only one multiplier is active per DAO: another is refused until the active one is deactivated, and a replaced one pays nothing", async () => {
    const { alice, eve } = members(env);
    const { dao, m, mint, pool } = await multiplierDao(env, "NM4");
    const other = (await multiplierDao(env, "NM4 other")).dao.nftMultiplier;
    const p = govPool(env, dao);
    await p.reverts(pool, "setNftMultiplierAddress", [other], "GovPoolMultiplierActive");
    await p.reverts(alice, "setNftMultiplierAddress", [zeroAddress], "GovPoolNotThis");
    const tokenId = await mint(alice, 2);
    await m.write(alice, "lock", [tokenId]);
    await p.write(pool, "setNftMultiplierAddress", [zeroAddress]);
    await p.write(pool, "setNftMultiplierAddress", [other]);
    // alice's NFT of the replaced collection no longer multiplies, nor can another be locked there
    const { id } = await pass(env, dao, [transferAction(dao, eve.account.address, 1n)]);
    assert.equal(await claimedReward(env, dao, alice, id), E(3010));
    await m.write(alice, "unlock");
    await m.reverts(alice, "lock", [tokenId], "NftMultiplierNotActive");
  });

  it("NM4 property: whatever the sequence of activations and deactivations, at most one multiplier is active and only after a deactivation", async () => {
    const { dao, pool } = await multiplierDao(env, "NM4 property");
    const p = govPool(env, dao);
    const candidates: Address[] = [dao.nftMultiplier, dao.staking, dao.tokenSale];
    const snapshot = await env.networkHelpers.takeSnapshot();
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.integer({ min: -1, max: 2 }), { minLength: 1, maxLength: 8 }),
        async (ops) => {
          await snapshot.restore();
          let active: Address = dao.nftMultiplier;
          for (const op of ops) {
            const target = op < 0 ? zeroAddress : candidates[op]!;
            if (active !== zeroAddress && target !== zeroAddress) {
              await p.reverts(pool, "setNftMultiplierAddress", [target], "GovPoolMultiplierActive");
            } else {
              await p.write(pool, "setNftMultiplierAddress", [target]);
              active = target;
            }
            const [onChain] = await p.read<readonly [Address]>("getNftContracts");
            assert.equal(onChain, getAddress(active));
          }
        },
      ),
      { numRuns: 15 },
    );
  });

  it("NM5 property: the bonus is the vote reward × (multiplier − 1) rounded down, never more", async () => {
    const { alice } = members(env);
    const { m, pool } = await multiplierDao(env, "NM5");
    const snapshot = await env.networkHelpers.takeSnapshot();
    await fc.assert(
      fc.asyncProperty(
        fc.bigInt({ min: MULTIPLIER(1) + 1n, max: MULTIPLIER(100) }),
        fc.bigInt({ min: 0n, max: 10n ** 30n }),
        async (multiplier, reward) => {
          await snapshot.restore();
          await m.write(pool, "mint", [alice.account.address, multiplier, DAY, 0n]);
          await m.write(alice, "lock", [await m.read<bigint>("totalSupply")]);
          const extra = await m.read<bigint>("getExtraRewards", [alice.account.address, 1_000n, reward]);
          assert.equal(extra, (reward * (multiplier - MULTIPLIER(1))) / MULTIPLIER(1));
        },
      ),
      { numRuns: 15 },
    );
  });
});
