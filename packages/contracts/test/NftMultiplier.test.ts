import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { getAddress, zeroAddress } from "viem";
import {
  claimedReward,
  DAY,
  govPool,
  MULTIPLIER,
  multiplierDao,
  nftMultiplier,
  pass,
  useEnv,
} from "./fixtures.ts";
import { E, members, transferAction, type Wallet } from "./helpers.ts";

type NftView = {
  tokenId: bigint;
  owner: string;
  initialMultiplier: bigint;
  multiplier: bigint;
  rewardPeriodEnd: bigint;
  averageBalance: bigint;
  isLocked: boolean;
  lockedAfterProposal: bigint;
};

/** `GovPool.getPendingRewards`, the fields these tests read. */
type PendingRewards = {
  staticRewards: bigint[];
  votingRewards: { personal: bigint; micropool: bigint; treasury: bigint }[];
  multiplierRewards: bigint[];
};

describe("NFT multiplier", () => {
  const env = useEnv();

  it("every DAO deploys its multiplier collection, active from the start; a proposal mints an NFT whose metadata has its traits", async () => {
    const { alice, bob, eve } = members(env);
    const { dao, m } = await multiplierDao(env, "Multiplier mint");
    const [active] = await govPool(env, dao).read<readonly [string]>("getNftContracts");
    assert.equal(active, getAddress(dao.nftMultiplier));
    assert.equal(await m.read("owner"), getAddress(dao.govPool));
    assert.equal(await m.read("name"), "Multiplier mint Multiplier");

    await pass(env, dao, [m.action("mint", [eve.account.address, MULTIPLIER(1.5), 10n * DAY, E(500)])]);
    const [nft] = await m.read<NftView[]>("getHolderNfts", [eve.account.address]);
    assert.equal(nft!.tokenId, 1n);
    assert.equal(nft!.initialMultiplier, MULTIPLIER(1.5));
    assert.equal(nft!.averageBalance, E(500));
    assert.equal(nft!.isLocked, false);

    const uri = await m.read<string>("tokenURI", [1n]);
    const json = JSON.parse(
      Buffer.from(uri.replace("data:application/json;base64,", ""), "base64").toString(),
    );
    assert.equal(json.name, "Multiplier mint Multiplier #1");
    assert.deepEqual(
      json.attributes.map((a: { trait_type: string; value: unknown }) => [a.trait_type, a.value]),
      [
        ["Multiplier", 1.5],
        ["Initial multiplier", 1.5],
        ["Average Balance", E(500).toString()],
      ],
    );
    // only the DAO mints
    await m.reverts(
      alice,
      "mint",
      [alice.account.address, MULTIPLIER(2), DAY, 0n],
      "OwnableUnauthorizedAccount",
    );
    await m.reverts(bob, "lock", [1n], "NftMultiplierNotHolder");
  });

  it("a locked NFT multiplies its holder's vote rewards on proposals created after the lock", async () => {
    const { alice, bob, eve } = members(env);
    const { dao, m, mint } = await multiplierDao(env, "Multiplier rewards");
    const tokenId = await mint(alice, 1.5);
    await m.write(alice, "lock", [tokenId]);
    const locked = await m.read<NftView>("getLocked", [alice.account.address]);
    assert.equal(locked.tokenId, tokenId);
    assert.equal(locked.isLocked, true);

    const { id } = await pass(env, dao, [transferAction(dao, eve.account.address, 1n)]);
    assert.equal(await m.read("getExtraRewards", [alice.account.address, id, E(3000)]), E(1500));
    // the pending view says what the claim pays, the bonus included; bob holds no multiplier
    const pending = (w: Wallet) =>
      govPool(env, dao).read<PendingRewards>("getPendingRewards", [w.account.address, [id]]);
    const mine = await pending(alice);
    assert.equal(mine.multiplierRewards[0], E(1500));
    const v = mine.votingRewards[0]!;
    const total = mine.staticRewards[0]! + v.personal + v.micropool + v.treasury + mine.multiplierRewards[0]!;
    assert.equal(total, E(4510));
    assert.deepEqual((await pending(bob)).multiplierRewards, [0n]);
    // vote reward 3,000 × 1.5 plus the creation reward 10 (static rewards are not multiplied)
    assert.equal(await claimedReward(env, dao, alice, id), E(4510));
    assert.equal(await claimedReward(env, dao, bob, id), E(2000));
  });

  it("above the NFT's average balance the bonus shrinks in proportion to the holder's deposit", async () => {
    const { carol, alice } = members(env);
    const { m, mint } = await multiplierDao(env, "Multiplier average");
    // carol deposited 10k: at or below the average the initial multiplier holds
    const a = await mint(carol, 2, 30n * DAY, E(10_000));
    assert.equal(await m.read("currentMultiplier", [a]), MULTIPLIER(2));
    // alice deposited 30k: 1 + (2 − 1) × 10k / 30k
    const b = await mint(alice, 2, 30n * DAY, E(10_000));
    assert.equal(await m.read("currentMultiplier", [b]), MULTIPLIER(1) + MULTIPLIER(1) / 3n);
    const uri = await m.read<string>("tokenURI", [b]);
    const json = JSON.parse(Buffer.from(uri.split(",")[1]!, "base64").toString());
    assert.equal(json.attributes[0].value, 1.33);
    assert.equal(json.attributes[1].value, 2);
  });

  it("a proposal replaces the DAO's multiplier: the active one is deactivated, then the other activated", async () => {
    const { dao, m } = await multiplierDao(env, "Multiplier replace");
    const other = (await multiplierDao(env, "Multiplier other")).dao.nftMultiplier;
    const pool = govPool(env, dao);
    await pass(env, dao, [
      pool.action("setNftMultiplierAddress", [zeroAddress]),
      pool.action("setNftMultiplierAddress", [other]),
    ]);
    const [active] = await pool.read<readonly [string]>("getNftContracts");
    assert.equal(active, getAddress(other));
    assert.notEqual(active, getAddress(m.address));
    assert.equal(nftMultiplier(env, dao).address, dao.nftMultiplier);
  });
});
