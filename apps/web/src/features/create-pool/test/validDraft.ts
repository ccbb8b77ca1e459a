import { getAddress } from "viem";
import { type CreatePoolDraft, createDefaultDraft } from "../draft/createPoolDraft.ts";

export const ALICE = getAddress("0x70997970c51812dc3a010c7d01b50e20d35dc4c8");
export const BOB = getAddress("0x3c44cdddb6a900fa2b585dd299e03d12fa4293bc");

/** A complete draft: a DAO creating its own token, every step valid. */
export function validDraft(overrides: Partial<CreatePoolDraft> = {}): CreatePoolDraft {
  const defaults = createDefaultDraft();
  return {
    ...defaults,
    daoName: "Lisbon Builders",
    websiteUrl: "https://lisbon.example.org",
    tokenCreation: {
      name: "Lisbon Token",
      symbol: "LSB",
      cap: "1000000",
      totalSupply: "1000",
      treasury: "40",
      initialDistribution: "600",
      recipients: [
        { address: ALICE, amount: "400" },
        { address: BOB, amount: "200" },
      ],
    },
    ...overrides,
  };
}
