import type { ReactElement } from "react";
import { Route, Routes, useLocation } from "react-router";
import { renderWithProviders } from "../../../test/renderWithProviders.tsx";
import { type CreatePoolDraft, createDefaultDraft } from "../draft/createPoolDraft.ts";
import { DraftProvider } from "../draft/DraftProvider.tsx";

function CurrentPath() {
  return <p data-testid="current-path">{useLocation().pathname}</p>;
}

/** Renders one wizard step at its path with a draft; other paths render the current location. */
export function renderStep(
  path: string,
  step: ReactElement,
  draft: Partial<CreatePoolDraft> = {},
  options: Parameters<typeof renderWithProviders>[1] = {},
) {
  const initialDraft = { ...createDefaultDraft(), ...draft };
  return renderWithProviders(
    <DraftProvider initialDraft={initialDraft}>
      <Routes>
        <Route path={path} element={step} />
        <Route path="*" element={<CurrentPath />} />
      </Routes>
    </DraftProvider>,
    { path, ...options },
  );
}
