import { createStore, useStore } from "./createStore.ts";
import {
  initialPreferencesState,
  type PreferencesAction,
  type PreferencesState,
  preferencesReducer,
} from "./preferencesReducer.ts";

/** Pro mode, terms agreement and custom tokens (core's reducer), kept in local storage. */
export const preferencesStore = createStore(preferencesReducer, initialPreferencesState as PreferencesState, {
  persistKey: "polity.preferences",
  revive: (stored) => ({ ...initialPreferencesState, ...(stored as Partial<PreferencesState>) }),
});

export function usePreferences(): PreferencesState {
  return useStore(preferencesStore, (state) => state);
}

export function updatePreferences(action: PreferencesAction) {
  preferencesStore.dispatch(action);
}
