import { beforeEach, describe, expect, it, vi } from "vitest";
import { invalidSteps } from "../schemas/validateDraft.ts";
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

  it("drops restored values of the wrong type instead of handing them to the forms, and keeps the rest", () => {
    const defaults = createDefaultDraft();
    localStorage.setItem(
      DRAFT_STORAGE_KEY,
      JSON.stringify({
        hash: defaultFormHash(),
        draft: {
          ...defaults,
          daoName: 42,
          websiteUrl: "https://kept.example",
          description: "not a rich text document",
          votingModel: { ...defaults.votingModel, minVotesForCreatingComment: { nested: true } },
        },
      }),
    );
    const draft = loadDraft();
    expect(draft.daoName).toBe(defaults.daoName);
    expect(draft.websiteUrl).toBe("https://kept.example");
    expect(draft.description).toEqual(defaults.description);
    expect(draft.votingModel.minVotesForCreatingComment).toBe(
      defaults.votingModel.minVotesForCreatingComment,
    );
  });

  it("restores a draft whose values no longer validate, and the summary refuses to deploy it", () => {
    saveDraft({ ...createDefaultDraft(), daoName: "x".repeat(200) });
    const draft = loadDraft();
    expect(draft.daoName).toHaveLength(200);
    expect(invalidSteps(draft)).toContain("basic");
  });
});
