import { errorDocumentRecord } from "@polity/core/records/jsonapi";
import { z } from "zod";

/** One JSON:API resource; the documents' schemas are core's (`@polity/core/records/<service>`). */
export interface Resource<A, T extends string = string> {
  id: string;
  type: T;
  attributes: A;
}

export const resource = <T extends string, A>(
  type: T,
  id: string | number | bigint,
  attributes: A,
): Resource<A, T> => ({
  id: String(id),
  type,
  attributes,
});

/** `{"data":{"type":T,"attributes":A}}` with no unknown fields at either level. */
export const requestBody = <T extends string, A extends z.ZodType>(type: T, attributes: A) =>
  z.strictObject({
    data: z.strictObject({
      type: z.literal(type),
      attributes,
    }),
  });

export const MAX_PAGE_LIMIT = 1000;
export const DEFAULT_PAGE_LIMIT = 10;

/**
 * A single query value: repeated parameters are an error, not a silent pick. Typed loosely so it can
 * pipe into coercing schemas (`z.coerce.number()` takes unknown input).
 */
// biome-ignore lint/suspicious/noExplicitAny: the piped schema decides the type
export const queryString: z.ZodType<any, any> = z.string({ error: "must be given once, as a string" });

export const pageQuery = (defaultOrder: "asc" | "desc", defaultLimit = DEFAULT_PAGE_LIMIT) =>
  z
    .strictObject({
      number: queryString.pipe(z.coerce.number().int().min(1).max(1_000_000)).optional(),
      limit: queryString.pipe(z.coerce.number().int().min(1).max(MAX_PAGE_LIMIT)).optional(),
      order: queryString.pipe(z.enum(["asc", "desc"])).optional(),
    })
    .optional()
    .transform((p) => ({
      number: p?.number ?? 1,
      limit: p?.limit ?? defaultLimit,
      order: p?.order ?? defaultOrder,
    }));

/**
 * `pageQuery` plus `page[cursor]`, the id of the last row of the previous page as the list's
 * `links.next` carries it: the next page is then read after that row (keyset paging, as cheap on
 * page 1,000 as on page 2) instead of skipping `page[number]`'s offset. Clients that page by number
 * alone are answered as before.
 */
export const keysetPageQuery = (defaultOrder: "asc" | "desc", defaultLimit = DEFAULT_PAGE_LIMIT) =>
  z
    .strictObject({
      number: queryString.pipe(z.coerce.number().int().min(1).max(1_000_000)).optional(),
      limit: queryString.pipe(z.coerce.number().int().min(1).max(MAX_PAGE_LIMIT)).optional(),
      order: queryString.pipe(z.enum(["asc", "desc"])).optional(),
      cursor: queryString
        .pipe(z.string().regex(/^[1-9]\d{0,18}$/, "must be a row id from links.next"))
        .optional(),
    })
    .optional()
    .transform((p) => ({
      number: p?.number ?? 1,
      limit: p?.limit ?? defaultLimit,
      order: p?.order ?? defaultOrder,
      cursor: p?.cursor ?? null,
    }));

export type Page = { number: number; limit: number; order: "asc" | "desc" };
/** A page read after the row `cursor` when given (keyset), else at its number's offset. */
export type KeysetPage = Page & { cursor: string | null };

/** A page as a query reads it: how many rows, after how many, in which order. */
export interface PageOffset {
  limit: number;
  offset: number;
  order: "asc" | "desc";
}

export const offsetOf = (page: Page): PageOffset => ({
  limit: page.limit,
  offset: (page.number - 1) * page.limit,
  order: page.order,
});

/** Comma-joined list (spec §5: arrays join with commas). */
export const commaList = <T extends z.ZodType>(item: T) =>
  z.preprocess(
    (v) => (typeof v === "string" ? v.split(",").filter((part) => part.length > 0) : v),
    z.array(item).min(1).max(100),
  );

/** Paged list document with JSON:API `meta` and `links`. */
export function listDocument<
  R extends Resource<unknown>,
  E extends Record<string, unknown> = Record<never, never>,
>(
  data: R[],
  page: Page,
  total: number,
  url: string,
  extraMeta: E = {} as E,
  nextCursor: string | null = null,
) {
  const lastPage = Math.max(1, Math.ceil(total / page.limit));
  const link = (n: number) => {
    const u = new URL(url, "http://api.local");
    u.searchParams.delete("page[cursor]");
    // The next page is read after this page's last row (keyset) where the list pages that way.
    if (n === page.number + 1 && nextCursor !== null) u.searchParams.set("page[cursor]", nextCursor);
    u.searchParams.set("page[number]", String(n));
    u.searchParams.set("page[limit]", String(page.limit));
    u.searchParams.set("page[order]", page.order);
    return `${u.pathname}?${u.searchParams.toString()}`;
  };
  return {
    data,
    meta: {
      total_count: total,
      page_number: page.number,
      page_limit: page.limit,
      order: page.order,
      ...extraMeta,
    },
    links: {
      self: link(page.number),
      first: link(1),
      last: link(lastPage),
      ...(page.number < lastPage ? { next: link(page.number + 1) } : {}),
      ...(page.number > 1 ? { prev: link(Math.min(page.number - 1, lastPage)) } : {}),
    },
  };
}

/**
 * A service's page of rows as a paged list document of `type` resources (`toResource` gives each
 * row's id and attributes), its `meta` (the indexer's progress, any totals) beside the page's.
 */
export function pagedDocument<
  R,
  A,
  T extends string,
  M extends Record<string, unknown> = Record<never, never>,
>(
  type: T,
  result: { rows: R[]; total: number; meta?: M },
  req: { query: { page: Page }; url: string },
  toResource: (row: R) => [id: string | number | bigint, attributes: A],
) {
  const data = result.rows.map((row) => {
    const [id, attributes] = toResource(row);
    return resource(type, id, attributes);
  });
  return listDocument(data, req.query.page, result.total, req.url, { ...result.meta } as M);
}

/**
 * Options of a GET route paged by `page` alone: its tags, summary, path parameters and list answer
 * (or 400, 404, 429).
 */
export const pagedRead = <P, R>(
  tags: string[],
  summary: string,
  params: P,
  response: R,
  order: "asc" | "desc" = "desc",
) => ({
  schema: {
    tags,
    summary,
    params,
    querystring: z.strictObject({ page: pageQuery(order) }),
    response: { 200: response, ...errorResponses(400, 404, 429) },
  },
});

/** The 4xx answers a route can give; each is core's JSON:API error document. */
export type ErrorStatus = 400 | 401 | 403 | 404 | 409 | 422 | 429;

/**
 * Response schemas of a route's error answers, so the OpenAPI document describes them:
 * `response: { 200: thingDocument, ...errorResponses(400, 404, 429) }`.
 */
export const errorResponses = <S extends ErrorStatus>(...statuses: S[]) =>
  Object.fromEntries(statuses.map((status) => [status, errorDocumentRecord])) as Record<
    S,
    typeof errorDocumentRecord
  >;
