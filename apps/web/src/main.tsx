import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { App } from "./app/App.tsx";
import { preloadPage } from "./app/router.tsx";
import { env } from "./shared/config/env.ts";
import { restoreWalletConnect } from "./shared/wallet/wagmiConfig.ts";
import "./shared/ui/theme.css";

const root = document.getElementById("root");
if (!root) throw new Error("#root element missing from index.html");
// The page the URL opens is loaded first (index.html's loader is already downloading its code): the
// first render shows it, and the HTML's header and heading stay until then.
preloadPage(window.location.pathname)
  .catch(() => undefined) // the page's own load reports the failure when it renders
  .finally(() =>
    createRoot(root).render(
      <StrictMode>
        <App />
      </StrictMode>,
    ),
  );

restoreWalletConnect(env.walletConnectProjectId).catch((err: unknown) =>
  console.error("Restoring the WalletConnect session failed", err),
);
