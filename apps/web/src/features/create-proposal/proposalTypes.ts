/** Proposal types of the selector, in the order shown; each is a sub-route of create-proposal. */
export const PROPOSAL_TYPE_ROUTES = [
  "token-transfer",
  "change-dao-settings",
  "change-voting-settings",
  "token-distribution",
  "token-sale",
  "validator-settings",
  "validators-allocation",
  "blacklist-management",
  "apply-to-dao",
  "math-model",
  "withdraw",
  "expert/local",
  "remove-expert/local",
  "expert/global",
  "enable-staking",
  "create-staking-tier",
  "reward-multiplier",
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

/** Settings slots from this id on are the DAO's own custom proposal types. */
export const FIRST_CUSTOM_SETTING = Object.keys(SETTINGS_SLOTS).length;

/** A kebab-case route segment as the camelCase key of its catalogue entry. */
export const camel = (s: string) => s.replace(/-([a-z])/g, (_, c: string) => c.toUpperCase());

/** Selector entries whose catalogue key is the spec's kind rather than their route's camelCase. */
const TYPE_KEYS: Record<string, string> = {
  "expert/local": "localExpert",
  "remove-expert/local": "localExpertRemoval",
  "expert/global": "globalExpert",
};

/** The catalogue key (`types.<key>`) of a selector entry. */
export const typeKey = (route: string) => TYPE_KEYS[route] ?? camel(route);
