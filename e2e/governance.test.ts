import assert from "node:assert/strict";
import { before, describe, it } from "node:test";
import { govPoolAbi, govUserKeeperAbi, govValidatorsAbi } from "@polity/core/generated/contracts";
import type { Page } from "playwright-core";
import { type Address, type Hex, parseEther } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import type { RunningStack } from "../scripts/stack.ts";
import { connectAndLogin, countRpcRequests, openApp, screenshot } from "./harness/app.ts";
import type { LaunchedBrowser } from "./harness/browser.ts";
import { chainClients, increaseTime, KEYS, seededDao, sendAs } from "./harness/chain.ts";
import { freshBrowserPerTest } from "./harness/session.ts";
import { useStack } from "./harness/stack.ts";
import { injectWallet, type TestWallet } from "./harness/wallet.ts";

const DAY = 86_400;

let stack: RunningStack;
let browser: LaunchedBrowser;
let page: Page;
const dao: Record<"fresh" | "guild" | "merit", Address> = { fresh: "0x", guild: "0x", merit: "0x" };

async function proposalState(pool: Address, id: bigint): Promise<number> {
  const { publicClient } = chainClients(stack.urls.rpc, KEYS.deployer);
  return Number(
    await publicClient.readContract({
      address: pool,
      abi: govPoolAbi,
      functionName: "getProposalState",
      args: [id],
    }),
  );
}

async function openAs(key: Hex, path: string): Promise<TestWallet> {
  const wallet = await injectWallet(page, { privateKey: key, rpcUrl: stack.urls.rpc });
  await openApp(page, stack.urls.web, path);
  await connectAndLogin(page, wallet);
  return wallet;
}

async function expectState(label: string): Promise<void> {
  await page.getByTestId("proposal-state").filter({ hasText: label }).waitFor({ timeout: 30_000 });
}

