import type { FieldErrors, FieldValues, Resolver } from "react-hook-form";
import { encodeMessage } from "../../../shared/ui/fieldMessage.ts";
import type { StepIssue } from "./stepValidators.ts";

/**
 * A react-hook-form resolver over a step validator: each field error carries its catalogue key
 * and parameters (`key|{"maxLength":30}`), and a valid form keeps its values exactly as typed.
 */
export function formResolver<T extends FieldValues>(validate: (values: T) => StepIssue[]): Resolver<T> {
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
