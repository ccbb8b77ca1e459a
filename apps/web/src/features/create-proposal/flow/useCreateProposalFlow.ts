import { govPoolAbi, govValidatorsAbi } from "@polity/core/generated/contracts";
import { useCallback, useState } from "react";
import { useTranslation } from "react-i18next";
import {
  type Address,
  encodeFunctionData,
  erc20Abi,
  type Hex,
  parseEventLogs,
  type TransactionReceipt,
} from "viem";
import { useConnection } from "wagmi";
import type { ProposalAction } from "../../../shared/actions/decodeAction.ts";
import { useContractWriter } from "../../../shared/tx/useContractWriter.ts";
import { useSubmitTransaction } from "../../../shared/tx/useSubmitTransaction.ts";
import type { PoolContext } from "../api/poolContext.ts";

/**
 * The signing steps of proposal creation. `depositAndCreateAndVote` is one transaction: the pool's
 * `multicall` runs Deposit and Create and Vote together, so the UI shows both under one signature.
 */
export type CreateStep = "unlock" | "depositAndCreateAndVote" | "createAndVote";

/** Tokens that still have to be deposited so that `voteAmount` can be voted. */
export function depositShortfall(ctx: Pick<PoolContext, "user">, voteAmount: bigint): bigint {
  const deposited = ctx.user?.deposited ?? 0n;
  return voteAmount > deposited ? voteAmount - deposited : 0n;
}

/**
 * The spec's create-proposal steps for a vote of `voteAmount` tokens: Unlock (ERC-20 approval to
 * the user keeper) only when the deposit still needed exceeds the allowance; then, when the
 * deposited balance is short, Deposit and Create and Vote batched in one `multicall`, otherwise a
 * plain Create and Vote.
 */
export function planCreateSteps(ctx: Pick<PoolContext, "user">, voteAmount: bigint): CreateStep[] {
  const toDeposit = depositShortfall(ctx, voteAmount);
  if (toDeposit === 0n) return ["createAndVote"];
  const steps: CreateStep[] = [];
  if ((ctx.user?.allowance ?? 0n) < toDeposit) steps.push("unlock");
  steps.push("depositAndCreateAndVote");
  return steps;
}

export function proposalIdFromReceipt(receipt: Pick<TransactionReceipt, "logs">): bigint | null {
  const [event] = parseEventLogs({ abi: govPoolAbi, eventName: "ProposalCreated", logs: receipt.logs });
  return event ? event.args.proposalId : null;
}

export interface CreateRequest {
  descriptionURL: string;
  actionsOnFor: ProposalAction[];
  actionsOnAgainst: ProposalAction[];
  voteAmount: bigint;
  /** Deposited NFTs voted with at creation. */
  nftIds: readonly bigint[];
  summary: string;
}

/** The arguments of `GovPool.createProposalAndVote` for `request`. */
function createAndVoteArgs(request: CreateRequest) {
  return [
    request.descriptionURL,
    request.actionsOnFor,
    request.actionsOnAgainst,
    request.voteAmount,
    request.nftIds,
  ] as const;
}

/**
 * The calls of the batched step, in order: deposit the missing `toDeposit` tokens (no NFTs: the
 * voted NFTs are already deposited), then create the proposal and vote with the whole amount. Run
 * through GovPool's `multicall`, both execute as the signer in one transaction.
 */
export function encodeDepositAndCreateAndVote(request: CreateRequest, toDeposit: bigint): Hex[] {
  return [
    encodeFunctionData({ abi: govPoolAbi, functionName: "deposit", args: [toDeposit, []] }),
    encodeFunctionData({
      abi: govPoolAbi,
      functionName: "createProposalAndVote",
      args: createAndVoteArgs(request),
    }),
  ];
}

