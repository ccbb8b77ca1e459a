/** Transaction submit state (spec section 4): IDLE → SIGN → WAIT_CONFIRM → SUCCESS; failures return to IDLE with the error. */

export const SubmitState = {
  Idle: "IDLE",
  Sign: "SIGN",
  WaitConfirm: "WAIT_CONFIRM",
  Success: "SUCCESS",
} as const;
export type SubmitState = (typeof SubmitState)[keyof typeof SubmitState];

export type SubmitStatus = {
  state: SubmitState;
  hash: string | null;
  /** Catalogue key (or code) of the last failure. */
  error: string | null;
};

export type SubmitAction =
  | { type: "started" }
  | { type: "signed"; hash: string }
  | { type: "confirmed" }
  | { type: "failed"; error: string }
  | { type: "reset" };

export const initialSubmitStatus: SubmitStatus = Object.freeze({ state: "IDLE", hash: null, error: null });

/** Transitions that do not apply to the current state leave it unchanged. */
export function submitReducer(status: SubmitStatus, action: SubmitAction): SubmitStatus {
  switch (action.type) {
    case "started":
      return status.state === "IDLE" || status.state === "SUCCESS"
        ? { state: "SIGN", hash: null, error: null }
        : status;
    case "signed":
      return status.state === "SIGN" ? { state: "WAIT_CONFIRM", hash: action.hash, error: null } : status;
    case "confirmed":
      return status.state === "WAIT_CONFIRM" ? { ...status, state: "SUCCESS" } : status;
    case "failed":
      return isSubmitting(status) ? { state: "IDLE", hash: status.hash, error: action.error } : status;
    case "reset":
      return initialSubmitStatus;
  }
}

export function isSubmitting(status: SubmitStatus): boolean {
  return status.state === "SIGN" || status.state === "WAIT_CONFIRM";
}
