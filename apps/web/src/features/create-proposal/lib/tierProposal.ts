import { NATIVE_COIN_ADDRESS } from "@polity/core/constants";
import { tokenSaleProposalAbi } from "@polity/core/generated/contracts";
import { amountUnits } from "@polity/core/validation/rules";
import { exchangeRateOf, type TokenSaleTier } from "@polity/core/validation/tokenSale";
import { type Address, encodeAbiParameters, erc20Abi, type Hex, parseUnits } from "viem";
import type { BuiltProposal } from "../components/CreateProposalShell.tsx";
import { callAction } from "./callAction.ts";
import { PARTICIPATION, type ParticipationKind } from "./tokenSaleTier.ts";

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
