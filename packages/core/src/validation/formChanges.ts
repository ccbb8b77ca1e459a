/**
 * 'Nothing has been changed. Please change something before submitting.' — compares a form's
 * initial and submitted values structurally (strings trimmed, numbers and numeric strings compared
 * as text, bigints by value, key order ignored). Also the stable hash used to discard a stored DAO
 * creation draft when the default form changes.
 */
import type { MessageKey } from "../i18n/en.ts";

function normalize(value: unknown): unknown {
  if (typeof value === "string") return value.trim();
  if (typeof value === "number" || typeof value === "bigint") return String(value);
  if (value instanceof Date) return value.toISOString();
  if (Array.isArray(value)) return value.map(normalize);
  if (value !== null && typeof value === "object") {
    return Object.fromEntries(
      Object.entries(value)
        .filter(([, v]) => v !== undefined)
        .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
        .map(([k, v]) => [k, normalize(v)]),
    );
  }
  return value ?? null;
}

/** Deterministic JSON of any form value (bigints, dates, key order handled). */
export function stableStringify(value: unknown): string {
  return JSON.stringify(normalize(value));
}

export function isFormChanged(initial: unknown, current: unknown): boolean {
  return stableStringify(initial) !== stableStringify(current);
}

/** The catalogue key to show when the form is submitted unchanged, otherwise null. */
export function nothingChangedError(initial: unknown, current: unknown): MessageKey | null {
  return isFormChanged(initial, current) ? null : "validation.nothingChanged";
}

/** FNV-1a (32-bit) of the stable JSON, as 8 hex digits. */
export function formHash(value: unknown): string {
  let hash = 0x811c9dc5;
  for (const char of stableStringify(value)) {
    hash ^= char.codePointAt(0) ?? 0;
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash.toString(16).padStart(8, "0");
}

/** A stored draft is discarded when it was saved for another default form. */
export function shouldDiscardDraft(storedHash: string | null | undefined, defaultForm: unknown): boolean {
  return storedHash !== formHash(defaultForm);
}
