import { noContent } from "@polity/core/records/jsonapi";
import {
  commentActivityListDocument,
  followedDaoListDocument,
  type ProfileRecord,
  profileDocument,
} from "@polity/core/records/profile";
import { profileSchema } from "@polity/core/validation/profile";
import type { FastifyPluginAsync } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { addressSchema, chainIdParam } from "../../http/address.ts";
import { forbidden } from "../../http/errors.ts";
import { errorResponses, queryString, requestBody, resource } from "../../http/jsonapi.ts";
import type { ModuleDeps, Session } from "../types.ts";
import { ProfileRepository, type ProfileRow } from "./profile.repository.ts";

const profileBody = requestBody("profiles", profileSchema.strict());
const addressParams = z.strictObject({ address: addressSchema });
const followParams = z.strictObject({ address: addressSchema, chainId: chainIdParam, pool: addressSchema });

function toRecord(address: string, row: ProfileRow | null): ProfileRecord {
  return {
    address: address as ProfileRecord["address"],
    name: row?.name ?? "",
    avatar_url: row?.avatar_url ?? "",
    bio: row?.bio ?? "",
    social_links: row?.social_links ?? [],
    updated_at: row ? row.updated_at.toISOString() : null,
  };
}

/** Only the address's own signed session changes its profile or follows. */
function assertOwner(session: Session | null, address: string) {
  if (session?.address !== address) throw forbidden("errors.api.profileNotOwner", { address });
}

/**
 * `/integrations/profile`: public profiles (name, avatar, bio, social links) and the DAOs an address
 * follows; read by anyone, written by the address's own signed session.
 */
export const profileRoutes: FastifyPluginAsync<ModuleDeps> = async (app, deps) => {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const repo = new ProfileRepository(deps.db);
  const tags = ["profile"];
  const security = [{ bearer: [] }];

  r.get(
    "/:address",
    {
      schema: {
        tags,
        summary: "An address's public profile (empty fields until it saves one)",
        params: addressParams,
        response: { 200: profileDocument, ...errorResponses(400, 429) },
      },
    },
    async (req) => {
      const { address } = req.params;
      return { data: resource("profiles", address, toRecord(address, await repo.find(address))) };
    },
  );

  r.put(
    "/:address",
    {
      preValidation: deps.authenticate,
      schema: {
        tags,
        security,
        summary: "Saves the signed-in address's own profile",
        params: addressParams,
        body: profileBody,
        response: { 200: profileDocument, ...errorResponses(400, 401, 403, 429) },
      },
    },
    async (req) => {
      const { address } = req.params;
      assertOwner(req.session, address);
      const row = await repo.save(address, req.body.data.attributes);
      return { data: resource("profiles", address, toRecord(address, row)) };
    },
  );

  r.get(
    "/:address/following",
    {
      schema: {
        tags,
        summary: "DAOs the address follows, newest first (filter chain_id)",
        params: addressParams,
        querystring: z.strictObject({ chain_id: queryString.pipe(chainIdParam).optional() }),
        response: { 200: followedDaoListDocument, ...errorResponses(400, 429) },
      },
    },
    async (req) => {
      const rows = await repo.following(req.params.address, req.query.chain_id ?? null);
      return {
        data: rows.map((row) =>
          resource("followed-daos", `${row.chain_id}:${row.pool_address}`, {
            chain_id: row.chain_id,
            pool_address: row.pool_address as `0x${string}`,
            created_at: row.created_at.toISOString(),
          }),
        ),
      };
    },
  );

  for (const method of ["PUT", "DELETE"] as const) {
    r.route({
      method,
      url: "/:address/following/:chainId/:pool",
      preValidation: deps.authenticate,
      schema: {
        tags,
        security,
        summary: method === "PUT" ? "Follows a DAO" : "Stops following a DAO",
        params: followParams,
        response: { 204: noContent, ...errorResponses(400, 401, 403, 429) },
      },
      handler: async (req, reply) => {
        const { address, chainId, pool } = req.params;
        assertOwner(req.session, address);
        if (method === "PUT") await repo.follow(address, chainId, pool);
        else await repo.unfollow(address, chainId, pool);
        return reply.code(204).send(null);
      },
    });
  }

  r.get(
    "/:address/comments",
    {
      schema: {
        tags,
        summary: "In which DAOs the address commented, and how often (newest first)",
        params: addressParams,
        response: { 200: commentActivityListDocument, ...errorResponses(400, 429) },
      },
    },
    async (req) => {
      const rows = await deps.commentActivity.byAuthor(req.params.address);
      return {
        data: rows.map((row) =>
          resource("comment-activity", `${row.chain_id}:${row.pool_address}`, {
            chain_id: row.chain_id,
            pool_address: row.pool_address as `0x${string}`,
            comments_count: row.comments_count,
            last_comment_at: row.last_comment_at.toISOString(),
          }),
        ),
      };
    },
  );
};
