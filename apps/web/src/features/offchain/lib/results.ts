import type { OffchainProposal } from "../api/votingApi.ts";

export interface OptionResult {
  label: string;
  power: bigint;
  /** Share of the snapshot's total power, in percent with two decimals. */
  percent: string;
  isAgainst: boolean;
}

function percentOf(part: bigint, whole: bigint): string {
  if (whole === 0n) return "0";
  const bp = (part * 10_000n) / whole;
  return `${bp / 100n}.${(bp % 100n).toString().padStart(2, "0")}`;
}

/**
 * Results of an off-chain proposal: each option's power and share of the total power at the
 * snapshot; for_against keeps its two options, the other types add an 'against' row.
 */
export function proposalResults(
  p: Pick<
    OffchainProposal,
    "voting_type" | "vote_options" | "option_powers" | "against_power" | "total_power"
  >,
): OptionResult[] {
  const total = BigInt(p.total_power || "0");
  const rows = p.vote_options.map((label, i) => {
    const power = BigInt(p.option_powers[i] ?? "0");
    return {
      label,
      power,
      percent: percentOf(power, total),
      isAgainst: p.voting_type === "for_against" && i === 1,
    };
  });
  if (p.voting_type !== "for_against") {
    const power = BigInt(p.against_power || "0");
    rows.push({ label: "against", power, percent: percentOf(power, total), isAgainst: true });
  }
  return rows;
}

/** The options a ballot sends: for_against one side; one_of one option or against; multiple_of several or against. */
export function ballotOptions(votingType: string, selected: readonly string[], isAgainst: boolean): string[] {
  if (isAgainst) return ["against"];
  if (votingType === "multiple_of") return [...selected];
  return selected.slice(0, 1);
}
