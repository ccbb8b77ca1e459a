/** Settings slots in executor order (spec §3 executors): default, internal, validators, distribution, token sale. */
export const SETTINGS_SLOTS = ["default", "internal", "validators", "distribution", "tokenSale"] as const;
export type SettingsSlot = (typeof SETTINGS_SLOTS)[number];

/** The JSON document an executorDescription links to: what the settings slot governs. */
export function buildSettingsDescription(slot: SettingsSlot, daoName: string) {
  const titles: Record<SettingsSlot, string> = {
    default: "Default settings",
    internal: "Internal settings",
    validators: "Validators settings",
    distribution: "Token distribution settings",
    tokenSale: "Token sale settings",
  };
  const descriptions: Record<SettingsSlot, string> = {
    default: "Governs proposals whose executor has no settings of its own.",
    internal: "Governs proposals that change the DAO's own settings and contracts.",
    validators: "Governs proposals that change the validators.",
    distribution: "Governs token distribution proposals.",
    tokenSale: "Governs token sale proposals.",
  };
  return { settingsName: titles[slot], description: descriptions[slot], daoName: daoName.trim(), slot };
}
