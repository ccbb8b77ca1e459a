/**
 * API availability per endpoint (spec section 3): an endpoint that failed is marked unavailable
 * with the time, and is retried after the API retry interval (5 minutes).
 */
import { INTERVALS } from "../constants.ts";

export const API_ENDPOINTS = [
  "TopGovPools",
  "ActivityGovPools",
  "PoolLatestStats",
  "PoolsStatsSummary",
] as const;
export type ApiEndpoint = (typeof API_ENDPOINTS)[number];

export type EndpointAvailability = { available: boolean; unavailableSince: number | null };
export type ApiAvailabilityState = Readonly<Record<ApiEndpoint, EndpointAvailability>>;

export type ApiAvailabilityAction =
  | { type: "failed"; endpoint: ApiEndpoint; at: number }
  | { type: "succeeded"; endpoint: ApiEndpoint };

export const initialApiAvailability: ApiAvailabilityState = Object.freeze(
  Object.fromEntries(API_ENDPOINTS.map((e) => [e, { available: true, unavailableSince: null }])) as Record<
    ApiEndpoint,
    EndpointAvailability
  >,
);

export function apiAvailabilityReducer(
  state: ApiAvailabilityState,
  action: ApiAvailabilityAction,
): ApiAvailabilityState {
  const current = state[action.endpoint];
  switch (action.type) {
    case "failed":
      // Keep the first failure time so the retry window is not pushed back by later failures.
      return current.available
        ? { ...state, [action.endpoint]: { available: false, unavailableSince: action.at } }
        : state;
    case "succeeded":
      return current.available
        ? state
        : { ...state, [action.endpoint]: { available: true, unavailableSince: null } };
  }
}

/** Whether to call the endpoint now: available, or unavailable for at least the retry interval. */
export function shouldCallEndpoint(state: ApiAvailabilityState, endpoint: ApiEndpoint, now: number): boolean {
  const { available, unavailableSince } = state[endpoint];
  return available || unavailableSince === null || now - unavailableSince >= INTERVALS.apiRetryMs;
}
