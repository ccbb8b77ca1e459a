import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { dismissToast, showToast, TOAST_DISMISS_MS, toastStore } from "./toasts.ts";

describe("toasts", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    for (const t of toastStore.getState()) toastStore.dispatch({ type: "removed", key: t.key });
    vi.useRealTimers();
  });

  it("dismisses after 25 seconds", () => {
    expect(TOAST_DISMISS_MS).toBe(25_000);
    const key = showToast({ kind: "success", message: "Saved" });
    vi.advanceTimersByTime(TOAST_DISMISS_MS - 1);
    expect(toastStore.getState().find((t) => t.key === key)?.visible).toBe(true);
    vi.advanceTimersByTime(1);
    expect(toastStore.getState().find((t) => t.key === key)?.visible).toBe(false);
    vi.advanceTimersByTime(1000);
    expect(toastStore.getState().find((t) => t.key === key)).toBeUndefined();
  });

  it("replaces a toast shown again with the same key and restarts its timer", () => {
    showToast({ kind: "info", message: "first" }, { key: "tx" });
    vi.advanceTimersByTime(TOAST_DISMISS_MS - 10);
    showToast({ kind: "success", message: "second" }, { key: "tx" });
    vi.advanceTimersByTime(20);
    const toasts = toastStore.getState().filter((t) => t.key === "tx");
    expect(toasts).toHaveLength(1);
    expect(toasts[0]).toMatchObject({ visible: true, content: { message: "second" } });
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
