import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { DURATION_UNITS, formatDuration, parseDuration } from "./duration.ts";

const DAY = 86_400;

describe("duration format", () => {
  it("defines Y=365d, Mon=30d, w=7d, d, h, m, s", () => {
    expect(DURATION_UNITS.map((u) => [u.unit, u.seconds])).toEqual([
      ["Y", 365 * DAY],
      ["Mon", 30 * DAY],
      ["w", 7 * DAY],
      ["d", DAY],
      ["h", 3600],
      ["m", 60],
      ["s", 1],
    ]);
  });

  it("parses the spec's example '1Y 6Mon 2w 1d'", () => {
    expect(parseDuration("1Y 6Mon 2w 1d")).toBe((365 + 180 + 14 + 1) * DAY);
    expect(formatDuration((365 + 180 + 14 + 1) * DAY)).toBe("1Y 6Mon 2w 1d");
  });

  it("parses units in any order, with or without spaces", () => {
    expect(parseDuration("2w 1Y")).toBe(parseDuration("1Y 2w"));
    expect(parseDuration("1Y6Mon")).toBe(parseDuration("1Y 6Mon"));
    expect(parseDuration(" 3h  30m ")).toBe(3 * 3600 + 30 * 60);
    expect(parseDuration("90s")).toBe(90);
    expect(parseDuration("0d")).toBe(0);
  });

  it("rejects malformed text", () => {
    for (const bad of [
      "",
      "  ",
      "1",
      "d",
      "1x",
      "1d 1d",
      "1.5d",
      "-1d",
      "1mon",
      "1M",
      "1 Mon s",
      "1Mons",
      "1d,2h",
    ]) {
      expect(parseDuration(bad)).toBeNull();
    }
    expect(parseDuration("99999999999999999Y")).toBeNull();
  });

  it("formats zero as 0s and refuses invalid seconds", () => {
    expect(formatDuration(0)).toBe("0s");
    expect(formatDuration(61)).toBe("1m 1s");
    expect(() => formatDuration(-1)).toThrow(RangeError);
    expect(() => formatDuration(1.5)).toThrow(RangeError);
  });

  it("round-trips seconds → text → seconds (property)", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 2 ** 40 }), (seconds) => {
        expect(parseDuration(formatDuration(seconds))).toBe(seconds);
      }),
    );
  });

  it("canonicalises any valid text (property)", () => {
    const token = fc.tuple(
      fc.integer({ min: 0, max: 500 }),
      fc.constantFrom("Y", "Mon", "w", "d", "h", "m", "s"),
    );
    fc.assert(
      fc.property(fc.uniqueArray(token, { minLength: 1, maxLength: 7, selector: ([, u]) => u }), (tokens) => {
        const text = tokens.map(([n, u]) => `${n}${u}`).join(" ");
        const seconds = parseDuration(text);
        expect(seconds).not.toBeNull();
        const canonical = formatDuration(seconds ?? 0);
        expect(parseDuration(canonical)).toBe(seconds);
        expect(formatDuration(parseDuration(canonical) ?? 0)).toBe(canonical);
      }),
    );
  });
});
