import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import type { Address } from "viem";
import { type Connector, useConfig, useConnect, useConnectors } from "wagmi";
import { Modal } from "../../shared/ui/Modal.tsx";
import {
  closeConnectModal,
  openConnectModal,
  useIsConnectModalOpen,
} from "../../shared/wallet/connectModal.ts";
import { DEV_ACCOUNT_CONNECTOR_ID } from "../../shared/wallet/connectorIds.ts";
import { useSelectedChainId } from "../../shared/wallet/selectedChain.ts";
import { walletErrorKey } from "../../shared/wallet/walletErrorKey.ts";
import styles from "./ConnectWalletModal.module.css";
import { WalletConnectQr } from "./WalletConnectQr.tsx";

/** Injected wallets announced through EIP-6963 replace the generic "Injected" entry. */
export function visibleConnectors(connectors: readonly Connector[]): Connector[] {
  const hasAnnounced = connectors.some(
    (c) => c.type === "injected" && c.id !== "injected" && c.id !== DEV_ACCOUNT_CONNECTOR_ID,
  );
  const hasWindowEthereum = typeof window !== "undefined" && "ethereum" in window && Boolean(window.ethereum);
  return connectors.filter((c) => {
    if (c.id === "injected") return !hasAnnounced && hasWindowEthereum;
    if (c.id === "walletConnect") return false; // shown as the QR code
    return true;
  });
}

interface ConnectWalletModalProps {
  onConnected(address: Address, chainId: number): void;
}

export function ConnectWalletModal({ onConnected }: ConnectWalletModalProps) {
  const { t } = useTranslation();
  const isOpen = useIsConnectModalOpen();
  const config = useConfig();
  const connectors = useConnectors();
  const connect = useConnect();
  const chainId = useSelectedChainId();
  const [errorKey, setErrorKey] = useState<string>();
  const [pendingId, setPendingId] = useState<string>();
  const walletConnect = connectors.find((c) => c.id === "walletConnect");
  const options = visibleConnectors(connectors);

  useEffect(() => {
    if (isOpen) setErrorKey(undefined);
  }, [isOpen]);

  async function connectWith(connector: Connector) {
    setErrorKey(undefined);
    if (config.chains.length === 0) {
      setErrorKey("errors.noConnectorChains");
      return;
    }
    setPendingId(connector.uid);
    try {
      const result = await connect.mutateAsync({ connector, chainId });
      const address = result.accounts[0] as Address | undefined;
      closeConnectModal();
      if (address) onConnected(address, result.chainId);
    } catch (err) {
      console.error("Wallet connection failed", { connector: connector.id, err });
      setErrorKey(await walletErrorKey(err));
    } finally {
      setPendingId(undefined);
    }
  }

  return (
    <Modal
      isOpen={isOpen}
      onOpenChange={(open) => (open ? openConnectModal() : closeConnectModal())}
      title={t("wallet.connectTitle")}
      description={t("wallet.connectDescription")}
    >
      {walletConnect ? (
        <WalletConnectQr connector={walletConnect} chainId={chainId} onConnected={onConnected} />
      ) : null}
      <ul className={styles.list} aria-label={t("wallet.walletList")}>
        {options.map((connector) => (
          <li key={connector.uid}>
            <button
              type="button"
              className={styles.option}
              disabled={pendingId !== undefined}
              onClick={() => void connectWith(connector)}
              aria-busy={pendingId === connector.uid}
            >
              {connector.icon ? (
                <img className={styles.icon} src={connector.icon} alt="" />
              ) : (
                <span className={styles.icon} aria-hidden>
                  {connector.name.slice(0, 1)}
                </span>
              )}
              <span>{connector.name}</span>
              {connector.id === DEV_ACCOUNT_CONNECTOR_ID ? (
                <span className={styles.badge}>{t("wallet.devAccountBadge")}</span>
              ) : null}
              {pendingId === connector.uid ? (
                <span className="muted">{t("wallet.confirmInWallet")}</span>
              ) : null}
            </button>
          </li>
        ))}
      </ul>
      {options.length === 0 && !walletConnect ? (
        <p className={`muted ${styles.empty}`}>{t("wallet.noWallets")}</p>
      ) : null}
      {errorKey ? (
        <p className={styles.error} role="alert">
          {t(errorKey)}
        </p>
      ) : null}
    </Modal>
  );
}
