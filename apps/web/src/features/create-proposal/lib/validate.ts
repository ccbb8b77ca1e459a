import type { MessageParams } from "@polity/core/i18n/en";
import { firstMessageByField } from "@polity/core/validation/issues";
import type { z } from "zod";

/** A field's message: an i18n key (core catalogue or this feature's namespace) and its parameters. */
export interface FieldError {
  key: string;
  params?: MessageParams;
}
export type FieldErrors = Record<string, FieldError>;

export type Validated<T> = { ok: true; data: T } | { ok: false; errors: FieldErrors };

/** Runs a core schema over form values; errors are keyed by field path ("recipients.0.amount"). */
export function validate<S extends z.ZodType>(schema: S, values: unknown): Validated<z.output<S>> {
  const result = schema.safeParse(values);
  if (result.success) return { ok: true, data: result.data };
  const errors: FieldErrors = {};
  for (const [path, message] of Object.entries(firstMessageByField(result.error))) {
    errors[path] = { key: message.key, params: message.params };
  }
  return { ok: false, errors };
}

/** Shows a validation's errors under their fields (or clears them); true when the form is valid. */
export function isValid<R extends { ok: true } | { ok: false; errors: FieldErrors }>(
  result: R,
  setErrors: (errors: FieldErrors) => void,
): result is Extract<R, { ok: true }> {
  setErrors("errors" in result ? result.errors : {});
  return result.ok;
}
