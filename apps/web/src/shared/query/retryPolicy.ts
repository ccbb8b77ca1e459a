import { NotFoundError } from "./notFoundError.ts";

/**
 * A failure that the same request would meet again: a 4xx answer (the api client's `ApiError`
 * carries the HTTP status), or a thing that does not exist.
 */
export function isPermanentFailure(err: unknown): boolean {
  if (err instanceof NotFoundError) return true;
  const status = err instanceof Error ? (err as { status?: unknown }).status : undefined;
  return typeof status === "number" && status >= 400 && status < 500;
}

/**
 * The app's one retry policy (the query client's default): network and server failures twice
 * more, client errors never.
 */
export function retryQuery(failureCount: number, err: unknown): boolean {
  return failureCount < 2 && !isPermanentFailure(err);
}

/** A `refetchInterval` that stops once the answer is a permanent failure (a 4xx, a missing thing). */
export function refetchEvery(ms: number) {
  return (query: { state: { error: Error | null } }): number | false =>
    isPermanentFailure(query.state.error) ? false : ms;
}
