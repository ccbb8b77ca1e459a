import { errorDocument, HTTP_STATUS_TITLES as STATUS_TITLES } from "@polity/core/errors/http";
import { isMessageKey, translate } from "@polity/core/i18n/en";
import type { FastifyError, FastifyInstance } from "fastify";
import { hasZodFastifySchemaValidationErrors } from "fastify-type-provider-zod";
import { QUERY_CANCELED } from "../db/pool.ts";
import { ApiError } from "./errors.ts";

export const SEVERAL_ERRORS_TITLE = "Request contains some errors.";

interface FieldError {
  field: string;
  detail: string;
  code: string;
}

function fieldErrors(err: FastifyError): FieldError[] {
  if (!hasZodFastifySchemaValidationErrors(err)) return [];
  const part = (err as FastifyError & { validationContext?: string }).validationContext ?? "body";
  return err.validation.map((v) => {
    const path = v.instancePath.replace(/^\//, "").replaceAll("/", ".");
    const issue = (v.params as { issue?: Record<string, unknown> } | undefined)?.issue ?? {};
    const message = v.message ?? "is invalid";
    // Core's schemas carry i18n keys as messages: answer the English text, keep the key as the code.
    if (isMessageKey(message)) {
      const params = {
        ...(issue.params as Record<string, string | number> | undefined),
        ...(typeof issue.maximum === "number" || typeof issue.maximum === "bigint"
          ? { maxLength: Number(issue.maximum), max: Number(issue.maximum) }
          : {}),
        ...(typeof issue.minimum === "number" || typeof issue.minimum === "bigint"
          ? { minLength: Number(issue.minimum), min: Number(issue.minimum) }
          : {}),
      };
      return { field: path ? `${part}.${path}` : part, detail: translate(message, params), code: message };
    }
    const field = path ? `${part}.${path}` : part;
    return {
      field,
      detail: `${field}: ${message}`,
      code: typeof issue.code === "string" ? issue.code : v.keyword,
    };
  });
}

/** A statement cancelled by the statement timeout, or no free connection within the pool's wait. */
function isDatabaseTimeout(err: unknown): boolean {
  const e = err as { code?: unknown; message?: unknown };
  return e.code === QUERY_CANCELED || e.message === "timeout exceeded when trying to connect";
}

/** Maps every error to a JSON:API error document; internals are logged, never answered. */
export function registerErrorHandling(app: FastifyInstance) {
  app.setErrorHandler((err: FastifyError, req, reply) => {
    if (err instanceof ApiError) {
      return reply.code(err.status).send(errorDocument(err.status, err.title, err.detail, err.meta));
    }
    const fields = fieldErrors(err);
    if (fields.length > 0) {
      if (fields.length === 1) {
        const f = fields[0]!;
        return reply.code(400).send(
          errorDocument(400, STATUS_TITLES[400]!, f.detail, {
            field: f.field,
            code: f.code,
          }),
        );
      }
      return reply.code(400).send(
        errorDocument(
          400,
          SEVERAL_ERRORS_TITLE,
          fields.map((f) => (f.detail.startsWith(f.field) ? f.detail : `${f.field}: ${f.detail}`)).join("; "),
          {
            errors: fields,
          },
        ),
      );
    }
    const status = typeof err.statusCode === "number" ? err.statusCode : 500;
    if (status >= 400 && status < 500) {
      // Framework errors (malformed JSON, size limits, media types) carry messages safe to show.
      const detail =
        status === 429
          ? "Rate limit exceeded, retry later"
          : (err.message ?? STATUS_TITLES[status] ?? "Bad Request");
      if (status === 429 && reply.getHeader("retry-after") === undefined) reply.header("retry-after", "60");
      return reply.code(status).send(errorDocument(status, STATUS_TITLES[status] ?? "Bad Request", detail));
    }
    if (isDatabaseTimeout(err)) {
      req.log.warn({ err }, "database did not answer in time");
      return reply
        .code(503)
        .header("retry-after", "5")
        .send(
          errorDocument(503, STATUS_TITLES[503]!, "The database did not answer in time, try again later"),
        );
    }
    req.log.error({ err }, "unhandled error");
    return reply.code(500).send(errorDocument(500, STATUS_TITLES[500]!, "Oops... Something went wrong"));
  });

  app.setNotFoundHandler((req, reply) => {
    reply
      .code(404)
      .send(
        errorDocument(404, STATUS_TITLES[404]!, `Route ${req.method} ${req.url.split("?")[0]} not found`),
      );
  });
}
