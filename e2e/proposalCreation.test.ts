import assert from "node:assert/strict";
import { before, describe, it } from "node:test";
import { govPoolAbi } from "@polity/core/generated/contracts";
import type { Page } from "playwright-core";
import {
  type Address,
  decodeFunctionData,
  encodeFunctionData,
  erc20Abi,
  type Hex,
  parseEther,
  parseEventLogs,
} from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { createdProposalId, screenshot } from "./harness/app.ts";
import { KEYS } from "./harness/chain.ts";
import { seededDaoSuite } from "./harness/suite.ts";
import type { TestWallet } from "./harness/wallet.ts";

/** alice is a seeded member of "Polity Fresh"; the newcomer is outside the seed. */
const ALICE_KEY = KEYS.alice;
const NEWCOMER_KEY = KEYS.newcomer;
const NEWCOMER = privateKeyToAccount(NEWCOMER_KEY).address;
const RECIPIENT = "0x000000000000000000000000000000000000dEaD";

const suite = seededDaoSuite("Polity Fresh");
const { asPool, client } = suite;
let page: Page;
let wallet: TestWallet;
let pool: Address;
let token: Address;

/** The DAO's treasury pays `amount` of its token to `to`. */
const fundFromTreasury = (to: Address, amount: bigint) =>
  asPool(token, encodeFunctionData({ abi: erc20Abi, functionName: "transfer", args: [to, amount] }));

suite.describe("proposal creation flows", () => {
  before(async () => {
    ({ govPool: pool, govToken: token } = suite.dao);
    assert.equal(
      await client().readContract({ address: pool, abi: govPoolAbi, functionName: "name" }),
      "Polity Fresh",
    );
  });

  async function describeProposal(name: string) {
    await page.getByLabel("Proposal name").fill(name);
    await page.getByRole("textbox", { name: "Description" }).click();
    await page.keyboard.type(`${name}: created by the browser test.`);
  }

  async function createAndVote(): Promise<bigint> {
    await page.getByRole("button", { name: "Create and vote" }).click();
    const id = await createdProposalId(page);
    return id;
  }

  describe("proposal creation", () => {
    it("creates a token-transfer proposal and votes for it in one flow (Unlock, then Deposit + Create and Vote in one multicall)", async () => {
      await fundFromTreasury(NEWCOMER, parseEther("1000"));
      ({ page, wallet } = await suite.openAs(NEWCOMER_KEY, `/dao/${pool}/create-proposal`));
      await page.getByRole("link", { name: /Token transfer/ }).click();
      await describeProposal("Pay the auditors");
      await page.getByRole("button", { name: "Review" }).click();
      await page.getByText("Please fill out this field").first().waitFor();
      await page.getByLabel("Recipient").fill(RECIPIENT);
      await page.getByLabel("Amount", { exact: true }).fill("100");
      // Nothing deposited yet: the vote starts at the deposit (0); depositing is the user's choice.
      assert.equal(await page.getByLabel(/Vote with/).inputValue(), "0");
      await page.getByLabel(/Vote with/).fill("1000");
      await page.getByText("1,000 PFR will be deposited from your wallet before the vote.").waitFor();
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
      await fundFromTreasury(NEWCOMER, parseEther("10"));
      ({ page, wallet } = await suite.openAs(NEWCOMER_KEY, `/dao/${pool}/create-proposal/any-other/abi`));
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
    it("creates a template proposal off chain and votes on it", async () => {
      const name = `Grants ${Date.now().toString(36)}`;
      ({ page } = await suite.openAs(ALICE_KEY, `/dao/${pool}/create-offchain`));
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
      // The DAO token's symbol arrives with its own read, after the results.
      await page.waitForFunction(() =>
        /^for\S+ \S+ · /.test(document.querySelector('[data-testid="offchain-result"]')?.textContent ?? ""),
      );
      const results = await page.getByTestId("offchain-result").allTextContents();
      // The power in the DAO's token with its symbol ("30,000 PFR").
      assert.match(results[0] ?? "", /^for[1-9][\d,.]*[kMBT]? \S+ · [1-9][\d.]*%$/);
      await screenshot(page, "offchain-proposal-voted", 375);

      // The proposal is listed on the DAO's off-chain page.
      await page.goto(new URL(`/dao/${pool}/create-offchain`, suite.stack.urls.web).href);
      await page.getByRole("link", { name: /Add a grants template/ }).waitFor({ timeout: 15_000 });
    });
  });
});
