import { describe, expect, it } from "vitest";
import { pageIdFromPath } from "./pageId.ts";

describe("pageIdFromPath", () => {
  it("strips the leading slash and a trailing details segment", () => {
    expect(pageIdFromPath("/dao/0xAbC/proposals/5/details")).toBe("dao/0xAbC/proposals/5");
    expect(pageIdFromPath("/dao/0xAbC/vote/5")).toBe("dao/0xAbC/vote/5");
  });
  it("ignores trailing slashes, queries and hashes", () => {
    expect(pageIdFromPath("/dao/0xA/proposals/5/details/")).toBe("dao/0xA/proposals/5");
    expect(pageIdFromPath("/dao/0xA/proposals/5/details?tab=comments#c1")).toBe("dao/0xA/proposals/5");
  });
  it("keeps a details segment that is not last", () => {
    expect(pageIdFromPath("/details/dao")).toBe("details/dao");
    expect(pageIdFromPath("/")).toBe("");
  });
});
