import { fireEvent, screen } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import type { ProposalAction } from "../../../shared/actions/decodeAction.ts";
import { renderWithProviders } from "../../../test/renderWithProviders.tsx";
import { poolContextFixture } from "../test/poolContextFixture.ts";
import { CreateProposalShell } from "./CreateProposalShell.tsx";

const OTHER = "0x000000000000000000000000000000000000bEEF" as const;

describe("CreateProposalShell", () => {
  it("keeps any action calling the DAO's user keeper out of the review, whichever form built it", async () => {
    const ctx = poolContextFixture();
    const actions: ProposalAction[] = [
      { executor: OTHER, value: 0n, data: "0x" },
      { executor: ctx.userKeeper, value: 0n, data: "0x12345678" },
    ];
    const build = vi.fn(() => ({ actions, proposedChanges: {}, currentChanges: {} }));
    renderWithProviders(
      <CreateProposalShell ctx={ctx} chainId={31337} title="Custom" category="custom" build={build}>
        <p>form</p>
      </CreateProposalShell>,
    );
    fireEvent.change(screen.getByLabelText("Proposal name"), { target: { value: "Drain the deposits" } });
    fireEvent.click(screen.getByRole("button", { name: "Review" }));
    expect(
      await screen.findByText(
        "Action 2 calls the DAO's user keeper, which holds the members' deposits: the DAO would refuse it at execution. Remove it to continue.",
      ),
    ).toBeInTheDocument();
    expect(build).toHaveBeenCalledTimes(1);
    expect(screen.queryByText("What will run")).toBeNull();

    actions.pop();
    fireEvent.click(screen.getByRole("button", { name: "Review" }));
    expect(await screen.findByText("What will run")).toBeInTheDocument();
  });
});
