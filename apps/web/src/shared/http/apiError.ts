export interface JsonApiErrorObject {
  title?: string;
  detail?: string;
  status?: string;
  meta?: Record<string, unknown>;
}

/** A failed api call: the HTTP status plus the first JSON:API error's title, detail and meta. */
export class ApiError extends Error {
  override name = "ApiError";
  readonly status: number;
  readonly title: string;
  readonly detail: string | undefined;
  readonly meta: Record<string, unknown> | undefined;
  readonly errors: JsonApiErrorObject[];

  constructor(status: number, errors: JsonApiErrorObject[]) {
    const first = errors[0];
    const title =
      errors.length > 1 ? "Request contains some errors." : (first?.title ?? defaultTitleFor(status));
    super(first?.detail ? `${title}: ${first.detail}` : title);
    this.status = status;
    this.title = title;
    this.detail = first?.detail;
    this.meta = first?.meta;
    this.errors = errors;
  }
}

function defaultTitleFor(status: number): string {
  switch (status) {
    case 400:
      return "Bad request";
    case 401:
      return "Unauthorized";
    case 403:
      return "Forbidden";
    case 404:
      return "Not found";
    case 409:
      return "Conflict";
    case 429:
      return "Too many requests";
    case 500:
      return "Internal error";
    default:
      return "Network error";
  }
}

export async function apiErrorFrom(response: Response): Promise<ApiError> {
  let errors: JsonApiErrorObject[] = [];
  try {
    const body = (await response.json()) as { errors?: JsonApiErrorObject[] };
    if (Array.isArray(body.errors)) errors = body.errors;
  } catch {
    // Not JSON (a proxy's HTML page, an empty body): the status alone describes the failure.
  }
  return new ApiError(response.status, errors);
}
