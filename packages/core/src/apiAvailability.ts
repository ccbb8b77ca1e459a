/**
 * API availability per endpoint (spec section 3, application state): the tracker's statistics
 * endpoints are marked unavailable when a call fails and asked again once the API retry interval
 * (spec section 9: 5 minutes) has passed; meanwhile screens show the fallbacks instead of an error.
 */
import { INTERVALS } from "./constants.ts";

export const TRACKER_ENDPOINTS = [
  "TopGovPools",
  "ActivityGovPools",
  "PoolLatestStats",
  "PoolsStatsSummary",
] as const;
export type TrackerEndpoint = (typeof TRACKER_ENDPOINTS)[number];

export interface Availability {
  available: boolean;
  /** Epoch milliseconds of the first failure since the endpoint last answered, or null. */
  unavailableSince: number | null;
}
export type AvailabilityState = Readonly<Record<TrackerEndpoint, Availability>>;

export type AvailabilityAction =
  | { type: "failed"; endpoint: TrackerEndpoint; at: number }
  | { type: "succeeded"; endpoint: TrackerEndpoint };

export const initialAvailability: AvailabilityState = Object.freeze(
  Object.fromEntries(
    TRACKER_ENDPOINTS.map((e) => [e, { available: true, unavailableSince: null }]),
  ) as Record<TrackerEndpoint, Availability>,
);

export function availabilityReducer(state: AvailabilityState, action: AvailabilityAction): AvailabilityState {
  const current = state[action.endpoint];
  if (action.type === "succeeded") {
    return current.available
      ? state
      : { ...state, [action.endpoint]: { available: true, unavailableSince: null } };
  }
  // A retry that fails again keeps the time of the first failure: the retry waits from the last attempt.
  return { ...state, [action.endpoint]: { available: false, unavailableSince: action.at } };
}

/** Whether a call to `endpoint` waits: it failed less than the retry interval ago. */
export function isWaitingToRetry(
  state: AvailabilityState,
  endpoint: TrackerEndpoint,
  now: number,
  retryMs: number = INTERVALS.apiRetryMs,
): boolean {
  const { available, unavailableSince } = state[endpoint];
  return !available && unavailableSince !== null && now - unavailableSince < retryMs;
}
