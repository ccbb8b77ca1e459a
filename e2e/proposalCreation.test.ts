import assert from "node:assert/strict";
import { after, afterEach, before, beforeEach, describe, it } from "node:test";
import { govPoolAbi, poolFactoryAbi } from "@polity/core/generated/contracts";
import { deployments } from "@polity/core/generated/deployments";
import type { Page } from "playwright-core";
import {
  type Address,
  decodeFunctionData,
  encodeFunctionData,
  erc20Abi,
  type Hex,
  numberToHex,
  parseEther,
  parseEventLogs,
} from "viem";
import { privateKeyToAccount } from "viem/accounts";
import type { RunningStack } from "../scripts/stack.ts";
import { connectAndLogin, openApp, screenshot } from "./harness/app.ts";
import { type LaunchedBrowser, launchBrowser } from "./harness/browser.ts";
import { KEYS, readClient } from "./harness/chain.ts";
import { rpc as nodeRpc, snapshotChain, stopStack, useStack } from "./harness/stack.ts";
import { injectWallet, type TestWallet } from "./harness/wallet.ts";

/** Hardhat's account #0 deployed the demo DAOs; alice is a seeded member of "Polity Fresh"; the newcomer is outside the seed. */
const DEPLOYER = privateKeyToAccount(KEYS.deployer).address;
const ALICE_KEY = KEYS.alice;
const NEWCOMER_KEY = KEYS.newcomer;
const RECIPIENT = "0x000000000000000000000000000000000000dEaD";

let stack: RunningStack;
let browser: LaunchedBrowser;
let page: Page;
let wallet: TestWallet;
let revert: () => Promise<void>;
let pool: Address;
let token: Address;

const rpc = (method: string, params: unknown[]) => nodeRpc<unknown>(stack.urls.rpc, method, params);

const client = () => readClient(stack.urls.rpc);

/** The DAO's treasury pays `amount` of its token to `to` (the node impersonates the pool). */
async function fundFromTreasury(to: Address, amount: bigint) {
  await rpc("hardhat_impersonateAccount", [pool]);
  await rpc("hardhat_setBalance", [pool, numberToHex(parseEther("1"))]);
  const hash = (await rpc("eth_sendTransaction", [
    {
      from: pool,
      to: token,
      data: encodeFunctionData({ abi: erc20Abi, functionName: "transfer", args: [to, amount] }),
    },
  ])) as `0x${string}`;
  await client().waitForTransactionReceipt({ hash });
  await rpc("hardhat_stopImpersonatingAccount", [pool]);
}

