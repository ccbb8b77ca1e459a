import type { JsonApiErrorDocument } from "@polity/core/errors/http";
import { jsonApiErrorDocument } from "@polity/core/errors/jsonApi";
import { type ApiMessageKey, translateApi } from "@polity/core/i18n/api";
import type { MessageParams } from "@polity/core/i18n/en";

/**
 * An error safe to show to users: a status and a catalogue code (`@polity/core/i18n/api`, whose English
 * text with `params` is the detail). Everything else is answered 500. The error handler answers it
 * with `apiErrorDocument`, core's JSON:API error builder.
 */
export class ApiError extends Error {
  override name = "ApiError";
  constructor(
    readonly status: number,
    readonly key: ApiMessageKey,
    readonly params: MessageParams = {},
    /** Facts a client may act on (`field`, `chain_id`, `indexed_block`, …), beside the code. */
    readonly meta: Record<string, unknown> = {},
  ) {
    super(translateApi(key, params));
  }

  toDocument(): JsonApiErrorDocument {
    return apiErrorDocument(this.status, this.key, this.params, this.meta);
  }
}

/**
 * The api's error answer: core's `jsonApiError` (status, title, catalogue `code`, English `detail`),
 * with the code repeated in `meta.code` for clients that read title, detail and meta only (spec §8).
 */
export function apiErrorDocument(
  status: number,
  key: ApiMessageKey,
  params: MessageParams = {},
  meta: Record<string, unknown> = {},
): JsonApiErrorDocument {
  return jsonApiErrorDocument({
    status,
    key,
    ...(Object.keys(params).length > 0 && { params }),
    meta: { ...meta, code: key },
  });
}

const apiError =
  (status: number) =>
  (key: ApiMessageKey, params?: MessageParams, meta?: Record<string, unknown>): ApiError =>
    new ApiError(status, key, params, meta);

export const badRequest = apiError(400);
export const unauthorized = apiError(401);
export const forbidden = apiError(403);
export const notFound = apiError(404);
export const conflict = apiError(409);
export const tooManyRequests = apiError(429);
/** A dependency (chain RPC, IPFS node) did not answer; safe to retry. */
export const unavailable = apiError(503);
