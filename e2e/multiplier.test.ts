import assert from "node:assert/strict";
import { before, it } from "node:test";
import { govPoolAbi, nftMultiplierAbi } from "@polity/core/generated/contracts";
import type { Page } from "playwright-core";
import { type Address, encodeFunctionData, erc20Abi, parseEther } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { screenshot } from "./harness/app.ts";
import { increaseTime, KEYS, sendAs } from "./harness/chain.ts";
import { waitForIndexedBlock } from "./harness/stack.ts";
import { seededDaoSuite } from "./harness/suite.ts";

const suite = seededDaoSuite("Polity Fresh");
const { asPool, client } = suite;
let page: Page;
let pool: Address;
let token: Address;
let multiplier: Address;

const alice = privateKeyToAccount(KEYS.alice).address;
const balanceOf = (who: Address) =>
  client().readContract({ address: token, abi: erc20Abi, functionName: "balanceOf", args: [who] });

suite.describe("reward multiplier flows", () => {
  before(() => {
    ({ govPool: pool, govToken: token, nftMultiplier: multiplier } = suite.dao);
  });

  it("a member locks a multiplier NFT in My balance, and the reward of a later proposal is claimed multiplied", async () => {
    // Polity Fresh minted alice a ×1.5 NFT for 30 days earlier (its reward-multiplier proposal, made here as the pool)
    await asPool(
      multiplier,
      encodeFunctionData({
        abi: nftMultiplierAbi,
        functionName: "mint",
        args: [alice, 15n * 10n ** 24n, 30n * 86_400n, 0n],
      }),
    );
    const tokenId = await client().readContract({
      address: multiplier,
      abi: nftMultiplierAbi,
      functionName: "totalSupply",
    });

    // alice locks it from My balance
    ({ page } = await suite.openAs(KEYS.alice, `/dao/${pool}/my-balance`));
    const row = page.getByTestId(`multiplier-nft-${tokenId}`);
    await row.waitFor({ timeout: 30_000 });
    assert.match((await page.getByTestId(`multiplier-value-${tokenId}`).textContent()) ?? "", /×1\.5/);
    await page.getByTestId(`multiplier-lock-${tokenId}`).click();
    await page.getByTestId(`multiplier-locked-${tokenId}`).waitFor({ timeout: 60_000 });
    await screenshot(page, "multiplier-locked", 1280);
    await page.close();

    // a later proposal: alice creates and votes (250k), bob's 150k reaches the 40% quorum, carol executes
    const actions = [
      {
        executor: token,
        value: 0n,
        data: encodeFunctionData({ abi: erc20Abi, functionName: "transfer", args: [alice, 1n] }),
      },
    ];
    await sendAs(suite.stack.urls.rpc, KEYS.alice, {
      address: pool,
      abi: govPoolAbi,
      functionName: "createProposalAndVote",
      args: ["ipfs://multiplier-e2e", actions, [], parseEther("250000"), []],
    });
    const id = await client().readContract({
      address: pool,
      abi: govPoolAbi,
      functionName: "latestProposalId",
    });
    await suite.vote(KEYS.bob, id, parseEther("150000"));
    await increaseTime(suite.stack.urls.rpc, 2);
    await suite.execute(KEYS.carol, id, actions);
    const head = await client().getBlockNumber();
    await waitForIndexedBlock(suite.stack, Number(head));

    // the claim page shows the multiplier and its bonus: 400k × 0.01 = 4,000 PFR to the for side, alice's 2,500 × 0.5
    ({ page } = await suite.openAs(KEYS.alice, `/dao/${pool}/claim`));
    const notice = page.getByTestId("claim-multiplier");
    await notice
      .filter({ hasText: `Your multiplier NFT #${tokenId} multiplies your vote rewards ×1.5` })
      .waitFor({
        timeout: 30_000,
      });
    await page
      .getByTestId(`multiplier-bonus-${id}`)
      .filter({ hasText: "+1,250 PFR" })
      .waitFor({ timeout: 30_000 });
    await screenshot(page, "multiplier-claim", 375);
    const before = await balanceOf(alice);
    await page.getByTestId(`reward-${id}`).getByRole("button", { name: "Claim" }).click();
    await page.getByTestId("claim-success").waitFor({ timeout: 60_000 });
    // the vote reward × 1.5 plus the 50 PFR creation reward (static rewards are not multiplied)
    assert.equal((await balanceOf(alice)) - before, parseEther("3800"));
  });
});
