import {
  commentDocument,
  commentListDocument,
  pageStatsDocument,
  reactionDocument,
} from "@polity/core/records/comments";
import { noContent } from "@polity/core/records/jsonapi";
import {
  commentEditSchema,
  commentSchema,
  PAGE_ID_MAX_LENGTH,
  reactionSchema,
} from "@polity/core/validation/comment";
import { isRecordId, recordIdSchema } from "@polity/core/validation/ids";
import type { FastifyPluginAsync } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { addressSchema, chainIdParam } from "../../http/address.ts";
import { badRequest } from "../../http/errors.ts";
import {
  errorResponses,
  keysetPageQuery,
  listDocument,
  pageQuery,
  queryString,
  requestBody,
  resource,
} from "../../http/jsonapi.ts";
import { sendPublicAnswer } from "../../http/publicAnswer.ts";
import type { ModuleDeps } from "../types.ts";
import { CommentsRepository } from "./comments.repository.ts";
import { CommentsService, toAttributes } from "./comments.service.ts";

const commentId = recordIdSchema;
const pageIdParam = z.string().min(1).max(PAGE_ID_MAX_LENGTH);

// Payload rules are core's (shared with the web forms); unknown fields are refused here.
const createBody = requestBody("comments", commentSchema.strict());
const patchBody = requestBody("comments", commentEditSchema.strict());
const reactionBody = requestBody("reactions", reactionSchema.strict());

/** Ids arrive as numbers or numeric strings (core accepts both); anything else is a 400. */
function toId(value: string | number, field: string): string {
  const id = String(value).trim();
  if (!isRecordId(id)) throw badRequest("errors.api.commentIdInvalid", { field }, { field });
  return id;
}

const filterShape = {
  parent_id: queryString.pipe(commentId).optional(),
  pool_address: queryString.pipe(addressSchema).optional(),
  user: queryString.pipe(addressSchema).optional(),
  author: queryString.pipe(addressSchema).optional(),
};
const listQuery = z.strictObject({
  page: keysetPageQuery("desc"),
  filter: z.strictObject(filterShape).optional(),
  ...filterShape,
});

