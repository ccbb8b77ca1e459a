import { describe, expect, it } from "vitest";
import { DEFAULT_SETTINGS } from "../test/poolContextFixture.ts";
import { settingsToForm, validateSettings } from "./settingsForm.ts";

describe("settings form", () => {
  it("round-trips on-chain settings through the form", () => {
    const form = settingsToForm(DEFAULT_SETTINGS);
    expect(form).toMatchObject({
      duration: "1d",
      quorum: "50",
      minVotesForVoting: "1",
      executionDelay: "0s",
    });
    const result = validateSettings(form);
    expect(result).toEqual({ ok: true, settings: DEFAULT_SETTINGS });
  });

  it("refuses an unchanged form with 'Nothing has been changed…'", () => {
    const form = settingsToForm(DEFAULT_SETTINGS);
    expect(validateSettings({ ...form }, form)).toEqual({
      ok: false,
      errors: { form: { key: "validation.nothingChanged" } },
    });
    expect(validateSettings({ ...form, quorum: "60" }, form).ok).toBe(true);
  });

  it("reports each invalid field with core's messages", () => {
    const form = settingsToForm(DEFAULT_SETTINGS);
    const result = validateSettings({
      ...form,
      quorum: "101",
      duration: "soon",
      rewardToken: "0x12",
      minVotesForCreating: "01",
    });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.errors.quorum?.key).toBe("validation.percentAbove100");
    expect(result.errors.duration?.key).toBe("validation.invalidDuration");
    expect(result.errors.rewardToken?.key).toBe("validation.invalidAddress");
    expect(result.errors.minVotesForCreating?.key).toBe("validation.invalidNumber");
  });

  it("needs a validators duration and quorum when validators vote", () => {
    const form = settingsToForm(DEFAULT_SETTINGS);
    const result = validateSettings({ ...form, validatorsVote: true });
    expect(result.ok === false && result.errors.durationValidators?.key).toBe("validation.invalidDuration");
    expect(result.ok === false && result.errors.quorumValidators?.key).toBe("validation.percentTooSmall");
  });
});
