import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import type { Address } from "viem";
import { type Connector, useConnect } from "wagmi";
import { closeConnectModal } from "../../shared/wallet/connectModal.ts";
import styles from "./ConnectWalletModal.module.css";

interface WalletConnectQrProps {
  connector: Connector;
  chainId: number;
  onConnected(address: Address, chainId: number): void;
}

/** Starts a WalletConnect pairing as soon as the modal opens and shows its URI as a QR code. */
export function WalletConnectQr({ connector, chainId, onConnected }: WalletConnectQrProps) {
  const { t } = useTranslation();
  const connect = useConnect();
  const [qrDataUrl, setQrDataUrl] = useState<string>();
  const [hasFailed, setHasFailed] = useState(false);
  // Pairing starts once per connector (each modal opening); later renders must not restart it.
  const latest = useRef({ connect, chainId, onConnected });
  latest.current = { connect, chainId, onConnected };

  useEffect(() => {
    const { connect, chainId, onConnected } = latest.current;
    let isActive = true;
    const onMessage = async ({ type, data }: { type: string; data?: unknown }) => {
      if (type !== "display_uri" || typeof data !== "string") return;
      const { toDataURL } = await import("qrcode");
      const url = await toDataURL(data, { margin: 1, width: 440 });
      if (isActive) setQrDataUrl(url);
    };
    connector.emitter.on("message", onMessage);
    connect
      .mutateAsync({ connector, chainId })
      .then((result) => {
        const address = result.accounts[0] as Address | undefined;
        closeConnectModal();
        if (address) onConnected(address, result.chainId);
      })
      .catch((err: unknown) => {
        console.error("WalletConnect pairing failed", err);
        if (isActive) setHasFailed(true);
      });
    return () => {
      isActive = false;
      connector.emitter.off("message", onMessage);
    };
  }, [connector]);

  return (
    <div className={styles.qr} aria-live="polite">
      <strong>{t("wallet.scanWithWallet")}</strong>
      {qrDataUrl ? (
        <img src={qrDataUrl} alt={t("wallet.walletConnectQr")} />
      ) : (
        <span>{hasFailed ? t("wallet.walletConnectUnavailable") : t("state.loading")}</span>
      )}
    </div>
  );
}
