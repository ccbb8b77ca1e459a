import { commentEditSchema } from "@polity/core/validation/comment";
import { issueMessage } from "@polity/core/validation/issues";

/** Core's comment rules ('Comment cannot be empty', the length limit): the first issue, or null. */
export function validateComment(content: string): { key: string; params: Record<string, unknown> } | null {
  const result = commentEditSchema.safeParse({ content });
  if (result.success) return null;
  const issue = result.error.issues[0];
  return issue ? (issueMessage(issue) as { key: string; params: Record<string, unknown> }) : null;
}

/** The message key of a failed comments call: the api's gating code when it sent one. */
export function commentErrorKey(err: unknown, fallback: (err: unknown) => string): string {
  const meta = (err as { meta?: Record<string, unknown> } | null)?.meta;
  const code = meta?.code;
  if (typeof code === "string" && code.startsWith("errors.")) return code;
  return fallback(err);
}
