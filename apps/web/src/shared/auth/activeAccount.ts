import type { Address } from "viem";

/** The connected account and chain, mirrored out of React so the http client can read them. */
let current: { address: Address | undefined; chainId: number | undefined } = {
  address: undefined,
  chainId: undefined,
};

export function setActiveAccount(address: Address | undefined, chainId: number | undefined) {
  current = { address, chainId };
}

export function getActiveAccount() {
  return current;
}
