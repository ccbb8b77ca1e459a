import type { CreatePoolDraft } from "./draft/createPoolDraft.ts";

export const CREATE_POOL_BASE = "/create-pool";

export type WizardStepId = "start" | "basic" | "governance" | "token" | "voting" | "validators" | "summary";

export type WizardStep = { id: WizardStepId; path: string; number: string };

/** Steps in order (spec §2); own-token creation (2.5) only when the DAO creates its token. */
export const WIZARD_STEPS: readonly WizardStep[] = [
  { id: "start", path: CREATE_POOL_BASE, number: "0" },
  { id: "basic", path: `${CREATE_POOL_BASE}/basic`, number: "1" },
  { id: "governance", path: `${CREATE_POOL_BASE}/governance`, number: "2" },
  { id: "token", path: `${CREATE_POOL_BASE}/token`, number: "2.5" },
  { id: "voting", path: `${CREATE_POOL_BASE}/voting`, number: "3" },
  { id: "validators", path: `${CREATE_POOL_BASE}/validators`, number: "4" },
  { id: "summary", path: `${CREATE_POOL_BASE}/summary`, number: "5" },
];

export function createsToken(draft: CreatePoolDraft): boolean {
  return draft.isErc20 && draft.tokenSource === "create";
}

export function visibleSteps(draft: CreatePoolDraft): WizardStep[] {
  return WIZARD_STEPS.filter((step) => step.id !== "token" || createsToken(draft));
}

export function stepPath(id: WizardStepId): string {
  return WIZARD_STEPS.find((step) => step.id === id)?.path ?? CREATE_POOL_BASE;
}

export function nextStepPath(id: WizardStepId, draft: CreatePoolDraft): string {
  const steps = visibleSteps(draft);
  const index = steps.findIndex((step) => step.id === id);
  return steps[index + 1]?.path ?? stepPath("summary");
}

export function previousStepPath(id: WizardStepId, draft: CreatePoolDraft): string {
  const steps = visibleSteps(draft);
  const index = steps.findIndex((step) => step.id === id);
  return steps[Math.max(0, index - 1)]?.path ?? CREATE_POOL_BASE;
}

export function successPath(txHash: string): string {
  return `${CREATE_POOL_BASE}/success/${txHash}`;
}
