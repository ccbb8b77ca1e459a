import { createStore, useStore } from "./createStore.ts";
import { type Toast as CoreToast, TOAST_DISMISS_MS, toastsReducer } from "./toastsReducer.ts";

export { TOAST_DISMISS_MS };

/** Time a hidden toast keeps its place while it fades out. */
const HIDE_ANIMATION_MS = 300;

export type ToastKind = "success" | "error" | "warning" | "info";

export interface ToastContent {
  kind: ToastKind;
  title?: string;
  message: string;
  /** Link shown under the message, e.g. to a block explorer. */
  link?: { href: string; label: string };
}

export type Toast = CoreToast<ToastContent>;

/** Core's toast reducer (add replaces the same key, hide, remove) with the timers around it. */
export const toastStore = createStore(toastsReducer<ToastContent>, [] as readonly Toast[]);
const timers = new Map<string, ReturnType<typeof setTimeout>>();

export function dismissToast(key: string) {
  toastStore.dispatch({ type: "hidden", key });
  clearTimeout(timers.get(key));
  timers.set(
    key,
    setTimeout(() => {
      timers.delete(key);
      toastStore.dispatch({ type: "removed", key });
    }, HIDE_ANIMATION_MS),
  );
}

let counter = 0;

export function showToast(
  content: ToastContent,
  options: { key?: string; removeAfterMs?: number | null } = {},
) {
  counter += 1;
  const key = options.key ?? `toast-${Date.now()}-${counter}`;
  const removeAfterMs = options.removeAfterMs === undefined ? TOAST_DISMISS_MS : options.removeAfterMs;
  clearTimeout(timers.get(key));
  toastStore.dispatch({ type: "added", key, content, removeAfterMs });
  if (removeAfterMs !== null)
    timers.set(
      key,
      setTimeout(() => dismissToast(key), removeAfterMs),
    );
  return key;
}

export function useToasts(): readonly Toast[] {
  return useStore(toastStore, (state) => state);
}
