import { screen } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { renderWithProviders } from "../test/renderWithProviders.tsx";
import { AppRoutes, preloadPage } from "./router.tsx";

vi.mock("../features/legal/PrivacyPolicyPage.tsx", () => ({ default: () => <h1>Privacy policy</h1> }));

describe("preloadPage", () => {
  it("loads the page the URL opens, so the first render shows it instead of a loading state", async () => {
    await preloadPage("/privacy-policy");
    renderWithProviders(<AppRoutes />, { path: "/privacy-policy" });
    expect(screen.getByRole("heading", { name: "Privacy policy" })).toBeInTheDocument();
  });
});
