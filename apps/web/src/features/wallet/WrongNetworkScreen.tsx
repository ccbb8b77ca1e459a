import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useSwitchChain } from "wagmi";
import { useStore } from "../../shared/state/createStore.ts";
import { Button } from "../../shared/ui/Button.tsx";
import { chainById } from "../../shared/wallet/chains.ts";
import { selectedChainStore } from "../../shared/wallet/selectedChain.ts";
import { walletErrorKey } from "../../shared/wallet/walletErrorKey.ts";

/** Shown instead of the page while the wallet is on a chain the product does not support. */
export function WrongNetworkScreen() {
  const { t } = useTranslation();
  const switchChain = useSwitchChain();
  const targetId = useStore(selectedChainStore, (s) => s.chainId);
  const target = chainById(targetId);
  const [errorKey, setErrorKey] = useState<string>();

  async function onSwitch() {
    setErrorKey(undefined);
    try {
      await switchChain.mutateAsync({ chainId: targetId });
    } catch (err) {
      console.error("Network switch failed", err);
      setErrorKey(await walletErrorKey(err));
    }
  }

  return (
    <section
      role="alert"
      style={{ maxWidth: 480, margin: "64px auto", padding: "0 16px", textAlign: "center" }}
      data-testid="wrong-network"
    >
      <h1>{t("errors.wrongNetwork")}</h1>
      <p className="muted">{t("wallet.wrongNetworkHint", { chain: target?.name ?? "" })}</p>
      <Button onClick={() => void onSwitch()} isLoading={switchChain.isPending}>
        {t("wallet.switchTo", { chain: target?.name ?? "" })}
      </Button>
      {errorKey ? <p style={{ color: "var(--danger)" }}>{t(errorKey)}</p> : null}
    </section>
  );
}
