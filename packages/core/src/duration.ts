/**
 * Duration format used by voting-duration inputs, e.g. '1Y 6Mon 2w 1d' ⇄ seconds.
 *
 * Units (case-sensitive except where noted): Y = 365 days, Mon = 30 days, w = 7 days, d = day,
 * h = hour, m = minute, s = second. Calendar-free on purpose: the protocol counts seconds, so a
 * "year" is always 365 × 86400 s. Tokens are `<integer><unit>`, separated by optional whitespace,
 * each unit at most once, in any order ("2w 1Y" = "1Y 2w"). The formatter writes the canonical
 * form: largest units first, zero units omitted, "0s" for zero.
 */

export const DURATION_UNITS = Object.freeze([
  { unit: "Y", seconds: 365 * 86_400 },
  { unit: "Mon", seconds: 30 * 86_400 },
  { unit: "w", seconds: 7 * 86_400 },
  { unit: "d", seconds: 86_400 },
  { unit: "h", seconds: 3_600 },
  { unit: "m", seconds: 60 },
  { unit: "s", seconds: 1 },
] as const);
export type DurationUnit = (typeof DURATION_UNITS)[number]["unit"];

const SECONDS_BY_UNIT: Readonly<Record<string, number>> = Object.freeze(
  Object.fromEntries(DURATION_UNITS.map((u) => [u.unit, u.seconds])),
);

const TOKEN = /\s*(\d+)\s*(Mon|Y|w|d|h|m|s)(?![A-Za-z])\s*/y;

/** Seconds of a duration text, or null when the text is not a valid duration. */
export function parseDuration(text: string): number | null {
  if (text.trim() === "") return null;
  const seen = new Set<string>();
  let total = 0;
  TOKEN.lastIndex = 0;
  while (TOKEN.lastIndex < text.length) {
    const match = TOKEN.exec(text);
    if (!match) return null;
    const [, amount = "", unit = ""] = match;
    if (seen.has(unit)) return null;
    seen.add(unit);
    total += Number(amount) * (SECONDS_BY_UNIT[unit] ?? 0);
  }
  return Number.isSafeInteger(total) ? total : null;
}

/** Canonical text of a whole, non-negative number of seconds ('1Y 6Mon 2w 1d'). */
export function formatDuration(seconds: number): string {
  if (!Number.isSafeInteger(seconds) || seconds < 0) {
    throw new RangeError(`A duration is a whole, non-negative number of seconds, got ${seconds}`);
  }
  if (seconds === 0) return "0s";
  const parts: string[] = [];
  let rest = seconds;
  for (const { unit, seconds: size } of DURATION_UNITS) {
    const count = Math.floor(rest / size);
    if (count > 0) {
      parts.push(`${count}${unit}`);
      rest -= count * size;
    }
  }
  return parts.join(" ");
}

export const SECONDS_PER_DAY = 86_400;
