import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { tierProgressBps, tierStatus, vestedAmount, vestingSchedule } from "./tokenSale.ts";

describe("token sale rules", () => {
  const tier = {
    isOff: false,
    saleStartTime: 100n,
    saleEndTime: 200n,
    totalTokenProvided: 1000n,
    totalSold: 0n,
  };

  it("tier status: pending, active, completed (ended or sold out), not actual", () => {
    expect(tierStatus(tier, 99n)).toBe("pending");
    expect(tierStatus(tier, 100n)).toBe("active");
    expect(tierStatus(tier, 200n)).toBe("active");
    expect(tierStatus(tier, 201n)).toBe("completed");
    expect(tierStatus({ ...tier, totalSold: 1000n }, 150n)).toBe("completed");
    expect(tierStatus({ ...tier, isOff: true }, 150n)).toBe("not-actual");
    expect(tierProgressBps({ ...tier, totalSold: 333n })).toBe(3330);
  });

  it("vesting: nothing before the cliff, steps after, everything at the end", () => {
    const v = { start: 1000n, cliff: 100n, duration: 1000n, step: 100n };
    expect(vestedAmount(1000n, v, 1099n)).toBe(0n);
    expect(vestedAmount(1000n, v, 1100n)).toBe(100n);
    expect(vestedAmount(1000n, v, 1350n)).toBe(300n);
    expect(vestedAmount(1000n, v, 2000n)).toBe(1000n);
    const schedule = vestingSchedule(1000n, v);
    expect(schedule[0]).toEqual({ timestamp: 1100, vested: "100" });
    expect(schedule.at(-1)).toEqual({ timestamp: 2000, vested: "1000" });
  });

  it("vesting never pays more than bought, never decreases, completes at the end; the schedule agrees", () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 0n, max: 10n ** 30n }),
        fc.bigInt({ min: 1n, max: 10n ** 8n }),
        fc.integer({ min: 0, max: 100 }),
        fc.integer({ min: 1, max: 100 }),
        fc.array(fc.bigInt({ min: 0n, max: 2n * 10n ** 8n }), { minLength: 2, maxLength: 8 }),
        (total, duration, cliffPct, stepPct, offsets) => {
          const v = {
            start: 1_000_000n,
            cliff: (duration * BigInt(cliffPct)) / 100n,
            duration,
            step: (duration * BigInt(stepPct)) / 100n || 1n,
          };
          let last = 0n;
          for (const o of [...offsets].sort((a, b) => (a < b ? -1 : 1))) {
            const vested = vestedAmount(total, v, v.start + o);
            expect(vested <= total).toBe(true);
            expect(vested >= last).toBe(true);
            last = vested;
          }
          expect(vestedAmount(total, v, v.start + duration)).toBe(total);
          const schedule = vestingSchedule(total, v);
          for (const p of schedule)
            expect(p.vested).toBe(vestedAmount(total, v, BigInt(p.timestamp)).toString());
          if (total > 0n) expect(schedule.at(-1)?.vested).toBe(total.toString());
        },
      ),
    );
  });
});
