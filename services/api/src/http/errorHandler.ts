import { HTTP_STATUS_TITLES, type JsonApiErrorObject } from "@polity/core/errors/http";
import type { ApiMessageKey } from "@polity/core/i18n/api";
import { isMessageKey, type MessageParams } from "@polity/core/i18n/en";
import type { FastifyError, FastifyInstance } from "fastify";
import { hasZodFastifySchemaValidationErrors } from "fastify-type-provider-zod";
import { QUERY_CANCELED } from "../db/pool.ts";
import { ApiError, apiErrorDocument } from "./errors.ts";

/** One invalid field of a request as a catalogue entry. */
function fieldError(v: FastifyError["validation"] extends (infer V)[] | undefined ? V : never, part: string) {
  const path = v.instancePath.replace(/^\//, "").replaceAll("/", ".");
  const field = path ? `${part}.${path}` : part;
  const issue = (v.params as { issue?: Record<string, unknown> } | undefined)?.issue ?? {};
  const message = v.message ?? "is invalid";
  // Core's schemas carry catalogue keys as messages: answer that entry with the issue's bounds.
  if (isMessageKey(message)) {
    const params: MessageParams = {
      ...(issue.params as Record<string, string | number> | undefined),
      ...(typeof issue.maximum === "number" || typeof issue.maximum === "bigint"
        ? { maxLength: Number(issue.maximum), max: Number(issue.maximum) }
        : {}),
      ...(typeof issue.minimum === "number" || typeof issue.minimum === "bigint"
        ? { minLength: Number(issue.minimum), min: Number(issue.minimum) }
        : {}),
    };
    return { key: message, params, field };
  }
  return { key: "errors.api.invalidField" as ApiMessageKey, params: { field, message }, field };
}

/** Every invalid field of a request that failed its schema; none for other errors. */
function fieldErrors(err: FastifyError): JsonApiErrorObject[] {
  if (!hasZodFastifySchemaValidationErrors(err)) return [];
  const part = (err as FastifyError & { validationContext?: string }).validationContext ?? "body";
  return err.validation.flatMap((v) => {
    const { key, params, field } = fieldError(v, part);
    return apiErrorDocument(400, key, params, { field }).errors;
  });
}

/** A statement cancelled by the statement timeout, or no free connection within the pool's wait. */
function isDatabaseTimeout(err: unknown): boolean {
  const e = err as { code?: unknown; message?: unknown };
  return e.code === QUERY_CANCELED || e.message === "timeout exceeded when trying to connect";
}

/**
 * Maps every error to a JSON:API error document built by core (`ApiError.toDocument`): several invalid
 * fields are several errors; internals are logged, never answered.
 */
export function registerErrorHandling(app: FastifyInstance) {
  app.setErrorHandler((err: FastifyError, req, reply) => {
    if (err instanceof ApiError) return reply.code(err.status).send(err.toDocument());
    const fields = fieldErrors(err);
    if (fields.length > 0) return reply.code(400).send({ errors: fields });
    const status = typeof err.statusCode === "number" ? err.statusCode : 500;
    if (status === 429) {
      if (reply.getHeader("retry-after") === undefined) reply.header("retry-after", "60");
      return reply.code(429).send(apiErrorDocument(429, "errors.api.rateLimited"));
    }
    if (status >= 400 && status < 500) {
      // Framework errors (malformed JSON, size limits, media types) carry reasons safe to show.
      return reply.code(status).send(
        apiErrorDocument(status, "errors.api.requestRejected", {
          reason: err.message || (HTTP_STATUS_TITLES[status] ?? "Bad Request"),
        }),
      );
    }
    if (isDatabaseTimeout(err)) {
      req.log.warn({ err }, "database did not answer in time");
      return reply
        .code(503)
        .header("retry-after", "5")
        .send(apiErrorDocument(503, "errors.api.databaseTimeout"));
    }
    req.log.error({ err }, "unhandled error");
    return reply.code(500).send(apiErrorDocument(500, "errors.somethingWentWrong"));
  });

  app.setNotFoundHandler((req, reply) => {
    reply.code(404).send(
      apiErrorDocument(404, "errors.api.routeNotFound", {
        method: req.method,
        path: req.url.split("?")[0] ?? "",
      }),
    );
  });
}
