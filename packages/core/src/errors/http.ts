/**
 * HTTP error catalogue (spec section 8): status → kind, JSON:API error documents read into
 * title, detail and meta of the first error ('Request contains some errors.' when there are
 * several). The api builds its error documents with `./jsonApi.ts`.
 */
import { en, type MessageKey } from "../i18n/en.ts";
import { PolityError } from "./PolityError.ts";

export const HttpErrorKind = {
  BadRequest: "badRequest",
  Unauthorized: "unauthorized",
  Forbidden: "forbidden",
  NotFound: "notFound",
  Conflict: "conflict",
  TooManyRequests: "tooManyRequests",
  Internal: "internal",
  Network: "network",
} as const;
export type HttpErrorKind = (typeof HttpErrorKind)[keyof typeof HttpErrorKind];

const KIND_BY_STATUS: Readonly<Record<number, HttpErrorKind>> = Object.freeze({
  400: "badRequest",
  401: "unauthorized",
  403: "forbidden",
  404: "notFound",
  409: "conflict",
  429: "tooManyRequests",
  500: "internal",
});

export const HTTP_KIND_MESSAGE_KEYS: Readonly<Record<HttpErrorKind, MessageKey>> = Object.freeze({
  badRequest: "errors.http.badRequest",
  unauthorized: "errors.http.unauthorized",
  forbidden: "errors.http.forbidden",
  notFound: "errors.http.notFound",
  conflict: "errors.http.conflict",
  tooManyRequests: "errors.http.tooManyRequests",
  internal: "errors.http.internal",
  network: "errors.http.network",
});

/** 400, 401, 403, 404, 409, 429 and 500 have their kinds; anything else (no answer included) is a network error. */
export function httpErrorKind(status: number | null | undefined): HttpErrorKind {
  return (status !== null && status !== undefined && KIND_BY_STATUS[status]) || "network";
}

/** A 401 triggers the one-time token refresh and retry. */
export function shouldRefreshToken(status: number | null | undefined): boolean {
  return status === 401;
}

export type JsonApiErrorObject = {
  id?: string;
  status?: string;
  code?: string;
  title?: string;
  detail?: string;
  source?: { pointer?: string; parameter?: string; header?: string };
  meta?: Record<string, unknown>;
};

export type JsonApiErrorDocument = { errors: JsonApiErrorObject[] };

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function readErrorObject(value: unknown): JsonApiErrorObject | null {
  if (!isRecord(value)) return null;
  const text = (key: string) => (typeof value[key] === "string" ? (value[key] as string) : undefined);
  const status = typeof value.status === "number" ? String(value.status) : text("status");
  return {
    ...(text("id") !== undefined && { id: text("id") }),
    ...(status !== undefined && { status }),
    ...(text("code") !== undefined && { code: text("code") }),
    ...(text("title") !== undefined && { title: text("title") }),
    ...(text("detail") !== undefined && { detail: text("detail") }),
    ...(isRecord(value.source) && { source: value.source as JsonApiErrorObject["source"] }),
    ...(isRecord(value.meta) && { meta: value.meta }),
  };
}

export class HttpError extends PolityError {
  override name = "HttpError";
  readonly status: number | null;
  readonly kind: HttpErrorKind;
  readonly title: string;
  readonly meta: Record<string, unknown> | undefined;
  readonly errors: readonly JsonApiErrorObject[];

  constructor(args: {
    status: number | null;
    kind: HttpErrorKind;
    title: string;
    detail?: string;
    meta?: Record<string, unknown>;
    errors: readonly JsonApiErrorObject[];
    cause?: unknown;
  }) {
    super(args.title, {
      code: `HTTP_${args.kind}`,
      messageKey: args.errors.length > 1 ? "errors.http.severalErrors" : HTTP_KIND_MESSAGE_KEYS[args.kind],
      ...(args.detail !== undefined && { details: args.detail }),
      ...(args.cause !== undefined && { cause: args.cause }),
    });
    this.status = args.status;
    this.kind = args.kind;
    this.title = args.title;
    this.meta = args.meta;
    this.errors = args.errors;
  }
}

/**
 * Reads an error answer: the kind from the status, title/detail/meta from the first JSON:API
 * error, and 'Request contains some errors.' as title when the document lists several.
 */
export function parseHttpError(status: number | null | undefined, body: unknown, cause?: unknown): HttpError {
  const kind = httpErrorKind(status);
  const rawErrors = isRecord(body) && Array.isArray(body.errors) ? body.errors : [];
  const errors = rawErrors.map(readErrorObject).filter((e): e is JsonApiErrorObject => e !== null);
  const first = errors[0];
  const title =
    errors.length > 1 ? en["errors.http.severalErrors"] : (first?.title ?? en[HTTP_KIND_MESSAGE_KEYS[kind]]);
  return new HttpError({
    status: status ?? null,
    kind,
    title,
    ...(first?.detail !== undefined && { detail: first.detail }),
    ...(first?.meta !== undefined && { meta: first.meta }),
    errors,
    cause,
  });
}

/** The title of each status the api answers. */
export const HTTP_STATUS_TITLES: Readonly<Record<number, string>> = Object.freeze({
  400: "Bad Request",
  401: "Unauthorized",
  403: "Forbidden",
  404: "Not Found",
  405: "Method Not Allowed",
  406: "Not Acceptable",
  409: "Conflict",
  413: "Payload Too Large",
  415: "Unsupported Media Type",
  422: "Unprocessable Entity",
  429: "Too Many Requests",
  500: "Internal Server Error",
  502: "Bad Gateway",
  503: "Service Unavailable",
});
