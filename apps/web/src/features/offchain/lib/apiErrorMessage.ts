import { HttpError } from "@polity/core/errors/http";

/** The api's own explanation of a failure (JSON:API detail, else title), for the error line under a form. */
export function apiErrorMessage(err: unknown): string {
  if (err instanceof HttpError) return err.details ?? err.title;
  return err instanceof Error ? err.message : String(err);
}
