import { useState } from "react";
import type { Address } from "viem";
import { useContractWriter } from "./useContractWriter.ts";
import { useDaoTransaction } from "./useDaoTransaction.ts";

/**
 * What an amount terminal on one DAO starts from (deposit, withdraw, delegate, undelegate,
 * treasury deposit): the DAO's transaction runner, the wallet writer, the typed amount and the
 * chosen NFTs, and `clear()` for after a successful transaction.
 */
export function useAmountTerminal(dao: Address) {
  const writer = useContractWriter();
  const transaction = useDaoTransaction(dao);
  const [amountText, setAmountText] = useState("");
  const [nftIds, setNftIds] = useState<bigint[]>([]);
  function clear() {
    setAmountText("");
    setNftIds([]);
  }
  return { ...writer, ...transaction, amountText, setAmountText, nftIds, setNftIds, clear };
}
