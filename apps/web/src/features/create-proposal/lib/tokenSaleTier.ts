import { NATIVE_COIN_ADDRESS } from "@polity/core/constants";
import { parseDuration } from "@polity/core/duration";
import { tokenSaleProposalAbi } from "@polity/core/generated/contracts";
import { amountUnits } from "@polity/core/validation/rules";
import { exchangeRateOf, type TokenSaleTier } from "@polity/core/validation/tokenSale";
import { type Address, encodeAbiParameters, erc20Abi, type Hex, parseUnits } from "viem";
import type { BuiltProposal } from "../components/CreateProposalShell.tsx";
import { callAction } from "./callAction.ts";

/** The participation kinds of the contract, by their `ParticipationType` number. */
export const PARTICIPATION = {
  daoVotes: 0,
  whitelist: 1,
  babt: 2,
  tokenLock: 3,
  nftLock: 4,
  merkle: 5,
} as const;
export type ParticipationKind = keyof typeof PARTICIPATION;

/** The tier builder's fields as typed (times as `datetime-local` text read as UTC, durations as '1w 2d'). */
export interface TierFormValues {
  name: string;
  description: string;
  token: string;
  amount: string;
  receiver: string;
  pairs: { token: string; price: string }[];
  minAllocation: string;
  maxAllocation: string;
  start: string;
  end: string;
  claimLock: string;
  vestingPercentage: string;
  vestingDuration: string;
  cliff: string;
  unlockStep: string;
  requirements: Record<ParticipationKind, boolean>;
  minVotes: string;
  whitelist: string;
  lockToken: string;
  lockAmount: string;
  lockNft: string;
  lockNftCount: string;
  merkleAddresses: string;
}

/** `YYYY-MM-DDTHH:mm` (a `datetime-local` input) as epoch milliseconds of that UTC time; NaN when invalid. */
export function utcMillis(text: string): number {
  return /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/.test(text.trim()) ? Date.parse(`${text.trim()}:00Z`) : Number.NaN;
}

/** Epoch milliseconds as the `datetime-local` text of that UTC time. */
export function utcInput(ms: number): string {
  return new Date(ms).toISOString().slice(0, 16);
}

/** A duration typed as '1Y 6Mon 2w 1d' (empty or 0: none) in seconds; -1 when it cannot be read. */
export function durationSeconds(text: string): number {
  const t = text.trim();
  if (t === "" || /^0+$/.test(t)) return 0;
  return parseDuration(t) ?? -1;
}

/** The addresses of a pasted or uploaded list: anything separated by spaces, commas, semicolons or lines. */
export function parseAddressList(text: string): string[] {
  return text
    .split(/[\s,;]+/)
    .map((a) => a.trim())
    .filter(Boolean);
}

/** The values core's tier schema checks (`tokenSaleTierSchema`), from the form. */
export function tierSchemaInput(v: TierFormValues) {
  const r = v.requirements;
  return {
    name: v.name,
    description: v.description,
    token: v.token,
    amount: v.amount,
    minAllocation: v.minAllocation,
    maxAllocation: v.maxAllocation,
    startTime: utcMillis(v.start),
    endTime: utcMillis(v.end),
    receiver: v.receiver,
    pairs: v.pairs,
    vestingUnlock: v.vestingPercentage.trim() === "" ? "0" : v.vestingPercentage,
    vestingPeriod: durationSeconds(v.vestingDuration),
    cliff: durationSeconds(v.cliff),
    releaseFrequency: durationSeconds(v.unlockStep),
    claimLock: durationSeconds(v.claimLock),
    whitelist: r.whitelist ? parseAddressList(v.whitelist) : [],
    participation: {
      daoVotes: r.daoVotes ? { minVotes: v.minVotes } : undefined,
      babt: r.babt,
      tokenLock: r.tokenLock ? { token: v.lockToken, amount: v.lockAmount } : undefined,
      nftLock: r.nftLock
        ? { nft: v.lockNft, count: /^\d+$/.test(v.lockNftCount.trim()) ? Number(v.lockNftCount) : -1 }
        : undefined,
      merkle: r.merkle ? { addresses: parseAddressList(v.merkleAddresses) } : undefined,
    },
  };
}

export interface TierDecimals {
  sale: number;
  /** The governance token's (DAO votes minimum) and the token lock's. */
  votes: number;
  lockToken: number;
}

