/**
 * The api's side of the HTTP error catalogue: JSON:API error documents built from the api's error codes
 * (`../i18n/api.ts`), whose English text with the params is the `detail`.
 */
import type { z } from "zod";
import { type ApiMessageKey, translateApi } from "../i18n/api.ts";
import type { MessageParams } from "../i18n/en.ts";
import { issueMessage } from "../validation/issues.ts";
import { HTTP_STATUS_TITLES, type JsonApiErrorDocument, type JsonApiErrorObject } from "./http.ts";

export type JsonApiErrorInput = {
  status: number;
  /** Catalogue key: becomes `code`, and its English text (with params) the `detail`. */
  key: ApiMessageKey;
  params?: MessageParams;
  pointer?: string;
  parameter?: string;
  meta?: Record<string, unknown>;
};

/** One JSON:API error object for the api's answers. */
export function jsonApiError(input: JsonApiErrorInput): JsonApiErrorObject {
  const source =
    input.pointer !== undefined
      ? { pointer: input.pointer }
      : input.parameter !== undefined
        ? { parameter: input.parameter }
        : undefined;
  return {
    status: String(input.status),
    code: input.key,
    title: HTTP_STATUS_TITLES[input.status] ?? "Error",
    detail: translateApi(input.key, input.params),
    ...(source && { source }),
    ...(input.params || input.meta
      ? { meta: { ...input.meta, ...(input.params && { params: stringify(input.params) }) } }
      : {}),
  };
}

function stringify(params: MessageParams): Record<string, string | number> {
  return Object.fromEntries(
    Object.entries(params).map(([k, v]) => [k, typeof v === "bigint" ? v.toString() : v]),
  );
}

export function jsonApiErrorDocument(...errors: JsonApiErrorInput[]): JsonApiErrorDocument {
  return { errors: errors.map(jsonApiError) };
}

/** JSON:API errors (status 400 by default) pointing at `/data/attributes/<path>`. */
export function toJsonApiErrors(
  error: z.ZodError,
  options: { status?: number; pointerPrefix?: string } = {},
) {
  const prefix = options.pointerPrefix ?? "/data/attributes";
  return error.issues.map((issue): JsonApiErrorObject => {
    const { key, params } = issueMessage(issue);
    const path = issue.path.map(String).join("/");
    return jsonApiError({
      status: options.status ?? 400,
      key,
      params,
      pointer: path ? `${prefix}/${path}` : prefix,
    });
  });
}
