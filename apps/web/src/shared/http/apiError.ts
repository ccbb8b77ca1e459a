import { HttpError, parseHttpError } from "@polity/core/errors/http";

/** Failed api calls are core's catalogued `HttpError` (status, kind, first JSON:API title/detail/meta). */
export { HttpError as ApiError };

export async function apiErrorFrom(response: Response): Promise<HttpError> {
  let body: unknown;
  try {
    body = await response.json();
  } catch {
    // Not JSON (a proxy's HTML page, an empty body): the status alone describes the failure.
  }
  return parseHttpError(response.status, body);
}

export function networkError(cause: unknown): HttpError {
  return parseHttpError(null, undefined, cause);
}

/** An answer the api's record schema refuses: the api and the web disagree on the contract. */
export function invalidAnswer(status: number, path: string, cause: unknown): HttpError {
  return new HttpError({
    status,
    kind: "internal",
    title: "Unexpected answer",
    detail: `The answer of ${path.split("?")[0]} does not match its schema`,
    errors: [],
    cause,
  });
}
