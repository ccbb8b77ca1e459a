import { describe, expect, it } from "vitest";
import { en } from "./i18n/en.ts";
import { OffchainProposalStatus, ProposalState } from "./proposalStates.ts";
import { offchainTimeline, onchainTimeline } from "./timeline.ts";

const base = { createdAt: 1000, votingEndsAt: 2000 };
const statuses = (steps: { id: string; status: string }[]) =>
  Object.fromEntries(steps.map((s) => [s.id, s.status]));

describe("on-chain timeline", () => {
  it("lists the eight steps with validators, five without", () => {
    const withValidators = onchainTimeline({
      ...base,
      state: ProposalState.Voting,
      hasValidatorsStage: true,
    });
    expect(withValidators.map((s) => en[s.labelKey])).toEqual([
      "Published on-chain",
      "General voting start",
      "General voting end",
      "Waiting to transfer to validators",
      "Validators voting start",
      "Validators voting end",
      "Waiting to execute",
      "Executed",
    ]);
    const without = onchainTimeline({ ...base, state: ProposalState.Voting, hasValidatorsStage: false });
    expect(without.map((s) => s.id)).toEqual([
      "published",
      "generalVotingStart",
      "generalVotingEnd",
      "waitingToExecute",
      "executed",
    ]);
    expect(without[0]?.timestamp).toBe(1000);
    expect(without[2]?.timestamp).toBe(2000);
  });

  it("marks members voting as current", () => {
    const s = statuses(onchainTimeline({ ...base, state: ProposalState.Voting, hasValidatorsStage: true }));
    expect(s).toEqual({
      published: "completed",
      generalVotingStart: "completed",
      generalVotingEnd: "current",
      waitingToTransfer: "pending",
      validatorsVotingStart: "pending",
      validatorsVotingEnd: "pending",
      waitingToExecute: "pending",
      executed: "pending",
    });
  });

  it("marks the transfer to validators as waiting-second-step", () => {
    const s = statuses(
      onchainTimeline({ ...base, state: ProposalState.WaitingForVotingTransfer, hasValidatorsStage: true }),
    );
    expect(s.generalVotingEnd).toBe("completed");
    expect(s.waitingToTransfer).toBe("waiting-second-step");
    expect(s.validatorsVotingStart).toBe("pending");
  });

  it("marks validators voting as current", () => {
    const steps = onchainTimeline({
      ...base,
      state: ProposalState.ValidatorVoting,
      hasValidatorsStage: true,
      validatorsVotingStartsAt: 2100,
      validatorsVotingEndsAt: 3000,
    });
    const s = statuses(steps);
    expect(s.waitingToTransfer).toBe("completed");
    expect(s.validatorsVotingStart).toBe("completed");
    expect(s.validatorsVotingEnd).toBe("current");
    expect(steps.find((x) => x.id === "validatorsVotingEnd")?.timestamp).toBe(3000);
  });

  it("declines general voting when members defeat it", () => {
    const s = statuses(onchainTimeline({ ...base, state: ProposalState.Defeated, hasValidatorsStage: true }));
    expect(s.generalVotingEnd).toBe("declined");
    expect(s.validatorsVotingEnd).toBe("pending");
    expect(s.executed).toBe("pending");
  });

  it("declines validators voting when validators defeat it", () => {
    const s = statuses(
      onchainTimeline({
        ...base,
        state: ProposalState.Defeated,
        hasValidatorsStage: true,
        validatorsVotingStartsAt: 2100,
      }),
    );
    expect(s.generalVotingEnd).toBe("completed");
    expect(s.validatorsVotingStart).toBe("completed");
    expect(s.validatorsVotingEnd).toBe("declined");
  });

  it("marks succeeded proposals waiting-to-execute and locked ones current", () => {
    for (const state of [ProposalState.SucceededFor, ProposalState.SucceededAgainst]) {
      const s = statuses(onchainTimeline({ ...base, state, hasValidatorsStage: false }));
      expect(s.generalVotingEnd).toBe("completed");
      expect(s.waitingToExecute).toBe("waiting-to-execute");
      expect(s.executed).toBe("pending");
    }
    const locked = statuses(
      onchainTimeline({ ...base, state: ProposalState.Locked, hasValidatorsStage: true }),
    );
    expect(locked.validatorsVotingEnd).toBe("completed");
    expect(locked.waitingToExecute).toBe("current");
  });

  it("declines the execution step of an expired proposal (not executed within the execution window)", () => {
    const s = statuses(onchainTimeline({ ...base, state: ProposalState.Expired, hasValidatorsStage: false }));
    expect(s.generalVotingEnd).toBe("completed");
    expect(s.waitingToExecute).toBe("declined");
    expect(s.executed).toBe("pending");
  });

  it("completes every step once executed", () => {
    for (const state of [ProposalState.ExecutedFor, ProposalState.ExecutedAgainst]) {
      const steps = onchainTimeline({ ...base, state, hasValidatorsStage: true, executedAt: 5000 });
      expect(steps.every((x) => x.status === "completed")).toBe(true);
      expect(steps.at(-1)?.timestamp).toBe(5000);
    }
  });

  it("leaves everything pending for an unknown proposal", () => {
    const steps = onchainTimeline({ ...base, state: ProposalState.Undefined, hasValidatorsStage: false });
    expect(steps.every((x) => x.status === "pending")).toBe(true);
  });
});

describe("off-chain timeline", () => {
  const input = { createdAt: 100, votingStartsAt: 200, votingEndsAt: 300 };
  it("has published, member voting start and end", () => {
    const steps = offchainTimeline({ ...input, status: OffchainProposalStatus.Active, now: 250 });
    expect(steps.map((s) => en[s.labelKey])).toEqual([
      "Published on-chain",
      "Member voting start",
      "Member voting end",
    ]);
    expect(steps.map((s) => s.status)).toEqual(["completed", "completed", "current"]);
  });
  it("is pending before voting starts", () => {
    const steps = offchainTimeline({ ...input, status: OffchainProposalStatus.Active, now: 150 });
    expect(steps.map((s) => s.status)).toEqual(["completed", "pending", "pending"]);
  });
  it("completes approved and executed, declines rejected and failed", () => {
    const end = (status: OffchainProposalStatus) =>
      offchainTimeline({ ...input, status, now: 400 })[2]?.status;
    expect(end(OffchainProposalStatus.Approved)).toBe("completed");
    expect(end(OffchainProposalStatus.Executed)).toBe("completed");
    expect(end(OffchainProposalStatus.Rejected)).toBe("declined");
    expect(end(OffchainProposalStatus.ExecutionFailed)).toBe("declined");
  });
});
