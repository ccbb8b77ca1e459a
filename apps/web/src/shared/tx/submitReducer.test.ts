import { describe, expect, it } from "vitest";
import { initialSubmitStatus, isSubmitting, SubmitState, submitReducer } from "./submitReducer.ts";

describe("submit state", () => {
  it("has IDLE, SIGN, WAIT_CONFIRM, SUCCESS", () => {
    expect(Object.values(SubmitState)).toEqual(["IDLE", "SIGN", "WAIT_CONFIRM", "SUCCESS"]);
  });

  it("walks the happy path", () => {
    let s = submitReducer(initialSubmitStatus, { type: "started" });
    expect(s.state).toBe("SIGN");
    expect(isSubmitting(s)).toBe(true);
    s = submitReducer(s, { type: "signed", hash: "0x1" });
    expect(s).toEqual({ state: "WAIT_CONFIRM", hash: "0x1", error: null });
    s = submitReducer(s, { type: "confirmed" });
    expect(s).toEqual({ state: "SUCCESS", hash: "0x1", error: null });
    expect(isSubmitting(s)).toBe(false);
    expect(submitReducer(s, { type: "started" }).state).toBe("SIGN");
  });

  it("returns to IDLE with the error on failure", () => {
    const signing = submitReducer(initialSubmitStatus, { type: "started" });
    expect(submitReducer(signing, { type: "failed", error: "errors.wallet.userRejected" })).toEqual({
      state: "IDLE",
      hash: null,
      error: "errors.wallet.userRejected",
    });
    const waiting = submitReducer(signing, { type: "signed", hash: "0x2" });
    expect(submitReducer(waiting, { type: "failed", error: "x" }).state).toBe("IDLE");
  });

  it("ignores transitions that do not apply", () => {
    expect(submitReducer(initialSubmitStatus, { type: "signed", hash: "0x" })).toBe(initialSubmitStatus);
    expect(submitReducer(initialSubmitStatus, { type: "confirmed" })).toBe(initialSubmitStatus);
    expect(submitReducer(initialSubmitStatus, { type: "failed", error: "x" })).toBe(initialSubmitStatus);
    const signing = submitReducer(initialSubmitStatus, { type: "started" });
    expect(submitReducer(signing, { type: "started" })).toBe(signing);
    expect(submitReducer(signing, { type: "confirmed" })).toBe(signing);
    expect(submitReducer(signing, { type: "reset" })).toEqual(initialSubmitStatus);
  });
});
