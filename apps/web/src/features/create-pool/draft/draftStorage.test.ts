import { beforeEach, describe, expect, it, vi } from "vitest";
import { createDefaultDraft } from "./createPoolDraft.ts";
import { DRAFT_STORAGE_KEY, defaultFormHash, loadDraft, saveDraft } from "./draftStorage.ts";

describe("draft storage", () => {
  beforeEach(() => localStorage.clear());

  it("restores a saved draft written against the same default form", () => {
    const draft = { ...createDefaultDraft(), daoName: "Lisbon Builders" };
    saveDraft(draft);
    expect(loadDraft().daoName).toBe("Lisbon Builders");
  });

  it("discards a draft whose default-form hash differs", () => {
    localStorage.setItem(
      DRAFT_STORAGE_KEY,
      JSON.stringify({ hash: "0badf00d", draft: { ...createDefaultDraft(), daoName: "Old shape" } }),
    );
    expect(loadDraft()).toEqual(createDefaultDraft());
    expect(localStorage.getItem(DRAFT_STORAGE_KEY)).toBeNull();
  });

  it("discards unreadable JSON", () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    localStorage.setItem(DRAFT_STORAGE_KEY, "{not json");
    expect(loadDraft()).toEqual(createDefaultDraft());
    expect(warn).toHaveBeenCalledOnce();
  });

  it("hashes the default form deterministically and changes with any default", () => {
    const defaults = createDefaultDraft();
    expect(defaultFormHash(defaults)).toBe(defaultFormHash(createDefaultDraft()));
    const changed = {
      ...defaults,
      votingModel: { ...defaults.votingModel, minVotesForCreatingComment: "2" },
    };
    expect(defaultFormHash(changed)).not.toBe(defaultFormHash(defaults));
  });
});
