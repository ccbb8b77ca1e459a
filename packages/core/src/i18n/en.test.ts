import { describe, expect, it } from "vitest";
import { en, interpolate, isMessageKey, toNestedResources, translate } from "./en.ts";

describe("English catalogue", () => {
  it("carries the spec's exact texts", () => {
    expect(en["validation.required"]).toBe("Please fill out this field");
    expect(en["validation.poolNameTaken"]).toBe("A pool with this name already exists.");
    expect(en["validation.nothingChanged"]).toBe(
      "Nothing has been changed. Please change something before submitting.",
    );
    expect(en["validation.treasuryFull"]).toContain("participants have nothing to vote");
    expect(en["errors.somethingWentWrong"]).toBe("Oops... Something went wrong");
    expect(en["errors.unpredictable"]).toBe("Unpredictable error");
    expect(en["errors.wrongNetwork"]).toBe("You use the wrong network.");
    expect(en["errors.walletLoginFailed"]).toBe(
      "An error occurred during the authorization process. Please try again or choose an alternative login method.",
    );
    expect(en["errors.signatureRejected"]).toBe("Account ownership confirmation rejected");
    expect(en["errors.noAbiMethods"]).toBe("No methods found from provided ABI");
    expect(en["errors.noChainId"]).toBe("No chain id found");
    expect(en["errors.transactionExists"]).toBe("Attempted to add existing transaction.");
    expect(en["errors.noPendingListUpdate"]).toBe("accept list update called without pending update");
    expect(en["errors.noLinks"]).toBe("There are no links in response");
    expect(en["errors.noConnectorChains"]).toBe("No chains found on connector.");
    expect(en["errors.connectorChainNotFound"]).toBe("chain not found on connector.");
    expect(en["errors.accountNotWhitelisted"]).toBe("Account not whitelisted");
    expect(en["errors.http.severalErrors"]).toBe("Request contains some errors.");
    expect(en["display.lessThanCent"]).toBe("<0.01");
    expect(en["display.lessThanFiatCent"]).toBe("<$0.01");
    expect(en["display.notAvailable"]).toBe("N/A");
    expect([
      en["notification.success"],
      en["notification.error"],
      en["notification.warning"],
      en["notification.info"],
    ]).toEqual(["Success", "Error", "Warning", "Info"]);
  });

  it("uses the spec's placeholders", () => {
    expect(en["validation.minLength"]).toContain("{{minLength}}");
    expect(en["validation.maxLength"]).toContain("{{maxLength}}");
    expect(en["validation.tokenLimit"]).toBe("DAO pool can hold at most {{tokenLimit}} tokens");
    expect(en["validation.durationTooLong"]).toContain("{{days}}");
  });

  it("has no empty texts", () => {
    for (const text of Object.values(en)) expect(text.trim()).not.toBe("");
  });

  it("interpolates parameters and keeps unknown placeholders", () => {
    expect(translate("validation.tokenLimit", { tokenLimit: 20 })).toBe(
      "DAO pool can hold at most 20 tokens",
    );
    expect(translate("validation.durationTooLong", { days: 365 })).toBe(
      "Duration must be less than 365 days",
    );
    expect(translate("validation.maxLength", { maxLength: 30n })).toBe("Must be at most 30 characters");
    expect(interpolate("{{a}} and {{ b }} and {{c}}", { a: 1, b: "x" })).toBe("1 and x and {{c}}");
    expect(interpolate("{{toString}}", {})).toBe("{{toString}}");
  });

  it("recognises keys", () => {
    expect(isMessageKey("validation.required")).toBe(true);
    expect(isMessageKey("validation.nope")).toBe(false);
    expect(isMessageKey("toString")).toBe(false);
    expect(isMessageKey(42)).toBe(false);
  });

  it("nests dotted keys for i18next's default separator", () => {
    const nested = toNestedResources(en);
    expect((nested.validation as Record<string, unknown>).required).toBe("Please fill out this field");
    const errors = nested.errors as Record<string, Record<string, unknown>>;
    expect(errors.http?.severalErrors).toBe("Request contains some errors.");
    expect(() => toNestedResources({ a: "x", "a.b": "y" })).toThrow(/conflicts/);
    expect(() => toNestedResources({ "a.b": "y", a: "x" })).toThrow(/conflicts/);
  });
});