// One suite per file: with the runner in one process (one shared stack), top-level hooks would run for every file's tests.
describe("governance flows", () => {
  before(async () => {
    stack = await useStack();
    for (const [key, name] of [
      ["fresh", "Polity Fresh"],
      ["guild", "Guild of Builders"],
      ["merit", "Validated Meritocracy"],
    ] as const) {
      dao[key] = (await seededDao(stack.urls.rpc, name)).govPool;
    }
  });

  freshBrowserPerTest(
    () => stack,
    (launched) => ({ browser, page } = launched),
  );

  describe("governing a DAO", () => {
    it("deposits, votes, is refused the locked tokens, sees the proposal defeated and withdraws after voting ends", async () => {
      // carol holds 15,000 BGT in her wallet and nothing in the Guild yet
      const wallet = await openAs(KEYS.carol, `/dao/${dao.guild}/deposit`);
      const amount = page.getByLabel("Amount (BGT)");
      await amount.waitFor();
      const submit = page.getByTestId("deposit-submit");
      assert.equal((await submit.textContent())?.trim(), "Select amount");
      await amount.fill("20000");
      await submit.filter({ hasText: "Insufficient balance" }).waitFor();
      await amount.fill("10000");
      await submit.filter({ hasText: "Deposit" }).click();
      await page.waitForFunction(
        () => (document.querySelector("#deposit-amount") as HTMLInputElement | null)?.value === "",
      );
      const { publicClient } = chainClients(stack.urls.rpc, KEYS.deployer);
      const keeper = (
        await publicClient.readContract({
          address: dao.guild,
          abi: govPoolAbi,
          functionName: "getHelperContracts",
        })
      )[1];
      const deposited = await publicClient.readContract({
        address: keeper,
        abi: govUserKeeperAbi,
        functionName: "tokenBalance",
        args: [wallet.address],
      });
      assert.equal(deposited, parseEther("10000"));
      assert.ok(wallet.calls.filter((c) => c === "eth_sendTransaction").length >= 2, "approve, then deposit");

      // vote against "Workshop series" (Guild #2, members voting) with everything: the 10,000
      // deposited and the 5,000 still in the wallet, deposited by the same flow
      await page.goto(new URL(`/dao/${dao.guild}/vote/2`, stack.urls.web).href);
      await page.getByTestId("locked-explanation").waitFor();
      await page.getByLabel("against").check();
      await page.getByRole("button", { name: "Max" }).click();
      await page
        .getByTestId("vote-steps")
        .filter({ hasText: "Deposit them and vote in one transaction" })
        .waitFor();
      await page.getByTestId("vote-submit").filter({ hasText: "Vote against" }).click();
      await page.getByTestId("vote-success").waitFor();
      const votedWith = await publicClient.readContract({
        address: keeper,
        abi: govUserKeeperAbi,
        functionName: "tokenBalance",
        args: [wallet.address],
      });
      assert.equal(votedWith, parseEther("15000"));

      // the tokens are locked while the vote runs
      await page.goto(new URL(`/dao/${dao.guild}/withdraw`, stack.urls.web).href);
      await page
        .getByTestId("locked-explanation")
        .filter({ hasText: "Tokens are locked during voting" })
        .waitFor();
      await page.getByLabel("Amount (BGT)").fill("10");
      await page.getByTestId("withdraw-submit").filter({ hasText: "Overlimit" }).waitFor();

      // a day later the vote ended without quorum: the proposal is rejected
      await increaseTime(stack.urls.rpc, DAY + 60);
      assert.equal(await proposalState(dao.guild, 2n), 3);
      await page.goto(new URL(`/dao/${dao.guild}/proposals/2`, stack.urls.web).href);
      await expectState("Rejected");
      await page.getByTestId("actions-notice").filter({ hasText: "This proposal was rejected." }).waitFor();
      await page.getByRole("link", { name: "Voting history" }).click();
      await page.getByTestId("voting-history").getByText("Voted against").first().waitFor();

      // and everything can be withdrawn
      await page.goto(new URL(`/dao/${dao.guild}/withdraw`, stack.urls.web).href);
      await page.getByRole("button", { name: "Max" }).click();
      await page.getByTestId("withdraw-submit").filter({ hasText: "Withdraw" }).click();
      await page.waitForFunction(
        () => (document.querySelector("#withdraw-amount") as HTMLInputElement | null)?.value === "",
      );
      const left = await publicClient.readContract({
        address: keeper,
        abi: govUserKeeperAbi,
        functionName: "tokenBalance",
        args: [wallet.address],
      });
      assert.equal(left, 0n);
    });

    it("votes a proposal to quorum, executes it after the delay and claims the rewards, in at most 5 JSON-RPC requests per page load", async () => {
      // "Partnership with the Guild" (Fresh #4): 60,000 for and 20,000 against; quorum 400,000
      await openAs(KEYS.alice, `/dao/${dao.fresh}/proposals/4`);
      await expectState("Members voting");
      // The page's last read is its actions' simulated execution: counting starts once the first load has
      // made it (or its requests would count against the reload) and ends a second after the reload has.
      const simulated = page.getByTestId("execution-simulation");
      await simulated.waitFor();
      const requests = await countRpcRequests(page, stack.urls.rpc, async () => {
        await page.reload();
        await expectState("Members voting");
        await page.getByTestId("proposal-actions").getByRole("link", { name: "Vote" }).waitFor();
        await page.getByTestId("timeline-published").filter({ hasText: "UTC" }).waitFor();
        await simulated.waitFor();
        await page.waitForTimeout(1_000);
      });
      console.log(`[governance] proposal page load: ${requests} JSON-RPC HTTP requests`);
      // 3 for the page (pool → helpers and position, with the proposal's events → tokens) and, while the
      // proposal may still execute, 2 for its actions' review (the targets' tokens, then the simulated execution).
      assert.ok(requests <= 5, `a proposal page load issued ${requests} JSON-RPC requests`);
      await screenshot(page, "proposal-details", 1440);
      await screenshot(page, "proposal-details", 375);

      await page.getByTestId("proposal-actions").getByRole("link", { name: "Vote" }).click();
      await page.getByRole("button", { name: "Max" }).click();
      await page.getByTestId("vote-submit").filter({ hasText: "Vote for" }).click();
      await page.getByTestId("vote-success").waitFor();

      // bob's 150,000 bring "for" to 460,000: quorum, early completion, no execution delay left after a minute
      await sendAs(stack.urls.rpc, KEYS.bob, {
        address: dao.fresh,
        abi: govPoolAbi,
        functionName: "vote",
        args: [4n, true, parseEther("150000"), []],
        account: privateKeyToAccount(KEYS.bob),
        chain: undefined,
      });
      await increaseTime(stack.urls.rpc, 60);
      await page.goto(new URL(`/dao/${dao.fresh}/proposals/4`, stack.urls.web).href);
      await expectState("Waiting to execute");
      await page.getByRole("button", { name: "Execute" }).click();
      await expectState("Executed");
      await page.getByTestId("timeline-executed").filter({ hasText: "UTC" }).waitFor();

      // the executor's rewards were claimed by the same transaction (the pool's multicall)
      await page.getByTestId("already-claimed").waitFor({ timeout: 30_000 });

      // "Raise the comment threshold" (Fresh #3) waits out its 2-day execution delay
      await page.goto(new URL(`/dao/${dao.fresh}/proposals/3`, stack.urls.web).href);
      await expectState("Delayed execution");
      await increaseTime(stack.urls.rpc, 2 * DAY + 60);
      await page.reload();
      await expectState("Waiting to execute");
      await page.getByRole("button", { name: "Execute" }).click();
      await expectState("Executed");
      await page.getByTestId("already-claimed").waitFor({ timeout: 30_000 });

      // the claim page: #4 and #3 were claimed on execution; #1 (seeded, executed by someone else) is claimable
      await page.goto(new URL(`/dao/${dao.fresh}/claim`, stack.urls.web).href);
      await page.getByTestId("reward-4").getByText("Already claimed").waitFor();
      await page.getByTestId("reward-3").getByText("Already claimed").waitFor();
      await page.getByTestId("reward-1").getByRole("button", { name: "Claim" }).waitFor();
      await page.getByTestId("claim-all").filter({ hasText: "Claim rewards of 1 proposal" }).click();
      await page.getByTestId("claim-success").waitFor();
      await page.getByTestId("reward-1").getByText("Already claimed").waitFor();
    });

    it("moves a proposal to the validators, who vote it into the execution delay", async () => {
      // "Research bounty" (Merit #1) was approved by the members and waits for the transfer
      await openAs(KEYS.erin, `/dao/${dao.merit}/proposals/1`);
      await expectState("Waiting for voting transfer");
      await page.getByRole("button", { name: "Move to validators" }).click();
      await expectState("Validators voting");
      await page.getByTestId("timeline-validatorsVotingStart").filter({ hasText: "UTC" }).waitFor();
      await page.getByTestId("actions-notice").filter({ hasText: "Validators are voting" }).waitFor();
      await page.close();

      page = await browser.context.newPage();
      await openAs(KEYS.v1, `/dao/${dao.merit}/validators-vote/1`);
      await page.getByRole("button", { name: "Max" }).click();
      await page.getByTestId("validators-vote-submit").filter({ hasText: "Vote for" }).click();
      await page.getByTestId("vote-success").waitFor();

      const { publicClient } = chainClients(stack.urls.rpc, KEYS.deployer);
      const validators = (
        await publicClient.readContract({
          address: dao.merit,
          abi: govPoolAbi,
          functionName: "getHelperContracts",
        })
      )[2];
      await sendAs(stack.urls.rpc, KEYS.v2, {
        address: validators,
        abi: govValidatorsAbi,
        functionName: "vote",
        args: [1n, parseEther("10"), true, false],
        account: privateKeyToAccount(KEYS.v2),
        chain: undefined,
      });
      await page.goto(new URL(`/dao/${dao.merit}/proposals/1`, stack.urls.web).href);
      await expectState("Delayed execution");
      await page.getByTestId("validators-votes").filter({ hasText: "For: 20" }).waitFor();
    });

    it("writes, likes, edits and deletes a comment on a proposal", async () => {
      await openAs(KEYS.alice, `/dao/${dao.fresh}/proposals/4/comments`);
      const box = page.getByLabel("Write a comment");
      await box.waitFor({ timeout: 30_000 });
      await page.getByRole("button", { name: "Comment", exact: true }).click();
      await page.getByText("Comment cannot be empty").waitFor();
      const text = `Partnering makes sense ${Date.now()}`;
      await box.fill(text);
      await page.getByRole("button", { name: "Comment", exact: true }).click();
      const item = page.getByTestId("comment").filter({ hasText: text });
      await item.waitFor();
      await item.getByTestId("comment-you").waitFor();

      await item.getByRole("button", { name: "Like (0)", exact: true }).click();
      await item.getByRole("button", { name: "Like (1)", exact: true }).waitFor();

      await item.getByRole("button", { name: "Edit" }).click();
      await item.getByLabel("Edit your comment").fill(`${text} (edited)`);
      await item.getByRole("button", { name: "Save" }).click();
      const edited = page.getByTestId("comment").filter({ hasText: `${text} (edited)` });
      await edited.getByText("edited", { exact: true }).waitFor();

      await edited.getByRole("button", { name: "Delete", exact: true }).click();
      await edited.getByRole("button", { name: "Delete for good" }).click();
      await edited.waitFor({ state: "detached" });
    });
  });
});
