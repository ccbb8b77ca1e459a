/** Proposal types of the selector, in the order shown; each is a sub-route of create-proposal. */
export const PROPOSAL_TYPE_ROUTES = [
  "token-transfer",
  "change-dao-settings",
  "change-voting-settings",
  "token-distribution",
  "validator-settings",
  "blacklist-management",
  "apply-to-dao",
  "math-model",
  "withdraw",
  "custom",
  "any-other",
] as const;

/** The five built-in settings slots, by their sub-route under change-voting-settings. */
export const SETTINGS_SLOTS = {
  default: 0,
  internal: 1,
  validators: 2,
  "token-distribution": 3,
  "token-sale": 4,
} as const;

/** A kebab-case route segment as the camelCase key of its catalogue entry. */
export const camel = (s: string) => s.replace(/-([a-z])/g, (_, c: string) => c.toUpperCase());
