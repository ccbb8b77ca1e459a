import { HTTP_STATUS_TITLES } from "@polity/core/errors/http";

/**
 * An error whose title and detail are safe to show to users; everything else is answered 500. The
 * error handler answers it with core's `errorDocument`.
 */
export class ApiError extends Error {
  override name = "ApiError";
  constructor(
    readonly status: number,
    readonly title: string,
    readonly detail: string,
    readonly meta?: Record<string, unknown>,
  ) {
    super(detail);
  }
}

const apiError =
  (status: number) =>
  (detail: string, meta?: Record<string, unknown>): ApiError =>
    new ApiError(status, HTTP_STATUS_TITLES[status]!, detail, meta);

export const badRequest = apiError(400);
export const unauthorized = apiError(401);
export const forbidden = apiError(403);
export const notFound = apiError(404);
export const conflict = apiError(409);
/** A dependency (chain RPC, IPFS node) did not answer; safe to retry. */
export const unavailable = apiError(503);