/** The tier's requirements as the contract's `ParticipationInfo[]`, in the order of their kinds. */
export function participationDetails(
  tier: TokenSaleTier,
  requirements: Record<ParticipationKind, boolean>,
  decimals: TierDecimals,
  merkle: { root: Hex; uri: string } | null,
): { participationType: number; data: Hex }[] {
  const p = tier.participation ?? {};
  const out: { participationType: number; data: Hex }[] = [];
  const push = (kind: ParticipationKind, data: Hex) =>
    out.push({ participationType: PARTICIPATION[kind], data });
  if (requirements.daoVotes && p.daoVotes)
    push(
      "daoVotes",
      encodeAbiParameters([{ type: "uint256" }], [parseUnits(p.daoVotes.minVotes, decimals.votes)]),
    );
  if (requirements.whitelist)
    push("whitelist", encodeAbiParameters([{ type: "address[]" }], [tier.whitelist as Address[]]));
  if (requirements.babt) push("babt", "0x");
  if (requirements.tokenLock && p.tokenLock)
    push(
      "tokenLock",
      encodeAbiParameters(
        [{ type: "address" }, { type: "uint256" }],
        [p.tokenLock.token as Address, parseUnits(p.tokenLock.amount, decimals.lockToken)],
      ),
    );
  if (requirements.nftLock && p.nftLock)
    push(
      "nftLock",
      encodeAbiParameters(
        [{ type: "address" }, { type: "uint256" }],
        [p.nftLock.nft as Address, BigInt(p.nftLock.count)],
      ),
    );
  if (requirements.merkle && merkle)
    push("merkle", encodeAbiParameters([{ type: "bytes32" }, { type: "string" }], [merkle.root, merkle.uri]));
  return out;
}

/**
 * The proposal creating the tier: the treasury approves the DAO's token sale for the tier's amount, then
 * `createTiers([tier])` takes it (the contract refuses an unfunded tier).
 */
export function tierProposal(input: {
  tier: TokenSaleTier;
  requirements: Record<ParticipationKind, boolean>;
  decimals: TierDecimals;
  tokenSale: Address;
  merkle: { root: Hex; uri: string } | null;
  symbols: { sale: string };
}): BuiltProposal {
  const { tier, decimals, tokenSale } = input;
  const units = (v: string) => parseUnits(v, decimals.sale);
  const seconds = (ms: number | Date) =>
    BigInt(Math.floor((typeof ms === "number" ? ms : ms.getTime()) / 1000));
  const total = units(tier.amount);
  const params = {
    name: tier.name,
    description: tier.description,
    saleToken: tier.token as Address,
    totalTokenProvided: total,
    saleStartTime: seconds(tier.startTime),
    saleEndTime: seconds(tier.endTime),
    claimLockDuration: BigInt(tier.claimLock ?? 0),
    receiver: tier.receiver as Address,
    minAllocationPerUser: units(tier.minAllocation),
    maxAllocationPerUser: units(tier.maxAllocation),
    vestingSettings: {
      vestingPercentage: amountUnits(tier.vestingUnlock, 25),
      vestingDuration: BigInt(tier.vestingPeriod),
      cliffPeriod: BigInt(tier.cliff),
      unlockStep: BigInt(tier.releaseFrequency),
    },
    purchaseTokenAddresses: tier.pairs.map((p) => p.token as Address),
    exchangeRates: tier.pairs.map((p) => exchangeRateOf(p.price)),
    participationDetails: participationDetails(tier, input.requirements, decimals, input.merkle),
  };
  const kinds = (Object.keys(PARTICIPATION) as ParticipationKind[]).filter((k) => input.requirements[k]);
  return {
    actions: [
      callAction(params.saleToken, { abi: erc20Abi, functionName: "approve", args: [tokenSale, total] }),
      callAction(tokenSale, { abi: tokenSaleProposalAbi, functionName: "createTiers", args: [[params]] }),
    ],
    proposedChanges: {
      name: tier.name,
      token: tier.token,
      symbol: input.symbols.sale,
      amount: tier.amount,
      start: new Date(Number(params.saleStartTime) * 1000).toISOString(),
      end: new Date(Number(params.saleEndTime) * 1000).toISOString(),
      pairs: tier.pairs.map((p) => ({
        token: p.token,
        isNative: p.token.toLowerCase() === NATIVE_COIN_ADDRESS.toLowerCase(),
        price: p.price,
      })),
      minAllocation: tier.minAllocation,
      maxAllocation: tier.maxAllocation,
      claimLock: Number(params.claimLockDuration),
      vesting: {
        percentage: tier.vestingUnlock,
        duration: tier.vestingPeriod,
        cliff: tier.cliff,
        unlockStep: tier.releaseFrequency,
      },
      participation: kinds,
      merkleRoot: input.merkle?.root ?? null,
    },
    currentChanges: {},
  };
}
