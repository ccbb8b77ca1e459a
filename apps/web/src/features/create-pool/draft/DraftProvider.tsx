import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useState } from "react";
import { type CreatePoolDraft, createDefaultDraft } from "./createPoolDraft.ts";
import { clearDraft, loadDraft, saveDraft } from "./draftStorage.ts";

type DraftContextValue = {
  draft: CreatePoolDraft;
  updateDraft: (patch: Partial<CreatePoolDraft> | ((draft: CreatePoolDraft) => CreatePoolDraft)) => void;
  resetDraft: () => void;
};

const DraftContext = createContext<DraftContextValue | null>(null);

export function DraftProvider({
  children,
  initialDraft,
}: {
  children: ReactNode;
  initialDraft?: CreatePoolDraft;
}) {
  const [draft, setDraft] = useState<CreatePoolDraft>(() => initialDraft ?? loadDraft());

  useEffect(() => {
    saveDraft(draft);
  }, [draft]);

  const updateDraft = useCallback<DraftContextValue["updateDraft"]>((patch) => {
    setDraft((current) => (typeof patch === "function" ? patch(current) : { ...current, ...patch }));
  }, []);

  const resetDraft = useCallback(() => {
    clearDraft();
    setDraft(createDefaultDraft());
  }, []);

  const value = useMemo(() => ({ draft, updateDraft, resetDraft }), [draft, updateDraft, resetDraft]);
  return <DraftContext.Provider value={value}>{children}</DraftContext.Provider>;
}

export function useDraft(): DraftContextValue {
  const value = useContext(DraftContext);
  if (!value) throw new Error("useDraft must be used inside <DraftProvider>");
  return value;
}