export const commentsRoutes: FastifyPluginAsync<ModuleDeps> = async (app, deps) => {
  const r = app.withTypeProvider<ZodTypeProvider>();
  // Every comments route needs a session, checked before the payload.
  app.addHook("preValidation", deps.authenticate);
  const service = new CommentsService(
    new CommentsRepository(deps.db),
    deps.govPools,
    deps.notificationEvents,
    deps.config.publicCacheTtlMs,
  );
  const tags = ["comments-svc"];
  const security = [{ bearer: [] }];

  r.post(
    "/comments",
    {
      schema: {
        body: createBody,
        response: { 201: commentDocument, ...errorResponses(400, 401, 403, 404, 409, 429) },
        tags,
        security,
      },
    },
    async (req, reply) => {
      const session = req.session!;
      const a = req.body.data.attributes;
      const comment = await service.create(session, {
        chainId: a.chain_id,
        pageId: a.page_id,
        poolAddress: a.pool_address.toLowerCase(),
        content: a.content,
        parentId: a.parent_id === undefined ? null : toId(a.parent_id, "parent_id"),
      });
      return reply
        .code(201)
        .send({ data: resource("comments", comment.id, toAttributes(comment, session.address)) });
    },
  );

  r.get(
    "/comments/list/:chainId/*",
    {
      schema: {
        params: z.strictObject({ chainId: chainIdParam, "*": pageIdParam }),
        querystring: listQuery,
        response: { 200: commentListDocument, ...errorResponses(400, 401, 403, 429) },
        tags,
        security,
        summary: "Comments of a page (the page id may contain slashes)",
      },
    },
    async (req, reply) => {
      const session = req.session!;
      const q = req.query;
      const f = { ...q.filter };
      // The reader's own answer (their reactions): a client that has it gets a 304. Its shape is
      // the record type the attributes are built as, so it is serialised without a second check.
      const answer = await service.listAnswer(
        session,
        {
          chainId: req.params.chainId,
          pageId: req.params["*"],
          parentId: f.parent_id ?? q.parent_id,
          poolAddress: f.pool_address ?? q.pool_address,
          author: f.author ?? q.author,
          user: f.user ?? q.user,
        },
        q.page,
        req.url,
        ({ rows, total, viewer }) =>
          listDocument(
            rows.map((c) => resource("comments", c.id, toAttributes(c, viewer))),
            q.page,
            total,
            req.url,
            {},
            rows.length === q.page.limit ? (rows.at(-1)?.id ?? null) : null,
          ),
      );
      return sendPublicAnswer(req, reply, answer, "private, no-cache");
    },
  );

  r.get(
    "/comments/by-author/:chainId/:poolAddress/:author",
    {
      schema: {
        params: z.strictObject({ chainId: chainIdParam, poolAddress: addressSchema, author: addressSchema }),
        querystring: z.strictObject({ page: pageQuery("desc") }),
        response: { 200: commentListDocument, ...errorResponses(400, 401, 403, 404, 429) },
        tags,
        security,
        summary: "What one address wrote in a DAO's discussions, every page of it (newest first)",
      },
    },
    async (req) => {
      const { chainId, poolAddress, author } = req.params;
      const session = req.session!;
      const { rows, total } = await service.listByAuthor(
        session,
        { chainId, poolAddress, author },
        req.query.page,
      );
      return listDocument(
        rows.map((c) => resource("comments", c.id, toAttributes(c, session.address))),
        req.query.page,
        total,
        req.url,
      );
    },
  );

  r.get(
    "/comments/:commentId",
    {
      schema: {
        params: z.strictObject({ commentId }),
        response: { 200: commentDocument, ...errorResponses(400, 401, 403, 404, 429) },
        tags,
        security,
      },
    },
    async (req) => {
      const session = req.session!;
      const comment = await service.get(session, req.params.commentId);
      return { data: resource("comments", comment.id, toAttributes(comment, session.address)) };
    },
  );

  r.patch(
    "/comments/:commentId",
    {
      schema: {
        params: z.strictObject({ commentId }),
        body: patchBody,
        response: { 200: commentDocument, ...errorResponses(400, 401, 403, 404, 409, 429) },
        tags,
        security,
      },
    },
    async (req) => {
      const session = req.session!;
      const comment = await service.update(session, req.params.commentId, req.body.data.attributes.content);
      return { data: resource("comments", comment.id, toAttributes(comment, session.address)) };
    },
  );

  r.delete(
    "/comments/:commentId",
    {
      schema: {
        params: z.strictObject({ commentId }),
        response: { 204: noContent, ...errorResponses(400, 401, 403, 404, 429) },
        tags,
        security,
      },
    },
    async (req, reply) => {
      const session = req.session!;
      await service.delete(session, req.params.commentId);
      return reply.code(204).send(null);
    },
  );

  r.get(
    "/page-stats/:chainId/*",
    {
      schema: {
        params: z.strictObject({ chainId: chainIdParam, "*": pageIdParam }),
        response: { 200: pageStatsDocument, ...errorResponses(400, 401, 403, 429) },
        tags,
        security,
      },
    },
    async (req) => {
      const session = req.session!;
      const stats = await service.pageStats(session, req.params.chainId, req.params["*"]);
      return { data: resource("page-stats", `${stats.chain_id}:${stats.page_id}`, stats) };
    },
  );

  r.post(
    "/reactions",
    {
      schema: {
        body: reactionBody,
        response: { 201: reactionDocument, ...errorResponses(400, 401, 403, 404, 409, 429) },
        tags,
        security,
      },
    },
    async (req, reply) => {
      const session = req.session!;
      const { type, comment_id } = req.body.data.attributes;
      const comment = await service.react(session, toId(comment_id, "comment_id"), type);
      return reply.code(201).send({
        data: resource("reactions", `${comment.id}:${session.address}`, {
          type,
          comment_id: comment.id,
          user_address: session.address,
          likes: comment.likes,
          dislikes: comment.dislikes,
        }),
      });
    },
  );

  r.delete(
    "/reactions/:commentId",
    {
      schema: {
        params: z.strictObject({ commentId }),
        response: { 204: noContent, ...errorResponses(400, 401, 404, 429) },
        tags,
        security,
      },
    },
    async (req, reply) => {
      const session = req.session!;
      await service.unreact(session, req.params.commentId);
      return reply.code(204).send(null);
    },
  );
};
