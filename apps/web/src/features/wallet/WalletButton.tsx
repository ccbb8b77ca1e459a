import { useEffect, useId, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useConnection, useDisconnect } from "wagmi";
import { authStore, useSession } from "../../shared/auth/authStore.ts";
import { useLogin } from "../../shared/auth/useLogin.ts";
import { shortAddress } from "../../shared/format/shortAddress.ts";
import { updatePreferences, usePreferences } from "../../shared/state/preferences.ts";
import { Button } from "../../shared/ui/Button.tsx";
import { openConnectModal } from "../../shared/wallet/connectModal.ts";

/** The account menu: a disclosure with a menu role, closed by Escape, outside clicks and choices. */
export function WalletButton() {
  const { t } = useTranslation();
  const { address, chainId, connector, status } = useConnection();
  const disconnect = useDisconnect();
  const session = useSession(address);
  const login = useLogin();
  const { proMode } = usePreferences();
  const [isOpen, setIsOpen] = useState(false);
  const menuId = useId();
  const rootRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!isOpen) return;
    const onPointer = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setIsOpen(false);
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key === "Escape") setIsOpen(false);
    };
    document.addEventListener("pointerdown", onPointer);
    document.addEventListener("keydown", onKey);
    rootRef.current?.querySelector<HTMLElement>("[role=menuitem], [role=menuitemcheckbox]")?.focus();
    return () => {
      document.removeEventListener("pointerdown", onPointer);
      document.removeEventListener("keydown", onKey);
    };
  }, [isOpen]);

  if (!address) {
    return (
      <Button onClick={openConnectModal} isLoading={status === "connecting" || status === "reconnecting"}>
        {t("wallet.connect")}
      </Button>
    );
  }

  const choose = (action: () => void) => () => {
    setIsOpen(false);
    action();
  };

  return (
    <div className="wallet-actions" ref={rootRef}>
      {session ? null : (
        <Button
          variant="secondary"
          size="small"
          isLoading={login.isPending}
          onClick={() => chainId !== undefined && login.mutate({ address, chainId })}
        >
          {t("auth.signIn")}
        </Button>
      )}
      <div className="menu-anchor">
        <Button
          variant="secondary"
          // The visible address is part of the name (WCAG 2.5.3, label in name).
          aria-label={`${t("wallet.accountMenu")} ${shortAddress(address)}`}
          aria-haspopup="menu"
          aria-expanded={isOpen}
          aria-controls={menuId}
          data-testid="account-button"
          onClick={() => setIsOpen((open) => !open)}
        >
          <span className="mono">{shortAddress(address)}</span>
        </Button>
        {isOpen ? (
          <div className="menu" id={menuId} role="menu" aria-label={t("wallet.accountMenu")}>
            <div className="menu-label">{t("wallet.connectedWith", { name: connector?.name ?? "" })}</div>
            <div className="menu-label" data-testid="auth-status">
              {session ? t("auth.signedIn") : t("auth.notSignedIn")}
            </div>
            <button
              type="button"
              role="menuitemcheckbox"
              aria-checked={proMode}
              className="menu-item"
              onClick={() => updatePreferences({ type: "proModeToggled" })}
            >
              {proMode ? "☑ " : "☐ "}
              {t("preferences.proMode")}
            </button>
            {session ? (
              <button
                type="button"
                role="menuitem"
                className="menu-item"
                onClick={choose(() => authStore.dispatch({ type: "loggedOut", address }))}
              >
                {t("auth.signOut")}
              </button>
            ) : null}
            <button
              type="button"
              role="menuitem"
              className="menu-item"
              onClick={choose(() => disconnect.mutate({}))}
            >
              {t("wallet.disconnect")}
            </button>
          </div>
        ) : null}
      </div>
    </div>
  );
}
