/**
 * The api's JSON:API documents as zod schemas: the api describes its answers with them (Fastify
 * response schemas, OpenAPI) and the web parses the answers with the same ones. Each service's
 * records live beside this module (`records/<service>.ts`).
 *
 * Written with `zod/mini` (functional and tree-shakable, so the web's shell stays small); response
 * schemas carry no transforms, because the api encodes its answers with them.
 */
import type { Address, Hex } from "viem";
import * as z from "zod/mini";

export type { z };

/** Any record schema (classic and mini schemas alike). */
export type RecordSchema<T = unknown> = z.core.$ZodType<T>;

const pattern = (re: RegExp, message: string) => z.string().check(z.regex(re, message));

/** An EVM address as the api answers it (lower-case by convention, any case accepted). */
export const addressRecord = pattern(/^0x[0-9a-fA-F]{40}$/, "must be an address") as unknown as z.ZodMiniType<
  Address,
  Address
>;

/** A 0x-prefixed hex string (transaction hashes, call data, signatures). */
export const hexRecord = pattern(/^0x[0-9a-fA-F]*$/, "must be hex") as unknown as z.ZodMiniType<Hex, Hex>;

/** An integer too large for a JSON number (token amounts, blocks, ids), in decimal. */
export const decimalRecord = z.string();

/** A point in time as the api answers it: ISO 8601 text. */
export const isoTimeRecord = z.string();

/** Unix seconds. */
export const unixTimeRecord = z.int();

/** An integer count or id that fits a JSON number. */
export const intRecord = z.int();

/**
 * Any JSON value. Recursive: the recursion refers to this registered schema itself, so the OpenAPI
 * document names it once (components.schemas.JsonValue / JsonValueInput) and every reference resolves.
 */
export type JsonValue = z.core.util.JSONType;
export const jsonValue: z.ZodMiniType<JsonValue> = z
  .lazy(() =>
    z.union([
      z.string(),
      z.number(),
      z.boolean(),
      z.null(),
      z.array(jsonValue),
      z.record(z.string(), jsonValue),
    ]),
  )
  .register(z.globalRegistry, { id: "JsonValue", description: "Any JSON value" });

/** Which DAO a record belongs to: its chain and pool address. */
export const poolKeyShape = { chain_id: z.int(), pool_address: addressRecord };

/** One JSON:API resource of `type` with the given attributes. */
export const resourceRecord = <T extends string, A extends z.core.SomeType>(type: T, attributes: A) =>
  z.object({ id: z.string(), type: z.literal(type), attributes });

/** `{ data: resource }` (one resource) or `{ data: resource[] }` (a collection), and `extra` members (`meta`). */
export const dataDocument = <
  R extends z.core.SomeType,
  M extends z.core.$ZodLooseShape = Record<never, never>,
>(
  data: R,
  extra?: M,
) => z.object({ data, ...((extra ?? {}) as M) });

/** The `meta` of a paged list. */
export const pageMetaShape = {
  total_count: intRecord,
  page_number: intRecord,
  page_limit: intRecord,
  order: z.enum(["asc", "desc"]),
};
export const pageMetaRecord = z.object(pageMetaShape);
export type PageMeta = z.infer<typeof pageMetaRecord>;

/** The `links` of a paged list (relative urls). */
export const pageLinksRecord = z.object({
  self: z.string(),
  first: z.string(),
  last: z.string(),
  next: z.optional(z.string()),
  prev: z.optional(z.string()),
});

/** A paged list of resources: `data`, `meta` (the page, and `extraMeta`) and `links`. */
export const listDocument = <
  R extends z.core.SomeType,
  E extends z.core.$ZodLooseShape = Record<never, never>,
>(
  resource: R,
  extraMeta?: E,
) =>
  z.object({
    data: z.array(resource),
    meta: z.object({ ...pageMetaShape, ...((extraMeta ?? {}) as E) }),
    links: pageLinksRecord,
  });

/** What a page of a list says about itself, read from its `meta`. */
export function pageOf(meta: Pick<PageMeta, "total_count" | "page_number" | "page_limit">) {
  return {
    total: meta.total_count,
    page: meta.page_number,
    limit: meta.page_limit,
    pageCount: Math.max(1, Math.ceil(meta.total_count / meta.page_limit)),
  };
}

/** An answer with no body (204, 304). */
export const noContent = z.null();

/**
 * One JSON:API error as the api answers it (`jsonApiError` in `errors/http.ts`): the status, the
 * catalogue `code` (an i18n key), the status title, the English `detail`, what it points at, and
 * `meta` (the code again, the detail's parameters, facts a client may act on).
 */
export const errorObjectRecord = z.object({
  status: z.string(),
  code: z.optional(z.string()),
  title: z.string(),
  detail: z.string(),
  source: z.optional(
    z.object({
      pointer: z.optional(z.string()),
      parameter: z.optional(z.string()),
      header: z.optional(z.string()),
    }),
  ),
  meta: z.optional(z.record(z.string(), z.unknown())),
});

/** Every error answer of the api (4xx and 5xx): one or more errors. */
export const errorDocumentRecord = z
  .object({ errors: z.array(errorObjectRecord) })
  .register(z.globalRegistry, { id: "JsonApiErrorDocument", description: "JSON:API error document" });
export type ErrorDocumentRecord = z.infer<typeof errorDocumentRecord>;
