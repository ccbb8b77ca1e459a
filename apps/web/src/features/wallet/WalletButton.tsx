import * as DropdownMenu from "@radix-ui/react-dropdown-menu";
import { useTranslation } from "react-i18next";
import { useConnection, useDisconnect } from "wagmi";
import { authStore, useSession } from "../../shared/auth/authStore.ts";
import { shortAddress } from "../../shared/format/shortAddress.ts";
import { updatePreferences, usePreferences } from "../../shared/state/preferences.ts";
import { Button } from "../../shared/ui/Button.tsx";
import { openConnectModal } from "../../shared/wallet/connectModal.ts";
import { useLogin } from "../auth/useLogin.ts";

export function WalletButton() {
  const { t } = useTranslation();
  const { address, chainId, connector, status } = useConnection();
  const disconnect = useDisconnect();
  const session = useSession(address);
  const login = useLogin();
  const { proMode } = usePreferences();

  if (!address) {
    return (
      <Button onClick={openConnectModal} isLoading={status === "connecting" || status === "reconnecting"}>
        {t("wallet.connect")}
      </Button>
    );
  }

  return (
    <div className="wallet-actions">
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
      <DropdownMenu.Root>
        <DropdownMenu.Trigger asChild>
          <Button variant="secondary" aria-label={t("wallet.accountMenu")} data-testid="account-button">
            <span className="mono">{shortAddress(address)}</span>
          </Button>
        </DropdownMenu.Trigger>
        <DropdownMenu.Portal>
          <DropdownMenu.Content className="menu" align="end" sideOffset={6}>
            <DropdownMenu.Label className="menu-label">
              {t("wallet.connectedWith", { name: connector?.name ?? "" })}
            </DropdownMenu.Label>
            <DropdownMenu.Label className="menu-label" data-testid="auth-status">
              {session ? t("auth.signedIn") : t("auth.notSignedIn")}
            </DropdownMenu.Label>
            {session ? (
              <DropdownMenu.Item
                className="menu-item"
                onSelect={() => authStore.dispatch({ type: "loggedOut", address })}
              >
                {t("auth.signOut")}
              </DropdownMenu.Item>
            ) : null}
            <DropdownMenu.CheckboxItem
              className="menu-item"
              checked={proMode}
              onCheckedChange={() => updatePreferences({ type: "proModeToggled" })}
              onSelect={(event) => event.preventDefault()}
            >
              {proMode ? "☑ " : "☐ "}
              {t("preferences.proMode")}
            </DropdownMenu.CheckboxItem>
            <DropdownMenu.Item className="menu-item" onSelect={() => disconnect.mutate({})}>
              {t("wallet.disconnect")}
            </DropdownMenu.Item>
          </DropdownMenu.Content>
        </DropdownMenu.Portal>
      </DropdownMenu.Root>
    </div>
  );
}
