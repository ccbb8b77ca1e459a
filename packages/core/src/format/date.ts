/**
 * Date formats of spec section 9, written with Intl (no date library): 'MMM dd' ("Jan 05"),
 * 'MMM dd, y' ("Jan 05, 2026"), 'kk:mm' (hour 01-24, "24:30" half past midnight) in the given or
 * local time zone, and the UTC format 'dd MMM yyyy, h:mm a UTC' ("05 Jan 2026, 3:07 PM UTC").
 */

export type DateInput = Date | number;

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"] as const;

type Parts = { year: number; month: number; day: number; hour: number; minute: number };

function toDate(input: DateInput): Date {
  const date = typeof input === "number" ? new Date(input) : input;
  if (Number.isNaN(date.getTime())) throw new RangeError("Invalid time value");
  return date;
}

/** Unix seconds (as stored on chain) to milliseconds. */
export function fromUnixSeconds(seconds: number | bigint): number {
  return Number(seconds) * 1000;
}

function partsIn(input: DateInput, timeZone?: string): Parts {
  const formatter = new Intl.DateTimeFormat("en-US", {
    timeZone,
    year: "numeric",
    month: "numeric",
    day: "numeric",
    hour: "numeric",
    minute: "numeric",
    hourCycle: "h23",
  });
  const values: Record<string, number> = {};
  for (const part of formatter.formatToParts(toDate(input))) {
    if (part.type !== "literal") values[part.type] = Number(part.value);
  }
  return {
    year: values.year ?? 0,
    month: values.month ?? 1,
    day: values.day ?? 1,
    hour: (values.hour ?? 0) % 24,
    minute: values.minute ?? 0,
  };
}

const pad2 = (n: number) => String(n).padStart(2, "0");
const monthName = (month: number) => MONTHS[month - 1] ?? "";

/** 'MMM dd' → "Jan 05". */
export function formatMonthDay(input: DateInput, timeZone?: string): string {
  const p = partsIn(input, timeZone);
  return `${monthName(p.month)} ${pad2(p.day)}`;
}

/** 'MMM dd, y' → "Jan 05, 2026". */
export function formatMonthDayYear(input: DateInput, timeZone?: string): string {
  const p = partsIn(input, timeZone);
  return `${monthName(p.month)} ${pad2(p.day)}, ${p.year}`;
}

/** 'kk:mm' → hour 01-24 (midnight is 24) and minutes. */
export function formatTime24(input: DateInput, timeZone?: string): string {
  const p = partsIn(input, timeZone);
  return `${pad2(p.hour === 0 ? 24 : p.hour)}:${pad2(p.minute)}`;
}

/** 'dd MMM yyyy, h:mm a UTC' → "05 Jan 2026, 3:07 PM UTC". */
export function formatUtcDateTime(input: DateInput): string {
  const date = toDate(input);
  const hour = date.getUTCHours();
  const hour12 = hour % 12 === 0 ? 12 : hour % 12;
  const year = String(date.getUTCFullYear()).padStart(4, "0");
  return `${pad2(date.getUTCDate())} ${monthName(date.getUTCMonth() + 1)} ${year}, ${hour12}:${pad2(
    date.getUTCMinutes(),
  )} ${hour < 12 ? "AM" : "PM"} UTC`;
}
