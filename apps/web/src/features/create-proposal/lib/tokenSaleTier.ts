/**
 * The tier builder's fields and their reading (times in UTC, durations, address lists), free of the
 * validation rules: the form loads those, and the proposal's encoding (`tierProposal.ts`), when reviewed.
 */
import { parseDuration } from "@polity/core/duration";

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
