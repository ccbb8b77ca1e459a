/**
 * Query-string serializer and parser (spec section 5): parameters nest one level only, arrays are
 * joined with commas, objects become bracketed keys (`filter[status]=1,2`), deeper nesting throws.
 * Commas inside values are percent-encoded, so a raw comma always separates array items; a
 * one-item array reads back as a plain string unless its key is listed in `arrayKeys`.
 */

export type QueryPrimitive = string | number | boolean | bigint;
export type QueryLeaf = QueryPrimitive | readonly QueryPrimitive[] | null | undefined;
export type QueryValue = QueryLeaf | { readonly [key: string]: QueryLeaf };
export type QueryParams = { readonly [key: string]: QueryValue };

export type ParsedLeaf = string | string[];
export type ParsedQuery = { [key: string]: ParsedLeaf | { [key: string]: ParsedLeaf } };

export class QueryNestingError extends Error {
  override name = "QueryNestingError";
  constructor(path: string) {
    super(`Query parameters may nest one level only: "${path}" is nested deeper`);
  }
}

function isPrimitive(value: unknown): value is QueryPrimitive {
  return ["string", "number", "boolean", "bigint"].includes(typeof value);
}

function encodeLeaf(value: QueryLeaf, path: string): string | null {
  if (value === null || value === undefined) return null;
  if (Array.isArray(value)) {
    if (value.length === 0) return null;
    return value
      .map((item: unknown) => {
        if (!isPrimitive(item)) throw new QueryNestingError(path);
        return encodeURIComponent(String(item));
      })
      .join(",");
  }
  if (!isPrimitive(value)) throw new QueryNestingError(path);
  return encodeURIComponent(String(value));
}

function assertKey(key: string): void {
  if (key === "" || /[[\]]/.test(key)) throw new Error(`Invalid query parameter name "${key}"`);
}

/** `{ page: 2, status: [1, 2], filter: { author: "0xa" } }` → `page=2&status=1,2&filter[author]=0xa`. */
export function serializeQuery(params: QueryParams): string {
  const pairs: string[] = [];
  for (const [key, value] of Object.entries(params)) {
    assertKey(key);
    if (value !== null && typeof value === "object" && !Array.isArray(value)) {
      for (const [subKey, subValue] of Object.entries(value as Record<string, QueryLeaf>)) {
        assertKey(subKey);
        if (subValue !== null && typeof subValue === "object" && !Array.isArray(subValue)) {
          throw new QueryNestingError(`${key}[${subKey}]`);
        }
        const encoded = encodeLeaf(subValue, `${key}[${subKey}]`);
        if (encoded !== null)
          pairs.push(`${encodeURIComponent(key)}[${encodeURIComponent(subKey)}]=${encoded}`);
      }
      continue;
    }
    const encoded = encodeLeaf(value as QueryLeaf, key);
    if (encoded !== null) pairs.push(`${encodeURIComponent(key)}=${encoded}`);
  }
  return pairs.join("&");
}

function decode(text: string): string {
  return decodeURIComponent(text.replace(/\+/g, " "));
}

/** Assigns an own property, safe for names such as "__proto__". */
function setOwn<T>(target: Record<string, T>, key: string, value: T): void {
  Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
}

export type ParseQueryOptions = {
  /** Keys (`status` or `filter[status]`) always read as arrays. */
  arrayKeys?: readonly string[];
};

/** Inverse of `serializeQuery`; accepts a leading "?". Values are strings or string arrays. */
export function parseQuery(query: string, options: ParseQueryOptions = {}): ParsedQuery {
  const result: ParsedQuery = {};
  const text = query.startsWith("?") ? query.slice(1) : query;
  if (text === "") return result;
  for (const pair of text.split("&")) {
    if (pair === "") continue;
    const eq = pair.indexOf("=");
    const rawKey = eq === -1 ? pair : pair.slice(0, eq);
    const rawValue = eq === -1 ? "" : pair.slice(eq + 1);
    const keyMatch = /^([^[\]]+)(?:\[([^[\]]+)\])?$/.exec(rawKey);
    if (!keyMatch) throw new QueryNestingError(decode(rawKey));
    const [, encodedKey = "", encodedSub] = keyMatch;
    const key = decode(encodedKey);
    const sub = encodedSub === undefined ? undefined : decode(encodedSub);
    const fullKey = sub === undefined ? key : `${key}[${sub}]`;
    const isArray = rawValue.includes(",") || (options.arrayKeys?.includes(fullKey) ?? false);
    const value: ParsedLeaf = isArray ? rawValue.split(",").map(decode) : decode(rawValue);
    if (sub === undefined) {
      setOwn(result, key, value);
    } else {
      const existing = Object.hasOwn(result, key) ? result[key] : undefined;
      const group =
        existing !== undefined && typeof existing === "object" && !Array.isArray(existing) ? existing : {};
      setOwn(group, sub, value);
      setOwn(result, key, group);
    }
  }
  return result;
}
