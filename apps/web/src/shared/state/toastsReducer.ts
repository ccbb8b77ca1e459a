/** Toast list (spec section 4): add replaces a toast with the same key, hide makes it not visible, remove drops it. */
import { INTERVALS } from "@polity/core/constants";

export type Toast<Content = unknown> = {
  key: string;
  /** The toast is mounted (false once removal started). */
  show: boolean;
  /** The toast is on screen (false after hide). */
  visible: boolean;
  content: Content;
  /** Milliseconds after which the toast is removed; null keeps it until dismissed. */
  removeAfterMs: number | null;
};

export type ToastsState<Content = unknown> = readonly Toast<Content>[];

export type ToastsAction<Content = unknown> =
  | { type: "added"; key: string; content: Content; removeAfterMs?: number | null }
  | { type: "hidden"; key: string }
  | { type: "removed"; key: string };

/** Default time before a toast is dismissed: 25 000 ms. */
export const TOAST_DISMISS_MS = INTERVALS.toastDismissMs;

export function toastsReducer<Content>(
  state: ToastsState<Content>,
  action: ToastsAction<Content>,
): ToastsState<Content> {
  switch (action.type) {
    case "added":
      return [
        ...state.filter((t) => t.key !== action.key),
        {
          key: action.key,
          show: true,
          visible: true,
          content: action.content,
          removeAfterMs: action.removeAfterMs === undefined ? TOAST_DISMISS_MS : action.removeAfterMs,
        },
      ];
    case "hidden":
      return state.some((t) => t.key === action.key && t.visible)
        ? state.map((t) => (t.key === action.key ? { ...t, visible: false } : t))
        : state;
    case "removed":
      return state.some((t) => t.key === action.key) ? state.filter((t) => t.key !== action.key) : state;
  }
}
