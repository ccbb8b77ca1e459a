import { useMemo } from "react";
import type { Abi, ContractFunctionArgs, ContractFunctionName } from "viem";
import { type Config, useConfig } from "wagmi";
import type {
  SendTransactionParameters,
  SendTransactionReturnType,
  WriteContractParameters,
  WriteContractReturnType,
} from "wagmi/actions";

const walletActions = () => import("./walletActions.ts");

type Writable = "nonpayable" | "payable";

// The signatures are wagmi's own, type parameters included: naming them on the forwarded call lets
// TypeScript check the parameters against wagmi's chain-distributed union instead of re-inferring it.

/** wagmi's `writeContract`, its code loaded with the first transaction rather than with the page. */
export async function writeContractOnDemand<
  config extends Config,
  const abi extends Abi | readonly unknown[],
  functionName extends ContractFunctionName<abi, Writable>,
  args extends ContractFunctionArgs<abi, Writable, functionName>,
  chainId extends config["chains"][number]["id"],
>(
  config: config,
  parameters: WriteContractParameters<abi, functionName, args, config, chainId>,
): Promise<WriteContractReturnType> {
  return (await walletActions()).writeContract<config, abi, functionName, args, chainId>(config, parameters);
}

/** wagmi's `sendTransaction`, its code loaded with the first transaction rather than with the page. */
export async function sendTransactionOnDemand<
  config extends Config,
  chainId extends config["chains"][number]["id"],
>(
  config: config,
  parameters: SendTransactionParameters<config, chainId>,
): Promise<SendTransactionReturnType> {
  return (await walletActions()).sendTransaction<config, chainId>(config, parameters);
}

/**
 * `writeContractAsync` and `sendTransactionAsync` as wagmi's hooks give them, for pages that send
 * transactions but should not download the transaction code (fee and gas estimation,
 * serialisation, blob hashing) before the user submits. Mutation callbacks are not supported.
 */
export function useContractWriter() {
  const config = useConfig();
  return useMemo(() => {
    type AppConfig = typeof config;
    return {
      writeContractAsync<
        const abi extends Abi | readonly unknown[],
        functionName extends ContractFunctionName<abi, Writable>,
        args extends ContractFunctionArgs<abi, Writable, functionName>,
        chainId extends AppConfig["chains"][number]["id"],
      >(parameters: WriteContractParameters<abi, functionName, args, AppConfig, chainId>) {
        return writeContractOnDemand<AppConfig, abi, functionName, args, chainId>(config, parameters);
      },
      sendTransactionAsync<chainId extends AppConfig["chains"][number]["id"]>(
        parameters: SendTransactionParameters<AppConfig, chainId>,
      ) {
        return sendTransactionOnDemand<AppConfig, chainId>(config, parameters);
      },
    };
  }, [config]);
}
