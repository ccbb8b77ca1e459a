import { createStore, useStore } from "./createStore.ts";

/** Spec section 9: toasts dismiss after 25 s. */
export const TOAST_DISMISS_MS = 25_000;
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

export interface Toast {
  key: string;
  show: boolean;
  visible: boolean;
  content: ToastContent;
  removeAfterMs: number | null;
}

export type ToastAction =
  | { type: "add"; toast: Toast }
  | { type: "hide"; key: string }
  | { type: "remove"; key: string };

/** add replaces a toast with the same key; hide makes it not visible; remove drops it. */
export function toastsReducer(state: Toast[], action: ToastAction): Toast[] {
  switch (action.type) {
    case "add":
      return [...state.filter((toast) => toast.key !== action.toast.key), action.toast];
    case "hide":
      return state.map((toast) =>
        toast.key === action.key ? { ...toast, visible: false, show: false } : toast,
      );
    case "remove":
      return state.filter((toast) => toast.key !== action.key);
  }
}

export const toastStore = createStore(toastsReducer, [] as Toast[]);
const timers = new Map<string, ReturnType<typeof setTimeout>>();

export function dismissToast(key: string) {
  toastStore.dispatch({ type: "hide", key });
  clearTimeout(timers.get(key));
  timers.set(
    key,
    setTimeout(() => {
      timers.delete(key);
      toastStore.dispatch({ type: "remove", key });
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
  toastStore.dispatch({ type: "add", toast: { key, show: true, visible: true, content, removeAfterMs } });
  if (removeAfterMs !== null)
    timers.set(
      key,
      setTimeout(() => dismissToast(key), removeAfterMs),
    );
  return key;
}

export function useToasts(): Toast[] {
  return useStore(toastStore, (state) => state);
}
