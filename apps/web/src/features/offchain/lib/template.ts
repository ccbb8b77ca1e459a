import { formatDuration } from "@polity/core/duration";
import { OffchainVotingType } from "@polity/core/enums";
import type { MessageParams } from "@polity/core/i18n/en";
import { nothingChangedError } from "@polity/core/validation/formChanges";
import { firstMessageByField } from "@polity/core/validation/issues";
import { offchainTemplateSchema } from "@polity/core/validation/offchain";
import type { TemplateParameters } from "../api/votingApi.ts";

export type FieldErrors = Record<string, { key: string; params?: MessageParams }>;

/** Every template field as typed text (the form holds all voting types' fields at once). */
export interface TemplateValues {
  voting_type: OffchainVotingType;
  name: string;
  description: string;
  use_delegated: boolean;
  voting_duration: string;
  for_percent: string;
  against_percent: string;
  general_closing_percent: string;
  anticipatory_closing_percent: string;
  boundary_percent: string;
  minimal_vote_power: string;
  minimal_create_proposal_power: string;
  minimal_comment_read_power: string;
  minimal_comment_create_power: string;
}

export const DEFAULT_TEMPLATE: TemplateValues = {
  voting_type: OffchainVotingType.ForAgainst,
  name: "",
  description: "",
  use_delegated: true,
  voting_duration: "3d",
  for_percent: "50",
  against_percent: "50",
  general_closing_percent: "50",
  anticipatory_closing_percent: "75",
  boundary_percent: "30",
  minimal_vote_power: "0",
  minimal_create_proposal_power: "0",
  minimal_comment_read_power: "0",
  minimal_comment_create_power: "0",
};

/** Fields each voting type sends besides the common ones. */
export const TYPE_FIELDS = {
  [OffchainVotingType.ForAgainst]: ["for_percent", "against_percent"],
  [OffchainVotingType.OneOf]: ["general_closing_percent", "anticipatory_closing_percent", "against_percent"],
  [OffchainVotingType.MultipleOf]: ["boundary_percent", "against_percent"],
} as const satisfies Record<OffchainVotingType, readonly (keyof TemplateValues)[]>;

const COMMON_FIELDS = [
  "voting_type",
  "name",
  "description",
  "use_delegated",
  "voting_duration",
  "minimal_vote_power",
  "minimal_create_proposal_power",
  "minimal_comment_read_power",
  "minimal_comment_create_power",
] as const;

/** The stored parameters of a template as form values (durations back to '3d' text). */
export function templateToValues(p: TemplateParameters): TemplateValues {
  const duration =
    typeof p.voting_duration === "number" ? formatDuration(p.voting_duration) : p.voting_duration;
  return {
    ...DEFAULT_TEMPLATE,
    ...Object.fromEntries(Object.entries(p).filter(([, v]) => v !== undefined && v !== null)),
    description: p.description ?? "",
    voting_duration: duration,
  } as TemplateValues;
}

/** Only the fields of the chosen voting type, as the api expects them in custom_parameters. */
export function toCustomParameters(values: TemplateValues): Record<string, unknown> {
  const keys = [...COMMON_FIELDS, ...TYPE_FIELDS[values.voting_type]];
  return Object.fromEntries(
    keys.map((k) => [k, typeof values[k] === "string" ? (values[k] as string).trim() : values[k]]),
  );
}

/**
 * Validates a template with core's schema (title ≤ 30, duration '1Y 6Mon 2w 1d' under a year,
 * early closure ≥ final closure, discussion ≤ comment power); an edit that changes nothing is refused.
 */
export function validateTemplate(
  values: TemplateValues,
  initial?: TemplateValues,
): { ok: true; parameters: Record<string, unknown> } | { ok: false; errors: FieldErrors } {
  const parameters = toCustomParameters(values);
  if (initial && nothingChangedError(toCustomParameters(initial), parameters)) {
    return { ok: false, errors: { form: { key: "validation.nothingChanged" } } };
  }
  const result = offchainTemplateSchema.safeParse(parameters);
  if (result.success) return { ok: true, parameters };
  const errors: FieldErrors = {};
  for (const [path, m] of Object.entries(firstMessageByField(result.error)))
    errors[path] = { key: m.key, params: m.params };
  return { ok: false, errors };
}
