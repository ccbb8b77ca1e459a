import { screen } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { renderWithProviders } from "../../../test/renderWithProviders.tsx";
import { DEFAULT_SETTINGS, poolContextFixture } from "../test/poolContextFixture.ts";
import { CreationPowerNotice, creationShortfall } from "./CreationPowerNotice.tsx";

// The proposal is governed by settings slot 1.
vi.mock("../useExecutorSettings.ts", () => ({ useExecutorSettings: () => ({ data: 1n }) }));

describe("creationShortfall", () => {
  // 40 tokens deposited (6 decimals); slot 1 needs 100 tokens to create.
  const ctx = poolContextFixture({
    proposalSettings: [
      { ...DEFAULT_SETTINGS, minVotesForCreating: 0n },
      { ...DEFAULT_SETTINGS, minVotesForCreating: 100_000_000n },
    ],
  });

  it("compares the power after the deposit with the governing settings' minimum", () => {
    expect(creationShortfall(ctx, 0, 0n, 0n)).toBeNull();
    expect(creationShortfall(ctx, 1, 0n, 0n)).toEqual({ required: 100_000_000n, power: 40_000_000n });
    expect(creationShortfall(ctx, 1, 100_000_000n, 0n)).toBeNull();
    expect(creationShortfall(ctx, 1, 60_000_000n, 40_000_000n)).toBeNull();
  });

  it("always needs some power", () => {
    const empty = poolContextFixture({
      proposalSettings: [{ ...DEFAULT_SETTINGS, minVotesForCreating: 0n }],
    });
    const nobody = { ...empty, user: { ...empty.user!, deposited: 0n } };
    expect(creationShortfall(nobody, 0, 0n, 0n)).toEqual({ required: 0n, power: 0n });
  });

  it("says the minimum and the member's power with the token's symbol", () => {
    const rich = poolContextFixture({
      proposalSettings: [
        { ...DEFAULT_SETTINGS, minVotesForCreating: 0n },
        { ...DEFAULT_SETTINGS, minVotesForCreating: 25_000_000_000n },
      ],
    });
    renderWithProviders(
      <CreationPowerNotice
        ctx={rich}
        chainId={31337}
        mainExecutor={rich.pool}
        voteAmount={0n}
        nftPower={0n}
      />,
    );
    expect(screen.getByTestId("low-creating-power")).toHaveTextContent(
      "Creating this proposal needs at least 25,000 ACME of voting power; after the deposit you will have 40 ACME.",
    );
  });
});
