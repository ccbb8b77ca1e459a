import { distributionProposalAbi, tokenSaleProposalAbi } from "@polity/core/generated/contracts";
import { tokenSaleTierSchema } from "@polity/core/validation/tokenSale";
import {
  decodeAbiParameters,
  decodeFunctionData,
  encodeAbiParameters,
  erc20Abi,
  getAddress,
  keccak256,
} from "viem";
import { describe, expect, it } from "vitest";
import { distributionProposal } from "../forms/TokenDistributionForm.tsx";
import { merkleWhitelistRoot } from "./merkleWhitelist.ts";
import { tierProposal } from "./tierProposal.ts";
import {
  durationSeconds,
  parseAddressList,
  type TierFormValues,
  tierSchemaInput,
  utcMillis,
} from "./tokenSaleTier.ts";

const TOKEN = "0x00000000000000000000000000000000000000e0";
const USDC = "0x00000000000000000000000000000000000000c6";
const NATIVE = "0xEeeeeEeeeEeEeeEeEeEeeEEEeeeeEeeeeeeeEEeE";
const SALE = "0x7000000000000000000000000000000000000007" as const;
const POOL = "0x1111111111111111111111111111111111111111";
const A = "0xaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa";
const B = "0xbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb";

const values: TierFormValues = {
  name: "Seed",
  description: "The first round",
  token: TOKEN,
  amount: "1000",
  receiver: POOL,
  pairs: [
    { token: NATIVE, price: "1000" },
    { token: USDC, price: "2.5" },
  ],
  minAllocation: "1",
  maxAllocation: "100",
  start: "2030-01-01T00:00",
  end: "2030-01-31T12:30",
  claimLock: "1d",
  vestingPercentage: "25",
  vestingDuration: "90d",
  cliff: "1w",
  unlockStep: "1d",
  requirements: { daoVotes: true, whitelist: true, babt: true, tokenLock: true, nftLock: true, merkle: true },
  minVotes: "50",
  whitelist: `${A}, ${B}`,
  lockToken: USDC,
  lockAmount: "10",
  lockNft: TOKEN,
  lockNftCount: "2",
  merkleAddresses: `${A}\n${B}`,
};

describe("tier builder", () => {
  it("reads times as UTC, durations as text, lists from any separator", () => {
    expect(utcMillis("2030-01-31T12:30")).toBe(Date.parse("2030-01-31T12:30:00Z"));
    expect(utcMillis("31/01/2030")).toBeNaN();
    expect(durationSeconds("0")).toBe(0);
    expect(durationSeconds("1w 2d")).toBe(9 * 86_400);
    expect(durationSeconds("soon")).toBe(-1);
    expect(parseAddressList(`${A},${B}\n ${A};`)).toEqual([A, B, A]);
  });

  it("encodes the tier the contract takes: approve, then createTiers with every field", () => {
    const parsed = tokenSaleTierSchema({ now: Date.parse("2029-12-31T00:00:00Z") }).parse(
      tierSchemaInput(values),
    );
    const root = `0x${"ab".repeat(32)}` as const;
    const built = tierProposal({
      tier: parsed,
      requirements: values.requirements,
      decimals: { sale: 18, votes: 18, lockToken: 6 },
      tokenSale: SALE,
      merkle: { root, uri: "https://api/list" },
      symbols: { sale: "SEED" },
    });
    const [approve, create] = built.actions;
    expect(approve?.executor).toBe(TOKEN);
    expect(decodeFunctionData({ abi: erc20Abi, data: approve!.data }).args).toEqual([
      SALE,
      1000n * 10n ** 18n,
    ]);
    expect(create?.executor).toBe(SALE);
    const call = decodeFunctionData({ abi: tokenSaleProposalAbi, data: create!.data });
    expect(call.functionName).toBe("createTiers");
    const [tier] = (call.args as unknown as [readonly Record<string, unknown>[]])[0];
    expect(tier).toMatchObject({
      name: "Seed",
      saleToken: getAddress(TOKEN),
      totalTokenProvided: 1000n * 10n ** 18n,
      saleStartTime: BigInt(Date.parse("2030-01-01T00:00:00Z") / 1000),
      saleEndTime: BigInt(Date.parse("2030-01-31T12:30:00Z") / 1000),
      claimLockDuration: 86_400n,
      minAllocationPerUser: 10n ** 18n,
      maxAllocationPerUser: 100n * 10n ** 18n,
      vestingSettings: {
        vestingPercentage: 25n * 10n ** 25n,
        vestingDuration: 90n * 86_400n,
        cliffPeriod: 7n * 86_400n,
        unlockStep: 86_400n,
      },
      purchaseTokenAddresses: [NATIVE, getAddress(USDC)],
      exchangeRates: [1000n * 10n ** 25n, 25n * 10n ** 24n],
    });
    const details = tier!.participationDetails as { participationType: number; data: `0x${string}` }[];
    expect(details.map((d) => d.participationType)).toEqual([0, 1, 2, 3, 4, 5]);
    expect(decodeAbiParameters([{ type: "uint256" }], details[0]!.data)).toEqual([50n * 10n ** 18n]);
    expect(
      decodeAbiParameters([{ type: "address[]" }], details[1]!.data)[0].map((a) => a.toLowerCase()),
    ).toEqual([A, B]);
    expect(details[2]!.data).toBe("0x");
    expect(decodeAbiParameters([{ type: "address" }, { type: "uint256" }], details[3]!.data)[1]).toBe(
      10_000_000n,
    );
    expect(decodeAbiParameters([{ type: "address" }, { type: "uint256" }], details[4]!.data)[1]).toBe(2n);
    expect(decodeAbiParameters([{ type: "bytes32" }, { type: "string" }], details[5]!.data)).toEqual([
      root,
      "https://api/list",
    ]);
  });

  it("builds the Merkle root of the distinct addresses, which each leaf's proof reaches", async () => {
    const { root, addresses } = await merkleWhitelistRoot([A, B.toUpperCase().replace("0X", "0x"), A]);
    expect(addresses).toEqual([A, B]);
    // Two leaves: the root is the sorted pair hash of both leaves.
    const leaf = (a: string) =>
      keccak256(keccak256(encodeAbiParameters([{ type: "address" }], [a as `0x${string}`])));
    const [x, y] = [leaf(A), leaf(B)].sort();
    expect(root).toBe(keccak256(`0x${x!.slice(2)}${y!.slice(2)}`));
  });
});

describe("distribution proposal", () => {
  it("approves the executor then funds this proposal's distribution; the native coin goes as value", () => {
    const base = {
      distribution: SALE,
      proposalId: 8n,
      amount: 30n,
      symbol: "T",
      decimals: 0,
      treasuryBalance: 90n,
    };
    const erc20 = distributionProposal({ ...base, token: TOKEN });
    expect(erc20.actions.map((a) => a.executor)).toEqual([TOKEN, SALE]);
    expect(decodeFunctionData({ abi: distributionProposalAbi, data: erc20.actions[1]!.data }).args).toEqual([
      8n,
      getAddress(TOKEN),
      30n,
    ]);
    const native = distributionProposal({ ...base, token: NATIVE });
    expect(native.actions).toHaveLength(1);
    expect(native.actions[0]?.value).toBe(30n);
  });
});
