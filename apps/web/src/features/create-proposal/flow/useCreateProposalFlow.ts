import { govPoolAbi, govValidatorsAbi } from "@polity/core/generated/contracts";
import { useCallback, useState } from "react";
import { useTranslation } from "react-i18next";
import {
  type Abi,
  type Address,
  type ContractFunctionArgs,
  type ContractFunctionName,
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

type Writable = "nonpayable" | "payable";

/** One contract write of a flow's step, its ABI checking the function and arguments. */
interface StepWrite<
  abi extends Abi,
  functionName extends ContractFunctionName<abi, Writable>,
  args extends ContractFunctionArgs<abi, Writable, functionName>,
> {
  address: Address;
  abi: abi;
  functionName: functionName;
  args: args;
}

/**
 * What the creation flows share: the connected account, and `send`, which signs one step's contract
 * write from it on `chainId` through the app's submit states and toasts (`summary` names it there).
 */
function useStepSender(chainId: number) {
  const { address } = useConnection();
  const { writeContractAsync } = useContractWriter();
  const { submit } = useSubmitTransaction();
  const send = useCallback(
    <
      const abi extends Abi,
      functionName extends ContractFunctionName<abi, Writable>,
      const args extends ContractFunctionArgs<abi, Writable, functionName>,
    >(
      from: Address,
      write: StepWrite<abi, functionName, args>,
      summary: string,
    ) =>
      submit({
        chainId,
        from,
        // `StepWrite` checks the call against its ABI where it is written; wagmi's parameter type
        // cannot be resolved for a generic ABI inside this body, hence its own name for it.
        send: () => writeContractAsync({ ...write, chainId } as Parameters<typeof writeContractAsync>[0]),
        info: { summary },
      }),
    [chainId, submit, writeContractAsync],
  );
  return { address, send };
}

export function useCreateProposalFlow(ctx: PoolContext | undefined, chainId: number) {
  const { t } = useTranslation("createProposal");
  const { address, send } = useStepSender(chainId);
  const [current, setCurrent] = useState<CreateStep | null>(null);
  const [done, setDone] = useState<CreateStep[]>([]);

  const run = useCallback(
    async (request: CreateRequest): Promise<bigint | null> => {
      if (!ctx || !address) throw new Error("Connect a wallet first");
      const steps = planCreateSteps(ctx, request.voteAmount);
      const toDeposit = depositShortfall(ctx, request.voteAmount);
      const pool = { address: ctx.pool, abi: govPoolAbi } as const;
      setDone([]);
      let proposalId: bigint | null = null;
      try {
        for (const step of steps) {
          setCurrent(step);
          if (step === "unlock") {
            await send(
              address,
              {
                address: ctx.token?.address as Address,
                abi: erc20Abi,
                functionName: "approve",
                args: [ctx.userKeeper, toDeposit],
              },
              t("steps.unlockSummary", { symbol: ctx.token?.symbol ?? "" }),
            );
          } else {
            const receipt =
              step === "depositAndCreateAndVote"
                ? await send(
                    address,
                    {
                      ...pool,
                      functionName: "multicall",
                      args: [encodeDepositAndCreateAndVote(request, toDeposit)],
                    },
                    t("steps.depositAndCreateSummary", {
                      symbol: ctx.token?.symbol ?? "",
                      summary: request.summary,
                    }),
                  )
                : request.voteAmount > 0n || request.nftIds.length > 0
                  ? await send(
                      address,
                      { ...pool, functionName: "createProposalAndVote", args: createAndVoteArgs(request) },
                      request.summary,
                    )
                  : await send(
                      address,
                      {
                        ...pool,
                        functionName: "createProposal",
                        args: [request.descriptionURL, request.actionsOnFor, request.actionsOnAgainst],
                      },
                      request.summary,
                    );
            proposalId = proposalIdFromReceipt(receipt);
          }
          setDone((list) => [...list, step]);
        }
      } finally {
        setCurrent(null);
      }
      return proposalId;
    },
    [ctx, address, send, t],
  );

  return { run, current, done };
}

export type ValidatorStep = "create" | "vote";

/** Validator proposals: Create (GovValidators.createInternalProposal), then Vote with the validator balance. */
export function useValidatorProposalFlow(ctx: PoolContext | undefined, chainId: number) {
  const { t } = useTranslation("createProposal");
  const { address, send } = useStepSender(chainId);
  const [current, setCurrent] = useState<ValidatorStep | null>(null);

  const run = useCallback(
    async (request: { type: number; descriptionURL: string; data: Hex; summary: string }) => {
      if (!ctx || !address) throw new Error("Connect a wallet first");
      const validators = { address: ctx.validators, abi: govValidatorsAbi } as const;
      try {
        setCurrent("create");
        const receipt = await send(
          address,
          {
            ...validators,
            functionName: "createInternalProposal",
            args: [request.type, request.descriptionURL, request.data],
          },
          request.summary,
        );
        const [event] = parseEventLogs({
          abi: govValidatorsAbi,
          eventName: "ValidatorProposalCreated",
          logs: receipt.logs,
        });
        const id = event?.args.proposalId ?? null;
        const balance = ctx.user?.validatorBalance ?? 0n;
        if (id !== null && balance > 0n) {
          setCurrent("vote");
          await send(
            address,
            { ...validators, functionName: "vote", args: [id, balance, true, true] },
            t("steps.validatorVoteSummary", { id: String(id) }),
          );
        }
        return id;
      } finally {
        setCurrent(null);
      }
    },
    [ctx, address, send, t],
  );
  return { run, current };
}
