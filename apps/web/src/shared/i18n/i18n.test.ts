import { describe, expect, it } from "vitest";
import { i18n, NAMESPACES, namespaceOf } from "./i18n.ts";

describe("i18n", () => {
  it("knows every locales/en file as a namespace and loads it on demand", async () => {
    expect(namespaceOf("../../locales/en/daoList.json")).toBe("daoList");
    expect(NAMESPACES).toEqual(expect.arrayContaining(["common", "daoList", "daoProfile", "pages"]));
    expect(i18n.hasResourceBundle("en", "common")).toBe(true);
    await i18n.loadNamespaces(["daoList", "daoProfile", "pages"]);
    expect(i18n.t("daoList:tabs.all")).toBe("All DAOs");
    expect(i18n.t("pages:icons.title")).toBe("Icons");
  });

  it("falls back to core's catalogue for the spec's messages", () => {
    expect(i18n.t("errors.wrongNetwork")).toBe("You use the wrong network.");
    expect(i18n.t("errors.accountNotWhitelisted")).toBe("Account not whitelisted");
    expect(i18n.t("validation.maxLength", { maxLength: 30 })).toBe("Must be at most 30 characters");
    expect(i18n.t("wallet.connect")).toBe("Connect wallet");
  });

  it("counts through plurals: '1 proposal', '2 proposals'", async () => {
    await i18n.loadNamespaces("daoList");
    const summary = (votes: number, proposals: number, comments: number) =>
      i18n.t("daoList:activitySummary", {
        votes: i18n.t("daoList:activity.votes", { count: votes }),
        proposals: i18n.t("daoList:activity.proposals", { count: proposals }),
        comments: i18n.t("daoList:activity.comments", { count: comments }),
      });
    expect(summary(1, 1, 1)).toBe("1 vote · 1 proposal · 1 comment");
    expect(summary(2, 0, 3)).toBe("2 votes · 0 proposals · 3 comments");
  });
});
