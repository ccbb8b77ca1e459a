import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  formatMonthDay,
  formatMonthDayYear,
  formatTime24,
  formatUtcDateTime,
  fromUnixSeconds,
} from "./date.ts";

const at = (iso: string) => Date.parse(iso);

describe("date formats", () => {
  it("'MMM dd' and 'MMM dd, y'", () => {
    expect(formatMonthDay(at("2026-01-05T15:07:00Z"), "UTC")).toBe("Jan 05");
    expect(formatMonthDayYear(at("2026-12-25T00:00:00Z"), "UTC")).toBe("Dec 25, 2026");
  });

  it("respects the time zone", () => {
    expect(formatMonthDay(at("2026-01-05T23:30:00Z"), "Asia/Tokyo")).toBe("Jan 06");
    expect(formatTime24(at("2026-01-05T23:30:00Z"), "Asia/Tokyo")).toBe("08:30");
  });

  it("'kk:mm' shows hours 01-24", () => {
    expect(formatTime24(at("2026-01-05T15:07:00Z"), "UTC")).toBe("15:07");
    expect(formatTime24(at("2026-01-05T00:30:00Z"), "UTC")).toBe("24:30");
    expect(formatTime24(at("2026-01-05T01:05:00Z"), "UTC")).toBe("01:05");
  });

  it("UTC 'dd MMM yyyy, h:mm a UTC'", () => {
    expect(formatUtcDateTime(at("2026-01-05T15:07:00Z"))).toBe("05 Jan 2026, 3:07 PM UTC");
    expect(formatUtcDateTime(at("2026-01-05T00:00:00Z"))).toBe("05 Jan 2026, 12:00 AM UTC");
    expect(formatUtcDateTime(at("2026-07-31T12:59:00Z"))).toBe("31 Jul 2026, 12:59 PM UTC");
    expect(formatUtcDateTime(new Date(fromUnixSeconds(0)))).toBe("01 Jan 1970, 12:00 AM UTC");
  });

  it("refuses invalid dates", () => {
    expect(() => formatUtcDateTime(Number.NaN)).toThrow(RangeError);
    expect(() => formatMonthDay(new Date("nope"))).toThrow(RangeError);
  });

  it("agrees with Date's UTC fields for any instant (property)", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 4_102_444_800_000 }), (ms) => {
        const d = new Date(ms);
        const utc = formatUtcDateTime(ms);
        expect(utc).toMatch(/^\d{2} [A-Z][a-z]{2} \d{4}, (1[0-2]|[1-9]):[0-5]\d (AM|PM) UTC$/);
        expect(utc.startsWith(String(d.getUTCDate()).padStart(2, "0"))).toBe(true);
        const time = formatTime24(ms, "UTC");
        const hour = d.getUTCHours() === 0 ? 24 : d.getUTCHours();
        expect(time).toBe(`${String(hour).padStart(2, "0")}:${String(d.getUTCMinutes()).padStart(2, "0")}`);
        expect(formatMonthDayYear(ms, "UTC").endsWith(`, ${d.getUTCFullYear()}`)).toBe(true);
      }),
    );
  });
});
