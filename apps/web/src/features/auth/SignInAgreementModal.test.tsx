import { fireEvent, screen, waitFor } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { renderWithProviders, TEST_ACCOUNT } from "../../test/renderWithProviders.tsx";
import { SignInAgreementModal } from "./SignInAgreementModal.tsx";

const signed = vi.hoisted(() => [] as unknown[][]);
vi.mock("../../shared/tx/registryAgreement.ts", () => ({
  signAgreement: async (...args: unknown[]) => {
    signed.push(args.slice(1));
    return "0x5167";
  },
}));

describe("SignInAgreementModal", () => {
  it("accepting the terms at sign-in is the account's signature of the policy for the chain it signs in on", async () => {
    const onAgreed = vi.fn();
    renderWithProviders(
      <SignInAgreementModal
        isOpen
        signIn={{ address: TEST_ACCOUNT, chainId: 31337 }}
        onDismiss={vi.fn()}
        onAgreed={onAgreed}
      />,
    );
    expect(
      await screen.findByText(/Your first transaction on a network records that agreement/),
    ).toBeInTheDocument();
    fireEvent.click(screen.getByTestId("terms-checkbox"));
    fireEvent.click(screen.getByRole("button", { name: "Accept" }));
    await waitFor(() => expect(onAgreed).toHaveBeenCalledWith({ chainId: 31337, signature: "0x5167" }));
    expect(signed).toEqual([[31337, TEST_ACCOUNT]]);
  });
});
