import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import {
  dismissToast,
  showToast,
  TOAST_DISMISS_MS,
  type Toast,
  toastStore,
  toastsReducer,
} from "./toasts.ts";

const toast = (key: string, message = key): Toast => ({
  key,
  show: true,
  visible: true,
  content: { kind: "info", message },
  removeAfterMs: TOAST_DISMISS_MS,
});

describe("toastsReducer", () => {
  it("replaces a toast with the same key, hides and removes", () => {
    let state = toastsReducer([], { type: "add", toast: toast("a", "first") });
    state = toastsReducer(state, { type: "add", toast: toast("b") });
    state = toastsReducer(state, { type: "add", toast: toast("a", "second") });
    expect(state.map((t) => [t.key, t.content.message])).toEqual([
      ["b", "b"],
      ["a", "second"],
    ]);
    state = toastsReducer(state, { type: "hide", key: "b" });
    expect(state[0]).toMatchObject({ key: "b", visible: false, show: false });
    state = toastsReducer(state, { type: "remove", key: "b" });
    expect(state.map((t) => t.key)).toEqual(["a"]);
  });
});

describe("showToast", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    for (const t of toastStore.getState()) toastStore.dispatch({ type: "remove", key: t.key });
    vi.useRealTimers();
  });

  it("dismisses after 25 seconds", () => {
    const key = showToast({ kind: "success", message: "Saved" });
    vi.advanceTimersByTime(TOAST_DISMISS_MS - 1);
    expect(toastStore.getState().find((t) => t.key === key)?.visible).toBe(true);
    vi.advanceTimersByTime(1);
    expect(toastStore.getState().find((t) => t.key === key)?.visible).toBe(false);
    vi.advanceTimersByTime(1000);
    expect(toastStore.getState().find((t) => t.key === key)).toBeUndefined();
  });

  it("keeps a sticky toast until dismissed", () => {
    const key = showToast({ kind: "info", message: "Waiting" }, { removeAfterMs: null });
    vi.advanceTimersByTime(10 * TOAST_DISMISS_MS);
    expect(toastStore.getState().some((t) => t.key === key)).toBe(true);
    dismissToast(key);
    vi.advanceTimersByTime(1000);
    expect(toastStore.getState().some((t) => t.key === key)).toBe(false);
  });
});
