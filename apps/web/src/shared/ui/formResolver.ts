import type { MessageParams } from "@polity/core/i18n/en";
import { issueMessage } from "@polity/core/validation/issues";
import type { FieldErrors, FieldValues, Resolver } from "react-hook-form";
import type { z } from "zod";
import { encodeMessage } from "./fieldMessage.ts";

/** One message of a form: the field it belongs to (its path), a catalogue key and its parameters. */
export type FormIssue = { path: string[]; key: string; params?: MessageParams };

/** Runs a core schema and reports its issues (catalogue keys with parameters) at the form's paths. */
export function issuesOf(
  schema: z.ZodType,
  input: unknown,
  mapPath: (path: string[]) => string[] = (p) => p,
): FormIssue[] {
  const result = schema.safeParse(input);
  if (result.success) return [];
  return result.error.issues.map((issue) => {
    const { key, params } = issueMessage(issue);
    return { path: mapPath(issue.path.map(String)), key, params };
  });
}

/**
 * A react-hook-form resolver over a validator of the form's values: each field error carries its catalogue key
 * and parameters (`key|{"maxLength":30}`), and a valid form keeps its values exactly as typed.
 */
export function formResolver<T extends FieldValues>(validate: (values: T) => FormIssue[]): Resolver<T> {
  return async (values) => {
    const issues = validate(values);
    if (issues.length === 0) return { values, errors: {} };
    const errors: Record<string, unknown> = {};
    for (const issue of issues) {
      let node = errors;
      for (const segment of issue.path.slice(0, -1)) {
        node[segment] ??= {};
        node = node[segment] as Record<string, unknown>;
      }
      const leaf = issue.path[issue.path.length - 1] ?? "root";
      // The first message of a field wins: the rules run in order of importance.
      const existing = node[leaf] as { message?: string } | undefined;
      if (existing?.message) continue;
      const params = Object.fromEntries(
        Object.entries(issue.params ?? {}).map(([k, v]) => [k, typeof v === "bigint" ? v.toString() : v]),
      );
      node[leaf] = {
        ...existing,
        type: "validate",
        message: encodeMessage(issue.key, Object.keys(params).length ? params : undefined),
      };
    }
    return { values: {}, errors: errors as FieldErrors<T> };
  };
}
