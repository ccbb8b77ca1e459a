import { useMemo } from "react";
import { useConfig, type useSendTransaction, type useWriteContract } from "wagmi";
import type { sendTransaction, writeContract } from "wagmi/actions";

const walletActions = () => import("./walletActions.ts");

// The signatures are wagmi's own; the arguments are forwarded unchanged. TypeScript cannot relate
// the two instantiations of wagmi's chain-distributed parameter unions, hence `as never` inside.

/** wagmi's `writeContract`, its code loaded with the first transaction rather than with the page. */
export const writeContractOnDemand: typeof writeContract = async (config, parameters) =>
  (await walletActions()).writeContract(config, parameters as never);

/** wagmi's `sendTransaction`, its code loaded with the first transaction rather than with the page. */
export const sendTransactionOnDemand: typeof sendTransaction = async (config, parameters) =>
  (await walletActions()).sendTransaction(config, parameters as never);

type WriteContractAsync = ReturnType<typeof useWriteContract>["writeContractAsync"];
type SendTransactionAsync = ReturnType<typeof useSendTransaction>["sendTransactionAsync"];

/**
 * `writeContractAsync` and `sendTransactionAsync` as wagmi's hooks give them, for pages that send
 * transactions but should not download the transaction code (fee and gas estimation,
 * serialisation, blob hashing) before the user submits. Mutation callbacks are not supported.
 */
export function useContractWriter(): {
  writeContractAsync: WriteContractAsync;
  sendTransactionAsync: SendTransactionAsync;
} {
  const config = useConfig();
  return useMemo(
    () => ({
      writeContractAsync: ((parameters: Parameters<WriteContractAsync>[0]) =>
        writeContractOnDemand(config, parameters)) as WriteContractAsync,
      sendTransactionAsync: ((parameters: Parameters<SendTransactionAsync>[0]) =>
        sendTransactionOnDemand(config, parameters)) as SendTransactionAsync,
    }),
    [config],
  );
}
