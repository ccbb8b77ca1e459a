/** An error whose title and detail are safe to show to users; everything else is answered 500. */
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

export const STATUS_TITLES: Record<number, string> = {
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
};

export const badRequest = (detail: string, meta?: Record<string, unknown>) =>
  new ApiError(400, "Bad Request", detail, meta);
export const unauthorized = (detail: string, meta?: Record<string, unknown>) =>
  new ApiError(401, "Unauthorized", detail, meta);
export const forbidden = (detail: string, meta?: Record<string, unknown>) =>
  new ApiError(403, "Forbidden", detail, meta);
export const notFound = (detail: string, meta?: Record<string, unknown>) =>
  new ApiError(404, "Not Found", detail, meta);
export const conflict = (detail: string, meta?: Record<string, unknown>) =>
  new ApiError(409, "Conflict", detail, meta);
/** A dependency (chain RPC, IPFS node) did not answer; safe to retry. */
export const unavailable = (detail: string, meta?: Record<string, unknown>) =>
  new ApiError(503, "Service Unavailable", detail, meta);

export interface JsonApiError {
  title: string;
  detail: string;
  status: string;
  code?: string;
  meta?: Record<string, unknown>;
}

export const errorDocument = (
  status: number,
  title: string,
  detail: string,
  meta?: Record<string, unknown>,
) => ({
  errors: [
    {
      title,
      detail,
      status: String(status),
      // The catalogue key (core's i18n message key) when the error has one.
      ...(typeof meta?.code === "string" ? { code: meta.code } : {}),
      ...(meta ? { meta } : {}),
    } satisfies JsonApiError,
  ],
});
