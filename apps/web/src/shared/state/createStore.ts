import { useSyncExternalStore } from "react";

export interface Store<S, A> {
  getState(): S;
  dispatch(action: A): void;
  subscribe(listener: () => void): () => void;
}

interface StoreOptions<S> {
  /** localStorage key; the state is written after every change and read back on creation. */
  persistKey?: string;
  /** Turns stored JSON back into state (and drops what should not survive a reload). */
  revive?: (stored: unknown) => S;
  /** Chooses what is persisted. */
  serialize?: (state: S) => unknown;
}

function readStored(key: string): unknown {
  try {
    const raw = globalThis.localStorage?.getItem(key);
    return raw
      ? (JSON.parse(raw, (_k, v) => (isBigIntTag(v) ? BigInt(v.$bigint) : v)) as unknown)
      : undefined;
  } catch {
    return undefined;
  }
}

function isBigIntTag(value: unknown): value is { $bigint: string } {
  return typeof value === "object" && value !== null && "$bigint" in value && Object.keys(value).length === 1;
}

/** A reducer-backed store, so the pure transitions of `@polity/core` drive the app's state. */
export function createStore<S, A>(
  reducer: (state: S, action: A) => S,
  initial: S,
  options: StoreOptions<S> = {},
): Store<S, A> {
  const { persistKey, revive, serialize } = options;
  let state = initial;
  if (persistKey) {
    const stored = readStored(persistKey);
    if (stored !== undefined) {
      try {
        state = revive ? revive(stored) : (stored as S);
      } catch {
        state = initial;
      }
    }
  }
  const listeners = new Set<() => void>();
  return {
    getState: () => state,
    dispatch(action) {
      const next = reducer(state, action);
      if (next === state) return;
      state = next;
      if (persistKey) {
        try {
          const value = serialize ? serialize(state) : state;
          globalThis.localStorage?.setItem(
            persistKey,
            JSON.stringify(value, (_k, v) => (typeof v === "bigint" ? { $bigint: v.toString() } : v)),
          );
        } catch {
          // Storage full or unavailable (private mode): the state still works for this page.
        }
      }
      for (const listener of listeners) listener();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

export function useStore<S, A, T>(store: Store<S, A>, select: (state: S) => T): T {
  return useSyncExternalStore(
    store.subscribe,
    () => select(store.getState()),
    () => select(store.getState()),
  );
}
