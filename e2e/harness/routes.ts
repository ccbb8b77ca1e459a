import type { Page } from "playwright-core";

/** Every route of the app for one DAO and one of its proposals, as a person reaches them. */
export function appRoutes(dao: string, proposalId: number, someone: string): string[] {
  const d = `/dao/${dao}`;
  const create = `${d}/create-proposal`;
  const validator = `${d}/create-validator-proposal`;
  return [
    "/",
    "/voting-power",
    "/my-activity",
    "/create-pool",
    "/privacy-policy",
    "/service-terms",
    "/icons",
    "/not-whitelisted",
    "/no-such-page",
    d,
    `${d}/proposals`,
    `${d}/my-balance`,
    `${d}/treasury`,
    `${d}/token-sales`,
    `${d}/validators`,
    `${d}/delegations`,
    `${d}/members/all`,
    `${d}/voting-rules`,
    `${d}/proposals/${proposalId}`,
    `${d}/proposals/${proposalId}/comments`,
    `${d}/proposals/${proposalId}/history`,
    `${d}/vote/${proposalId}`,
    `${d}/validators-vote/${proposalId}`,
    `${d}/deposit`,
    `${d}/withdraw`,
    `${d}/deposit-treasury`,
    `${d}/claim`,
    `${d}/delegate/${someone}/1`,
    `${d}/undelegate/${someone}`,
    create,
    `${create}/token-transfer`,
    `${create}/apply-to-dao`,
    `${create}/token-distribution`,
    `${create}/change-dao-settings`,
    `${create}/validator-settings`,
    `${create}/blacklist-management`,
    `${create}/math-model`,
    `${create}/withdraw`,
    `${create}/custom`,
    `${create}/change-voting-settings`,
    `${create}/change-voting-settings/default`,
    `${create}/any-other`,
    `${create}/any-other/abi`,
    `${create}/any-other/manual`,
    `${d}/create-custom-proposal`,
    validator,
    `${validator}/validator-settings`,
    `${validator}/voting-settings`,
    `${validator}/monthly-withdraw`,
    `${validator}/empty-tx`,
    `${d}/create-offchain`,
    `${d}/create-offchain/new-template`,
  ];
}

/** Opens `path` in the running app (client-side, keeping the wallet session) and waits for it to settle. */
export async function visit(page: Page, path: string): Promise<void> {
  await page.evaluate((to) => {
    window.history.pushState({}, "", to);
    window.dispatchEvent(new PopStateEvent("popstate"));
  }, path);
  await page.waitForLoadState("networkidle", { timeout: 10_000 }).catch(() => undefined);
  // Spinners give way to content, and fonts settle.
  await page
    .locator('[aria-busy="true"], [role="progressbar"]')
    .first()
    .waitFor({ state: "detached", timeout: 8_000 })
    .catch(() => undefined);
  await page.waitForTimeout(300);
}

/** How far the page is wider than its viewport, and the elements that stick out the most. */
export async function horizontalOverflow(page: Page): Promise<{ overflow: number; culprits: string[] }> {
  // A string expression: the TypeScript loader's helpers do not exist in the page.
  return page.evaluate(`(() => {
    const width = document.documentElement.clientWidth;
    const overflow = document.documentElement.scrollWidth - width;
    const culprits = [];
    if (overflow > 0) {
      for (const el of document.body.querySelectorAll("*")) {
        const rect = el.getBoundingClientRect();
        if (rect.right <= width + 0.5 || rect.width === 0) continue;
        // Only the outermost element inside a scrolling box counts: its content may overflow it.
        let parent = el.parentElement;
        let clipped = false;
        while (parent && parent !== document.body) {
          const style = getComputedStyle(parent);
          if (style.overflowX !== "visible") { clipped = true; break; }
          parent = parent.parentElement;
        }
        if (clipped) continue;
        const cls = typeof el.className === "string" ? el.className.split(" ")[0] : "";
        culprits.push(el.tagName.toLowerCase() + (cls ? "." + cls : "") + " right=" + Math.round(rect.right) + " " + (el.textContent || "").trim().slice(0, 40));
      }
    }
    return { overflow, culprits: culprits.slice(-6) };
  })()`);
}
