import { UserRejectedRequestError } from "viem";
import { describe, expect, it } from "vitest";
import { ProviderNotFoundError } from "wagmi";
import { i18n } from "../i18n/i18n.ts";
import { isUserRejection, walletErrorKey } from "./walletErrorKey.ts";

describe("walletErrorKey", () => {
  it("maps wallet failures to the catalogue's messages", async () => {
    const rejected = new UserRejectedRequestError(new Error("denied"));
    expect(await isUserRejection(rejected)).toBe(true);
    expect(i18n.t(await walletErrorKey(rejected))).toBe("User rejected the request.");
    expect(i18n.t(await walletErrorKey(Object.assign(new Error("x"), { code: 4902 })))).toBe(
      "chain not found on connector.",
    );
    expect(i18n.t(await walletErrorKey(new Error("No chains found on connector.")))).toBe(
      "No chains found on connector.",
    );
    expect(i18n.t(await walletErrorKey(new ProviderNotFoundError()))).toMatch(/wallet was not found/);
    expect(i18n.t(await walletErrorKey(new Error("boom")))).toBe("Unpredictable error");
  });
});
