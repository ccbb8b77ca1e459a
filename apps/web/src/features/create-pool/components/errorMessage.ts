import { isMessageKey, translate } from "@polity/core/i18n/en";
import type { TFunction } from "i18next";

/**
 * Validation messages are i18n keys, optionally followed by JSON interpolation values
 * (`"validation.maxLength|{\"maxLength\":30}"`), because a form error carries one string only.
 * Keys of `@polity/core`'s catalogue fall back to its English text; wizard-only keys live in
 * `locales/en/createPool.json`.
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

export const MESSAGE_NAMESPACES = ["createPool", "core", "common"];

export function translateMessage(t: TFunction, message: string | undefined): string | undefined {
  if (!message) return undefined;
  const { key, values } = decodeMessage(message);
  const defaultValue = isMessageKey(key) ? translate(key, values) : key;
  return t(key, { ns: MESSAGE_NAMESPACES, defaultValue, ...values });
}