// One suite per file: with the runner in one process (one shared stack), top-level hooks would run for every file's tests.
describe("proposal creation flows", () => {
  before(async () => {
    stack = await useStack();
    browser = await launchBrowser();
    const factory = deployments[31337]?.PoolFactory;
    assert.ok(factory, "the local deployment has the pool factory");
    const predicted = await client().readContract({
      address: factory,
      abi: poolFactoryAbi,
      functionName: "predictGovAddresses",
      args: [DEPLOYER, "Polity Fresh"],
    });
    pool = predicted.govPool;
    token = predicted.govToken;
    assert.equal(
      await client().readContract({ address: pool, abi: govPoolAbi, functionName: "name" }),
      "Polity Fresh",
    );
  });

  after(async () => {
    await browser?.close();
    await stopStack();
  });

  async function openPage(key: `0x${string}`) {
    revert = await snapshotChain(stack);
    page = await browser.context.newPage();
    wallet = await injectWallet(page, { privateKey: key, rpcUrl: stack.urls.rpc });
  }

  afterEach(async () => {
    await page?.close();
    await revert?.();
  });

  async function describeProposal(name: string) {
    await page.getByLabel("Proposal name").fill(name);
    await page.getByRole("textbox", { name: "Description" }).click();
    await page.keyboard.type(`${name}: created by the browser test.`);
  }

  async function createAndVote(): Promise<bigint> {
    await page.getByRole("button", { name: "Create and vote" }).click();
    const created = page.getByRole("heading", { name: /Proposal #\d+ created/ });
    await created.waitFor({ timeout: 90_000 });
    const id = BigInt(/#(\d+)/.exec((await created.textContent()) ?? "")?.[1] ?? "0");
    assert.ok(id > 0n);
    return id;
  }

  describe("proposal creation", () => {
    beforeEach(async () => {
      await openPage(NEWCOMER_KEY);
    });

    it("creates a token-transfer proposal and votes for it in one flow (Unlock, then Deposit + Create and Vote in one multicall)", async () => {
      await fundFromTreasury(wallet.address, parseEther("1000"));
      await openApp(page, stack.urls.web, `/dao/${pool}/create-proposal`);
      await connectAndLogin(page, wallet);
      await page.getByRole("link", { name: /Token transfer/ }).click();
      await describeProposal("Pay the auditors");
      await page.getByRole("button", { name: "Review" }).click();
      await page.getByText("Please fill out this field").first().waitFor();
      await page.getByLabel("Recipient").fill(RECIPIENT);
      await page.getByLabel("Amount", { exact: true }).fill("100");
      // Nothing deposited yet: the vote starts at the deposit (0); depositing is the user's choice.
      assert.equal(await page.getByLabel(/Vote with/).inputValue(), "0");
      await page.getByLabel(/Vote with/).fill("1000");
      await page.getByText("1000 PFR will be deposited from your wallet before the vote.").waitFor();
      await page.getByRole("button", { name: "Review" }).click();

      // The review decodes the action and simulates it from the pool before anything is signed.
      const action = page.getByTestId("decoded-action");
      await action.getByText("Goes through when the DAO makes this call now.").waitFor({ timeout: 30_000 });
      assert.match((await action.textContent()) ?? "", /PFR token.*transfer.*100 PFR/s);
      const steps = await page.getByRole("list", { name: "Steps" }).getByRole("listitem").allTextContents();
      assert.deepEqual(steps, ["Unlock", "Deposit + Create and Vote · one signature"]);
      await screenshot(page, "create-proposal-review", 1440);
      const before = wallet.calls.filter((c) => c === "eth_sendTransaction").length;
      assert.equal(before, 0, "nothing is signed before the review is confirmed");

      const id = await createAndVote();
      assert.equal(
        wallet.calls.filter((c) => c === "eth_sendTransaction").length,
        2,
        "approve, then one multicall (deposit + create and vote)",
      );
      // The proposal came from one pool transaction: multicall([deposit, createProposalAndVote]).
      const [created] = await client().getContractEvents({
        address: pool,
        abi: govPoolAbi,
        eventName: "ProposalCreated",
        args: { proposalId: id },
        fromBlock: 0n,
      });
      assert.ok(created, "the ProposalCreated event is on chain");
      const tx = await client().getTransaction({ hash: created.transactionHash });
      assert.equal(tx.from.toLowerCase(), wallet.address.toLowerCase());
      assert.equal(tx.to?.toLowerCase(), pool.toLowerCase());
      const batch = decodeFunctionData({ abi: govPoolAbi, data: tx.input });
      assert.equal(batch.functionName, "multicall");
      const inner = (batch.args[0] as readonly Hex[]).map((data) =>
        decodeFunctionData({ abi: govPoolAbi, data }),
      );
      assert.deepEqual(
        inner.map((call) => call.functionName),
        ["deposit", "createProposalAndVote"],
      );
      assert.deepEqual(inner[0]?.args, [parseEther("1000"), []]);
      const receipt = await client().getTransactionReceipt({ hash: created.transactionHash });
      const events = parseEventLogs({ abi: govPoolAbi, logs: receipt.logs }).filter(
        (log) => log.address.toLowerCase() === pool.toLowerCase(),
      );
      const names = events.map((log) => log.eventName);
      for (const name of ["Deposited", "ProposalCreated", "Voted"] as const) {
        assert.ok(names.includes(name), `the multicall emitted ${name} (got ${names.join(", ")})`);
      }
      // The vote landed on chain with the deposited tokens, which are now locked in the vote.
      const [, userVotes, , isVoteFor] = await client().readContract({
        address: pool,
        abi: govPoolAbi,
        functionName: "getTotalVotes",
        args: [id, wallet.address, 0],
      });
      assert.equal(userVotes, parseEther("1000"));
      assert.equal(isVoteFor, true);
      await screenshot(page, "create-proposal-created", 375);
    });

    it("builds an any-other proposal from a pasted ABI", async () => {
      await fundFromTreasury(wallet.address, parseEther("10"));
      await openApp(page, stack.urls.web, `/dao/${pool}/create-proposal/any-other/abi`);
      await connectAndLogin(page, wallet);
      await describeProposal("Approve a grant spender");
      await page.getByLabel("Contract address").fill(token);
      await page.getByLabel("Contract ABI").fill("function name() view returns (string)");
      await page.getByText("No methods found from provided ABI").waitFor();
      await page
        .getByLabel("Contract ABI")
        .fill(JSON.stringify(erc20Abi.filter((item) => item.type === "function")));
      await page.getByLabel("Method").selectOption({ label: "approve(address spender, uint256 amount)" });
      await page.getByLabel("spender (address)").fill("not an address");
      await page.getByLabel("amount (uint256)").fill(parseEther("25").toString());
      await page.getByRole("button", { name: "Add action" }).click();
      await page.getByText("Please enter a valid address").waitFor();
      await page.getByLabel("spender (address)").fill(RECIPIENT);
      await page.getByRole("button", { name: "Add action" }).click();
      await page.getByTestId("built-action").waitFor();
      // The 10 PFR are in the wallet: voting with them is the user's choice.
      await page.getByLabel(/Vote with/).fill("10");
      await page.getByRole("button", { name: "Review" }).click();

      const action = page.getByTestId("decoded-action");
      await action.getByText("Goes through when the DAO makes this call now.").waitFor({ timeout: 30_000 });
      assert.match((await action.textContent()) ?? "", /approve.*25 PFR/s);
      await screenshot(page, "create-proposal-any-other", 1440);
      const id = await createAndVote();
      const [, userVotes] = await client().readContract({
        address: pool,
        abi: govPoolAbi,
        functionName: "getTotalVotes",
        args: [id, wallet.address, 0],
      });
      assert.equal(userVotes, parseEther("10"));
    });
  });

  describe("off-chain proposals", () => {
    beforeEach(async () => {
      await openPage(ALICE_KEY);
    });

    it("creates a template proposal off chain and votes on it", async () => {
      const name = `Grants ${Date.now().toString(36)}`;
      await openApp(page, stack.urls.web, `/dao/${pool}/create-offchain`);
      await connectAndLogin(page, wallet);
      await page.getByRole("link", { name: /New template/ }).click();
      await page.getByLabel("Proposal title").fill("Add a grants template");
      await page.getByLabel("Template name").fill(`${name} with a name far too long`);
      await page.getByLabel("One of several options").check();
      await page.getByRole("button", { name: "Create proposal" }).click();
      await page.getByText("Must be at most 30 characters").waitFor();
      await page.getByLabel("Template name").fill(name);
      await page.getByRole("button", { name: "Create proposal" }).click();

      await page.getByRole("heading", { name: "Add a grants template" }).waitFor({ timeout: 30_000 });
      assert.equal(await page.getByTestId("offchain-status").textContent(), "Members voting");
      await page.getByText("Member voting end").waitFor();
      await page.getByRole("button", { name: "Vote for" }).click();
      const vote = page.getByTestId("offchain-user-vote");
      await vote.waitFor({ timeout: 15_000 });
      assert.match((await vote.textContent()) ?? "", /You voted for with [1-9]\d*/);
      const results = await page.getByTestId("offchain-result").allTextContents();
      // The power in the DAO's token with its symbol ("30,000 PFR").
      assert.match(results[0] ?? "", /^for[1-9][\d,.]*[kMBT]? \S+ · [1-9][\d.]*%$/);
      await screenshot(page, "offchain-proposal-voted", 375);

      // The proposal is listed on the DAO's off-chain page.
      await page.goto(new URL(`/dao/${pool}/create-offchain`, stack.urls.web).href);
      await page.getByRole("link", { name: /Add a grants template/ }).waitFor({ timeout: 15_000 });
    });
  });
});
