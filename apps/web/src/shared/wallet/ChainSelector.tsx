import { useTranslation } from "react-i18next";
import { useConnection, useSwitchChain } from "wagmi";
import { showToast } from "../state/toasts.ts";
import { supportedChains } from "./chains.ts";
import { rememberChain, useSelectedChainId } from "./selectedChain.ts";
import { walletErrorKey } from "./walletErrorKey.ts";

/** Picks the chain the app reads; with a wallet connected it also asks the wallet to switch. */
export function ChainSelector({ id = "chain-selector" }: { id?: string }) {
  const { t } = useTranslation();
  const selected = useSelectedChainId();
  const { isConnected } = useConnection();
  const switchChain = useSwitchChain();

  async function onChange(chainId: number) {
    if (!isConnected) {
      rememberChain(chainId);
      return;
    }
    try {
      await switchChain.mutateAsync({ chainId });
      rememberChain(chainId);
    } catch (err) {
      console.error("Network switch failed", err);
      showToast({ kind: "error", message: t(await walletErrorKey(err)) });
    }
  }

  return (
    <label htmlFor={id} className="chain-selector">
      <span className="visually-hidden">{t("wallet.network")}</span>
      <select
        id={id}
        value={selected}
        disabled={switchChain.isPending}
        onChange={(event) => void onChange(Number(event.target.value))}
        data-testid="chain-selector"
      >
        {supportedChains.map((chain) => (
          <option key={chain.id} value={chain.id}>
            {chain.name}
          </option>
        ))}
      </select>
    </label>
  );
}
