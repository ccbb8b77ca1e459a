import { describe, expect, it } from "vitest";
import * as z from "zod/mini";
import { jsonApiErrorDocument } from "../errors/jsonApi.ts";
import { tokensDocument } from "./auth.ts";
import { commentListDocument } from "./comments.ts";
import { proposalDocument } from "./governance.ts";
import { errorDocumentRecord, jsonValue, pageOf } from "./jsonapi.ts";

const comment = {
  chain_id: 97,
  page_id: "dao/0x1/proposals/1",
  pool_address: "0x1000000000000000000000000000000000000001",
  author: null,
  parent_id: null,
  content: "",
  created_at: "2026-11-20T10:00:00.000Z",
  updated_at: "2026-11-20T10:00:00.000Z",
  likes: 0,
  dislikes: 0,
  replies_count: 1,
  user_reaction: "none",
  is_author: false,
  is_deleted: true,
};

describe("record schemas", () => {
  it("parse the api's documents and drop what the contract does not name", () => {
    const list = {
      data: [{ id: "5", type: "comments", attributes: { ...comment, extra: 1 } }],
      meta: { total_count: 1, page_number: 1, page_limit: 10, order: "desc" },
      links: { self: "/a", first: "/a", last: "/a" },
    };
    const parsed = z.parse(commentListDocument, list);
    expect(parsed.data[0]?.attributes).toEqual(comment);
    expect(pageOf(parsed.meta)).toEqual({ total: 1, page: 1, limit: 10, pageCount: 1 });
  });

  it("refuse a document that breaks the contract", () => {
    expect(z.safeParse(tokensDocument, { data: { id: "1", type: "tokens", attributes: {} } }).success).toBe(
      false,
    );
    const wrongType = { data: { id: "1", type: "comments", attributes: comment } };
    expect(z.safeParse(proposalDocument, wrongType).success).toBe(false);
  });

  it("convert to JSON Schema, the recursive JSON value named once", () => {
    const schema = z.toJSONSchema(z.object({ document: jsonValue }), {
      target: "openapi-3.0",
    }) as unknown as {
      properties: { document: { $ref?: string } };
      $defs?: Record<string, unknown>;
    };
    expect(schema.properties.document.$ref).toBeDefined();
    expect(z.toJSONSchema(commentListDocument)).toMatchObject({
      type: "object",
      required: ["data", "meta", "links"],
    });
  });
});

describe("the error document", () => {
  it("reads every error the api's builder writes, with its code, detail, source and meta", () => {
    const built = jsonApiErrorDocument(
      {
        status: 404,
        key: "errors.api.daoNotIndexed",
        params: { pool: "0xabc", chainId: 56 },
        meta: { code: "errors.api.daoNotIndexed" },
      },
      { status: 400, key: "validation.required", pointer: "/data/attributes/title" },
    );
    const parsed = errorDocumentRecord.parse(built);
    expect(parsed).toEqual(built);
    expect(parsed.errors[0]).toMatchObject({
      status: "404",
      code: "errors.api.daoNotIndexed",
      title: "Not Found",
      detail: "No DAO 0xabc is indexed on chain 56",
      meta: { code: "errors.api.daoNotIndexed", params: { pool: "0xabc", chainId: 56 } },
    });
    expect(errorDocumentRecord.safeParse({ errors: [{ status: "400" }] }).success).toBe(false);
  });
});
