import { describe, expect, it } from "vitest";
import { TOAST_DISMISS_MS, type ToastsState, toastsReducer } from "./toastsReducer.ts";

describe("toasts reducer", () => {
  it("adds with the 25000 ms dismiss default", () => {
    expect(TOAST_DISMISS_MS).toBe(25000);
    const state = toastsReducer<string>([], { type: "added", key: "a", content: "Hello" });
    expect(state).toEqual([{ key: "a", show: true, visible: true, content: "Hello", removeAfterMs: 25000 }]);
    const sticky = toastsReducer<string>([], { type: "added", key: "b", content: "x", removeAfterMs: null });
    expect(sticky[0]?.removeAfterMs).toBeNull();
  });

  it("replaces a toast with the same key", () => {
    let state: ToastsState<string> = [];
    state = toastsReducer(state, { type: "added", key: "a", content: "1" });
    state = toastsReducer(state, { type: "added", key: "b", content: "2" });
    state = toastsReducer(state, { type: "hidden", key: "a" });
    state = toastsReducer(state, { type: "added", key: "a", content: "3", removeAfterMs: 1000 });
    expect(state.map((t) => [t.key, t.content, t.visible])).toEqual([
      ["b", "2", true],
      ["a", "3", true],
    ]);
  });

  it("hides (not visible) and removes", () => {
    let state = toastsReducer<string>([], { type: "added", key: "a", content: "1" });
    state = toastsReducer(state, { type: "hidden", key: "a" });
    expect(state[0]?.visible).toBe(false);
    expect(state[0]?.show).toBe(true);
    expect(toastsReducer(state, { type: "hidden", key: "a" })).toBe(state);
    expect(toastsReducer(state, { type: "hidden", key: "zzz" })).toBe(state);
    expect(toastsReducer(state, { type: "removed", key: "zzz" })).toBe(state);
    expect(toastsReducer(state, { type: "removed", key: "a" })).toEqual([]);
  });
});
