import { expertNftAbi, govPoolAbi } from "@polity/core/generated/contracts";
import { decodeFunctionData } from "viem";
import { describe, expect, it } from "vitest";
import { clientAnsweringEach } from "../../../test/fakeReadClient.ts";
import { poolContextFixture } from "../test/poolContextFixture.ts";
import { validateExpertBadge, validateTreasuryDelegation } from "./ExpertForms.tsx";

const EXPERT = "0x000000000000000000000000000000000000dEaD" as const;
const ctx = poolContextFixture();

/** A chain where `EXPERT` holds the local badge or not, and 5 ACME (6 decimals) of the treasury are delegated to it. */
const chain = (isExpert: boolean) =>
  clientAnsweringEach((call) => {
    if (call.functionName === "isExpert") return isExpert;
    if (call.functionName === "treasuryDelegation") return [5_000_000n, []];
    throw new Error(`unexpected ${call.functionName}`);
  }).client;

describe("expert badge kinds", () => {
  it("expert/local mints the DAO's badge through its ExpertNft, once per address", async () => {
    const made = await validateExpertBadge(
      chain(false),
      ctx,
      { expert: EXPERT, uri: " ipfs://erin " },
      false,
    );
    expect(made.ok).toBe(true);
    if (!made.ok) return;
    const [action] = made.proposal.actions;
    expect(action?.executor).toBe(ctx.expertNft);
    expect(decodeFunctionData({ abi: expertNftAbi, data: action!.data })).toMatchObject({
      functionName: "mint",
      args: [EXPERT, "ipfs://erin"],
    });
    const again = await validateExpertBadge(chain(true), ctx, { expert: EXPERT, uri: "" }, false);
    expect(again).toEqual({ ok: false, errors: { expert: { key: "expert.alreadyExpert" } } });
    const bad = await validateExpertBadge(chain(false), ctx, { expert: "0x12", uri: "" }, false);
    expect(bad.ok).toBe(false);
  });

  it("remove-expert/local burns the badge of an expert only", async () => {
    const made = await validateExpertBadge(chain(true), ctx, { expert: EXPERT, uri: "" }, true);
    expect(
      made.ok && decodeFunctionData({ abi: expertNftAbi, data: made.proposal.actions[0]!.data }),
    ).toMatchObject({
      functionName: "burn",
      args: [EXPERT],
    });
    const none = await validateExpertBadge(chain(false), ctx, { expert: EXPERT, uri: "" }, true);
    expect(none).toEqual({ ok: false, errors: { expert: { key: "expert.notExpert" } } });
  });
});

describe("treasury delegation kinds", () => {
  it("tokens/delegate/{expert} delegates treasury tokens (token decimals), no more than the treasury holds", async () => {
    const made = await validateTreasuryDelegation(chain(true), ctx, EXPERT, false, {
      amount: "2.5",
      nftIds: "",
    });
    expect(made.ok).toBe(true);
    if (!made.ok) return;
    const [action] = made.proposal.actions;
    expect(action?.executor).toBe(ctx.pool);
    expect(decodeFunctionData({ abi: govPoolAbi, data: action!.data })).toMatchObject({
      functionName: "delegateTreasury",
      args: [EXPERT, 2_500_000n, []],
    });
    expect(made.proposal.proposedChanges).toMatchObject({ amount: "2.5", delegatedAfter: "7.5" });
    // the fixture's treasury holds 1,000 ACME
    const over = await validateTreasuryDelegation(chain(true), ctx, EXPERT, false, {
      amount: "1000.5",
      nftIds: "",
    });
    expect(over).toEqual({
      ok: false,
      errors: { amount: { key: "terminal.overlimitOf", params: { limit: "1,000 ACME" } } },
    });
  });

  it("tokens/revoke/{expert} takes back no more than was delegated; NFT ids are whole numbers", async () => {
    const made = await validateTreasuryDelegation(chain(true), ctx, EXPERT, true, {
      amount: "5",
      nftIds: "",
    });
    expect(
      made.ok && decodeFunctionData({ abi: govPoolAbi, data: made.proposal.actions[0]!.data }),
    ).toMatchObject({
      functionName: "undelegateTreasury",
      args: [EXPERT, 5_000_000n, []],
    });
    const over = await validateTreasuryDelegation(chain(true), ctx, EXPERT, true, {
      amount: "5.000001",
      nftIds: "",
    });
    expect(over).toEqual({
      ok: false,
      errors: { amount: { key: "terminal.overlimitOf", params: { limit: "5 ACME" } } },
    });
    const badIds = await validateTreasuryDelegation(chain(true), ctx, EXPERT, true, {
      amount: "1",
      nftIds: "1, x",
    });
    expect(badIds).toEqual({ ok: false, errors: { nftIds: { key: "expert.nftIdsInvalid" } } });
    const nftsOnly = await validateTreasuryDelegation(chain(true), ctx, EXPERT, false, {
      amount: "",
      nftIds: "3,4",
    });
    expect(
      nftsOnly.ok && decodeFunctionData({ abi: govPoolAbi, data: nftsOnly.proposal.actions[0]!.data }).args,
    ).toEqual([EXPERT, 0n, [3n, 4n]]);
  });
});
