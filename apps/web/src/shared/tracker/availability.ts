import {
  availabilityReducer,
  initialAvailability,
  isWaitingToRetry,
  type TrackerEndpoint,
} from "@polity/core/apiAvailability";
import { INTERVALS } from "@polity/core/constants";
import { createStore } from "../state/createStore.ts";

/** Spec "API availability per endpoint": the tracker's statistics endpoints, each marked on failure. */
export const availabilityStore = createStore(availabilityReducer, initialAvailability);

/** Thrown instead of calling an endpoint that failed less than 5 minutes ago: screens show their fallbacks. */
export class TrackerUnavailableError extends Error {
  override name = "TrackerUnavailableError";
  constructor(
    readonly endpoint: TrackerEndpoint,
    readonly since: number,
  ) {
    super(`${endpoint} is unavailable since ${new Date(since).toISOString()}`);
  }
}

/** A client error (4xx) says the request was wrong, not that the endpoint is down. */
function isClientError(err: unknown): boolean {
  const status = (err as { status?: number } | null)?.status;
  return typeof status === "number" && status >= 400 && status < 500;
}

/**
 * Calls `read` unless `endpoint` failed less than the API retry interval ago (then throws
 * `TrackerUnavailableError` without a request); a failure marks it unavailable, an answer available.
 */
export async function withAvailability<T>(
  endpoint: TrackerEndpoint,
  read: () => Promise<T>,
  now: () => number = Date.now,
): Promise<T> {
  const state = availabilityStore.getState();
  if (isWaitingToRetry(state, endpoint, now())) {
    throw new TrackerUnavailableError(endpoint, state[endpoint].unavailableSince ?? now());
  }
  try {
    const result = await read();
    availabilityStore.dispatch({ type: "succeeded", endpoint });
    return result;
  } catch (err) {
    const aborted = err instanceof DOMException && err.name === "AbortError";
    if (!aborted && !isClientError(err)) {
      console.error(`${endpoint} failed; asked again in ${INTERVALS.apiRetryMs / 60_000} minutes`, err);
      availabilityStore.dispatch({ type: "failed", endpoint, at: now() });
    }
    throw err;
  }
}

/** A person's "Try again": asks the endpoint now instead of waiting out the interval. */
export function retryNow(endpoint: TrackerEndpoint): void {
  availabilityStore.dispatch({ type: "succeeded", endpoint });
}

/** Query options of an availability-checked read: no automatic retries, asked again after the interval. */
export const availabilityQueryOptions = {
  retry: false,
  refetchInterval: (query: { state: { error: Error | null } }) =>
    query.state.error ? INTERVALS.apiRetryMs : false,
} as const;
