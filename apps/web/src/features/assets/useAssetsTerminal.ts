import { useTranslation } from "react-i18next";
import type { DaoAssets } from "../../shared/chain/daoAssets.ts";
import { useAmountTerminal } from "../../shared/tx/useAmountTerminal.ts";

/**
 * What the deposit and withdraw terminals start from: the shared amount terminal on the DAO and
 * the governance token's decimals and symbol.
 */
export function useAssetsTerminal(assets: DaoAssets) {
  const { t } = useTranslation("assets");
  return {
    ...useAmountTerminal(assets.dao),
    t,
    user: assets.user,
    decimals: assets.token?.decimals ?? 18,
    symbol: assets.token?.symbol ?? "",
  };
}