export function useCreateProposalFlow(ctx: PoolContext | undefined, chainId: number) {
  const { t } = useTranslation("createProposal");
  const { address } = useConnection();
  const { writeContractAsync } = useContractWriter();
  const { submit } = useSubmitTransaction();
  const [current, setCurrent] = useState<CreateStep | null>(null);
  const [done, setDone] = useState<CreateStep[]>([]);

  const run = useCallback(
    async (request: CreateRequest): Promise<bigint | null> => {
      if (!ctx || !address) throw new Error("Connect a wallet first");
      const steps = planCreateSteps(ctx, request.voteAmount);
      const toDeposit = depositShortfall(ctx, request.voteAmount);
      setDone([]);
      let proposalId: bigint | null = null;
      try {
        for (const step of steps) {
          setCurrent(step);
          const from = address;
          if (step === "unlock") {
            await submit({
              chainId,
              from,
              send: () =>
                writeContractAsync({
                  chainId,
                  address: ctx.token?.address as Address,
                  abi: erc20Abi,
                  functionName: "approve",
                  args: [ctx.userKeeper, toDeposit],
                }),
              info: { summary: t("steps.unlockSummary", { symbol: ctx.token?.symbol ?? "" }) },
            });
          } else if (step === "depositAndCreateAndVote") {
            const receipt = await submit({
              chainId,
              from,
              send: () =>
                writeContractAsync({
                  chainId,
                  address: ctx.pool,
                  abi: govPoolAbi,
                  functionName: "multicall",
                  args: [encodeDepositAndCreateAndVote(request, toDeposit)],
                }),
              info: {
                summary: t("steps.depositAndCreateSummary", {
                  symbol: ctx.token?.symbol ?? "",
                  summary: request.summary,
                }),
              },
            });
            proposalId = proposalIdFromReceipt(receipt);
          } else {
            const receipt = await submit({
              chainId,
              from,
              send: () =>
                request.voteAmount > 0n || request.nftIds.length > 0
                  ? writeContractAsync({
                      chainId,
                      address: ctx.pool,
                      abi: govPoolAbi,
                      functionName: "createProposalAndVote",
                      args: createAndVoteArgs(request),
                    })
                  : writeContractAsync({
                      chainId,
                      address: ctx.pool,
                      abi: govPoolAbi,
                      functionName: "createProposal",
                      args: [request.descriptionURL, request.actionsOnFor, request.actionsOnAgainst],
                    }),
              info: { summary: request.summary },
            });
            proposalId = proposalIdFromReceipt(receipt);
          }
          setDone((list) => [...list, step]);
        }
      } finally {
        setCurrent(null);
      }
      return proposalId;
    },
    [ctx, address, chainId, submit, t, writeContractAsync],
  );

  return { run, current, done };
}

export type ValidatorStep = "create" | "vote";

/** Validator proposals: Create (GovValidators.createInternalProposal), then Vote with the validator balance. */
export function useValidatorProposalFlow(ctx: PoolContext | undefined, chainId: number) {
  const { t } = useTranslation("createProposal");
  const { address } = useConnection();
  const { writeContractAsync } = useContractWriter();
  const { submit } = useSubmitTransaction();
  const [current, setCurrent] = useState<ValidatorStep | null>(null);

  const run = useCallback(
    async (request: { type: number; descriptionURL: string; data: Hex; summary: string }) => {
      if (!ctx || !address) throw new Error("Connect a wallet first");
      try {
        setCurrent("create");
        const receipt = await submit({
          chainId,
          from: address,
          send: () =>
            writeContractAsync({
              chainId,
              address: ctx.validators,
              abi: govValidatorsAbi,
              functionName: "createInternalProposal",
              args: [request.type, request.descriptionURL, request.data],
            }),
          info: { summary: request.summary },
        });
        const [event] = parseEventLogs({
          abi: govValidatorsAbi,
          eventName: "ValidatorProposalCreated",
          logs: receipt.logs,
        });
        const id = event?.args.proposalId ?? null;
        const balance = ctx.user?.validatorBalance ?? 0n;
        if (id !== null && balance > 0n) {
          setCurrent("vote");
          await submit({
            chainId,
            from: address,
            send: () =>
              writeContractAsync({
                chainId,
                address: ctx.validators,
                abi: govValidatorsAbi,
                functionName: "vote",
                args: [id, balance, true, true],
              }),
            info: { summary: t("steps.validatorVoteSummary", { id: String(id) }) },
          });
        }
        return id;
      } finally {
        setCurrent(null);
      }
    },
    [ctx, address, chainId, submit, t, writeContractAsync],
  );
  return { run, current };
}
