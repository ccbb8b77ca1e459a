/** Turns zod issues into catalogue keys with parameters and English texts (JSON:API errors: `toJsonApiErrors`
 * in `errors/jsonApi.ts`). */
import type { z } from "zod";
import { isMessageKey, type MessageKey, type MessageParams, translate } from "../i18n/en.ts";

export type FieldMessage = { path: string; key: MessageKey; params: MessageParams; message: string };

type Issue = z.core.$ZodIssue;

function paramsOf(issue: Issue, key: MessageKey): MessageParams {
  const raw: Record<string, string | number | bigint> = {};
  if ("params" in issue && issue.params) {
    for (const [k, v] of Object.entries(issue.params)) {
      if (typeof v === "string" || typeof v === "number" || typeof v === "bigint") raw[k] = v;
    }
  }
  const bound = (v: unknown) => (typeof v === "number" || typeof v === "bigint" ? v : undefined);
  if (issue.code === "too_small" && key === "validation.minLength") raw.minLength = bound(issue.minimum) ?? 0;
  if (issue.code === "too_big" && key === "validation.maxLength") raw.maxLength = bound(issue.maximum) ?? 0;
  if (issue.code === "too_big" && key === "validation.tokenLimit") raw.tokenLimit = bound(issue.maximum) ?? 0;
  return raw;
}

/** The key and parameters of one issue; unknown messages read as 'Please enter a valid value'. */
export function issueMessage(issue: Issue): { key: MessageKey; params: MessageParams } {
  const key: MessageKey = isMessageKey(issue.message) ? issue.message : "validation.invalid";
  return { key, params: paramsOf(issue, key) };
}

/** "recipients.0.amount" style path. */
export function issuePath(issue: Pick<Issue, "path">): string {
  return issue.path.map(String).join(".");
}

export function fieldMessages(error: z.ZodError): FieldMessage[] {
  return error.issues.map((issue) => {
    const { key, params } = issueMessage(issue);
    return { path: issuePath(issue), key, params, message: translate(key, params) };
  });
}

/** The first message of each field, keyed by path (for form libraries). */
export function firstMessageByField(error: z.ZodError): Record<string, FieldMessage> {
  const result: Record<string, FieldMessage> = {};
  for (const message of fieldMessages(error)) result[message.path] ??= message;
  return result;
}
