import { toUserError } from "@polity/core/errors/toUserError";
import { deployments } from "@polity/core/generated/deployments";
import { afterAll, beforeEach, describe, expect, it, vi } from "vitest";
import type { Config } from "wagmi";
import { preferencesStore } from "../state/preferences.ts";
import { type AgreementRequest, agreementRequests } from "./agreementRequest.ts";
import {
  acceptAgreement,
  agreementKey,
  dismissAgreement,
  ensureRegistryAgreement,
} from "./registryAgreement.ts";

const chain = vi.hoisted(() => ({
  agreed: false,
  reads: [] as string[],
  signed: [] as unknown[],
  sent: [] as { functionName: string; args: unknown[] }[],
  kept: null as string | null,
}));
vi.mock("wagmi/actions", () => ({
  readContract: async (_config: unknown, call: { functionName: string }) => {
    chain.reads.push(call.functionName);
    return call.functionName === "agreed" ? chain.agreed : `0x${"ab".repeat(32)}`;
  },
  signTypedData: async (_config: unknown, typed: unknown) => {
    chain.signed.push(typed);
    return "0x5167";
  },
}));

vi.mock("./useContractWriter.ts", () => ({
  writeContractOnDemand: async (_config: unknown, call: { functionName: string; args: unknown[] }) => {
    chain.sent.push(call);
    return `0x${"12".repeat(32)}`;
  },
}));
vi.mock("./walletActions.ts", () => ({
  waitForTransactionReceipt: async () => ({ status: "success" }),
}));
vi.mock("../auth/agreementApi.ts", () => ({ keptAgreement: async () => chain.kept }));

const config = {} as Config;
const ACCOUNT = "0x00000000000000000000000000000000000000Aa";
const REGISTRY = deployments[31337]?.UserRegistry;

describe("registry agreement before the first transaction", () => {
  beforeEach(() => {
    localStorage.clear();
    preferencesStore.dispatch({ type: "termsAgreed", agreed: false });
    Object.assign(chain, { agreed: false, reads: [], signed: [], sent: [], kept: null });
  });

  it("the local chain has a registry; a chain without one asks nothing", async () => {
    expect(REGISTRY).toMatch(/^0x[0-9a-fA-F]{40}$/);
    await ensureRegistryAgreement(config, 97, ACCOUNT);
    expect(chain.reads).toEqual([]);
  });

  it("an account the registry already holds is remembered without a dialog", async () => {
    chain.agreed = true;
    await ensureRegistryAgreement(config, 31337, ACCOUNT);
    expect(preferencesStore.getState().registryAgreements[agreementKey(31337, ACCOUNT)]).toBe(true);
    chain.reads = [];
    await ensureRegistryAgreement(config, 31337, ACCOUNT);
    expect(chain.reads).toEqual([]);
  });

  it("opens the dialog; accepting signs the registry's document hash, records it and lets the transaction go on", async () => {
    const waiting = ensureRegistryAgreement(config, 31337, "0x00000000000000000000000000000000000000bB");
    const request = await waitForRequest();
    expect(request).toMatchObject({ chainId: 31337, registry: REGISTRY });
    await acceptAgreement(config, request);
    await waiting;
    expect(chain.sent).toMatchObject([{ functionName: "agreeToPrivacyPolicy", args: ["0x5167"] }]);
    expect(chain.signed[0]).toMatchObject({
      primaryType: "Agreement",
      domain: { name: "UserRegistry", version: "1", chainId: 31337, verifyingContract: REGISTRY },
      message: { documentHash: `0x${"ab".repeat(32)}` },
    });
    expect(
      preferencesStore.getState().registryAgreements[
        agreementKey(31337, "0x00000000000000000000000000000000000000bB")
      ],
    ).toBe(true);
  });

  it("closing the dialog refuses the transaction as the user's choice", async () => {
    const waiting = ensureRegistryAgreement(config, 31337, "0x00000000000000000000000000000000000000cC");
    dismissAgreement(await waitForRequest());
    const err = await waiting.catch((e: unknown) => e);
    expect(toUserError(err).isUserRejection).toBe(true);
    expect(
      preferencesStore.getState().registryAgreements[
        agreementKey(31337, "0x00000000000000000000000000000000000000cC")
      ],
    ).toBeUndefined();
  });
});

describe("registry agreement of an account that accepted the terms at sign-in", () => {
  const opened: unknown[] = [];
  const stop = agreementRequests.subscribe(() => {
    const request = agreementRequests.getState();
    if (request) opened.push(request);
  });
  beforeEach(() => {
    localStorage.clear();
    opened.length = 0;
    preferencesStore.dispatch({ type: "termsAgreed", agreed: true });
    Object.assign(chain, { agreed: false, reads: [], signed: [], sent: [], kept: null });
  });
  afterAll(stop);

  it("sends the signature the api kept from the sign-in dialog as a step: no dialog, no new signature", async () => {
    chain.kept = `0x${"5e".repeat(65)}`;
    await ensureRegistryAgreement(config, 31337, "0x00000000000000000000000000000000000000dD");
    expect(opened).toEqual([]);
    expect(chain.signed).toEqual([]);
    expect(chain.sent).toMatchObject([{ functionName: "agreeToPrivacyPolicy", args: [chain.kept] }]);
    expect(
      preferencesStore.getState().registryAgreements[
        agreementKey(31337, "0x00000000000000000000000000000000000000dD")
      ],
    ).toBe(true);
  });

  it("on a chain the api keeps no signature for, asks the wallet to sign the registry's policy, still without the dialog", async () => {
    await ensureRegistryAgreement(config, 31337, "0x00000000000000000000000000000000000000eE");
    expect(opened).toEqual([]);
    expect(chain.signed).toMatchObject([{ primaryType: "Agreement", domain: { chainId: 31337 } }]);
    expect(chain.sent).toMatchObject([{ functionName: "agreeToPrivacyPolicy", args: ["0x5167"] }]);
  });
});

/** The request the dialog would show, once `ensureRegistryAgreement` opens it. */
function waitForRequest(): Promise<AgreementRequest> {
  return new Promise((resolve) => {
    const stop = agreementRequests.subscribe(() => {
      const request = agreementRequests.getState();
      if (request) {
        stop();
        resolve(request);
      }
    });
  });
}
