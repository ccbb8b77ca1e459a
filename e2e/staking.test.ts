import assert from "node:assert/strict";
import { before, it } from "node:test";
import { stakingProposalAbi } from "@polity/core/generated/contracts";
import type { Page } from "playwright-core";
import { type Address, encodeFunctionData, erc20Abi, parseEther } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { createdProposalId, screenshot } from "./harness/app.ts";
import { increaseTime, KEYS } from "./harness/chain.ts";
import { waitForIndexedBlock } from "./harness/stack.ts";
import { seededDaoSuite } from "./harness/suite.ts";

const suite = seededDaoSuite("Polity Fresh");
const { asPool, client } = suite;
let page: Page;
let pool: Address;
let token: Address;
let staking: Address;

suite.describe("staking flows", () => {
  before(() => {
    ({ govPool: pool, govToken: token, staking } = suite.dao);
  });

  it("a staking tier created by proposal is staked in from the DAO profile, and its rewards claimed after time passes", async () => {
    // Polity Fresh enabled staking earlier (its own enable-staking proposal, made here as the pool)
    const enabled = await asPool(
      staking,
      encodeFunctionData({ abi: stakingProposalAbi, functionName: "enableStaking" }),
    );
    await waitForIndexedBlock(suite.stack, Number(enabled.blockNumber));

    // alice proposes a tier: 1,000 PFR from the treasury to PFR stakers over a day, from now (chain time)
    ({ page } = await suite.openAs(KEYS.alice, `/dao/${pool}/create-proposal/create-staking-tier`));
    await page.getByText("Active tiers: 0 of 10.", { exact: false }).waitFor({ timeout: 30_000 });
    await page.getByLabel("Proposal name").fill("Reward PFR stakers");
    await page.getByLabel("Tier name").fill("Fresh stakers");
    await page.getByLabel("Tier description").fill("A day of PFR for PFR stakers.");
    await page.getByRole("textbox", { name: "Description", exact: true }).click();
    await page.keyboard.type("A day of staking rewards, paid by the treasury.");
    const now = (await client().getBlock()).timestamp;
    await page.getByLabel("Start (UTC)").fill(new Date(Number(now) * 1000).toISOString().slice(0, 16));
    await page.getByLabel("Total reward").fill("1000");
    await page.getByLabel(/Duration/).fill("1d");
    await page.getByRole("button", { name: "Review" }).click();
    // the approval simulates alone; createTier needs it first, so only the approval is checked here
    const approval = page.getByTestId("decoded-action").first();
    await approval.getByText("Goes through when the DAO makes this call now.").waitFor({ timeout: 30_000 });
    await page.getByRole("button", { name: "Create and vote" }).click();
    const id = await createdProposalId(page);
    await page.close();

    // bob's vote reaches the 40% quorum; anyone executes it a block later
    await suite.vote(KEYS.bob, id, parseEther("150000"));
    await increaseTime(suite.stack.urls.rpc, 2);
    ({ page } = await suite.openAs(KEYS.alice, `/dao/${pool}/proposals/${id}`));
    await page.getByRole("button", { name: "Execute" }).click();
    await page.getByTestId("proposal-state").filter({ hasText: "Executed" }).waitFor({ timeout: 60_000 });
    const [tier] = await client().readContract({
      address: staking,
      abi: stakingProposalAbi,
      functionName: "getTierViews",
      args: [0n, 10n],
    });
    assert.ok(tier, "the proposal created the tier");
    assert.equal(tier.rewardAmount, parseEther("1000"));
    await page.close();

    // a newcomer holding 1,000 PFR stakes 500 from the DAO profile's Staking section
    const newcomer = privateKeyToAccount(KEYS.newcomer).address;
    await asPool(
      token,
      encodeFunctionData({ abi: erc20Abi, functionName: "transfer", args: [newcomer, parseEther("1000")] }),
    );
    ({ page } = await suite.openAs(KEYS.newcomer, `/dao/${pool}/staking`));
    const card = page.getByTestId(`staking-tier-${tier.id}`);
    await card.waitFor({ timeout: 30_000 });
    // the tier is named by the metadata its proposal uploaded
    await card.getByRole("heading", { name: "Fresh stakers" }).waitFor({ timeout: 30_000 });
    await card.getByText("A day of PFR for PFR stakers.").waitFor();
    assert.equal((await card.getByTestId(`tier-status-${tier.id}`).textContent())?.trim(), "Active");
    await card.getByLabel("Amount to stake (PFR)").fill("500");
    await card.getByTestId(`stake-submit-${tier.id}`).filter({ hasText: "Approve PFR" }).click();
    await card.getByTestId(`my-stake-${tier.id}`).filter({ hasText: "500 PFR" }).waitFor({ timeout: 60_000 });
    await card.getByTestId(`tier-rate-${tier.id}`).filter({ hasText: "% a year" }).waitFor();
    await screenshot(page, "staking-tier-staked", 1280);

    // an hour later: about 1000/24 PFR accrued to the only staker; claimed to the wallet
    await increaseTime(suite.stack.urls.rpc, 3_600);
    await page.reload();
    await card.waitFor({ timeout: 30_000 });
    const accrued = card.getByTestId(`accrued-${tier.id}`);
    await accrued.filter({ hasText: /^4\d[.,]/ }).waitFor({ timeout: 30_000 });
    const before = await client().readContract({
      address: token,
      abi: erc20Abi,
      functionName: "balanceOf",
      args: [newcomer],
    });
    await card.getByTestId(`claim-${tier.id}`).click();
    await accrued.filter({ hasText: /^(0|<)/ }).waitFor({ timeout: 60_000 });
    const after = await client().readContract({
      address: token,
      abi: erc20Abi,
      functionName: "balanceOf",
      args: [newcomer],
    });
    assert.ok(after - before > parseEther("41"), `claimed ${after - before}`);
    assert.ok(after - before < parseEther("43"), `claimed ${after - before}`);
    await screenshot(page, "staking-claimed", 375);
  });

  it("an ended tier nobody staked in is recovered to the treasury by a proposal from the Staking section", async () => {
    // Polity Fresh enabled staking and funded a one-hour tier of 1,000 PFR (its own proposals, made here as the pool)
    const start = (await client().getBlock()).timestamp;
    await asPool(staking, encodeFunctionData({ abi: stakingProposalAbi, functionName: "enableStaking" }));
    await asPool(
      token,
      encodeFunctionData({ abi: erc20Abi, functionName: "approve", args: [staking, parseEther("1000")] }),
    );
    const funded = await asPool(
      staking,
      encodeFunctionData({
        abi: stakingProposalAbi,
        functionName: "createTier",
        args: [
          {
            metadataURL: "",
            stakeToken: token,
            rewardToken: token,
            rewardAmount: parseEther("1000"),
            startTime: start,
            endTime: start + 3_600n,
          },
        ],
      }),
    );
    await waitForIndexedBlock(suite.stack, Number(funded.blockNumber));
    const id = await client().readContract({
      address: staking,
      abi: stakingProposalAbi,
      functionName: "latestTierId",
    });

    // nobody staked; once it ended, the Staking section offers to take the whole reward back
    await increaseTime(suite.stack.urls.rpc, 3_700);
    ({ page } = await suite.openAs(KEYS.alice, `/dao/${pool}/staking`));
    const card = page.getByTestId(`staking-tier-${id}`);
    await card.getByTestId(`tier-status-${id}`).filter({ hasText: "Ended" }).waitFor({ timeout: 30_000 });
    await card.getByRole("link", { name: "Propose to recover the 1,000 PFR nobody earned" }).click();
    await page
      .getByTestId("staking-recover-amount")
      .filter({ hasText: "1,000 PFR" })
      .waitFor({ timeout: 30_000 });
    await page.getByLabel("Proposal name").fill("Recover the unused staking reward");
    await page.getByRole("textbox", { name: "Description", exact: true }).click();
    await page.keyboard.type("Nobody staked in the tier: its reward goes back to the treasury.");
    await page.getByRole("button", { name: "Review" }).click();
    await page
      .getByTestId("decoded-action")
      .getByText("Goes through when the DAO makes this call now.")
      .waitFor({ timeout: 30_000 });
    await page.getByRole("button", { name: "Create and vote" }).click();
    const proposalId = await createdProposalId(page);
    await page.close();

    // bob's vote reaches the quorum; alice executes it: the treasury gets the 1,000 PFR back
    await suite.vote(KEYS.bob, proposalId, parseEther("150000"));
    await increaseTime(suite.stack.urls.rpc, 2);
    const treasury = () =>
      client().readContract({ address: token, abi: erc20Abi, functionName: "balanceOf", args: [pool] });
    const before = await treasury();
    ({ page } = await suite.openAs(KEYS.alice, `/dao/${pool}/proposals/${proposalId}`));
    await page.getByRole("button", { name: "Execute" }).click();
    await page.getByTestId("proposal-state").filter({ hasText: "Executed" }).waitFor({ timeout: 60_000 });
    assert.equal((await treasury()) - before, parseEther("1000"));
    const [view] = await client().readContract({
      address: staking,
      abi: stakingProposalAbi,
      functionName: "getTierViews",
      args: [id - 1n, 1n],
    });
    assert.equal(view?.recovered, true);
    await page.close();

    // nothing is left to recover
    ({ page } = await suite.openAs(KEYS.alice, `/dao/${pool}/staking`));
    await page.getByTestId(`staking-tier-${id}`).waitFor({ timeout: 30_000 });
    assert.equal(await page.getByText(/Propose to recover/).count(), 0);
    await screenshot(page, "staking-recovered", 1280);
  });
});
