import assert from "node:assert/strict";
import { before, it } from "node:test";
import { govPoolAbi, govValidatorsAbi } from "@polity/core/generated/contracts";
import type { Page } from "playwright-core";
import { type Address, encodeFunctionData, erc20Abi, parseEther } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { screenshot } from "./harness/app.ts";
import { increaseTime, KEYS, sendAs } from "./harness/chain.ts";
import { waitForIndexedBlock } from "./harness/stack.ts";
import { seededDaoSuite } from "./harness/suite.ts";

const DAY = 86_400;

const suite = seededDaoSuite("Validated Meritocracy");
const { asPool, client } = suite;
let page: Page;
let pool: Address;
let token: Address;

const validatorsOf = async () =>
  (await client().readContract({ address: pool, abi: govPoolAbi, functionName: "getHelperContracts" }))[2];

const balanceOf = (account: Address) =>
  client().readContract({ address: token, abi: erc20Abi, functionName: "balanceOf", args: [account] });

suite.describe("validators' internal proposals", () => {
  before(() => {
    ({ govPool: pool, govToken: token } = suite.dao);
  });

  it("a monthly withdraw within the allocation is created by one validator, voted by a second and executed from the validators tab", async () => {
    // the members allocated 1,000 MRT a month to the validators (their validators-allocation proposal, made here
    // as the pool)
    const allocated = await asPool(
      pool,
      encodeFunctionData({
        abi: govPoolAbi,
        functionName: "setCreditInfo",
        args: [[token], [parseEther("1000")]],
      }),
    );
    await waitForIndexedBlock(suite.stack, Number(allocated.blockNumber));
    const destination = privateKeyToAccount(KEYS.v1).address;

    // v1 asks for more than allocated, is refused, then for 100 MRT: Create, then Vote
    ({ page } = await suite.openAs(KEYS.v1, `/dao/${pool}/create-validator-proposal/monthly-withdraw`));
    await page.getByLabel("Proposal name").fill("Council expenses");
    await page.getByRole("textbox", { name: "Description" }).click();
    await page.keyboard.type("The council's expenses of the month.");
    await page.getByLabel("Token", { exact: true }).fill(token);
    await page.getByLabel("Amount", { exact: true }).fill("1001");
    await page.getByLabel("Destination", { exact: true }).fill(destination);
    await page.getByRole("button", { name: "Review" }).click();
    await page.getByText("Monthly validator withdrawal is limited to allocated tokens").waitFor();
    await page.getByLabel("Amount", { exact: true }).fill("100");
    await page.getByRole("button", { name: "Review" }).click();
    await page.getByText("Simulation succeeded.").waitFor({ timeout: 30_000 });
    await page.getByRole("button", { name: "Create and vote" }).click();
    const created = page.getByRole("heading", { name: /Validator proposal #\d+ created/ });
    await created.waitFor({ timeout: 90_000 });
    const id = BigInt(/#(\d+)/.exec((await created.textContent()) ?? "")?.[1] ?? "0");
    assert.ok(id > 0n);
    await page.close();

    // v2 sees it on the validators tab in Validators voting and votes for: 20 of 30 votes, Locked
    ({ page } = await suite.openAs(KEYS.v2, `/dao/${pool}/validators`));
    const state = page.getByTestId(`internal-state-${id}`);
    await state.filter({ hasText: "Validators voting" }).waitFor({ timeout: 30_000 });
    await page.getByTestId(`internal-vote-for-${id}`).click();
    await state.filter({ hasText: "Delayed execution" }).waitFor({ timeout: 60_000 });
    await screenshot(page, "validators-internal-locked", 1280);

    // after the council's one-day execution delay anyone executes it; the treasury pays the destination
    await increaseTime(suite.stack.urls.rpc, DAY + 60);
    await page.reload();
    await state.filter({ hasText: "Waiting to execute" }).waitFor({ timeout: 30_000 });
    const before = await balanceOf(destination);
    await page.getByTestId(`internal-execute-${id}`).click();
    await state.filter({ hasText: "Executed" }).waitFor({ timeout: 60_000 });
    assert.equal((await balanceOf(destination)) - before, parseEther("100"));
    const [voted] = await client().readContract({
      address: await validatorsOf(),
      abi: govValidatorsAbi,
      functionName: "addressVoted",
      args: [id, true, privateKeyToAccount(KEYS.v2).address],
    });
    assert.equal(voted, parseEther("10"));
    await screenshot(page, "validators-internal-executed", 375);
  });

  it("a validator cancels their vote on an internal proposal from the validators tab while the validators vote", async () => {
    // v1 proposes an off-chain (empty) internal proposal and votes for it with their 10 votes: 10 of 30, still voting
    const validators = await validatorsOf();
    const rpcUrl = suite.stack.urls.rpc;
    const id =
      (await client().readContract({
        address: validators,
        abi: govValidatorsAbi,
        functionName: "latestInternalProposalId",
      })) + 1n;
    await sendAs(rpcUrl, KEYS.v1, {
      address: validators,
      abi: govValidatorsAbi,
      functionName: "createInternalProposal",
      args: [3, "", "0x"],
    });
    await sendAs(rpcUrl, KEYS.v1, {
      address: validators,
      abi: govValidatorsAbi,
      functionName: "vote",
      args: [id, parseEther("10"), true, true],
    });
    const v1 = privateKeyToAccount(KEYS.v1).address;

    ({ page } = await suite.openAs(KEYS.v1, `/dao/${pool}/validators`));
    await page
      .getByTestId(`internal-state-${id}`)
      .filter({ hasText: "Validators voting" })
      .waitFor({ timeout: 30_000 });
    const cancel = page.getByTestId(`internal-cancel-vote-${id}`);
    await cancel.waitFor();
    assert.equal(await cancel.textContent(), "Cancel my vote");
    await cancel.click();
    // the votes come back: voting is offered again and nothing is left to cancel
    await page.getByTestId(`internal-vote-for-${id}`).waitFor({ timeout: 60_000 });
    assert.equal(await cancel.count(), 0);
    const [votedFor, votedAgainst] = await client().readContract({
      address: validators,
      abi: govValidatorsAbi,
      functionName: "addressVoted",
      args: [id, true, v1],
    });
    assert.equal(votedFor + votedAgainst, 0n);
    await screenshot(page, "validators-internal-vote-cancelled", 1280);
  });
});
