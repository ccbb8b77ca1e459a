import assert from "node:assert/strict";
import { before, it } from "node:test";
import { govPoolAbi, govUserKeeperAbi } from "@polity/core/generated/contracts";
import type { Page } from "playwright-core";
import { type Address, encodeFunctionData, erc20Abi, type Hex, parseEther, parseEventLogs } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { createdProposalId, screenshot } from "./harness/app.ts";
import { chainClients, increaseTime, KEYS, sendAs } from "./harness/chain.ts";
import { seededDaoSuite } from "./harness/suite.ts";

/** The seed's "Expert Circle": erin is a local expert with a treasury delegation and a micropool (bob, carol). */
const address = (key: Hex) => privateKeyToAccount(key).address;
const ERIN = address(KEYS.erin);
const DAVE = address(KEYS.dave);
const BOB = address(KEYS.bob);

const suite = seededDaoSuite("Expert Circle");
const { client } = suite;
let page: Page;
let pool: Address;
let keeper: Address;
let token: Address;

const transferAction = (to: Address, amount: bigint) => ({
  executor: token,
  value: 0n,
  data: encodeFunctionData({ abi: erc20Abi, functionName: "transfer", args: [to, amount] }),
});

/** alice creates a proposal with `actions` (chain, not the page); returns its id. */
async function propose(actions: { executor: Address; value: bigint; data: Hex }[]): Promise<bigint> {
  const { publicClient, walletClient } = chainClients(suite.stack.urls.rpc, KEYS.alice);
  const hash = await walletClient.writeContract({
    address: pool,
    abi: govPoolAbi,
    functionName: "createProposal",
    args: ["ipfs://delegation-e2e", actions, []],
  });
  const receipt = await publicClient.waitForTransactionReceipt({ hash });
  const [created] = parseEventLogs({ abi: govPoolAbi, logs: receipt.logs, eventName: "ProposalCreated" });
  assert.ok(created);
  return created.args.proposalId;
}

const stateOf = async (id: bigint) =>
  Number(
    await client().readContract({
      address: pool,
      abi: govPoolAbi,
      functionName: "getProposalState",
      args: [id],
    }),
  );

/** Waits until proposal `id` has left Voting (the quorum reached, early completion). */
async function waitLeftVoting(id: bigint) {
  const deadline = Date.now() + 90_000;
  while ((await stateOf(id)) === 0) {
    assert.ok(Date.now() < deadline, `proposal ${id} still in Voting`);
    await new Promise((r) => setTimeout(r, 500));
  }
}

const keeperRead = <T>(functionName: string, args: unknown[]) =>
  client().readContract({
    address: keeper,
    abi: govUserKeeperAbi,
    functionName,
    args,
  } as never) as Promise<T>;

