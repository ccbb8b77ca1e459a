import { lazy, Suspense, useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { Link, NavLink, Outlet } from "react-router";
import type { Address } from "viem";
import { useConnection } from "wagmi";
import { AccountWatcher } from "../features/wallet/AccountWatcher.tsx";
import { WalletButton } from "../features/wallet/WalletButton.tsx";
import { WrongNetworkScreen } from "../features/wallet/WrongNetworkScreen.tsx";
import { useLogin } from "../shared/auth/useLogin.ts";
import { env } from "../shared/config/env.ts";
import { preferencesStore, updatePreferences, usePreferences } from "../shared/state/preferences.ts";
import { useAgreementRequest } from "../shared/tx/agreementRequest.ts";
import { usePendingTransactions } from "../shared/tx/transactionsStore.ts";
import { LoadingState } from "../shared/ui/StateViews.tsx";
import { Toaster } from "../shared/ui/Toaster.tsx";
import { ChainSelector } from "../shared/wallet/ChainSelector.tsx";
import { isSupportedChainId } from "../shared/wallet/chains.ts";
import { useIsConnectModalOpen } from "../shared/wallet/connectModal.ts";
import { addWalletConnect } from "../shared/wallet/wagmiConfig.ts";
import styles from "./AppLayout.module.css";

// Dialogs load on first use: they are not part of any page's first download.
const ConnectWalletModal = lazy(() =>
  import("../features/wallet/ConnectWalletModal.tsx").then((m) => ({ default: m.ConnectWalletModal })),
);
const PendingTransactionsWatcher = lazy(() => import("../shared/tx/PendingTransactionsWatcher.tsx"));
// The unread badge loads with a connected wallet (it shows for a signed-in account only).
const NotificationsBell = lazy(() => import("../features/notifications/NotificationsBell.tsx"));
const SignInAgreementModal = lazy(() =>
  import("../features/auth/SignInAgreementModal.tsx").then((m) => ({ default: m.SignInAgreementModal })),
);
const RegistryAgreementModal = lazy(() =>
  import("../features/auth/RegistryAgreementModal.tsx").then((m) => ({ default: m.RegistryAgreementModal })),
);

/** True from the first time `isOpen` was true, so a closing dialog can still animate out. */
function useHasOpened(isOpen: boolean): boolean {
  const hasOpened = useRef(false);
  if (isOpen) hasOpened.current = true;
  return hasOpened.current;
}

export function AppLayout() {
  const { t } = useTranslation();
  const { isConnected, chainId } = useConnection();
  const login = useLogin();
  const isWrongNetwork = isConnected && !isSupportedChainId(chainId);
  const isConnectOpen = useHasOpened(useIsConnectModalOpen());
  useEffect(() => {
    // WalletConnect (its QR code is in the dialog) loads with the dialog, not with the page.
    if (isConnectOpen && env.walletConnectProjectId)
      addWalletConnect(env.walletConnectProjectId).catch((err: unknown) =>
        console.error("WalletConnect failed to load", err),
      );
  }, [isConnectOpen]);
  const { showAgreement } = usePreferences();
  const isAgreementOpen = useHasOpened(showAgreement);
  const agreementRequest = useAgreementRequest();
  // The watcher (and its block polling) loads only while this chain has transactions in flight.
  const hasPendingTransactions = usePendingTransactions(chainId).length > 0;
  const pendingSignIn = useRef<{ address: Address; chainId: number }>(undefined);

  /**
   * Signs in right after connecting; the terms are agreed to once, before the first signature, and that
   * agreement is the one each chain's UserRegistry records at the account's first transaction there.
   */
  function signIn(address: Address, connectedChainId: number) {
    if (preferencesStore.getState().termsAgreed) {
      login.mutate({ address, chainId: connectedChainId });
      return;
    }
    pendingSignIn.current = { address, chainId: connectedChainId };
    updatePreferences({ type: "agreementShown", show: true });
  }

  return (
    <div className={styles.shell}>
      <AccountWatcher />
      <header className={styles.header}>
        <div className={styles.headerInner}>
          <Link to="/" className={styles.logo} aria-label={t("nav.home")}>
            <img src="/favicon.svg" width={28} height={28} alt="" />
            <span className={styles.logoText}>Polity</span>
          </Link>
          <nav className={styles.nav} aria-label={t("nav.main")}>
            <NavLink
              to="/"
              end
              className={({ isActive }) => `${styles.navLink} ${isActive ? styles.active : ""}`}
            >
              {t("nav.daos")}
            </NavLink>
          </nav>
          <div className={styles.actions}>
            <Suspense fallback={null}>{isConnected ? <NotificationsBell /> : null}</Suspense>
            <ChainSelector />
            <WalletButton />
          </div>
        </div>
      </header>
      <main className={styles.main}>
        {isWrongNetwork ? (
          <WrongNetworkScreen />
        ) : (
          <Suspense fallback={<LoadingState />}>
            <Outlet />
          </Suspense>
        )}
      </main>
      <footer className={styles.footer}>
        <div className={styles.footerInner}>
          <span>© Polity · v0.1.0</span>
          <Link to="/privacy-policy">{t("nav.privacyPolicy")}</Link>
          <Link to="/service-terms">{t("nav.serviceTerms")}</Link>
          <Link to="/icons">{t("nav.icons")}</Link>
        </div>
      </footer>
      <Suspense fallback={null}>
        {isConnectOpen ? <ConnectWalletModal onConnected={signIn} /> : null}
        {isAgreementOpen ? (
          <SignInAgreementModal
            isOpen={showAgreement}
            signIn={pendingSignIn.current}
            onDismiss={() => updatePreferences({ type: "agreementShown", show: false })}
            onAgreed={(agreement) => {
              updatePreferences({ type: "termsAgreed", agreed: true });
              const pending = pendingSignIn.current;
              pendingSignIn.current = undefined;
              if (pending) login.mutate({ ...pending, agreement });
            }}
          />
        ) : null}
        {agreementRequest ? <RegistryAgreementModal request={agreementRequest} /> : null}
      </Suspense>
      <Suspense fallback={null}>{hasPendingTransactions ? <PendingTransactionsWatcher /> : null}</Suspense>
      <Toaster />
    </div>
  );
}
