import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useContractWriter } from "../../shared/tx/useContractWriter.ts";
import { useDaoTransaction } from "../../shared/tx/useDaoTransaction.ts";
import type { DaoAssets } from "./api/fetchAssets.ts";

/**
 * What the deposit and withdraw terminals start from: the DAO's transaction runner, the typed
 * amount and the chosen NFTs, and the governance token's decimals and symbol.
 */
export function useAssetsTerminal(assets: DaoAssets) {
  const { t } = useTranslation("assets");
  const { writeContractAsync } = useContractWriter();
  const transaction = useDaoTransaction(assets.dao);
  const [amountText, setAmountText] = useState("");
  const [nftIds, setNftIds] = useState<bigint[]>([]);
  return {
    ...transaction,
    t,
    writeContractAsync,
    amountText,
    setAmountText,
    nftIds,
    setNftIds,
    user: assets.user,
    decimals: assets.token?.decimals ?? 18,
    symbol: assets.token?.symbol ?? "",
  };
}
