import type { Address } from "viem";
import { createStore, useStore } from "../state/createStore.ts";

/** The account whose agreement the terms dialog is asking for, and what its answer settles. */
export interface AgreementRequest {
  chainId: number;
  account: Address;
  registry: Address;
  resolve(): void;
  reject(err: unknown): void;
}

type RequestAction = { type: "opened"; request: AgreementRequest } | { type: "closed" };

/** The request the terms dialog shows (null while none). */
export const agreementRequests = createStore<AgreementRequest | null, RequestAction>(
  (_state, action) => (action.type === "opened" ? action.request : null),
  null,
);

export function useAgreementRequest(): AgreementRequest | null {
  return useStore(agreementRequests, (request) => request);
}
