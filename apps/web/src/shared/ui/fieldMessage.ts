import { isMessageKey, translate } from "@polity/core/i18n/en";
import type { TFunction } from "i18next";

/**
 * A form's validation message is an i18n key with its values: `{ key, params }`, or — where the form
 * library carries one string only (react-hook-form's `{ message }`) — the key followed by JSON values
 * (`"validation.maxLength|{\"maxLength\":30}"`). Keys are looked up in the form's namespace, then in
 * `core` (the catalogue of `@polity/core`, whose English text is the fallback) and `common`.
 */
export function encodeMessage(key: string, values?: Record<string, string | number>): string {
  return values ? `${key}|${JSON.stringify(values)}` : key;
}

export function decodeMessage(message: string): { key: string; values: Record<string, string | number> } {
  const separator = message.indexOf("|");
  if (separator === -1) return { key: message, values: {} };
  try {
    return {
      key: message.slice(0, separator),
      values: JSON.parse(message.slice(separator + 1)) as Record<string, string | number>,
    };
  } catch {
    return { key: message, values: {} };
  }
}

/** A field's message as forms produce it. */
export type FieldMessageValue =
  | { key: string; params?: Readonly<Record<string, unknown>> | undefined }
  | { message?: string | undefined }
  | undefined;

/** The text of `message`, looked up in `namespace`, then `core` and `common`. */
export function translateMessage(
  t: TFunction,
  message: FieldMessageValue | string,
  namespace: string,
): string | undefined {
  if (!message) return undefined;
  const { key, values } =
    typeof message === "string"
      ? decodeMessage(message)
      : "key" in message
        ? { key: message.key, values: (message.params ?? {}) as Record<string, string | number> }
        : message.message
          ? decodeMessage(message.message)
          : { key: "", values: {} };
  if (!key) return undefined;
  const defaultValue = isMessageKey(key) ? translate(key, values) : key;
  return t(key, { ns: [namespace, "core", "common"], defaultValue, ...values });
}
