import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  type ParsedQuery,
  parseQuery,
  QueryNestingError,
  type QueryParams,
  serializeQuery,
} from "./queryString.ts";

describe("serializeQuery", () => {
  it("writes primitives, comma-joined arrays and bracketed object keys", () => {
    expect(
      serializeQuery({
        page: 2,
        status: [1, 2],
        filter: { author: "0xa", type: ["for_against", "one_of"] },
        flag: true,
        big: 10n,
      }),
    ).toBe("page=2&status=1,2&filter[author]=0xa&filter[type]=for_against,one_of&flag=true&big=10");
  });

  it("skips null, undefined and empty arrays", () => {
    expect(serializeQuery({ a: null, b: undefined, c: [], d: "x", e: { f: null } })).toBe("d=x");
  });

  it("percent-encodes keys and values, commas inside values included", () => {
    expect(serializeQuery({ "a b": "x&y=z", list: ["1,2", "3"] })).toBe("a%20b=x%26y%3Dz&list=1%2C2,3");
  });

  it("throws on deeper nesting", () => {
    expect(() => serializeQuery({ filter: { deep: { x: 1 } } } as unknown as QueryParams)).toThrow(
      QueryNestingError,
    );
    expect(() => serializeQuery({ filter: { deep: { x: 1 } } } as unknown as QueryParams)).toThrow(
      'Query parameters may nest one level only: "filter[deep]" is nested deeper',
    );
    expect(() => serializeQuery({ list: [{ x: 1 }] } as unknown as QueryParams)).toThrow(QueryNestingError);
    expect(() => serializeQuery({ f: { list: [[1]] } } as unknown as QueryParams)).toThrow(QueryNestingError);
  });

  it("refuses empty or bracketed names", () => {
    expect(() => serializeQuery({ "": 1 })).toThrow(/Invalid query parameter name/);
    expect(() => serializeQuery({ "a[b]": 1 })).toThrow(/Invalid query parameter name/);
  });
});

describe("parseQuery", () => {
  it("reads strings, arrays and one level of bracketed keys", () => {
    expect(parseQuery("?page=2&status=1,2&filter[author]=0xa&filter[type]=x,y&empty=")).toEqual({
      page: "2",
      status: ["1", "2"],
      filter: { author: "0xa", type: ["x", "y"] },
      empty: "",
    });
  });

  it("decodes, treats + as space and a bare key as empty", () => {
    expect(parseQuery("a%20b=x%26y&list=1%2C2,3&q=hello+world&bare")).toEqual({
      "a b": "x&y",
      list: ["1,2", "3"],
      q: "hello world",
      bare: "",
    });
  });

  it("reads listed keys as arrays even with one item", () => {
    expect(parseQuery("status=1&filter[type]=x", { arrayKeys: ["status", "filter[type]"] })).toEqual({
      status: ["1"],
      filter: { type: ["x"] },
    });
  });

  it("keeps names such as __proto__ as plain keys", () => {
    const parsed = parseQuery("__proto__=x&constructor[a]=1");
    expect(Object.getPrototypeOf(parsed)).toBe(Object.prototype);
    expect(Object.hasOwn(parsed, "__proto__")).toBe(true);
    expect(parsed.constructor).toEqual({ a: "1" });
  });

  it("throws on deeper nesting and returns {} for an empty query", () => {
    expect(() => parseQuery("a[b][c]=1")).toThrow(QueryNestingError);
    expect(parseQuery("")).toEqual({});
    expect(parseQuery("?")).toEqual({});
  });
});

describe("query-string round trip (property)", () => {
  const key = fc.string({ minLength: 1, maxLength: 8 }).filter((k) => !/[[\]]/.test(k));
  const text = fc.string({ maxLength: 12 });
  const leaf = fc.oneof(text, fc.array(text, { minLength: 2, maxLength: 4 }));
  const value = fc.oneof(leaf, fc.dictionary(key, leaf, { minKeys: 1, maxKeys: 3 }));
  const params = fc.dictionary(key, value, { maxKeys: 5 });

  it("parse(serialize(x)) equals x for strings and arrays of two or more", () => {
    fc.assert(
      fc.property(params, (p) => {
        const clean = JSON.parse(JSON.stringify(p)) as ParsedQuery;
        expect(parseQuery(serializeQuery(clean))).toEqual(clean);
      }),
    );
  });

  it("serialize(parse(q)) is stable for serialized queries", () => {
    fc.assert(
      fc.property(params, (p) => {
        const q = serializeQuery(JSON.parse(JSON.stringify(p)) as ParsedQuery);
        expect(serializeQuery(parseQuery(q))).toBe(q);
      }),
    );
  });

  it("numbers and booleans come back as their strings", () => {
    fc.assert(
      fc.property(fc.integer(), fc.boolean(), (n, b) => {
        expect(parseQuery(serializeQuery({ n, b }))).toEqual({ n: String(n), b: String(b) });
      }),
    );
  });
});
