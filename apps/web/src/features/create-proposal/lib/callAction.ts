import {
  type Abi,
  type Address,
  type ContractFunctionName,
  type EncodeFunctionDataParameters,
  encodeFunctionData,
} from "viem";
import type { ProposalAction } from "../../../shared/actions/decodeAction.ts";

/** A proposal action that calls `executor` (sending no coins) with `call`, typed from its ABI. */
export function callAction<const abi extends Abi, functionName extends ContractFunctionName<abi>>(
  executor: Address,
  call: EncodeFunctionDataParameters<abi, functionName>,
): ProposalAction {
  return { executor, value: 0n, data: encodeFunctionData(call as EncodeFunctionDataParameters) };
}
