import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { deployed, govPool, useEnv } from "../fixtures.ts";
import { abis, createProposal, depositTokens, E, members, standardDao, transferAction } from "../helpers.ts";

/** ids from .. from + count - 1 */
const range = (from: number, count: number) => Array.from({ length: count }, (_, i) => BigInt(from + i));

describe("security: NFT locks", () => {
  const env = useEnv();

  it("L10 locking and unlocking 1,000 NFTs costs gas linear in their number (votes, withdrawals, the withdrawable view)", async () => {
    const { owner, alice, dave } = members(env);
    // 1,100 NFTs worth 1 wei each (dave's votes never reach the quorum: the proposal stays in Voting)
    const nft = await deployed(env, owner, "BulkNft");
    for (let from = 1; from <= 1_100; from += 275) {
      await nft.write(owner, "mintRange", [dave.account.address, BigInt(from), 275n]);
    }
    const { dao } = await standardDao(env, {
      name: "Thousand NFTs",
      nftAddress: nft.address,
      individualPower: 1n,
      nftsTotalSupply: 1_100n,
    });
    const pool = govPool(env, dao);
    await nft.write(dave, "setApprovalForAll", [dao.userKeeper, true]);
    for (let from = 1; from <= 1_100; from += 110) {
      await pool.write(dave, "deposit", [0n, range(from, 110)]);
    }
    await depositTokens(env, dao, alice, E(30_000));
    const { id } = await createProposal(env, dao, alice, [transferAction(dao, alice.account.address, 1n)]);

    // dave locks 1,000 NFTs in four votes of 250 (the quadratic duplicate check made one such vote exceed the
    // 16,777,216-gas transaction cap of EIP-7825)
    const voteGas: bigint[] = [];
    for (let from = 1; from <= 1_000; from += 250) {
      const r = await pool.write(dave, "vote", [id, true, 0n, range(from, 250)]);
      voteGas.push(r.gasUsed);
    }
    // per NFT: the vote record (~22k) and the keeper's check, plus ~2.6k for each NFT voted before
    for (const g of voteGas)
      assert.ok(g < 10_000_000n, `a vote of 250 NFTs costs ${g} gas (votes: ${voteGas.join(", ")})`);

    // with 1,000 NFTs locked, dave withdraws the 100 free ones; the check is linear in locked + withdrawn
    const [, withdrawableBefore] = await pool.read<[bigint, bigint[]]>("getWithdrawableAssets", [
      dave.account.address,
    ]);
    assert.deepEqual(withdrawableBefore, range(1_001, 100));
    const viewGas = await env.publicClient.estimateContractGas({
      address: dao.govPool,
      abi: abis.govPoolAbi,
      functionName: "getWithdrawableAssets",
      args: [dave.account.address],
    });
    assert.ok(viewGas < 9_000_000n, `getWithdrawableAssets with 1,000 NFTs locked costs ${viewGas} gas`);
    const free = await pool.write(dave, "withdraw", [dave.account.address, 0n, range(1_001, 100)]);
    assert.ok(
      free.gasUsed < 7_000_000n,
      `withdrawing 100 NFTs beside 1,000 locked costs ${free.gasUsed} gas`,
    );
    await assert.rejects(
      pool.write(dave, "withdraw", [dave.account.address, 0n, [1_000n]]),
      /GovPoolNftLocked|reverted/,
    );

    // once the vote ended (defeated: no quorum) the 1,000 NFTs unlock and come back in batches
    await env.networkHelpers.time.increase(3_601);
    const unlockGas: bigint[] = [];
    for (let from = 1; from <= 1_000; from += 250) {
      const r = await pool.write(dave, "withdraw", [dave.account.address, 0n, range(from, 250)]);
      unlockGas.push(r.gasUsed);
    }
    for (const g of unlockGas) assert.ok(g < 10_000_000n, `withdrawing 250 unlocked NFTs costs ${g} gas`);
    assert.equal(await nft.read("balanceOf", [dave.account.address]), 1_100n);
  });
});