suite.describe("delegation flows", () => {
  before(() => {
    ({ govPool: pool, userKeeper: keeper, govToken: token } = suite.dao);
  });

  it("delegates to an expert who votes; the proposal executes, the delegator claims its share and undelegates", async () => {
    // dave (100,000 CIR deposited, 40,000 voted) delegates 50,000 of his unlocked deposit to erin
    ({ page } = await suite.openAs(KEYS.dave, `/dao/${pool}/delegate/${ERIN}/1`));
    await page.getByLabel("Amount (CIR)").fill("50000");
    await page.getByTestId("delegate-submit").filter({ hasText: "Delegate" }).click();
    await page.waitForFunction(
      () => (document.querySelector("input[inputmode=decimal]") as HTMLInputElement | null)?.value === "",
      undefined,
      { timeout: 60_000 },
    );
    const [delegated] = await keeperRead<[bigint, bigint[]]>("delegation", [DAVE, ERIN]);
    assert.equal(delegated, parseEther("50000"));
    await page.close();

    // alice votes 100,000 on a new proposal; erin votes through the page with 100 CIR of her wallet, and her
    // micropool (bob 50,000, carol 100,000, dave 50,000) and treasury power (50,000) count with it: the quorum
    const id = await propose([transferAction(DAVE, 1n)]);
    const actions = [transferAction(DAVE, 1n)];
    await suite.vote(KEYS.alice, id, parseEther("100000"));
    ({ page } = await suite.openAs(KEYS.erin, `/dao/${pool}/vote/${id}`));
    await page.getByTestId("vote-power").filter({ hasText: "200,000" }).waitFor({ timeout: 60_000 });
    await page.getByLabel("Amount (CIR)").fill("100");
    await page.getByTestId("vote-submit").filter({ hasText: "Vote for" }).click();
    await waitLeftVoting(id);
    await page.close();
    await increaseTime(suite.stack.urls.rpc, 2);
    await suite.execute(KEYS.carol, id, actions);

    // dave's share of erin's micropool reward: 80% × her micropool part × 50,000 / 200,000
    ({ page } = await suite.openAs(KEYS.dave, `/dao/${pool}/claim`));
    const row = page.getByTestId(`delegated-reward-${id}`);
    await row.waitFor({ timeout: 60_000 });
    const delegatorRewards = async () =>
      (await client().readContract({
        address: pool,
        abi: govPoolAbi,
        functionName: "getDelegatorRewards",
        args: [[id], DAVE, ERIN],
      })) as { expectedRewards: readonly bigint[]; isClaimed: readonly boolean[] };
    // 80% of erin's micropool part × 50,000 / 200,000: a share of the native-coin reward
    const [expected] = (await delegatorRewards()).expectedRewards;
    assert.ok(expected !== undefined && expected > 0n, "dave has a share to claim");
    await row.getByRole("button", { name: "Claim" }).click();
    await row.getByRole("button", { name: "Already claimed" }).waitFor({ timeout: 60_000 });
    const rewards = await delegatorRewards();
    assert.deepEqual(rewards.isClaimed, [true]);
    await screenshot(page, "delegated-rewards-claimed", 1440);
    await page.close();

    // dave takes his 50,000 back
    ({ page } = await suite.openAs(KEYS.dave, `/dao/${pool}/undelegate/${ERIN}`));
    await page.getByLabel("Amount (CIR)").fill("50000");
    await page.getByTestId("undelegate-submit").click();
    await page.getByText("You delegate nothing to this address in this DAO.").waitFor({ timeout: 60_000 });
    const [left] = await keeperRead<[bigint, bigint[]]>("delegation", [DAVE, ERIN]);
    assert.equal(left, 0n);
  });

  it("a delegator votes its delegated-out power itself (vote type delegated); the expert's micropool vote leaves it out", async () => {
    // the seed's proposal in Voting: erin voted with her micropool (bob 50,000, carol 100,000) and her treasury power
    const id = await client().readContract({
      address: pool,
      abi: govPoolAbi,
      functionName: "latestProposalId",
    });
    assert.equal(await stateOf(id), 0);
    const kindVotes = async (voter: Address, voteType: number) => {
      const [, , raw, isFor] = await client().readContract({
        address: pool,
        abi: govPoolAbi,
        functionName: "getTotalVotes",
        args: [id, voter, voteType],
      });
      return { raw, isFor };
    };
    assert.deepEqual(await kindVotes(ERIN, 1), { raw: parseEther("150000"), isFor: true });

    ({ page } = await suite.openAs(KEYS.bob, `/dao/${pool}/vote/${id}`));
    const section = page.getByTestId("delegated-vote");
    await section
      .getByText(new RegExp(`50,000 CIR and 0 NFTs delegated to ${ERIN}`, "i"))
      .waitFor({ timeout: 60_000 });
    await page.getByRole("radio", { name: "against", exact: true }).check();
    await section.getByRole("button", { name: "Vote against with it" }).click();
    await section.getByText("Transaction confirmed.").waitFor({ timeout: 60_000 });
    // bob's 50,000 count against, as his own delegated vote; erin's micropool vote keeps carol's 100,000 for
    assert.deepEqual(await kindVotes(BOB, 2), { raw: parseEther("50000"), isFor: false });
    assert.deepEqual(await kindVotes(ERIN, 1), { raw: parseEther("100000"), isFor: true });
    await screenshot(page, "delegated-vote", 1440);
    // the delegation stays until the proposal ends: bob cannot take it back meanwhile
    await assert.rejects(
      sendAs(suite.stack.urls.rpc, KEYS.bob, {
        address: pool,
        abi: govPoolAbi,
        functionName: "undelegate",
        args: [ERIN, parseEther("1"), []],
      } as never),
    );
  });

  it("creates a treasury delegation proposal to an expert (tokens/delegate/{expert}), passed and executed", async () => {
    const [treasuryBefore] = await keeperRead<[bigint, bigint[]]>("treasuryDelegation", [ERIN]);
    ({ page } = await suite.openAs(KEYS.alice, `/dao/${pool}/create-proposal/tokens/delegate/${ERIN}`));
    await page.getByTestId("treasury-expert").filter({ hasText: ERIN }).waitFor();
    await page.getByLabel("Proposal name").fill("More treasury for erin");
    await page.getByRole("textbox", { name: "Description" }).click();
    await page.keyboard.type("Let erin vote with 1,000 CIR more of the treasury.");
    await page.getByLabel("Amount (CIR)").fill("1000");
    await page.getByRole("button", { name: "Review" }).click();
    await page.getByTestId("decoded-action").first().waitFor({ timeout: 30_000 });
    await page.getByRole("button", { name: /^Create/ }).click();
    const id = await createdProposalId(page);

    const action = {
      executor: pool,
      value: 0n,
      data: encodeFunctionData({
        abi: govPoolAbi,
        functionName: "delegateTreasury",
        args: [ERIN, parseEther("1000"), []],
      }),
    };
    // alice's 300,000 (the 30% quorum) voted at creation unless the flow only created it
    if ((await stateOf(id)) === 0) await suite.vote(KEYS.alice, id, parseEther("300000"));
    await increaseTime(suite.stack.urls.rpc, 2);
    await suite.execute(KEYS.carol, id, [action]);
    const [treasuryAfter] = await keeperRead<[bigint, bigint[]]>("treasuryDelegation", [ERIN]);
    assert.equal(treasuryAfter - treasuryBefore, parseEther("1000"));
  });
});
