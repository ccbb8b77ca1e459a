import { type CreatePoolDraft, createDefaultDraft } from "./createPoolDraft.ts";

export const DRAFT_STORAGE_KEY = "polity.createPool.draft";

type StoredDraft = { hash: string; draft: CreatePoolDraft };

/** FNV-1a over the UTF-16 code units: a stable, dependency-free fingerprint of a string. */
function fnv1a(text: string): string {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return (hash >>> 0).toString(16).padStart(8, "0");
}

/** Deterministic JSON: keys sorted, so the hash depends on the form's shape and defaults only. */
function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(",")}]`;
  if (value !== null && typeof value === "object") {
    const entries = Object.entries(value as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : 1));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(",")}}`;
  }
  return JSON.stringify(value);
}

/**
 * Hash of the default form. A stored draft written against other defaults (an older version of
 * the wizard) is discarded instead of being merged into a shape it does not match.
 */
export function defaultFormHash(defaults: CreatePoolDraft = createDefaultDraft()): string {
  return fnv1a(canonicalJson(defaults));
}

/**
 * `stored` kept where it has the shape of `fallback` (the default form): a value of another type (an
 * older wizard's, or edited by hand) gives way to the default instead of reaching a form that would
 * break on it. Fields the defaults leave empty (null, undefined: an imported token, say) and arrays are
 * kept as stored; the summary's step rules still refuse any value that does not validate.
 */
export function keepDraftShape(fallback: unknown, stored: unknown): unknown {
  if (fallback === null || fallback === undefined) return stored;
  if (Array.isArray(fallback)) return Array.isArray(stored) ? stored : fallback;
  if (typeof fallback === "object") {
    if (stored === null || typeof stored !== "object" || Array.isArray(stored)) return fallback;
    const merged: Record<string, unknown> = { ...(stored as Record<string, unknown>) };
    for (const [key, value] of Object.entries(fallback as Record<string, unknown>)) {
      merged[key] = keepDraftShape(value, (stored as Record<string, unknown>)[key]);
    }
    return merged;
  }
  return typeof stored === typeof fallback ? stored : fallback;
}

export function loadDraft(storage: Storage | undefined = globalThis.localStorage): CreatePoolDraft {
  const fallback = createDefaultDraft();
  if (!storage) return fallback;
  try {
    const raw = storage.getItem(DRAFT_STORAGE_KEY);
    if (!raw) return fallback;
    const stored = JSON.parse(raw) as Partial<StoredDraft>;
    if (stored.hash !== defaultFormHash() || !stored.draft || typeof stored.draft !== "object") {
      storage.removeItem(DRAFT_STORAGE_KEY);
      return fallback;
    }
    return keepDraftShape(fallback, stored.draft) as CreatePoolDraft;
  } catch (err) {
    console.warn("Discarding an unreadable DAO creation draft", err);
    storage.removeItem(DRAFT_STORAGE_KEY);
    return fallback;
  }
}

export function saveDraft(
  draft: CreatePoolDraft,
  storage: Storage | undefined = globalThis.localStorage,
): void {
  if (!storage) return;
  const stored: StoredDraft = { hash: defaultFormHash(), draft };
  try {
    storage.setItem(DRAFT_STORAGE_KEY, JSON.stringify(stored));
  } catch (err) {
    // Quota exceeded or storage disabled: the wizard still works, only without persistence.
    console.warn("Could not persist the DAO creation draft", err);
  }
}

export function clearDraft(storage: Storage | undefined = globalThis.localStorage): void {
  storage?.removeItem(DRAFT_STORAGE_KEY);
}
